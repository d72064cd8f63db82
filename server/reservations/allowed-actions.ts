import type { AllowedActions, ReservationStatus } from '@/schemas/reservation';
import { anytimeDay } from '@/server/reservations/reservation-plan';

/**
 * What a partner may do with a reservation now (spec §4 meta.allowed_actions). The spec says a reservation is
 * actionable only while its date is not past, its status is pending, accepted or return_offer, and both prices
 * exist; within that, the reference server decides (the spec does not show the rule):
 *
 * - pending (not decided yet): cancel and edit at once. A cancel withdraws it (tp_withdrawn); an edit is validated
 *   and priced again and restarts the decision clock.
 * - return_offer: cancel at once (withdraws it, like rejecting the offer); no edit — answer the offer first.
 * - accepted, starting CANCEL_NOTICE_HOURS or more ahead: cancel at once (tp_cancelled); an edit is a request.
 * - accepted, starting sooner: cancel and edit only as requests the team decides (pending_cancellation,
 *   pending_modification). 48 hours is the notice the product gives customers for a free cancellation (spec §1, §9).
 * - once the reservation has started (its start time, or 08:00 for an anytime start), or in any other status: nothing,
 *   'You cannot edit or cancel this job at this time.'
 */
export const CANCEL_NOTICE_HOURS = 48;

export const NO_ACTIONS: AllowedActions = {
  cancel_request: false,
  cancel_immediately: false,
  update_request: false,
  update_immediately: false,
};

export interface ActionableFacts {
  readonly status: ReservationStatus;
  /** yyyy-MM-dd (London calendar). */
  readonly date: string;
  readonly startTime: Date | null;
  readonly priced: boolean;
}

/** When the reservation begins: its fixed start, or the planned start of an anytime day. */
export const startsAt = (facts: Pick<ActionableFacts, 'date' | 'startTime'>): Date =>
  facts.startTime ?? anytimeDay(facts.date).start;

export const allowedActions = (facts: ActionableFacts, now: Date, today: string): AllowedActions => {
  if (facts.date < today || !facts.priced) return NO_ACTIONS;
  const untilStartMs = startsAt(facts).getTime() - now.getTime();
  if (untilStartMs <= 0) return NO_ACTIONS;
  switch (facts.status) {
    case 'pending':
      return { ...NO_ACTIONS, cancel_immediately: true, update_immediately: true };
    case 'return_offer':
      return { ...NO_ACTIONS, cancel_immediately: true };
    case 'accepted':
      return untilStartMs >= CANCEL_NOTICE_HOURS * 3_600_000
        ? { ...NO_ACTIONS, cancel_immediately: true, update_request: true }
        : { ...NO_ACTIONS, cancel_request: true, update_request: true };
    default:
      return NO_ACTIONS;
  }
};
