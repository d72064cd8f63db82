import { Schema } from 'effect';
import { Money } from './money';
import { IsoDate } from './onboarding';
import { NonNegativeInt } from './common';

/**
 * GET /v1/dashboard → { data }: the figures on the three dashboard cards. Not shown in the spec;
 * one call so the dashboard paints from one round trip.
 */
export const DashboardSummary = Schema.Struct({
  find_work: Schema.Struct({
    /** Open marketplace jobs (instant and auction) across the UK. */
    open_jobs: NonNegativeInt,
    /** Open jobs whose pickup lies within radius_miles of the registered address; null without coordinates. */
    nearby_jobs: Schema.NullOr(NonNegativeInt),
    radius_miles: Schema.Number,
    /** Best payout among the nearby (or, without an address, all) open jobs. */
    top_payout: Schema.NullOr(Money),
    open_journeys: NonNegativeInt,
  }),
  reservations: Schema.Struct({
    upcoming: NonNegativeInt,
    next_date: Schema.NullOr(IsoDate),
  }),
  manage_work: Schema.Struct({
    /** Won work not yet completed (allocated, in_realisation). */
    active: NonNegativeInt,
    completed_this_week: NonNegativeInt,
    earned_this_week: Money,
  }),
});
export type DashboardSummary = typeof DashboardSummary.Type;
export const DashboardSummaryResponse = Schema.Struct({ data: DashboardSummary });
