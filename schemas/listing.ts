import { Schema } from 'effect';
import { Money } from './money';
import { ProviderVehicleId } from './vehicle';
import { Listing } from './search';
import { MAX_QUOTE_MINOR_UNITS } from './listing-basics';
import { NonNegativeInt, optional } from './common';
import { WorkBlockReason, WorkEligibility } from './work-eligibility';

/**
 * One marketplace listing (an instant or auction job) and what a partner does with it: read it, book it now
 * (instant), quote for it (auction), and hear when listings are taken. Spec §3 (job types, interest and claim
 * payloads), §4 (job statuses), §8 ('Listing not found'). Bodies travel under `payload` (spec §7).
 *
 * Ids: `/v1/listings/{id}` takes the id of a job (`Listing.kind` instant or auction). Jobs and journeys are numbered
 * separately, so a journey's id is not a listing id here: journeys have their own pages and calls (spec §7).
 */

export { MAX_QUOTE_MINOR_UNITS };

/**
 * POST /v1/listings/{id}/book (instant jobs that are click and claim). `provider_vehicle_id`, when given, must be one
 * of the caller's approved vehicles; without it the job is booked with no vehicle chosen yet. `{ payload: {} }` is a
 * valid body.
 */
export const BookListingRequest = Schema.Struct({
  payload: Schema.Struct({ provider_vehicle_id: optional(ProviderVehicleId) }).annotate({
    identifier: 'BookListing',
  }),
});
export type BookListingRequest = typeof BookListingRequest.Type;

/** A quote in minor units (pence): a whole number above 0 and at most MAX_QUOTE_MINOR_UNITS. */
export const QuoteAmount = Schema.Number.check(
  Schema.isInt({ message: 'The amount is a whole number of pence' }).abort(),
  Schema.isGreaterThan(0, { message: 'The amount must be more than 0' }).abort(),
  Schema.isLessThanOrEqualTo(MAX_QUOTE_MINOR_UNITS, {
    message: `The amount is at most ${MAX_QUOTE_MINOR_UNITS} pence (£${MAX_QUOTE_MINOR_UNITS / 100})`,
  }),
).pipe(Schema.brand('MinorUnits'));

/** POST /v1/listings/{id}/quote (auction jobs): creates the caller's quote, or changes it. One quote per partner. */
export const QuoteListingRequest = Schema.Struct({
  payload: Schema.Struct({ amount: QuoteAmount }).annotate({ identifier: 'QuoteListing' }),
});
export type QuoteListingRequest = typeof QuoteListingRequest.Type;

/** A partner's quote for an auction. Instants are ISO 8601 UTC. */
export const ListingQuote = Schema.Struct({
  amount: Money,
  created_at: Schema.String,
  updated_at: Schema.String,
});
export type ListingQuote = typeof ListingQuote.Type;

/** The bidding on an auction: the lowest quote of anyone, how many partners quoted, and the caller's own quote. */
export const AuctionState = Schema.Struct({
  lowest_quote: Schema.NullOr(Money),
  quote_count: NonNegativeInt,
  my_quote: Schema.NullOr(ListingQuote),
});
export type AuctionState = typeof AuctionState.Type;

/**
 * Who has the job, shown only to the partner who won it (everyone else gets 404). Full postcodes come with the
 * allocation: before it, a listing shows towns and outward codes only.
 */
export const ListingAllocation = Schema.Struct({
  provider_vehicle_id: Schema.NullOr(ProviderVehicleId),
  allocated_at: Schema.NullOr(Schema.String),
  pickup_postcode: Schema.String,
  delivery_postcode: Schema.String,
});
export type ListingAllocation = typeof ListingAllocation.Type;

/**
 * GET /v1/listings/{id} → { data }, and the answer of book and quote. The public facts of a search result
 * (`Listing`: towns, outward postcodes, NUTS1, dates, volume, distance, price, attributes) and:
 * - `pickup_distance_m` / `delivery_distance_m`: straight-line metres from the caller's registered address (null
 *   without coordinates); `score` is always null here.
 * - `description`: plain English about the goods and access, made from the category and attributes.
 * - `eligible`: whether the caller may book or quote at all (a partner who may take work, spec §6).
 * - `work`: why not (schemas/work-eligibility.ts): the same decision as user-info's, made when the listing was read.
 *   Optional so that answers without it still decode (the page then shows its plain words).
 * - `actions`: what the caller can do now (false once the job is taken, closed, or of the other kind).
 * - `auction`: the bidding, for auctions; null for instant jobs.
 * - `allocation`: set only when the caller won the job.
 * Never a customer's name, contact or street address.
 */
export const ListingDetail = Schema.Struct({
  ...Listing.fields,
  kind: Schema.Literals(['instant', 'auction']),
  description: Schema.String,
  eligible: Schema.Boolean,
  work: Schema.optionalKey(WorkEligibility),
  actions: Schema.Struct({ book: Schema.Boolean, quote: Schema.Boolean }),
  auction: Schema.NullOr(AuctionState),
  allocation: Schema.NullOr(ListingAllocation),
});
export type ListingDetail = typeof ListingDetail.Type;
export const ListingDetailResponse = Schema.Struct({ data: ListingDetail });
export type ListingDetailResponse = typeof ListingDetailResponse.Type;

/**
 * Why a book or quote was refused, with a `message` to show:
 * - `taken` (409): another partner has the job.
 * - `closed` (409): the job is no longer open (its pickup window has passed, or it was withdrawn, or you won it).
 * - `wrong_kind` (409): book on an auction or an express-interest job, quote on an instant job.
 * - `not_eligible` (403): the caller may not take work (schemas/work-eligibility.ts): `reason` says why first and
 *   `work` is the whole decision.
 * - `idempotency_key_in_progress` (409): the first request with this Idempotency-Key has not finished yet.
 */
export const ListingActionErrorCode = Schema.Literals([
  'taken',
  'closed',
  'wrong_kind',
  'not_eligible',
  'idempotency_key_in_progress',
]);
export type ListingActionErrorCode = typeof ListingActionErrorCode.Type;
export const ListingActionError = Schema.Struct({
  message: Schema.String,
  code: ListingActionErrorCode,
  reason: Schema.optionalKey(WorkBlockReason),
  work: Schema.optionalKey(WorkEligibility),
});
export type ListingActionError = typeof ListingActionError.Type;
