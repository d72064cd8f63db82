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
import { planOfRow, runReservationJob, supersedeOthers } from '@/server/reservations/decision-job';
import {
  decisionDueAt,
  DEFAULT_LIFECYCLE_CLOCK,
  offerExpiresAt,
  offerPrices,
  type LifecycleClock,
} from '@/server/reservations/decision-policy';
import { nextStatus } from '@/server/reservations/lifecycle';
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
 * Edit, validate an edit, cancel, and answer a return offer (spec §4, §7); and the reservation team's return offer.
 * Each call first brings the caller's reservations up to the clock (decision-job.ts), then asks the lifecycle machine
 * (lifecycle.ts) where the partner's action leads with the reservation's allowed_actions (allowed-actions.ts): at once,
 * a request, or nowhere — 409 'You cannot edit or cancel this job at this time.' Another partner's reservation is a
 * 404, like a missing one. Every write is conditional on the status that was read, so a decision landing meanwhile
 * wins cleanly (409).
 */

const NOT_FOUND: ReservationAnswer = { status: 404, body: { message: 'Not found' } };
const NOT_NOW: ReservationAnswer = { status: 409, body: { message: RESERVATION_REFUSALS.notNow } };

interface Call {
  readonly userId: number;
  readonly now: Date;
  readonly id: number;
  /** The lifecycle's speed (server/config.ts); the defaults when absent. */
  readonly clock?: LifecycleClock;
}

const current = async (db: Db, { userId, now, id, clock }: Call) => {
  await runReservationJob(db, now, { userId, clock });
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
 * PUT /v1/reservations/{id} (`save`) and POST /v1/reservations/{id}/validate. The change (people, capacity, the start
 * and end times and places, the private job) is validated like a new reservation of the same date with every rule of
 * spec §5 (422 by field, or 101 with the errors), and priced. Validate answers the reservation as it would be; the
 * lifecycle machine says what a save does: a pending reservation is changed at once (its decision clock restarts),
 * an accepted one gets a request the team decides (pending_modification).
 */
export const editReservation = async (
  db: Db,
  call: Call & { readonly change: ReservationChange; readonly save: boolean },
): Promise<ReservationAnswer> => {
  const found = await current(db, call);
  if (!found) return NOT_FOUND;
  const { row, actions } = found;
  const edited = nextStatus(row.status, 'partner.edited', actions);
  if (edited === null) return NOT_NOW;

  const partner = await loadReservationPartner(db, call.userId);
  const { errors, plan } = planReservation(
    { date: row.date, ...call.change },
    { customWindows: partner.customWindows, period: null },
  );
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const refusal = rulesFailure([{ index: 0, date: row.date, violations: checkReservationRules(plan) }]);
  if (refusal) return refusal;
  const prices = priceReservation(plan);
  const due = decisionDueAt(
    call.now,
    startsAt({ date: row.date, startTime: plan.startTime }),
    call.clock ?? DEFAULT_LIFECYCLE_CLOCK,
  );

  if (!call.save) {
    const changed = { ...row, ...planColumns(plan, prices), external_jobs: plan.externalJobs } as ReservationRow;
    return { status: 200, body: { message: RESERVATION_MESSAGES.valid, data: reservationView(changed, call.now) } };
  }
  if (edited === row.status) {
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
    status: edited,
    status_before_request: row.status,
    requested_change: JSON.stringify(requested),
    decide_at: due,
    updated_at: call.now,
  });
  return done ? answer(db, call, RESERVATION_MESSAGES.updateRequested) : NOT_NOW;
};

/**
 * POST /v1/reservations/{id}/cancel: at once (tp_withdrawn before acceptance, tp_cancelled after), or as a request
 * (pending_cancellation), as the lifecycle machine says with allowed_actions.
 */
export const cancelReservation = async (
  db: Db,
  call: Call & { readonly reason: CancelReason; readonly note: string | null },
): Promise<ReservationAnswer> => {
  const found = await current(db, call);
  if (!found) return NOT_FOUND;
  const { row, actions } = found;
  const reason = { cancel_reason: call.reason, cancel_note: call.note, updated_at: call.now };
  const cancelled = nextStatus(row.status, 'partner.cancelled', actions);
  if (cancelled === null) return NOT_NOW;
  if (cancelled !== 'pending_cancellation') {
    const done = await update(db, row, row.status, { ...reason, status: cancelled, decide_at: null });
    return done ? answer(db, call, RESERVATION_MESSAGES.cancelled) : NOT_NOW;
  }
  const done = await update(db, row, row.status, {
    ...reason,
    status: cancelled,
    status_before_request: row.status,
    decide_at: decisionDueAt(
      call.now,
      startsAt({ date: row.date, startTime: row.start_time }),
      call.clock ?? DEFAULT_LIFECYCLE_CLOCK,
    ),
  });
  return done ? answer(db, call, RESERVATION_MESSAGES.cancellationRequested) : NOT_NOW;
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
  const answered = nextStatus(row.status, call.accept ? 'offer.accepted' : 'offer.rejected');
  if (answered === null) return { status: 409, body: { message: RESERVATION_REFUSALS.noOffer } };
  const done = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `update reservations set status = $3, updated_at = $2
        where id = $1 and status = $4 and offer_expires_at > $2 returning id`,
      [row.id, call.now, answered, row.status],
    );
    if (rows.length === 0) return false;
    if (answered === 'accepted') await supersedeOthers(tx, row, call.now);
    return true;
  });
  if (!done) return { status: 409, body: { message: RESERVATION_REFUSALS.offerExpired } };
  return answer(db, call, call.accept ? RESERVATION_MESSAGES.offerAccepted : RESERVATION_MESSAGES.offerRejected);
};

/**
 * POST /v1/admin/reservations/{id}/return-offer (the reservation team, admins only): the team returns a partner's
 * pending reservation with an offer that runs out `expiresInS` seconds from now (never past the reservation's start),
 * at the offer band (the same minimum, the maximum lowered to the middle). The lifecycle machine takes `team.offered`
 * only from pending: anything else is 409. The partner sees it with its countdown; unanswered, the decision job times
 * it out (offer.expired). Any partner's reservation may be offered back, so it is read by id alone.
 */
export const makeReturnOffer = async (
  db: Db,
  call: { readonly now: Date; readonly id: number; readonly expiresInS: number; readonly clock?: LifecycleClock },
): Promise<ReservationAnswer> => {
  const owner = await db.query<{ user_id: number }>('select user_id from reservations where id = $1', [call.id]);
  const userId = owner.rows[0]?.user_id;
  if (userId === undefined) return NOT_FOUND;
  await runReservationJob(db, call.now, { userId, clock: call.clock });
  const row = await loadOwnReservation(db, userId, call.id);
  if (!row) return NOT_FOUND;
  const offered = nextStatus(row.status, 'team.offered');
  if (offered === null) return { status: 409, body: { message: RESERVATION_REFUSALS.notPending } };
  const plan = row.min_price === null || row.max_price === null ? planOfRow(row) : null;
  const prices = plan
    ? offerPrices(priceReservation(plan))
    : offerPrices({ min: row.min_price ?? 0, max: row.max_price ?? 0 });
  const expiresAt = offerExpiresAt(call.now, startsAt({ date: row.date, startTime: row.start_time }), call.expiresInS);
  if (expiresAt <= call.now) return { status: 409, body: { message: RESERVATION_REFUSALS.started } };
  const done = await update(db, row, row.status, {
    status: offered,
    type: 'return',
    min_price: prices.min,
    max_price: prices.max,
    offer_expires_at: expiresAt,
    decide_at: null,
    decided_at: call.now,
    updated_at: call.now,
  });
  if (!done) return { status: 409, body: { message: RESERVATION_REFUSALS.notPending } };
  return answer(db, { userId, now: call.now, id: call.id }, RESERVATION_MESSAGES.offerMade);
};
