import { DECISION_WITHIN_HOURS } from '@/schemas/reservation';
import { RESERVATION_CLOCK_DEFAULTS, type Config } from '@/server/config';
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
 * - None: unsuccessful (the "pending → accepted / unsuccessful / return_offer"; av_rejected stays for a
 *   rejection by the team outside these rules).
 *
 * Timing (LifecycleClock): the decision falls `decisionAfterS` after the request (the reference's turnaround, 2 hours
 * unless RESERVATION_DECISION_AFTER_S speeds it up), never later than 24 hours after it nor after the reservation
 * starts. An offer stays open `offerLifetimeS` (12 hours unless RESERVATION_OFFER_LIFETIME_S), never past the start.
 * A pending cancellation is always granted when due; a pending edit is decided like a new reservation (accepted:
 * the change applies; otherwise the reservation stays as it was) and the reservation returns to accepted. The
 * statuses each decision leads to are the lifecycle machine's (machines/reservation-lifecycle/).
 */
export const DEMAND_RADIUS_MILES = 25;
export const ACCEPT_FROM_JOBS = 3;
export const DECISION_DELAY_MINUTES = RESERVATION_CLOCK_DEFAULTS.decisionAfterS / 60;
export const OFFER_LIFETIME_HOURS = RESERVATION_CLOCK_DEFAULTS.offerLifetimeS / 3600;

/** How fast the lifecycle runs (server/config.ts; the defaults unless the environment speeds it up). */
export interface LifecycleClock {
  readonly decisionAfterS: number;
  readonly offerLifetimeS: number;
}
export const DEFAULT_LIFECYCLE_CLOCK: LifecycleClock = {
  decisionAfterS: RESERVATION_CLOCK_DEFAULTS.decisionAfterS,
  offerLifetimeS: RESERVATION_CLOCK_DEFAULTS.offerLifetimeS,
};
export const lifecycleClockOf = (config: Config): LifecycleClock => ({
  decisionAfterS: config.reservationDecisionAfterS ?? DEFAULT_LIFECYCLE_CLOCK.decisionAfterS,
  offerLifetimeS: config.reservationOfferLifetimeS ?? DEFAULT_LIFECYCLE_CLOCK.offerLifetimeS,
});

/** The team's decision: the lifecycle event it sends (team.accepted, team.offered, team.unsuccessful). */
export type Decision = 'team.accepted' | 'team.offered' | 'team.unsuccessful';

export const decide = (demand: number): Decision =>
  demand >= ACCEPT_FROM_JOBS ? 'team.accepted' : demand >= 1 ? 'team.offered' : 'team.unsuccessful';

/** The band of a return offer: the same minimum, the maximum lowered to the middle. */
export const offerPrices = (prices: PriceRange): PriceRange => ({
  min: prices.min,
  max: Math.round((prices.min + prices.max) / 2),
});

const HOUR_MS = 3_600_000;

/** When a request made at `requestedAt` for a reservation starting at `startsAt` is decided. */
export const decisionDueAt = (
  requestedAt: Date,
  startsAt: Date,
  clock: Pick<LifecycleClock, 'decisionAfterS'> = DEFAULT_LIFECYCLE_CLOCK,
): Date =>
  new Date(
    Math.max(
      requestedAt.getTime(),
      Math.min(
        requestedAt.getTime() + clock.decisionAfterS * 1000,
        requestedAt.getTime() + DECISION_WITHIN_HOURS * HOUR_MS,
        startsAt.getTime(),
      ),
    ),
  );

/**
 * When an offer made at `decidedAt` for a reservation starting at `startsAt` runs out: after `lifetimeS` (the clock's
 * offer lifetime, or what the reservation team chose), never past the start.
 */
export const offerExpiresAt = (
  decidedAt: Date,
  startsAt: Date,
  lifetimeS: number = DEFAULT_LIFECYCLE_CLOCK.offerLifetimeS,
): Date =>
  new Date(Math.max(decidedAt.getTime(), Math.min(decidedAt.getTime() + lifetimeS * 1000, startsAt.getTime())));
