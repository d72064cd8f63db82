/** Mean Earth radius in metres (IUGG), used by every great-circle distance in the server. */
export const EARTH_RADIUS_M = 6_371_008.8;
export const METRES_PER_MILE = 1609.344;

export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in metres. */
export const haversineMetres = (a: LatLng, b: LatLng): number => {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** A latitude/longitude box that contains every point within `metres` of `centre` (for an index pre-filter). */
export const boundingBox = (centre: LatLng, metres: number) => {
  const dLat = (metres / EARTH_RADIUS_M) * (180 / Math.PI);
  // Widen by the cosine of the box edge nearest the pole, so the box never clips the circle.
  const edgeLat = Math.min(89.9, Math.abs(centre.lat) + dLat);
  const dLng = dLat / Math.cos(radians(edgeLat));
  return { minLat: centre.lat - dLat, maxLat: centre.lat + dLat, minLng: centre.lng - dLng, maxLng: centre.lng + dLng };
};
