import type { Place } from '@/schemas/place';
import { NUTS1_REGIONS, POSTCODE_AREAS, type PostcodeArea } from '@/server/geo/postcode-areas';
import { loadTowns, type Town } from '@/server/geo/towns';

/**
 * GET /v1/places: the offline place look-up over the towns data (GeoNames) and the postcode areas. No network.
 *
 * - A query shaped like a postcode's start with a digit (`M1`, `SW1A`, `LS6 2`) names a district: one place, at
 *   its area's post town (the data has no district coordinates, so the point is coarse).
 * - Letters only, up to two (`SW`, `le`): the area of exactly those letters first, then towns whose name starts
 *   with them (most populous first), then the other areas starting with them.
 * - Anything longer: towns whose name starts with the text, most populous first. Case, accents, hyphens and
 *   apostrophes do not matter (`stoke on trent` finds Stoke-on-Trent).
 */
export const lookUpPlaces = (query: string, limit: number): Place[] => {
  const q = query.trim();
  const district = /^([A-Za-z]{1,2})(\d[A-Za-z\d]?)(?:\s+\d[A-Za-z]{0,2})?$/.exec(q);
  if (district) {
    const area = areaByCode().get((district[1] ?? '').toUpperCase());
    return area ? [districtPlace(area, `${area.code}${(district[2] ?? '').toUpperCase()}`)] : [];
  }
  const places: Place[] = [];
  const letters = /^[A-Za-z]{1,2}$/.test(q) ? q.toUpperCase() : null;
  const exactArea = letters ? areaByCode().get(letters) : undefined;
  if (exactArea) places.push(areaPlace(exactArea));
  const key = normalise(q);
  if (key) {
    for (const { town, index, name } of townIndex()) {
      if (places.length >= limit) break;
      if (name.startsWith(key)) places.push(townPlace(town, index));
    }
  }
  if (letters)
    for (const area of placedAreas())
      if (area.code !== letters && area.code.startsWith(letters)) places.push(areaPlace(area));
  return places.slice(0, limit);
};

/** Lower case, no accents, punctuation as spaces, single spaces. */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

let towns: { town: Town; index: number; name: string }[] | undefined;
const townIndex = () => (towns ??= loadTowns().map((town, index) => ({ town, index, name: normalise(town.name) })));

let areas: Map<string, PostcodeArea & { at: { lat: number; lng: number } }> | undefined;
/** Each postcode area with its point: its `centre`, else its post town in the towns data (that area's first). */
const areaByCode = () => {
  if (areas) return areas;
  const all = loadTowns();
  areas = new Map();
  for (const area of POSTCODE_AREAS) {
    const name = area.dataName ?? area.postTown;
    const town = all.find((t) => t.name === name && t.postcodeArea === area.code) ?? all.find((t) => t.name === name);
    const at = area.centre
      ? { lat: area.centre[0], lng: area.centre[1] }
      : town
        ? { lat: town.lat, lng: town.lng }
        : null;
    if (at) areas.set(area.code, { ...area, at });
  }
  return areas;
};
const placedAreas = () => [...areaByCode().values()];

const townPlace = (town: Town, index: number): Place => ({
  id: `town:${index}`,
  lat: town.lat,
  lng: town.lng,
  postcode: null,
  postalTown: areaByCode().get(town.postcodeArea)?.postTown ?? null,
  shortPostalCode: town.postcodeArea,
  town: town.name,
  nuts1: NUTS1_REGIONS[town.nuts1],
});

const areaPlace = (area: PostcodeArea & { at: { lat: number; lng: number } }): Place => ({
  id: `area:${area.code}`,
  lat: area.at.lat,
  lng: area.at.lng,
  postcode: null,
  postalTown: area.postTown,
  shortPostalCode: area.code,
  town: area.postTown,
  nuts1: NUTS1_REGIONS[area.region],
});

const districtPlace = (area: PostcodeArea & { at: { lat: number; lng: number } }, district: string): Place => ({
  ...areaPlace(area),
  id: `district:${district}`,
  shortPostalCode: district,
});
