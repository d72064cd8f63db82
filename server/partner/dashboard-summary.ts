import type { DashboardSummary } from '@/schemas/dashboard';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { boundingBox, METRES_PER_MILE } from '@/server/geo/distance';
import { haversineSql } from '@/server/geo/haversine-sql';
import { ACTIVE_WON_JOB_STATUSES, OPEN_JOB_STATUSES } from '@/server/jobs/job-categories';
import { londonDate, startOfLondonWeek } from '@/server/time/london';

/** The dashboard's "near you" radius. */
export const NEARBY_RADIUS_MILES = 20;
/** Reservations that still lie ahead of the partner (spec §4 orange and green badges). */
export const UPCOMING_RESERVATION_STATUSES = [
  'pending',
  'accepted',
  'return_offer',
  'pending_cancellation',
  'pending_modification',
] as const;
const DONE_JOB_STATUSES = ['completed', 'finalised'] as const;

/** A marketplace job nobody has won whose pickup window has not closed ($1 = now). */
const OPEN_JOB = `status in ${sqlList(OPEN_JOB_STATUSES)} and provider_id is null and pickup_date_end > $1`;

/** The figures on the dashboard cards for one partner at `now`. */
export const loadDashboardSummary = async (
  db: Db,
  userId: number,
  now: Date,
): Promise<typeof DashboardSummary.Encoded> => {
  const home = (
    await db.query<{ lat: number | null; lon: number | null }>(
      'select address_lat as lat, address_lon as lon from users where id = $1',
      [userId],
    )
  ).rows[0];
  const centre = home?.lat != null && home.lon != null ? { lat: home.lat, lng: home.lon } : null;

  const [open, nearby, journeys, reservations, work] = await Promise.all([
    db.query<{ n: number; top: number | null }>(
      `select count(*)::int as n, max(price)::int as top from jobs where ${OPEN_JOB}`,
      [now],
    ),
    centre ? nearbyJobs(db, centre, now) : Promise.resolve(null),
    db.query<{ n: number }>("select count(*)::int as n from journeys where status = 'open' and first_pickup_at > $1", [
      now,
    ]),
    db.query<{ n: number; next: string | null }>(
      `select count(*)::int as n, min(date)::text as next from reservations
        where user_id = $1 and date >= $2::date and status in ${sqlList(UPCOMING_RESERVATION_STATUSES)}`,
      [userId, londonDate(now)],
    ),
    db.query<{ active: number; done: number; earned: number }>(
      `select count(*) filter (where status in ${sqlList(ACTIVE_WON_JOB_STATUSES)})::int as active,
              count(*) filter (where status in ${sqlList(DONE_JOB_STATUSES)} and completed_at >= $2 and completed_at <= $3)::int as done,
              coalesce(sum(price) filter (where status in ${sqlList(DONE_JOB_STATUSES)} and completed_at >= $2 and completed_at <= $3), 0)::int as earned
         from jobs where provider_id = $1`,
      [userId, startOfLondonWeek(now), now],
    ),
  ]);

  const top = centre ? (nearby?.top ?? null) : (open.rows[0]?.top ?? null);
  return {
    find_work: {
      open_jobs: open.rows[0]?.n ?? 0,
      nearby_jobs: nearby ? nearby.n : null,
      radius_miles: NEARBY_RADIUS_MILES,
      top_payout: top === null ? null : { amount: top },
      open_journeys: journeys.rows[0]?.n ?? 0,
    },
    reservations: { upcoming: reservations.rows[0]?.n ?? 0, next_date: reservations.rows[0]?.next ?? null },
    manage_work: {
      active: work.rows[0]?.active ?? 0,
      completed_this_week: work.rows[0]?.done ?? 0,
      earned_this_week: { amount: work.rows[0]?.earned ?? 0 },
    },
  };
};

/** Open jobs picked up within the radius: the bounding box narrows by index, the haversine decides. */
const nearbyJobs = async (db: Db, centre: { lat: number; lng: number }, now: Date) => {
  const radiusM = NEARBY_RADIUS_MILES * METRES_PER_MILE;
  const box = boundingBox(centre, radiusM);
  const { rows } = await db.query<{ n: number; top: number | null }>(
    `select count(*)::int as n, max(price)::int as top from jobs
      where ${OPEN_JOB}
        and pickup_lat between $2 and $3 and pickup_lng between $4 and $5
        and ${haversineSql('pickup_lat', 'pickup_lng', '$6', '$7')} <= $8`,
    [now, box.minLat, box.maxLat, box.minLng, box.maxLng, centre.lat, centre.lng, radiusM],
  );
  return rows[0] ?? { n: 0, top: null };
};
