import { Schema } from 'effect';
import { ReservationChange } from '@/schemas/reservation';
import type { Db, SqlParam } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { boundingBox, METRES_PER_MILE, type LatLng } from '@/server/geo/distance';
import { haversineSql } from '@/server/geo/haversine-sql';
import { OPEN_JOB_STATUSES } from '@/server/jobs/job-categories';
import { startsAt } from '@/server/reservations/allowed-actions';
import {
  decide,
  DEFAULT_LIFECYCLE_CLOCK,
  DEMAND_RADIUS_MILES,
  offerExpiresAt,
  offerPrices,
  type LifecycleClock,
} from '@/server/reservations/decision-policy';
import { nextStatus, statusUpdateSql } from '@/server/reservations/lifecycle';
import { priceReservation } from '@/server/reservations/pricing';
import { planReservation, type PlannedReservation } from '@/server/reservations/reservation-plan';
import {
  changeOfRow,
  planColumns,
  RESERVATION_SELECT,
  setClause,
  type ReservationRow,
} from '@/server/reservations/reservation-store';
import { addDays, londonDate, londonInstant } from '@/server/time/london';

/**
 * The reservation lifecycle, driven by the server's clock (decision-policy.ts has the rules; every new status is the
 * lifecycle machine's, lifecycle.ts). One run does, at `now`:
 *
 * 1. pending reservations whose decision is due → the team's decision (team.accepted, team.offered,
 *    team.unsuccessful), priced if they were not; an accepted one supersedes the vehicle's other live reservations
 *    of that date (rival.accepted);
 * 2. return offers past `offer_expires_at` → offer.expired (timed_out);
 * 3. pending cancellations due → team.cancel.granted (tp_cancelled);
 * 4. pending edits due → team.edit.decided: the change applied when it would be accepted, else dropped;
 * 5. days that are over → day.over: accepted → no_match (no work came), journey_associated → completed.
 *
 * Every write is conditional on the row still being in the state that was read, so two runs at once (the interval
 * and a request's catch-up, or two server processes) decide each reservation once. `scope.userId` limits a run to
 * one partner: the API runs it for the caller before answering, so what a partner reads is never behind the clock,
 * whatever the interval. `scope.clock` is the lifecycle's speed (server/config.ts).
 */
export interface JobRunSummary {
  readonly expired: number;
  readonly decided: number;
  readonly cancelled: number;
  readonly modified: number;
  readonly closed: number;
}

export interface JobScope {
  readonly userId?: number;
  readonly clock?: LifecycleClock;
}

const DUE = `coalesce(r.decide_at, r.created_at + interval '24 hours') <= $1`;

/** Runs the lifecycle once at `now`, for everyone or for one partner. */
export const runReservationJob = async (db: Db, now: Date, scope: JobScope = {}): Promise<JobRunSummary> => {
  const clock = scope.clock ?? DEFAULT_LIFECYCLE_CLOCK;
  const params: SqlParam[] = [now];
  const mine = scope.userId === undefined ? '' : ` and r.user_id = $${params.push(scope.userId)}`;
  const by = (event: Parameters<typeof statusUpdateSql>[0]) => statusUpdateSql(event, 'r.status');

  let decided = 0;
  const pending = await db.query<ReservationRow>(
    `${RESERVATION_SELECT} where r.status = 'pending' and ${DUE}${mine} order by r.decide_at, r.id`,
    params,
  );
  for (const row of pending.rows) if (await decideReservation(db, row, now, clock)) decided++;

  // After the decisions: an offer decided late (its reservation already started) expires in the same run.
  const expiry = by('offer.expired');
  const expired = await db.query<{ id: number }>(
    `update reservations r set status = ${expiry.set}, updated_at = $1
      where ${expiry.where} and r.offer_expires_at <= $1${mine} returning r.id`,
    params,
  );

  const grant = by('team.cancel.granted');
  const cancelled = await db.query<{ id: number }>(
    `update reservations r
        set status = ${grant.set}, status_before_request = null, decide_at = null, updated_at = $1
      where ${grant.where} and ${DUE}${mine} returning r.id`,
    params,
  );

  let modified = 0;
  const edits = await db.query<ReservationRow>(
    `${RESERVATION_SELECT} where r.status = 'pending_modification' and ${DUE}${mine} order by r.id`,
    params,
  );
  for (const row of edits.rows) if (await decideChange(db, row, now)) modified++;

  const over = by('day.over');
  const closed = await db.query<{ id: number }>(
    `update reservations r set status = ${over.set}, updated_at = $1
      where ${over.where} and r.date < $${params.push(londonDate(now))}::date${mine}
      returning r.id`,
    params,
  );

  return {
    expired: expired.rows.length,
    decided,
    cancelled: cancelled.rows.length,
    modified,
    closed: closed.rows.length,
  };
};

/** A stored reservation planned again (its own data always plans: it was validated when written). */
export const planOfRow = (row: ReservationRow, change = changeOfRow(row)): PlannedReservation =>
  planReservation(
    { date: row.date, ...Schema.decodeUnknownSync(ReservationChange)(change) },
    { customWindows: true, period: null },
  ).plan;

/** A stored reservation planned again, or null when its stored data no longer plans (then it is decided as it is). */
const replan = (row: ReservationRow, change?: Parameters<typeof planOfRow>[1]): PlannedReservation | null => {
  try {
    return planOfRow(row, change);
  } catch {
    return null;
  }
};

/** Open jobs near the reservation's start on its day that fit its capacity (decision-policy.ts). */
export const demandFor = async (
  db: Db,
  plan: { readonly date: string; readonly start: LatLng; readonly capacityM3: number },
): Promise<number> => {
  const radiusM = DEMAND_RADIUS_MILES * METRES_PER_MILE;
  const box = boundingBox(plan.start, radiusM);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from jobs
      where status in ${sqlList(OPEN_JOB_STATUSES)} and provider_id is null
        and pickup_lat between $1 and $2 and pickup_lng between $3 and $4
        and ${haversineSql('pickup_lat', 'pickup_lng', '$5', '$6')} <= $7
        and pickup_date_start < $8 and pickup_date_end > $9 and volume_m3 <= $10`,
    [
      box.minLat,
      box.maxLat,
      box.minLng,
      box.maxLng,
      plan.start.lat,
      plan.start.lng,
      radiusM,
      londonInstant(addDays(plan.date, 1), 0),
      londonInstant(plan.date, 0),
      plan.capacityM3,
    ],
  );
  return rows[0]?.n ?? 0;
};

/** The vehicle's other live reservations of that date give way to the accepted one (rival.accepted). */
export const supersedeOthers = async (db: Db, row: Pick<ReservationRow, 'id' | 'vehicle_id' | 'date'>, now: Date) => {
  const rival = statusUpdateSql('rival.accepted');
  await db.query(
    `update reservations set status = ${rival.set}, decide_at = null, status_before_request = null,
            requested_change = null, updated_at = $4
      where vehicle_id = $1 and date = $2::date and id <> $3 and ${rival.where}`,
    [row.vehicle_id, row.date, row.id, now],
  );
};

const decideReservation = async (db: Db, row: ReservationRow, now: Date, clock: LifecycleClock): Promise<boolean> => {
  const decision = decide(
    await demandFor(db, {
      date: row.date,
      start: { lat: row.start_lat, lng: row.start_lng },
      capacityM3: row.capacity_m3,
    }),
  );
  // An unpriced reservation is priced when it is decided.
  const plan = row.min_price === null || row.max_price === null ? replan(row) : null;
  const prices =
    row.min_price !== null && row.max_price !== null
      ? { min: row.min_price, max: row.max_price }
      : plan
        ? priceReservation(plan)
        : null;
  const status = nextStatus(row.status, decision);
  if (status === null) return false;
  const offered = prices && status === 'return_offer' ? offerPrices(prices) : prices;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `update reservations
          set status = $3, decide_at = null, decided_at = $2, updated_at = $2, min_price = $4, max_price = $5,
              type = case when $3 = 'return_offer' then 'return' else type end, offer_expires_at = $6
        where id = $1 and status = 'pending' and decide_at is not distinct from $7 returning id`,
      [
        row.id,
        now,
        status,
        offered?.min ?? null,
        offered?.max ?? null,
        status === 'return_offer'
          ? offerExpiresAt(now, startsAt({ date: row.date, startTime: row.start_time }), clock.offerLifetimeS)
          : null,
        row.decide_at,
      ],
    );
    if (rows.length === 0) return false;
    if (status === 'accepted') await supersedeOthers(tx, row, now);
    return true;
  });
};

const decideChange = async (db: Db, row: ReservationRow, now: Date): Promise<boolean> => {
  const change = row.requested_change;
  const restore = nextStatus(row.status, 'team.edit.decided');
  if (restore === null) return false;
  let columns: Record<string, SqlParam> = {};
  if (change) {
    const { min_price, max_price, ...fields } = change;
    const plan = replan(row, fields);
    if (plan && decide(await demandFor(db, plan)) === 'team.accepted')
      columns = planColumns(plan, { min: min_price, max: max_price });
  }
  const set = setClause(columns, 5);
  const { rows } = await db.query<{ id: number }>(
    `update reservations
        set status = $3, status_before_request = null, requested_change = null, decide_at = null, updated_at = $2
            ${set.sql ? `, ${set.sql}` : ''}
      where id = $1 and status = 'pending_modification' and decide_at is not distinct from $4 returning id`,
    [row.id, now, restore, row.decide_at, ...set.values],
  );
  return rows.length > 0;
};

/**
 * Runs the job every `intervalMs` (RESERVATION_JOB_EVERY_S) on the server's clock (`now`, config.now) until stopped.
 * The timer does not keep the process alive; a run that fails is reported and the next one tries again; runs never
 * overlap.
 */
export const startReservationJob = (
  db: Db,
  now: () => Date,
  options: {
    readonly intervalMs?: number;
    readonly clock?: LifecycleClock;
    readonly onError?: (error: unknown) => void;
  } = {},
) => {
  const { intervalMs = 60_000, onError = (error: unknown) => console.error(error) } = options;
  let running: Promise<unknown> | null = null;
  const runNow = () =>
    (running ??= runReservationJob(db, now(), { clock: options.clock })
      .catch(onError)
      .finally(() => {
        running = null;
      }));
  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();
  return {
    runNow,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
