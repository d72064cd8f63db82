import { DECISION_WITHIN_HOURS } from '@/schemas/reservation';
import type { PriceRange } from '@/server/reservations/pricing';

/**
 * How the reference server's "team" decides a reservation (spec §4: accepted, rejected, or a return offer; §9:
 * within 24 hours). The spec does not show the rule; this one is deterministic, explainable, and can be steered by
 * the data (tests place open jobs to get each outcome):
 *
 * - Demand is the number of open marketplace jobs (not taken) whose pickup lies within DEMAND_RADIUS_MILES of the
 *   reservation's start, whose pickup window overlaps the reservation's day, and whose volume fits its capacity.
 * - ACCEPT_FROM_JOBS or more: accepted. The vehicle's other live reservations of that date are superseded (spec §4
 *   "accepting may replace other reservations of that vehicle on that date").
 * - At least one but fewer: a return offer — the team returns the reservation with an offer the partner accepts or
 *   rejects before `offer_expires_at`: the same block (type `return`) at a narrower band, the minimum kept and the
 *   maximum lowered to the middle of the range, since thin demand leaves less to earn. Unanswered, it times out
 *   (timed_out: the spec's "cancelled on the partner's behalf").
 * - None: av_rejected.
 *
 * Timing: the decision falls DECISION_DELAY_MINUTES after the request (the reference's turnaround), never later than
 * 24 hours after it nor after the reservation starts. An offer stays open OFFER_LIFETIME_HOURS, never past the start.
 * A pending cancellation is always granted when due; a pending edit is decided like a new reservation (accepted:
 * the change applies; otherwise the reservation stays as it was) and the reservation returns to accepted.
 */
export const DEMAND_RADIUS_MILES = 25;
export const ACCEPT_FROM_JOBS = 3;
export const DECISION_DELAY_MINUTES = 120;
export const OFFER_LIFETIME_HOURS = 12;

export type Decision = 'accepted' | 'return_offer' | 'av_rejected';

export const decide = (demand: number): Decision =>
  demand >= ACCEPT_FROM_JOBS ? 'accepted' : demand >= 1 ? 'return_offer' : 'av_rejected';

/** The band of a return offer: the same minimum, the maximum lowered to the middle. */
export const offerPrices = (prices: PriceRange): PriceRange => ({
  min: prices.min,
  max: Math.round((prices.min + prices.max) / 2),
});

const HOUR_MS = 3_600_000;

/** When a request made at `requestedAt` for a reservation starting at `startsAt` is decided. */
export const decisionDueAt = (requestedAt: Date, startsAt: Date): Date =>
  new Date(
    Math.max(
      requestedAt.getTime(),
      Math.min(
        requestedAt.getTime() + DECISION_DELAY_MINUTES * 60_000,
        requestedAt.getTime() + DECISION_WITHIN_HOURS * HOUR_MS,
        startsAt.getTime(),
      ),
    ),
  );

/** When an offer made at `decidedAt` for a reservation starting at `startsAt` runs out. */
export const offerExpiresAt = (decidedAt: Date, startsAt: Date): Date =>
  new Date(
    Math.max(decidedAt.getTime(), Math.min(decidedAt.getTime() + OFFER_LIFETIME_HOURS * HOUR_MS, startsAt.getTime())),
  );
