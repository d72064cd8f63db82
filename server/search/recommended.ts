import type { Db } from '@/server/db/db';
import { boundingBox, METRES_PER_MILE, type LatLng } from '@/server/geo/distance';
import { LISTING_COLUMNS, type ListingRow } from '@/server/search/listing-row';
import { distanceSql, SOURCES } from '@/server/search/listing-filter';
import { loadPartnerHome } from '@/server/search/partner-home';
import { SqlParams } from '@/server/search/sql-params';

/** How far from home recommended work may start. */
export const RECOMMENDED_RADIUS_MILES = 50;

/**
 * The recommended tab (spec §4, §7: only type, page and limit count). Candidates are open instant and auction jobs
 *
 * - that fit the partner's biggest approved vehicle (volume ≤ its loading capacity): no vehicle, no
 *   recommendations;
 * - whose pickup lies within RECOMMENDED_RADIUS_MILES of home (the registered address, else the first vehicle's
 *   place; with neither, anywhere).
 *
 * Each gets a score out of 100, highest first (then pickup date ascending, the spec's default for this tab, then id):
 *
 * - proximity, up to 50: 50 × (1 − pickup distance ÷ radius), 0 without a home;
 * - past work, up to 30: 30 × (jobs of this category the partner has won ÷ jobs of their most-won category);
 * - capacity fit, up to 20: 20 × (volume ÷ biggest vehicle's capacity): a load that fills the van pays the trip.
 */
const recommendedQuery = (userId: number, home: LatLng | null, now: Date, select: 'page' | 'count' | 'categories') => {
  const params = new SqlParams();
  const radiusM = RECOMMENDED_RADIUS_MILES * METRES_PER_MILE;
  const user = params.add(userId);
  const where = [SOURCES.jobs.open, `pickup_date_end > ${params.add(now)}`, 'volume_m3 <= fleet.capacity'];
  let distance = 'null::float8';
  if (home) {
    const box = boundingBox(home, radiusM);
    distance = distanceSql(params, 'pickup', home);
    where.push(
      `pickup_lat between ${params.add(box.minLat)} and ${params.add(box.maxLat)}`,
      `pickup_lng between ${params.add(box.minLng)} and ${params.add(box.maxLng)}`,
      `${distance} <= ${params.add(radiusM)}`,
    );
  }
  const proximity = home ? `50 * (1 - least(${distance}, ${radiusM}) / ${radiusM})` : '0';
  const from = `from jobs
    cross join (select max(loading_capacity_m3) as capacity from vehicles
                 where user_id = ${user} and status = 'APPROVED' and deleted_at is null) as fleet
    left join (select category as past_category, count(*)::float8 / max(count(*)) over () as affinity
                 from jobs where provider_id = ${user} group by category) as past on past.past_category = jobs.category
    where ${where.join(' and ')}`;
  const sql =
    select === 'count'
      ? `select count(*)::int as n ${from}`
      : select === 'categories'
        ? `select category, count(*)::int as n ${from} group by category`
        : `select ${LISTING_COLUMNS}, ${distance} as pickup_distance_m, null::float8 as delivery_distance_m,
            ${proximity} + 30 * coalesce(past.affinity, 0) + 20 * volume_m3 / fleet.capacity as score,
            (count(*) over ())::int as total
          ${from}`;
  return { sql, params };
};

export const searchRecommended = async (
  db: Db,
  userId: number,
  page: { page: number; limit: number },
  now: Date,
): Promise<{ rows: ListingRow[]; total: number }> => {
  const home = await loadPartnerHome(db, userId);
  const { sql, params } = recommendedQuery(userId, home, now, 'page');
  const { rows } = await db.query<ListingRow & { total: number }>(
    `${sql} order by score desc, pickup_date_start asc, id asc
     limit ${params.add(page.limit)} offset ${params.add((page.page - 1) * page.limit)}`,
    params.values,
  );
  const total = rows[0]?.total ?? (page.page > 1 ? await countRecommended(db, userId, now, home) : 0);
  return { rows, total };
};

export const countRecommended = async (
  db: Db,
  userId: number,
  now: Date,
  knownHome?: LatLng | null,
): Promise<number> => {
  const home = knownHome === undefined ? await loadPartnerHome(db, userId) : knownHome;
  const { sql, params } = recommendedQuery(userId, home, now, 'count');
  return (await db.query<{ n: number }>(sql, params.values)).rows[0]?.n ?? 0;
};

/** Recommended work per category (POST /v1/jobs/counts with type recommended). */
export const countRecommendedByCategory = async (db: Db, userId: number, now: Date) => {
  const { sql, params } = recommendedQuery(userId, await loadPartnerHome(db, userId), now, 'categories');
  return (await db.query<{ category: string; n: number }>(sql, params.values)).rows;
};
