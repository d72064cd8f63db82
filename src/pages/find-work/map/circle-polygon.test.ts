import { describe, expect, it } from 'vitest';
import { circlePolygon, METRES_PER_MILE, polygonBounds } from './circle-polygon';

/** Great-circle distance, metres (haversine): an independent check of the destination formula. */
function haversine([lon1, lat1]: number[], [lon2, lat2]: number[]): number {
  const rad = Math.PI / 180;
  const dφ = (lat2! - lat1!) * rad;
  const dλ = (lon2! - lon1!) * rad;
  const a = Math.sin(dφ / 2) ** 2 + Math.cos(lat1! * rad) * Math.cos(lat2! * rad) * Math.sin(dλ / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(a));
}

/** Twice the signed area of a ring in the plane: positive when counter-clockwise. */
const signedArea = (ring: number[][]) =>
  ring.slice(1).reduce((sum, [x, y], i) => sum + ring[i]![0]! * y! - x! * ring[i]![1]!, 0);

const manchester = { lat: 53.4808, lon: -2.2426 };

describe('circlePolygon', () => {
  it('puts every point at the radius from the centre, in metres of 1609.344 per mile', () => {
    const [ring] = circlePolygon(manchester, 20).coordinates;
    for (const point of ring!) expect(haversine([manchester.lon, manchester.lat], point)).toBeCloseTo(32_186.88, 3);
    expect(20 * METRES_PER_MILE).toBe(32_186.88);
  });

  it('is a closed, counter-clockwise ring of steps + 1 points', () => {
    const [ring] = circlePolygon(manchester, 5, 64).coordinates;
    expect(ring).toHaveLength(65);
    expect(ring![64]).toEqual(ring![0]);
    expect(signedArea(ring!)).toBeGreaterThan(0);
  });

  it('starts due north and is wider in degrees of longitude than of latitude away from the equator', () => {
    const polygon = circlePolygon(manchester, 10);
    const [north] = polygon.coordinates[0]!;
    expect(north![0]).toBeCloseTo(manchester.lon, 10);
    expect(north![1]).toBeGreaterThan(manchester.lat);
    const [west, south, east, northEdge] = polygonBounds(polygon);
    // 10 miles is 0.1447° of latitude; a degree of longitude at 53.5° N is cos(53.5°) = 0.595 as long.
    expect(northEdge - south).toBeCloseTo(2 * 0.14474, 3);
    expect((east - west) * Math.cos((manchester.lat * Math.PI) / 180)).toBeCloseTo(2 * 0.14474, 3);
  });

  it('bounds the ring: the centre is in the middle of the box', () => {
    const [west, south, east, north] = polygonBounds(circlePolygon(manchester, 200));
    expect((west + east) / 2).toBeCloseTo(manchester.lon, 6);
    // A geodesic circle is not symmetric in latitude: only roughly centred.
    expect((south + north) / 2).toBeCloseTo(manchester.lat, 1);
  });

  it('rejects a radius or a number of steps that cannot make a circle', () => {
    expect(() => circlePolygon(manchester, 0)).toThrow(RangeError);
    expect(() => circlePolygon(manchester, -5)).toThrow(RangeError);
    expect(() => circlePolygon(manchester, Number.NaN)).toThrow(RangeError);
    expect(() => circlePolygon(manchester, Infinity)).toThrow(RangeError);
    expect(() => circlePolygon(manchester, 5, 2)).toThrow(RangeError);
  });
});
