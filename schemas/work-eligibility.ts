import { Schema } from 'effect';
import { DocumentType } from './document-type';

/**
 * Who may take work (spec §6: "Partners must have accepted documents, at least one vehicle, and acceptance of partner
 * guidelines and terms before working"; spec §9: a false completion suspends the account for 7 days). The server
 * decides it in one place (server/partner/work-eligibility.ts) and refuses booking and quoting (listings), click and
 * claim and express interest (journeys), and validating, creating and accepting reservations to a partner who may not
 * work. The same decision travels to the portal on GET /v1/user-info (every page has it) and on the answers that say
 * what the partner may do with one thing (a listing, a journey, reservation-info, the onboarding status), so a page
 * says why before the partner tries.
 *
 * The reasons, in the order the server checks them (all that apply are listed, the first is the refusal's `reason`):
 * - `not_a_partner`: not a transport partner (an admin, a customer); nothing else is checked then.
 * - `suspended`: suspended until `suspended_until` after a completion found false.
 * - `documents`: a required document is not approved, or has expired (`documents.missing`; those whose approved copy
 *   expired are also in `documents.expired`).
 * - `no_approved_vehicle`: no approved vehicle.
 * - `terms`: the partner guidelines and terms are not accepted.
 * The words match the journeys' NotEligibleReason (schemas/journey.ts), which holds these and the journey-only ones.
 */
export const WorkBlockReason = Schema.Literals([
  'not_a_partner',
  'suspended',
  'documents',
  'no_approved_vehicle',
  'terms',
]);
export type WorkBlockReason = typeof WorkBlockReason.Type;

/**
 * Whether the partner may take work now, and if not every reason, with what the portal needs to say what to do.
 * `may_work` is true exactly when `reasons` is empty.
 */
export const WorkEligibility = Schema.Struct({
  may_work: Schema.Boolean,
  reasons: Schema.Array(WorkBlockReason),
  /** When the running suspension ends (ISO 8601 UTC); null when not suspended. */
  suspended_until: Schema.NullOr(Schema.String),
  documents: Schema.Struct({
    /** Required kinds with no approved document in date. */
    missing: Schema.Array(DocumentType),
    /** Of `missing`, the kinds whose approved document has expired (renew rather than upload for the first time). */
    expired: Schema.Array(DocumentType),
  }),
});
export type WorkEligibility = typeof WorkEligibility.Type;

/**
 * The 403 of an action refused because the partner may not work: `message` in words for the partner, `reason` the
 * first of `work.reasons`, `work` the whole decision. Listings and journeys add their `code: 'not_eligible'`
 * (schemas/listing.ts ListingActionError, schemas/journey.ts JourneyError); reservations answer this body as it is.
 */
export const WorkRefusal = Schema.Struct({
  message: Schema.String,
  reason: WorkBlockReason,
  work: WorkEligibility,
});
export type WorkRefusal = typeof WorkRefusal.Type;
