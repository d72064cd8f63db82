import type { Random } from '@/server/seed/random';

/** Letters never used in the unit part of a UK postcode. */
const UNIT_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/**
 * A postcode shaped like a real one in the town's postcode area: `<AREA><district> <digit><two letters>`
 * (Manchester → `M1 4BT`). District and unit are random: it matches the UK postcode rule of spec §5 but is not
 * an address.
 */
export const seedPostcode = (random: Random, area: string): string => {
  // Single-letter areas (B, E, G, L, M, N, S, W) have more districts than two-letter ones.
  const district = area.length === 1 ? random.int(1, 40) : random.int(1, 20);
  return `${area}${district} ${random.int(0, 9)}${random.letters(UNIT_LETTERS, 2)}`;
};
