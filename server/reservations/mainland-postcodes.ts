import { haversineMetres, METRES_PER_MILE, type LatLng } from '@/server/geo/distance';
import { POSTCODE_AREAS, type PostcodeArea } from '@/server/geo/postcode-areas';
import { loadTowns } from '@/server/geo/towns';

/**
 * "A supported valid mainland UK postal code" (spec §8 location out of range). A postcode qualifies when:
 *
 * - its area is a known geographic postcode area of Great Britain (geo/postcode-areas.ts, which leaves out BF, BX and
 *   the Crown Dependencies GY, JE, IM) other than BT (Northern Ireland), HS (Outer Hebrides) and ZE (Shetland);
 * - its outward code has a district number, and that district is not an island reached by ferry (OFFSHORE_DISTRICTS:
 *   Orkney, Scilly, the Isle of Wight, Skye and the Inner Hebrides, Bute, Arran and Cumbrae, the Small Isles —
 *   public facts about Royal Mail districts). Anglesey is joined by bridges and counts as mainland;
 * - its coordinates agree with it: within MAX_OFFSET_MILES of the area's reference point (its post town, or the
 *   centre of a London area), and nearer to a British town than to a Northern Irish one. The data has no district or
 *   unit coordinates, so this check is coarse and meant to catch a place whose point and postcode disagree.
 */
const OFFSHORE_AREAS = new Set(['BT', 'HS', 'ZE']);
const OFFSHORE_DISTRICTS: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  KW: [[15, 17]],
  TR: [[21, 25]],
  PO: [[30, 41]],
  IV: [
    [41, 49],
    [51, 51],
    [55, 56],
  ],
  PA: [
    [20, 20],
    [41, 49],
    [60, 78],
  ],
  KA: [[27, 28]],
  PH: [[42, 44]],
};

/** Farthest a place may lie from its postcode area's reference point (the largest Highland areas span ~100 miles). */
export const MAX_OFFSET_MILES = 120;

let areaPoints: Map<string, { area: PostcodeArea; at: LatLng }> | undefined;
const areaPoint = (code: string) => {
  if (!areaPoints) {
    const towns = loadTowns();
    areaPoints = new Map();
    for (const area of POSTCODE_AREAS) {
      const name = area.dataName ?? area.postTown;
      const town =
        towns.find((t) => t.name === name && t.postcodeArea === area.code) ?? towns.find((t) => t.name === name);
      const at = area.centre ? { lat: area.centre[0], lng: area.centre[1] } : town ? town : null;
      if (at) areaPoints.set(area.code, { area, at: { lat: at.lat, lng: at.lng } });
    }
  }
  return areaPoints.get(code);
};

/** The outward code of a postcode (`M1 4BT` → `M1`), upper case; the postcode is assumed to match spec §5. */
export const outwardCode = (postcode: string): string => postcode.trim().toUpperCase().split(/\s+/)[0] ?? '';

/** Whether the postcode alone names a supported mainland district (see above). */
export const isMainlandPostcode = (postcode: string): boolean => {
  const match = /^([A-Z]{1,2})(\d{1,2})[A-Z]?$/.exec(outwardCode(postcode));
  if (!match) return false;
  const [, area = '', digits = ''] = match;
  if (OFFSHORE_AREAS.has(area) || !areaPoint(area)) return false;
  const district = Number(digits);
  return !(OFFSHORE_DISTRICTS[area] ?? []).some(([from, to]) => district >= from && district <= to);
};

const nearestTownIsNorthernIrish = (point: LatLng): boolean => {
  let best = Infinity;
  let irish = false;
  for (const town of loadTowns()) {
    const d = haversineMetres(point, town);
    if (d < best) {
      best = d;
      irish = town.nuts1 === 'UKN';
    }
  }
  return irish;
};

/** Whether a place (point and postcode) is in range for a reservation. */
export const isInRange = (place: { postcode: string; lat: number; lng: number }): boolean => {
  if (!isMainlandPostcode(place.postcode)) return false;
  const area = /^[A-Z]{1,2}/.exec(outwardCode(place.postcode))?.[0] ?? '';
  const reference = areaPoint(area);
  if (!reference) return false;
  if (haversineMetres(place, reference.at) > MAX_OFFSET_MILES * METRES_PER_MILE) return false;
  return !nearestTownIsNorthernIrish(place);
};

/** The NUTS1 region of a postcode's area, or null for an unknown area. */
export const regionOfPostcode = (postcode: string): PostcodeArea['region'] | null => {
  const area = /^[A-Z]{1,2}/.exec(outwardCode(postcode))?.[0] ?? '';
  return areaPoint(area)?.area.region ?? null;
};

/** The post town of a postcode's area, or null for an unknown area. */
export const postTownOfPostcode = (postcode: string): string | null => {
  const area = /^[A-Z]{1,2}/.exec(outwardCode(postcode))?.[0] ?? '';
  return areaPoint(area)?.area.postTown ?? null;
};
