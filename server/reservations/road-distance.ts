import { haversineMetres, METRES_PER_MILE, type LatLng } from '@/server/geo/distance';

/**
 * Road distance and driving time, estimated offline: the straight line (haversine) times ROAD_FACTOR, driven at
 * AVERAGE_SPEED_MPH. Both figures are the reference server's own (the spec gives none): 1.2 is a usual detour index
 * for British roads (Manchester–London: 163 miles straight, ~196 estimated, ~200 by road), and 45 mph a van's
 * average over a mix of motorway and town driving. Every distance rule and the mileage of the pricing use them.
 */
export const ROAD_FACTOR = 1.2;
export const AVERAGE_SPEED_MPH = 45;

export const roadMiles = (from: LatLng, to: LatLng): number =>
  (haversineMetres(from, to) * ROAD_FACTOR) / METRES_PER_MILE;

/** Minutes to drive `miles` at the average speed. */
export const driveMinutes = (miles: number): number => (miles / AVERAGE_SPEED_MPH) * 60;
