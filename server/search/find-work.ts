import {
  DEFAULT_ORDER,
  SEARCH_CATEGORIES,
  type CategoryCountsResponse,
  type JobsResponse,
  type SearchCategory,
  type SearchCriteria,
  type SortId,
  type TabCounts,
} from '@/schemas/search';
import type { Db } from '@/server/db/db';
import type { LatLng } from '@/server/geo/distance';
import { ValidationError } from '@/server/http/api-errors';
import { LISTING_COLUMNS, toListing, type ListingRow } from '@/server/search/listing-row';
import { areaOf, criteriaClauses, distanceSql, SOURCES, type Source } from '@/server/search/listing-filter';
import { loadRegisteredPoint } from '@/server/search/partner-home';
import { countRecommended, countRecommendedByCategory, searchRecommended } from '@/server/search/recommended';
import { SqlParams } from '@/server/search/sql-params';

/** The SQL each sort id orders by (spec §3). Proximity sorts order by the computed distances. */
const SORT_SQL: Readonly<Record<SortId, string>> = {
  activated_at: 'activated_at',
  payout: 'price',
  volume: 'volume_m3',
  distance: 'distance_m',
  date: 'pickup_date_start',
  created_at: 'created_at',
  pickup_proximity: 'pickup_distance_m',
  delivery_proximity: 'delivery_distance_m',
};

type ListingType = Exclude<SearchCriteria['type'], 'recommended'>;

const sourceOf = (type: ListingType): Source => (type === 'journey' ? SOURCES.journeys : SOURCES.jobs);

const parseOrder = (criteria: SearchCriteria & { type: ListingType }) => {
  const order = criteria.order ?? DEFAULT_ORDER[criteria.type];
  const direction = order.endsWith('_desc') ? 'desc' : 'asc';
  return { id: order.slice(0, -(direction.length + 1)) as SortId, direction } as const;
};

/**
 * The points the proximity columns measure from: `proximity` when given, else the search's own location for that
 * end, else the registered address (read only when a proximity sort needs it). A proximity sort with no point at
 * all is a 422 on `order` (the portal drops such sorts, spec §5).
 */
const referencePoints = async (
  db: Db,
  userId: number,
  criteria: SearchCriteria,
  sort: SortId,
): Promise<{ pickup: LatLng | null; delivery: LatLng | null }> => {
  const explicit = criteria.proximity ?? null;
  const pickup = explicit ?? areaOf(criteria.pickup)?.centre ?? null;
  const delivery = explicit ?? areaOf(criteria.delivery)?.centre ?? null;
  const needs = sort === 'pickup_proximity' ? pickup : sort === 'delivery_proximity' ? delivery : true;
  if (needs) return { pickup, delivery };
  const home = await loadRegisteredPoint(db, userId);
  if (!home) throw new ValidationError({ order: ['A proximity sort needs a location or a registered address'] });
  return sort === 'pickup_proximity' ? { pickup: home, delivery } : { pickup, delivery: home };
};

const kindClause = (params: SqlParams, type: ListingType) => (type === 'journey' ? [] : [`kind = ${params.add(type)}`]);

/** POST /v1/jobs: one page of listings and the total. Recommended ignores everything but type, page and limit. */
export const searchListings = async (
  db: Db,
  userId: number,
  criteria: SearchCriteria,
  now: Date,
): Promise<typeof JobsResponse.Encoded> => {
  const { page, limit } = criteria;
  if (criteria.type === 'recommended') {
    const { rows, total } = await searchRecommended(db, userId, { page, limit }, now);
    return { data: rows.map(toListing), meta: { page, limit, total } };
  }
  const type = criteria.type;
  const sort = parseOrder({ ...criteria, type });
  const points = await referencePoints(db, userId, criteria, sort.id);
  const source = sourceOf(type);
  const params = new SqlParams();
  const pickupDistance = points.pickup ? distanceSql(params, 'pickup', points.pickup) : 'null::float8';
  const deliveryDistance = points.delivery ? distanceSql(params, 'delivery', points.delivery) : 'null::float8';
  const where = [...criteriaClauses(params, source, criteria, now), ...kindClause(params, type)];
  const { rows } = await db.query<ListingRow & { total: number }>(
    `select ${LISTING_COLUMNS}, ${pickupDistance} as pickup_distance_m, ${deliveryDistance} as delivery_distance_m,
            (count(*) over ())::int as total
       from ${source.from} where ${where.join(' and ')}
      order by ${SORT_SQL[sort.id]} ${sort.direction} nulls last, id asc
      limit ${params.add(limit)} offset ${params.add((page - 1) * limit)}`,
    params.values,
  );
  // Past the last page the window count has no row to ride on: count separately.
  const total = rows[0]?.total ?? (page > 1 ? await countListings(db, criteria, type, now) : 0);
  return { data: rows.map(toListing), meta: { page, limit, total } };
};

const countListings = async (db: Db, criteria: SearchCriteria, type: ListingType, now: Date): Promise<number> => {
  const params = new SqlParams();
  const source = sourceOf(type);
  const where = [...criteriaClauses(params, source, criteria, now), ...kindClause(params, type)];
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from ${source.from} where ${where.join(' and ')}`,
    params.values,
  );
  return rows[0]?.n ?? 0;
};

const everyCategory = (rows: readonly { category: string; n: number }[]) => {
  const counts = Object.fromEntries(SEARCH_CATEGORIES.map((c) => [c, 0])) as Record<SearchCategory, number>;
  for (const row of rows) if (row.category in counts) counts[row.category as SearchCategory] = row.n;
  return counts;
};

/** POST /v1/jobs/counts: what each category would add to the search, i.e. the criteria without their categories. */
export const countByCategory = async (
  db: Db,
  userId: number,
  criteria: SearchCriteria,
  now: Date,
): Promise<(typeof CategoryCountsResponse.Encoded)['data']> => {
  if (criteria.type === 'recommended') return everyCategory(await countRecommendedByCategory(db, userId, now));
  const params = new SqlParams();
  const source = sourceOf(criteria.type);
  const where = [
    ...criteriaClauses(params, source, criteria, now, { withCategories: false }),
    ...kindClause(params, criteria.type),
  ];
  const { rows } = await db.query<{ category: string; n: number }>(
    `select category, count(*)::int as n from ${source.from} where ${where.join(' and ')} group by category`,
    params.values,
  );
  return everyCategory(rows);
};

/**
 * POST /v1/jobs/tab-counts: for each tab, the total a POST /v1/jobs of that type with these criteria would give
 * (the type of the criteria itself is not used). Instant and auction come from one pass over the jobs.
 */
export const countTabs = async (db: Db, userId: number, criteria: SearchCriteria, now: Date): Promise<TabCounts> => {
  const params = new SqlParams();
  const where = criteriaClauses(params, SOURCES.jobs, criteria, now);
  const [jobs, journey, recommended] = await Promise.all([
    db.query<{ instant: number; auction: number }>(
      `select count(*) filter (where kind = 'instant')::int as instant,
              count(*) filter (where kind = 'auction')::int as auction
         from jobs where ${where.join(' and ')}`,
      params.values,
    ),
    countListings(db, criteria, 'journey', now),
    countRecommended(db, userId, now),
  ]);
  return {
    instant: jobs.rows[0]?.instant ?? 0,
    auction: jobs.rows[0]?.auction ?? 0,
    journey,
    recommended,
  };
};
