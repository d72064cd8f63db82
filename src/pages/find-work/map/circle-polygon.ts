import type { Polygon, Position } from 'geojson';
import type { Bounds } from './map-bounds';

/** Metres in a statute mile. */
export const METRES_PER_MILE = 1609.344;
/** Mean Earth radius (IUGG), metres: the sphere the circle is drawn on (under 0.5% from the ellipsoid in the UK). */
const EARTH_RADIUS_M = 6_371_008.8;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** A centre point in degrees, `lon` as the search spells it. */
export interface CircleCentre {
  readonly lat: number;
  readonly lon: number;
}

/**
 * The points at `radiusMiles` from the centre along the surface of the Earth (a geodesic circle, which on a
 * Mercator map is slightly taller than wide), as a closed GeoJSON polygon ring. The ring is counter-clockwise, as
 * RFC 7946 asks of an outer ring. `steps` points are enough for a smooth outline at any zoom.
 */
export function circlePolygon(centre: CircleCentre, radiusMiles: number, steps = 128): Polygon {
  if (!(radiusMiles > 0) || !Number.isFinite(radiusMiles)) throw new RangeError(`radius must be > 0: ${radiusMiles}`);
  if (!Number.isInteger(steps) || steps < 3) throw new RangeError(`steps must be a whole number >= 3: ${steps}`);
  const angular = (radiusMiles * METRES_PER_MILE) / EARTH_RADIUS_M;
  const φ1 = toRadians(centre.lat);
  const λ1 = toRadians(centre.lon);
  const ring: Position[] = [];
  for (let i = 0; i < steps; i++) {
    // Bearings run clockwise from north; walking them backwards makes the ring counter-clockwise.
    const θ = toRadians(360 - (360 * i) / steps);
    // Destination point given distance and bearing from the start point (spherical law of cosines).
    const φ2 = Math.asin(Math.sin(φ1) * Math.cos(angular) + Math.cos(φ1) * Math.sin(angular) * Math.cos(θ));
    const λ2 =
      λ1 + Math.atan2(Math.sin(θ) * Math.sin(angular) * Math.cos(φ1), Math.cos(angular) - Math.sin(φ1) * Math.sin(φ2));
    ring.push([toDegrees(λ2), toDegrees(φ2)]);
  }
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

/** The smallest box around a polygon's outer ring (no ring here crosses the antimeridian). */
export function polygonBounds(polygon: Polygon): Bounds {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon = 0, lat = 0] of polygon.coordinates[0] ?? []) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [west, south, east, north];
}
