import { initialTransition, transition } from 'xstate';
import { reservationLifecycle } from '@/machines/reservation-lifecycle/reservation-lifecycle.machine';
import { statusOf } from '@/machines/reservation-lifecycle/reservation-lifecycle.selectors';
import type { LifecycleEvent } from '@/machines/reservation-lifecycle/reservation-lifecycle.types';
import { RESERVATION_STATUSES, type AllowedActions, type ReservationStatus } from '@/schemas/reservation';
import { sqlList } from '@/server/db/sql-list';
import { NO_ACTIONS } from '@/server/reservations/allowed-actions';

/**
 * The server's side of the reservation lifecycle machine (machines/reservation-lifecycle/, pure, shared with the
 * docs and its model test): every status a reservation is written with comes from here. A row's stored status and
 * its allowed_actions resume the machine; the event's target is the new status, or null when the machine takes no
 * transition there (a refusal). Writes stay conditional on the status read, so a decision landing meanwhile wins.
 */

export type LifecycleEventType = LifecycleEvent['type'];

/** Where `event` takes a reservation in `status` with these flags, or null when the machine refuses it. */
export const nextStatus = (
  status: ReservationStatus,
  event: LifecycleEventType,
  allowed: AllowedActions = NO_ACTIONS,
): ReservationStatus | null => {
  const [resumed] = initialTransition(reservationLifecycle, { status, allowed });
  if (!resumed.can({ type: event })) return null;
  const [next] = transition(reservationLifecycle, resumed, { type: event });
  return statusOf(next);
};

/**
 * Every status `event` moves, and to which status (the team's and the clock's events need no flags): for updates of
 * many rows at once, whose status column is then set by `statusCaseSql`.
 */
export const movesOn = (event: LifecycleEventType): ReadonlyMap<ReservationStatus, ReservationStatus> =>
  new Map(
    RESERVATION_STATUSES.flatMap((from) => {
      const to = nextStatus(from, event);
      return to === null ? [] : [[from, to] as const];
    }),
  );

/**
 * SQL of an update by the machine for many rows: `where` holds the statuses `event` moves (`status in (…)`), `set`
 * the new status of each (`case status when … end`). Statuses are the schema's fixed literals, never input.
 */
export const statusUpdateSql = (event: LifecycleEventType, column = 'status') => {
  const moves = [...movesOn(event)];
  if (moves.length === 0) throw new Error(`the lifecycle moves no status on ${event}`);
  return {
    where: `${column} in ${sqlList(moves.map(([from]) => from))}`,
    set: `case ${column} ${moves.map(([from, to]) => `when '${from}' then '${to}'`).join(' ')} end`,
  };
};

/**
 * The statuses in which a reservation holds its vehicle's day: waiting for the team's decision, accepted, with an edit
 * or a cancellation waiting on it (until granted it still stands), or with a journey on it. A vehicle has at most one
 * reservation in these statuses per date; a new one for that day is refused (`vehicle_already_reserved`,
 * server/reservations/reservation-create.ts). A return offer does not hold the day: it is the team's offer, not yet
 * the partner's commitment, so the partner may reserve that day otherwise meanwhile, and accepting the offer then
 * replaces that reservation (`rival.accepted`; spec §4: accepting may replace other reservations of that vehicle on
 * that date).
 */
export const DAY_HOLDING_STATUSES = [
  'pending',
  'accepted',
  'pending_cancellation',
  'pending_modification',
  'journey_associated',
] as const satisfies readonly ReservationStatus[];
