import {
  ACTIVE_JOB_STATUSES,
  MAX_RECOMMENDED_ROWS,
  type RecommendationReason,
  type RecommendedWorkResponse,
} from '@/schemas/work';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { boundingBox, METRES_PER_MILE, type LatLng } from '@/server/geo/distance';
import { haversineSql } from '@/server/geo/haversine-sql';
import { SOURCES } from '@/server/search/listing-filter';
import { SqlParams } from '@/server/search/sql-params';
import { stopsOf, type WonJobRow } from '@/server/work/won-job-row';

/** The columns of a recommendation: the job's facts, and which anchors its pickup is near. */
type RecommendedRow = Parameters<typeof stopsOf>[0] &
  Pick<WonJobRow, 'id' | 'kind' | 'category' | 'price' | 'volume_m3'> & { on_route: boolean; near_base: boolean };

/** A pickup this close to a base is `near_base`, this close to where an active job delivers `on_your_route`. */
export const NEAR_MILES = 10;
/** A load filling at least half the largest van is worth a longer trip: `fits_vehicle` reaches this far from a base. */
export const REACH_MILES = 25;
/** "Fills the van": at least this share of the largest approved vehicle's loading capacity. */
export const FILL_SHARE = 0.5;

/** A point a recommendation is measured from; `after` (route points): the pickup must not be earlier than it. */
interface Anchor extends LatLng {
  readonly after?: Date;
}

/** Points closer than about 100 m are the same base (every van of a partner usually sits at the same yard). */
const distinct = <T extends LatLng>(points: readonly T[]): T[] => {
  const seen = new Set<string>();
  return points.filter((p) => {
    const key = `${p.lat.toFixed(3)},${p.lng.toFixed(3)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** Within `miles` of the anchor, as SQL on the job's pickup: the bounding box (indexed columns), then the haversine. */
const near = (params: SqlParams, anchor: Anchor, miles: number): string => {
  const metres = miles * METRES_PER_MILE;
  const box = boundingBox(anchor, metres);
  const lat = params.add(anchor.lat);
  const lng = params.add(anchor.lng);
  const clauses = [
    `pickup_lat between ${params.add(box.minLat)} and ${params.add(box.maxLat)}`,
    `pickup_lng between ${params.add(box.minLng)} and ${params.add(box.maxLng)}`,
    `${haversineSql('pickup_lat', 'pickup_lng', lat, lng)} <= ${params.add(metres)}`,
  ];
  if (anchor.after) clauses.push(`pickup_date_start >= ${params.add(anchor.after)}`);
  return `(${clauses.join(' and ')})`;
};

const anyOf = (clauses: readonly string[]) => (clauses.length === 0 ? 'false' : `(${clauses.join(' or ')})`);

/**
 * GET /ng/api/v3/provider/recommended-work (issue 7; the portal opens `recommended/{id}` with the listing page): up
 * to MAX_RECOMMENDED_ROWS open marketplace jobs (nobody has won them, pickup window not closed) whose volume fits the
 * caller's largest approved vehicle, soonest pickup first, each with the strongest reason it fits:
 *
 * - `on_your_route`: the pickup is within NEAR_MILES of where one of the caller's active jobs delivers, and not
 *   before that job's pickup (the van is there afterwards);
 * - `near_base`: the pickup is within NEAR_MILES of the registered address or an approved vehicle's base;
 * - `fits_vehicle`: the pickup is within REACH_MILES of a base and the load fills at least FILL_SHARE of the van.
 *
 * Jobs that meet none of these are not recommended. No approved vehicle: no recommendations. The anchors are read
 * first (a handful of points), so the job query is one pass over the open jobs' pickup boxes.
 */
export const loadRecommendedWork = async (
  db: Db,
  userId: number,
  now: Date,
): Promise<typeof RecommendedWorkResponse.Encoded> => {
  const [fleet, home, route] = await Promise.all([
    db.query<{ capacity: number; lat: number | null; lng: number | null }>(
      `select loading_capacity_m3 as capacity, place_lat as lat, place_lng as lng from vehicles
        where user_id = $1 and status = 'APPROVED' and deleted_at is null`,
      [userId],
    ),
    db.query<{ lat: number | null; lng: number | null }>(
      'select address_lat as lat, address_lon as lng from users where id = $1',
      [userId],
    ),
    db.query<{ lat: number; lng: number; after: Date }>(
      `select delivery_lat as lat, delivery_lng as lng, pickup_date_start as after from jobs
        where provider_id = $1 and status in ${sqlList(ACTIVE_JOB_STATUSES)} and archived_at is null`,
      [userId],
    ),
  ]);
  if (fleet.rows.length === 0) return { rows: [] };
  const capacity = Math.max(...fleet.rows.map((v) => v.capacity));
  const located = (p: { lat: number | null; lng: number | null }): p is { lat: number; lng: number } =>
    p.lat !== null && p.lng !== null;
  const bases = distinct([...home.rows, ...fleet.rows].filter(located).map((p) => ({ lat: p.lat, lng: p.lng })));
  const stops = route.rows.map((r) => ({ lat: r.lat, lng: r.lng, after: r.after }));

  const params = new SqlParams();
  const onRoute = anyOf(stops.map((s) => near(params, s, NEAR_MILES)));
  const nearBase = anyOf(bases.map((b) => near(params, b, NEAR_MILES)));
  const fills = `(volume_m3 >= ${params.add(capacity * FILL_SHARE)} and ${anyOf(bases.map((b) => near(params, b, REACH_MILES)))})`;
  const { rows } = await db.query<RecommendedRow>(
    `select id, kind, category, pickup_town, pickup_postcode, pickup_lat, pickup_lng, delivery_town,
            delivery_postcode, delivery_lat, delivery_lng, pickup_date_start, pickup_date_end, price, volume_m3,
            distance_m, ${onRoute} as on_route, ${nearBase} as near_base
       from jobs
      where ${SOURCES.jobs.open} and pickup_date_end > ${params.add(now)} and volume_m3 <= ${params.add(capacity)}
        and (${onRoute} or ${nearBase} or ${fills})
      order by pickup_date_start asc, id asc
      limit ${params.add(MAX_RECOMMENDED_ROWS)}`,
    params.values,
  );
  return {
    rows: rows.map((row) => {
      const reason: RecommendationReason = row.on_route
        ? 'on_your_route'
        : row.near_base
          ? 'near_base'
          : 'fits_vehicle';
      return {
        listing_id: row.id,
        kind: row.kind,
        category: row.category,
        stops: stopsOf(row),
        price: { amount: row.price },
        volume_m3: row.volume_m3,
        distance_m: row.distance_m,
        pickup_date: row.pickup_date_start.toISOString(),
        reason,
      };
    }),
  };
};
