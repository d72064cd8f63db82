import { describe, expect, it } from 'vitest';
import { isMainlandPostcode, outwardCode } from '@/server/reservations/mainland-postcodes';

describe('mainland postcodes', () => {
  it.each(['M1 4BT', 'SW1A 1AA', 'EC1A 1BB', 'W1A 0AX', 'KW14 7AA', 'PO1 2AB', 'LL58 8AA', 'IV40 8AA', 'TR20 8AA'])(
    'accepts %s',
    (postcode) => expect(isMainlandPostcode(postcode)).toBe(true),
  );

  it.each([
    'BT1 1AA', // Northern Ireland
    'GY1 1AA', // Guernsey
    'JE2 3AB', // Jersey
    'IM1 1AA', // Isle of Man
    'HS1 2AA', // Outer Hebrides
    'ZE1 0AA', // Shetland
    'KW15 1AA', // Orkney
    'TR21 0AA', // Isles of Scilly
    'PO30 1AA', // Isle of Wight
    'IV51 9AA', // Skye
    'PA42 7AA', // Islay
    'KA27 8AA', // Arran
    'QQ1 1AA', // no such area
    'M 1AA', // no district
  ])('refuses %s', (postcode) => expect(isMainlandPostcode(postcode)).toBe(false));

  it('reads the outward code', () => {
    expect(outwardCode(' sw1a 1aa ')).toBe('SW1A');
  });
});
