import {
  MAX_RESERVATION_LIST_LIMIT,
  type ReservationListQuery,
  type ReservationListResponse,
} from '@/schemas/reservation';
import type { Db, SqlParam } from '@/server/db/db';
import { runReservationJob } from '@/server/reservations/decision-job';
import type { LifecycleClock } from '@/server/reservations/decision-policy';
import { RESERVATION_SELECT, reservationView, type ReservationRow } from '@/server/reservations/reservation-store';
import { londonDate } from '@/server/time/london';

/**
 * GET /v1/reservations (spec §7): the caller's reservations by date, then start, then id.
 *
 * - Current list: `order=date_asc` with no dates: from today (London) on, every status.
 * - Historic list: `date_to` (yesterday) and `date_from` empty: up to that date, with no lower bound.
 * - `date_from` and `date_to` include their day; `limit` (default 200, the most) and `page` (default 1) page the rows.
 * - meta: `total` rows in all, `from`/`to` the positions of this page's first and last (null when it is empty),
 *   `last_page` (at least 1).
 */
export const listReservations = async (
  db: Db,
  request: {
    readonly userId: number;
    readonly now: Date;
    readonly query: ReservationListQuery;
    readonly clock?: LifecycleClock;
  },
): Promise<typeof ReservationListResponse.Encoded> => {
  const { userId, now, query } = request;
  await runReservationJob(db, now, { userId, clock: request.clock });
  const params: SqlParam[] = [userId];
  const where = ['r.user_id = $1'];
  const noDates = query.date_from === undefined && query.date_to === undefined;
  const from = noDates ? londonDate(now) : query.date_from || null;
  const to = query.date_to || null;
  if (from) where.push(`r.date >= $${params.push(from)}::date`);
  if (to) where.push(`r.date <= $${params.push(to)}::date`);
  const direction = query.order === 'date_desc' ? 'desc' : 'asc';
  const limit = query.limit ?? MAX_RESERVATION_LIST_LIMIT;
  const page = query.page ?? 1;

  const total =
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from reservations r where ${where.join(' and ')}`,
        params,
      )
    ).rows[0]?.n ?? 0;
  const { rows } = await db.query<ReservationRow>(
    `${RESERVATION_SELECT} where ${where.join(' and ')}
      order by r.date ${direction}, r.start_time ${direction} nulls first, r.id ${direction}
      limit $${params.push(limit)} offset $${params.push((page - 1) * limit)}`,
    params,
  );
  const first = (page - 1) * limit + 1;
  return {
    data: rows.map((row) => reservationView(row, now)),
    meta: {
      page,
      limit,
      from: rows.length > 0 ? first : null,
      to: rows.length > 0 ? first + rows.length - 1 : null,
      total,
      last_page: Math.max(1, Math.ceil(total / limit)),
    },
  };
};
