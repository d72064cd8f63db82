import { Schema } from 'effect';
import { NonNegativeInt } from './common';

// The document kinds and the work rule's decision have files of their own, small enough for every page's first load
// (user-info carries the decision); this file's other schemas load with the pages that use them.
import { DocumentType } from './document-type';
import { WorkEligibility } from './work-eligibility';

export { DocumentType };

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

/**
 * GET /v1/onboarding-status → { data }: the status, and the decision made from it (`work`, optional so that answers
 * without it still decode).
 */
export const OnboardingStatusResponse = Schema.Struct({
  data: Schema.Struct({ ...OnboardingStatus.fields, work: Schema.optionalKey(WorkEligibility) }),
});
