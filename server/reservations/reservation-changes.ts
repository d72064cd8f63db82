import { Schema } from 'effect';
import {
  RESERVATION_MESSAGES,
  RESERVATION_REFUSALS,
  ReservationChange,
  type CancelReason,
  type ReservationStatus,
} from '@/schemas/reservation';
import type { Db, SqlParam } from '@/server/db/db';
import { ValidationError } from '@/server/http/api-errors';
import { allowedActions, startsAt } from '@/server/reservations/allowed-actions';
import { runReservationJob, supersedeOthers } from '@/server/reservations/decision-job';
import { decisionDueAt } from '@/server/reservations/decision-policy';
import { priceReservation } from '@/server/reservations/pricing';
import { loadReservationPartner, rulesFailure, type ReservationAnswer } from '@/server/reservations/reservation-create';
import { planReservation } from '@/server/reservations/reservation-plan';
import { checkReservationRules } from '@/server/reservations/reservation-rules';
import {
  loadOwnReservation,
  planColumns,
  reservationView,
  setClause,
  type ReservationRow,
} from '@/server/reservations/reservation-store';
import { londonDate } from '@/server/time/london';

/**
 * Edit, validate an edit, cancel, and answer a return offer (spec §4, §7). Each call first brings the caller's
 * reservations up to the clock (decision-job.ts), then acts only if allowed_actions (allowed-actions.ts) says so —
 * else 409 'You cannot edit or cancel this job at this time.' Another partner's reservation is a 404, like a missing
 * one. Every write is conditional on the status that was read, so a decision landing meanwhile wins cleanly (409).
 */

const NOT_FOUND: ReservationAnswer = { status: 404, body: { message: 'Not found' } };
const NOT_NOW: ReservationAnswer = { status: 409, body: { message: RESERVATION_REFUSALS.notNow } };

interface Call {
  readonly userId: number;
  readonly now: Date;
  readonly id: number;
}

const current = async (db: Db, { userId, now, id }: Call) => {
  await runReservationJob(db, now, { userId });
  const row = await loadOwnReservation(db, userId, id);
  if (!row) return null;
  const actions = allowedActions(
    {
      status: row.status,
      date: row.date,
      startTime: row.start_time,
      priced: row.min_price !== null && row.max_price !== null,
    },
    now,
    londonDate(now),
  );
  return { row, actions };
};

/** The reservation as the API shows it after a write (read back, so it is what is stored). */
const answer = async (db: Db, call: Call, message: string): Promise<ReservationAnswer> => {
  const row = await loadOwnReservation(db, call.userId, call.id);
  return row ? { status: 200, body: { message, data: reservationView(row, call.now) } } : NOT_FOUND;
};

/** A conditional update of one reservation: `columns` set where it is still in `status`. */
const update = async (db: Db, row: ReservationRow, status: ReservationStatus, columns: Record<string, SqlParam>) => {
  const set = setClause(columns, 3);
  const { rows } = await db.query<{ id: number }>(
    `update reservations set ${set.sql} where id = $1 and status = $2 returning id`,
    [row.id, status, ...set.values],
  );
  return rows.length > 0;
};

/**
 * PUT /v1/reservations/{id} (`save`) and POST /v1/reservations/{id}/validate. The change is validated like a new
 * reservation of the same date (422 by field, or 101), and priced. Validate answers the reservation as it would be;
 * a pending reservation is changed at once (and its decision clock restarts); an accepted one gets a request the
 * team decides (pending_modification).
 */
export const editReservation = async (
  db: Db,
  call: Call & { readonly change: ReservationChange; readonly save: boolean },
): Promise<ReservationAnswer> => {
  const found = await current(db, call);
  if (!found) return NOT_FOUND;
  const { row, actions } = found;
  if (!actions.update_immediately && !actions.update_request) return NOT_NOW;

  const partner = await loadReservationPartner(db, call.userId);
  const { errors, plan } = planReservation(
    { date: row.date, ...call.change },
    { customWindows: partner.customWindows, period: null },
  );
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const refusal = rulesFailure([{ index: 0, date: row.date, violations: checkReservationRules(plan) }]);
  if (refusal) return refusal;
  const prices = priceReservation(plan);
  const due = decisionDueAt(call.now, startsAt({ date: row.date, startTime: plan.startTime }));

  if (!call.save) {
    const changed = { ...row, ...planColumns(plan, prices), external_jobs: plan.externalJobs } as ReservationRow;
    return { status: 200, body: { message: RESERVATION_MESSAGES.valid, data: reservationView(changed, call.now) } };
  }
  if (actions.update_immediately) {
    const done = await update(db, row, row.status, {
      ...planColumns(plan, prices),
      decide_at: due,
      updated_at: call.now,
    });
    return done ? answer(db, call, RESERVATION_MESSAGES.updated) : NOT_NOW;
  }
  const requested = {
    ...Schema.encodeSync(ReservationChange)(call.change),
    min_price: prices.min,
    max_price: prices.max,
  };
  const done = await update(db, row, row.status, {
    status: 'pending_modification',
    status_before_request: row.status,
    requested_change: JSON.stringify(requested),
    decide_at: due,
    updated_at: call.now,
  });
  return done ? answer(db, call, RESERVATION_MESSAGES.updateRequested) : NOT_NOW;
};

/** What a cancel at once makes of a reservation in each status it is allowed in. */
const CANCELLED_STATUS: Partial<Record<ReservationStatus, ReservationStatus>> = {
  pending: 'tp_withdrawn',
  return_offer: 'tp_withdrawn',
  accepted: 'tp_cancelled',
};

/** POST /v1/reservations/{id}/cancel: at once, or as a request (pending_cancellation), as allowed_actions says. */
export const cancelReservation = async (
  db: Db,
  call: Call & { readonly reason: CancelReason; readonly note: string | null },
): Promise<ReservationAnswer> => {
  const found = await current(db, call);
  if (!found) return NOT_FOUND;
  const { row, actions } = found;
  const reason = { cancel_reason: call.reason, cancel_note: call.note, updated_at: call.now };
  const cancelled = CANCELLED_STATUS[row.status];
  if (actions.cancel_immediately && cancelled) {
    const done = await update(db, row, row.status, { ...reason, status: cancelled, decide_at: null });
    return done ? answer(db, call, RESERVATION_MESSAGES.cancelled) : NOT_NOW;
  }
  if (actions.cancel_request) {
    const done = await update(db, row, row.status, {
      ...reason,
      status: 'pending_cancellation',
      status_before_request: row.status,
      decide_at: decisionDueAt(call.now, startsAt({ date: row.date, startTime: row.start_time })),
    });
    return done ? answer(db, call, RESERVATION_MESSAGES.cancellationRequested) : NOT_NOW;
  }
  return NOT_NOW;
};

/**
 * POST /v1/reservations/{id}/accept-offer and …/reject-offer. Only an open return offer can be answered: one whose
 * countdown ended is timed_out (409 'This offer has expired.'). Accepting supersedes the vehicle's other live
 * reservations of that date (spec §4); rejecting makes it tp_rejected.
 */
export const answerOffer = async (db: Db, call: Call & { readonly accept: boolean }): Promise<ReservationAnswer> => {
  const found = await current(db, call);
  if (!found) return NOT_FOUND;
  const { row } = found;
  const expired = row.status === 'timed_out' || (row.status === 'return_offer' && row.offer_expires_at! <= call.now);
  if (expired) return { status: 409, body: { message: RESERVATION_REFUSALS.offerExpired } };
  if (row.status !== 'return_offer') return { status: 409, body: { message: RESERVATION_REFUSALS.noOffer } };
  const done = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `update reservations set status = $3, updated_at = $2
        where id = $1 and status = 'return_offer' and offer_expires_at > $2 returning id`,
      [row.id, call.now, call.accept ? 'accepted' : 'tp_rejected'],
    );
    if (rows.length === 0) return false;
    if (call.accept) await supersedeOthers(tx, row, call.now);
    return true;
  });
  if (!done) return { status: 409, body: { message: RESERVATION_REFUSALS.offerExpired } };
  return answer(db, call, call.accept ? RESERVATION_MESSAGES.offerAccepted : RESERVATION_MESSAGES.offerRejected);
};
