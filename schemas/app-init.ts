import { Schema } from 'effect';
import { NonNegativeInt } from './common';

/** Feature flags of spec §6, on or off per user, delivered by app init. */
export const FEATURE_FLAGS = [
  'third_party_partner',
  'new_payments_page',
  'new_won_work_page',
  'custom_plus_reservations',
  'express_pay',
  'find_work',
  'find_work_v2',
  'saved_searches',
  'old_search',
  'journey_search',
  'job_search_journey_type',
  'reservation_menu',
  'drivers',
  'private_work',
  'won_work_recommendations',
  'work_calendar',
] as const;
export const FeatureFlag = Schema.Literals(FEATURE_FLAGS);
export type FeatureFlag = typeof FeatureFlag.Type;

export const Features = Schema.Record(Schema.String, Schema.Boolean);
export type Features = typeof Features.Type;

/** GET /v1/app-init → { data }. fake_date (yyyy-MM-dd) pins "today" for demos and tests; null in production. */
export const AppInit = Schema.Struct({
  features: Features,
  fake_date: Schema.NullOr(Schema.String),
});
export type AppInit = typeof AppInit.Type;
export const AppInitResponse = Schema.Struct({ data: AppInit });

/** Notification counters of spec §3, GET /v1/badge-counters → { data }, in the order the dashboard lists them. */
export const BADGE_COUNTER_KEYS = [
  'new-messages',
  'new-admin-messages',
  'alerts',
  'invitations',
  'book-now',
  'bidding',
  'watching',
  'journey',
  'won',
] as const;
export const BadgeCounters = Schema.Struct({
  alerts: NonNegativeInt,
  bidding: NonNegativeInt,
  'book-now': NonNegativeInt,
  invitations: NonNegativeInt,
  journey: NonNegativeInt,
  'new-admin-messages': NonNegativeInt,
  'new-messages': NonNegativeInt,
  watching: NonNegativeInt,
  won: NonNegativeInt,
  /**
   * Beyond the spec's nine (so not in BADGE_COUNTER_KEYS): jobs matching the partner's alerting saved searches that
   * they have not seen yet (schemas/alert.ts). The top bar links it to the alerts page.
   */
  'new-work-alerts': NonNegativeInt,
});
export type BadgeCounters = typeof BadgeCounters.Type;
export const BadgeCountersResponse = Schema.Struct({ data: BadgeCounters });
