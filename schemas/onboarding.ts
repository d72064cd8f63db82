import { Schema } from 'effect';
import { NonNegativeInt } from './common';

/** Document kinds a partner uploads (spec §1, §9 insurance minimums). CMR is needed for international work only. */
export const DocumentType = Schema.Literals([
  'driving_licence',
  'identity',
  'third_party_insurance',
  'goods_in_transit_insurance',
  'vehicle_insurance',
  'cmr_insurance',
]);
export type DocumentType = typeof DocumentType.Type;

/** Dates travel as ISO calendar dates, yyyy-MM-dd. */
export const IsoDate = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/));

export const DocumentExpiry = Schema.Struct({ type: DocumentType, expires_at: IsoDate });
export type DocumentExpiry = typeof DocumentExpiry.Type;

/**
 * GET /v1/onboarding-status → { data }. What stands between the partner and work (spec §6): documents,
 * vehicles, terms, and a verified e-mail. The call is not shown in the spec; this is its design.
 */
export const OnboardingStatus = Schema.Struct({
  email_verified: Schema.Boolean,
  terms_accepted_at: Schema.NullOr(Schema.String),
  approved_vehicles: NonNegativeInt,
  documents: Schema.Struct({
    /** Required kinds with no approved, unexpired document. */
    missing: Schema.Array(DocumentType),
    /** Approved documents that expire within the next 30 days: renew them. */
    expiring: Schema.Array(DocumentExpiry),
    /** Documents whose expiry date has passed. */
    expired: Schema.Array(DocumentExpiry),
  }),
});
export type OnboardingStatus = typeof OnboardingStatus.Type;
export const OnboardingStatusResponse = Schema.Struct({ data: OnboardingStatus });
