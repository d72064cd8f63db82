import { Effect, Schema } from 'effect';
import { ProviderVehicleId } from './vehicle';
import { Money } from './money';
import { SearchCategory } from './listing-basics';
import { VehicleStatus, VehicleType } from './vehicle';
import { NonNegativeInt, optional, positiveId, says, StorableText } from './common';
import { DriverId, ProviderDriver } from './driver';
import { WorkEligibility } from './work-eligibility';
import { JourneyStatusCode } from './journey-status-code';

/**
 * Journeys and drivers (spec §3 Journey, interest and claim payloads; §4 journey allocation states; §5 express
 * interest and deallocation rules; §7 "Journeys and drivers"; §8 texts; §9 limits and deallocation charges).
 * Requests are decoded by the server (bodies under `payload`), responses by the portal. Instants are ISO 8601 UTC;
 * money is minor units (pence) in `{ amount }`. Field names follow the spec as given there: camelCase on nodes and
 * allocation details, snake_case on listings and payloads; fields the spec does not name follow their neighbours.
 *
 * Paths (all with `Authorization: Bearer <token>`):
 *   GET  /ts/public/find-work/v1/journeys/{journeyId}                       → JourneyResponse
 *   GET  /ts/public/find-work/v1/journeys/{journeyId}/listings/{listingId}  → JourneyListingResponse
 *   GET  /ng/api/v3/provider/drivers  and  /ng/api/v3/provider/{id}/drivers → DriversResponse
 *   GET  /journey/api/v1/journey-shells/listProviderVehicles/{journeyId}    → JourneyVehiclesResponse
 *   GET  /journey/api/v1/journey/expressed-interest/{journeyId}             → ExpressedInterestResponse
 *   POST /ng/api/v3/provider/expressInterest          ExpressInterestRequest → ExpressInterestResponse
 *   GET  /ng/api/v3/provider/cancelInterest/{journeyId}                     → CancelInterestResponse
 *   POST /journey/api/v1/journey/{journeyId}/register-driver/{driverId}  ClaimJourneyRequest → JourneyResponse
 *   POST /journey/api/v1/journey/{journeyId}/allocate-driver/{driverId}  (no body)  → JourneyResponse
 *   POST /journey/api/v1/journey/{journeyId}/allocate-driver-real  AllocateDriverRealRequest → JourneyResponse
 *   POST /journey/api/v1/journey/{journeyId}/deallocate-driver  DeallocateRequest → DeallocationResponse
 *
 * Refusals are JourneyError (`{ message, code }`; a journey the caller may not see is 404 JOURNEY_NOT_VISIBLE), and
 * bad input is 422 `messages.validation` with `errors` by field.
 */

/** Spec §9 and §5: express interest in up to 6 journeys at once. */
export const MAX_INTEREST_JOURNEYS = 6;
/** Interest can be cancelled until this long before the journey's first pickup (spec §4 "within a time limit"). */
export const CANCEL_INTEREST_NOTICE_HOURS = 24;

/** Spec §8, for a journey that does not exist or is allocated to someone else (404). */
export const JOURNEY_NOT_VISIBLE = {
  message: 'The journey does not exist or its not allocated to you.',
  code: 'not_found',
} as const;
/** Spec §8, for a partner who may not claim or express interest (403); `reason` says which rule failed. */
export const NOT_ELIGIBLE_MESSAGE = "You are currently not eligible for the provider's journeys...";
/** Spec §8, for an allocation that can no longer be changed (started or completed). */
export const CANNOT_CHANGE_MESSAGE = 'You cannot edit or cancel this job at this time.';
/** Spec §5 "Assign driver". */
export const SELECT_A_DRIVER = 'Please select a driver';
/** Spec §5 "Deallocation reason is required". */
export const REASON_REQUIRED = 'Deallocation reason is required';

export const JourneyId = positiveId('journey').pipe(Schema.brand('JourneyId'));
export type JourneyId = typeof JourneyId.Type;
/** A customer job carried on a journey (the journey's "listings"); numbered apart from marketplace jobs. */
export const JourneyListingId = positiveId('listing').pipe(Schema.brand('JourneyListingId'));
export type JourneyListingId = typeof JourneyListingId.Type;

/** Stop types of a journey node (spec §3). A private-job stop is a pickup or delivery with `privateJobId`. */
export const NodeAction = Schema.Literals(['start', 'end', 'pickup', 'delivery']);
export type NodeAction = typeof NodeAction.Type;

/**
 * Where a node is. Before the caller holds the journey the point is rounded to 2 decimals (about 1 km) and
 * `postcode` / `address` are null: an exact point would be the customer's door. With customer details shown (see
 * CustomerDetailsState) they are the full postcode and the street address.
 */
export const JourneyPlace = Schema.Struct({
  lat: Schema.Number,
  lng: Schema.Number,
  town: Schema.String,
  /** Outward code (`M1`); null when the node has no postcode. */
  short_postcode: Schema.NullOr(Schema.String),
  postcode: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
});
export type JourneyPlace = typeof JourneyPlace.Type;

/**
 * One stop, in route order (`sortOrder` ascending; numbers may have gaps). `listingId` names the customer job of a
 * pickup or delivery, `privateJobId` (a UUID) the partner's own private job; start and end have neither.
 * `deactivatedAt`: the stop was dropped (its job cancelled) and is not visited. `scheduledAt`: planned arrival.
 */
export const JourneyNode = Schema.Struct({
  id: Schema.Number,
  action: NodeAction,
  sortOrder: Schema.Number,
  place: JourneyPlace,
  listingId: Schema.NullOr(JourneyListingId),
  privateJobId: Schema.NullOr(Schema.String),
  deactivatedAt: Schema.NullOr(Schema.String),
  scheduledAt: Schema.String,
});
export type JourneyNode = typeof JourneyNode.Type;

/** The customer of one job: only while customer details are shown. */
export const JourneyCustomer = Schema.Struct({ name: Schema.String, phone: Schema.String });
export type JourneyCustomer = typeof JourneyCustomer.Type;

/**
 * One customer job of the journey (spec §3 "listings"). `pickup.date_start`: its first pickup's planned time;
 * `date`: the London calendar date (yyyy-MM-dd) of its delivery; `type`: the job's category.
 */
export const JourneyListing = Schema.Struct({
  listing_id: JourneyListingId,
  journey_id: JourneyId,
  type: SearchCategory,
  pickup: Schema.Struct({ date_start: Schema.String }),
  date: Schema.String,
  volume_m3: Schema.Number,
  special_requirements: Schema.NullOr(Schema.String),
  customer: Schema.NullOr(JourneyCustomer),
});
export type JourneyListing = typeof JourneyListing.Type;

/**
 * Whether customer details (names, phones, street addresses, full postcodes) are in the response (spec §6):
 * `hidden_until_allocation` for anyone who does not hold the journey, `shown` to the allocated partner until the
 * journey is completed, `removed` after completion (data protection).
 */
export const CustomerDetailsState = Schema.Literals(['hidden_until_allocation', 'shown', 'removed']);
export type CustomerDetailsState = typeof CustomerDetailsState.Type;

/** `cancelled`: called off by the platform (migration 0018); read by the partner who held it or waited on it. */
export const JourneyStatus = Schema.Literals(['open', 'allocated', 'completed', 'cancelled']);
export type JourneyStatus = typeof JourneyStatus.Type;

/** The journey itself. `tp_quote_return`: pay for the optional return leg, null when the journey has none. */
export const Journey = Schema.Struct({
  id: JourneyId,
  status: JourneyStatus,
  category: SearchCategory,
  first_pickup_at: Schema.String,
  start_town: Schema.String,
  end_town: Schema.String,
  volume_m3: Schema.Number,
  distance_m: Schema.Number,
  stops: Schema.Number,
  tp_quote: Money,
  tp_quote_return: Schema.NullOr(Money),
  completed_at: Schema.NullOr(Schema.String),
  customer_details: CustomerDetailsState,
  nodes: Schema.Array(JourneyNode),
  listings: Schema.Array(JourneyListing),
});
export type Journey = typeof Journey.Type;

/** The two ways a journey is offered (spec §4). */
export const AllocationMethod = Schema.Literals(['CLICK_AND_CLAIM', 'EXPRESS_INTEREST']);
export type AllocationMethod = typeof AllocationMethod.Type;

/**
 * The caller's view of the allocation (spec §4 journey allocation states):
 * - `ALLOCATED`: the caller holds it; `allocationMethod` is how it was given (CLICK_AND_CLAIM or EXPRESS_INTEREST).
 * - `UNALLOCATED` + `EXPRESSED_INTEREST`: the caller's interest is pending (cancellable until 24 h before the first
 *   pickup: see ExpressedInterest.cancellable_until); `tpQuote` / `tpQuoteReturn` are the caller's interest.
 * - `UNALLOCATED` + `EXPRESS_INTEREST`: the caller can express interest. `UNALLOCATED` + `CLICK_AND_CLAIM`: can claim.
 * - `allocationDetails: null` (the spec's "undefined"): an unallocated journey whose first pickup has passed.
 * `providerId` / `providerVehicleId` / `allocatedAt` are set only when ALLOCATED (the caller's own ids), and the
 * vehicle of a pending interest.
 */
export const AllocationDetails = Schema.Struct({
  status: Schema.Literals(['ALLOCATED', 'UNALLOCATED']),
  allocationMethod: Schema.Literals(['CLICK_AND_CLAIM', 'EXPRESS_INTEREST', 'EXPRESSED_INTEREST']),
  providerId: Schema.NullOr(Schema.Number),
  providerVehicleId: Schema.NullOr(ProviderVehicleId),
  tpQuote: Money,
  tpQuoteReturn: Schema.NullOr(Money),
  allocatedAt: Schema.NullOr(Schema.String),
});
export type AllocationDetails = typeof AllocationDetails.Type;

/**
 * The driver the caller put on its journey. `user_id`: the driver's own id (drivers have no sign-in of their own in
 * the reference server, so it equals `id`), the key of the driver colour (spec §9). `confirmed`: set by
 * allocate-driver-real (the driver who will actually drive), false after allocate-driver / register-driver.
 */
export const JourneyDriver = Schema.Struct({
  id: DriverId,
  user_id: Schema.Number,
  full_name: Schema.String,
  phone: Schema.String,
  email: Schema.String,
  confirmed: Schema.Boolean,
});
export type JourneyDriver = typeof JourneyDriver.Type;

/**
 * Why a partner may not claim or express interest (JourneyError.reason with code `not_eligible`): first the reasons of
 * the work rule (schemas/work-eligibility.ts WorkBlockReason: `not_a_partner`, `suspended`, `documents`,
 * `no_approved_vehicle`, `terms`), then the journeys' own: `not_journey_ready` (spec §6 "journeys need a partner
 * flagged eligible"), `vehicle_not_approved` (the vehicle chosen), `vehicle_too_small` (for this load).
 */
export const NotEligibleReason = Schema.Literals([
  'not_a_partner',
  'suspended',
  'documents',
  'no_approved_vehicle',
  'terms',
  'not_journey_ready',
  'vehicle_not_approved',
  'vehicle_too_small',
]);
export type NotEligibleReason = typeof NotEligibleReason.Type;

/**
 * What the caller can do with the journey now, decided by the server: the portal shows these buttons only.
 * `eligible`: a partner who may take work (schemas/work-eligibility.ts), journey-ready, with an approved vehicle that
 * holds this journey's load; `reason` says why not. `work`: the work rule's decision as of this read (optional so that
 * answers without it still decode).
 */
export const JourneyActions = Schema.Struct({
  eligible: Schema.Boolean,
  reason: Schema.NullOr(NotEligibleReason),
  work: optional(WorkEligibility),
  express_interest: Schema.Boolean,
  cancel_interest: Schema.Boolean,
  /**
   * Change the pending interest (spec §4 edit): an eligible partner's interest in an open journey, until the same
   * deadline as cancelling it (ExpressedInterest.cancellable_until).
   */
  edit_interest: Schema.Boolean,
  click_and_claim: Schema.Boolean,
  allocate_driver: Schema.Boolean,
  allocate_driver_real: Schema.Boolean,
  deallocate_driver: Schema.Boolean,
});
export type JourneyActions = typeof JourneyActions.Type;

/**
 * GET /ts/public/find-work/v1/journeys/{journeyId}, and the answer of register-driver and the allocate calls.
 * `status_code`: where the journey stands for the caller (spec §4 IP_ codes, schemas/journey-status-code.ts),
 * optional so that answers without it still decode.
 */
export const JourneyResponse = Schema.Struct({
  journey: Journey,
  allocationDetails: Schema.NullOr(AllocationDetails),
  driver: Schema.NullOr(JourneyDriver),
  actions: JourneyActions,
  status_code: optional(JourneyStatusCode),
});
export type JourneyResponse = typeof JourneyResponse.Type;

/**
 * GET /ts/public/find-work/v1/journeys/{journeyId}/listings/{listingId}: one customer job and its stops, with the
 * same visibility as the journey. A listing that is not on that journey is 404 `Listing not found`.
 */
export const JourneyListingResponse = Schema.Struct({
  listingId: JourneyListingId,
  journeyId: JourneyId,
  listing: JourneyListing,
  nodes: Schema.Array(JourneyNode),
});
export type JourneyListingResponse = typeof JourneyListingResponse.Type;

/** The most drivers one page lists. */
export const MAX_DRIVERS_PAGE = 100;

/** The query of the drivers list: `page` (from 1) and `limit` (1 to 100, default 50). */
export const DriversQuery = Schema.Struct({
  page: Schema.NumberFromString.check(
    Schema.isInt({ message: 'page must be a whole number' }).abort(),
    Schema.isBetween({ minimum: 1, maximum: 100_000 }, { message: 'page must be at least 1' }),
  ).pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(1))),
  limit: Schema.NumberFromString.check(
    Schema.isInt({ message: 'limit must be a whole number' }).abort(),
    Schema.isBetween(
      { minimum: 1, maximum: MAX_DRIVERS_PAGE },
      { message: `limit must be between 1 and ${MAX_DRIVERS_PAGE}` },
    ),
  ).pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(50))),
});
export type DriversQuery = typeof DriversQuery.Type;

/** GET /ng/api/v3/provider/drivers: the caller's drivers (active and not), oldest first; `rows_total` counts all. */
export const DriversResponse = Schema.Struct({
  data: Schema.Struct({
    rows: Schema.Array(ProviderDriver),
    rows_total: NonNegativeInt,
    page: Schema.Number,
    limit: Schema.Number,
  }),
});
export type DriversResponse = typeof DriversResponse.Type;

/**
 * One of the caller's vehicles measured against a journey. `eligible`: the vehicle may claim or express interest in
 * this journey (approved, and `loading_capacity_m3` at least the journey's `volume_m3`); `ineligible_reason` says
 * why not. Names as in spec §3's provider vehicle.
 */
export const JourneyVehicle = Schema.Struct({
  id: ProviderVehicleId,
  name: Schema.String,
  type: VehicleType,
  userId: Schema.Number,
  make: Schema.String,
  model: Schema.String,
  registration_number: Schema.String,
  status: VehicleStatus,
  haveTailLift: Schema.Boolean,
  loading_capacity_m3: Schema.Number,
  totalPayloadKg: Schema.Number,
  eligible: Schema.Boolean,
  ineligible_reason: Schema.NullOr(Schema.Literals(['vehicle_not_approved', 'vehicle_too_small'])),
});
export type JourneyVehicle = typeof JourneyVehicle.Type;

/** GET /journey/api/v1/journey-shells/listProviderVehicles/{journeyId}: the caller's vehicles (not deleted). */
export const JourneyVehiclesResponse = Schema.Struct({
  data: Schema.Array(JourneyVehicle),
  meta: Schema.Struct({ journey_id: JourneyId, volume_m3: Schema.Number }),
});
export type JourneyVehiclesResponse = typeof JourneyVehiclesResponse.Type;

/** A quote in minor units: a whole number above 0, at most £50,000. */
export const MAX_JOURNEY_QUOTE_MINOR_UNITS = 5_000_000;
const QuoteAmount = Schema.Number.check(
  Schema.isInt({ message: 'The amount is a whole number of pence' }).abort(),
  Schema.isGreaterThan(0, { message: 'The amount must be more than 0' }).abort(),
  Schema.isLessThanOrEqualTo(MAX_JOURNEY_QUOTE_MINOR_UNITS, {
    message: `The amount is at most ${MAX_JOURNEY_QUOTE_MINOR_UNITS} pence`,
  }),
);

/**
 * POST /ng/api/v3/provider/expressInterest (spec §3 interest payload). `job_id` lists the journeys, 1 to 6, each
 * once (spec §9: up to 6 at once); all succeed or none does. `tp_quote` / `tp_quote_return`: the pay the partner
 * asks for each journey (and its return leg), default the journey's own; a return quote for a journey without a
 * return leg is refused. `registration_number`, when sent, must be that of `provider_vehicle_id`.
 *
 * Expressing interest again in a journey whose interest is pending changes that interest (vehicle, quotes, people;
 * its `expressed_at` stays), until its cancellation deadline (409 `cancel_deadline_passed` after it). `edit: true`
 * (beyond the spec's payload: the portal's edit action, spec §4) says the request changes pending interests only: a
 * journey where the caller has none is refused (404 `no_interest`) rather than given a new one.
 */
export const ExpressInterestRequest = Schema.Struct({
  payload: Schema.Struct({
    provider_vehicle_id: ProviderVehicleId,
    registration_number: optional(
      StorableText.check(Schema.isMaxLength(20, { message: 'A registration is at most 20 characters' })),
    ),
    job_id: Schema.Array(JourneyId).check(
      Schema.isMinLength(1, { message: 'Choose at least one journey' }).abort(),
      Schema.isMaxLength(MAX_INTEREST_JOURNEYS, {
        message: `You can express interest in up to ${MAX_INTEREST_JOURNEYS} journeys at once`,
      }).abort(),
      Schema.makeFilter((ids) => new Set(ids).size === ids.length || 'Each journey can be listed only once'),
    ),
    job_type: Schema.Literal('journey').annotate(says('job_type must be journey')),
    tp_quote: optional(QuoteAmount),
    tp_quote_return: optional(QuoteAmount),
    selected_number_of_men_option: optional(Schema.Literals([1, 2]).annotate(says('Choose 1 or 2 people'))),
    edit: optional(Schema.Boolean),
  }).annotate({ identifier: 'ExpressInterest' }),
});
export type ExpressInterestRequest = typeof ExpressInterestRequest.Type;

/**
 * The caller's pending interest in one journey. `cancellable_until`: the first pickup minus 24 hours; cancelling
 * and changing it are allowed strictly before it (`can_cancel`, as of the answer). `registration_number`: that of
 * `provider_vehicle_id`, the vehicle the interest offers.
 */
export const ExpressedInterest = Schema.Struct({
  id: Schema.Number,
  journey_id: JourneyId,
  provider_vehicle_id: ProviderVehicleId,
  registration_number: Schema.String,
  tp_quote: Money,
  tp_quote_return: Schema.NullOr(Money),
  selected_number_of_men_option: Schema.NullOr(Schema.Literals([1, 2])),
  expressed_at: Schema.String,
  cancellable_until: Schema.String,
  can_cancel: Schema.Boolean,
});
export type ExpressedInterest = typeof ExpressedInterest.Type;

/** POST expressInterest → 200 with one interest per journey, in the order asked. */
export const ExpressInterestResponse = Schema.Struct({ data: Schema.Array(ExpressedInterest) });
export type ExpressInterestResponse = typeof ExpressInterestResponse.Type;

/** GET expressed-interest/{journeyId}: the caller's interest in a journey it can see, or null when it has none. */
export const ExpressedInterestResponse = Schema.Struct({ data: Schema.NullOr(ExpressedInterest) });
export type ExpressedInterestResponse = typeof ExpressedInterestResponse.Type;

/** GET cancelInterest/{journeyId} → 200: the interest is gone. */
export const CancelInterestResponse = Schema.Struct({
  data: Schema.Struct({ journey_id: JourneyId, cancelled_at: Schema.String }),
});
export type CancelInterestResponse = typeof CancelInterestResponse.Type;

/**
 * POST register-driver/{driverId} (click and claim, spec §3 claim payload): the vehicle, and `return` (default
 * false) to take the journey's return leg too (422 when it has none). `{driverId}` is one of the caller's active
 * drivers.
 */
export const ClaimJourneyRequest = Schema.Struct({
  payload: Schema.Struct({
    provider_vehicle_id: ProviderVehicleId,
    return: optional(Schema.Boolean),
  }).annotate({ identifier: 'ClaimJourney' }),
});
export type ClaimJourneyRequest = typeof ClaimJourneyRequest.Type;

/**
 * POST allocate-driver-real: confirms the driver who will actually drive. `driver_id` defaults to the driver
 * already on the journey; with neither, 422 `Please select a driver`.
 */
export const AllocateDriverRealRequest = Schema.Struct({
  payload: Schema.Struct({ driver_id: optional(DriverId) }).annotate({ identifier: 'AllocateDriverReal' }),
});
export type AllocateDriverRealRequest = typeof AllocateDriverRealRequest.Type;

/** Spec §9 cancellation reasons, the reasons a partner gives for handing a journey back. */
export const DEALLOCATION_REASONS = [
  'vehicle_issues',
  'driver_unable_to_work',
  'scheduling_conflict_av',
  'scheduling_conflict_external',
  'other',
] as const;
export const DeallocationReason = Schema.Literals(DEALLOCATION_REASONS).annotate(
  says(`The reason is one of ${DEALLOCATION_REASONS.join(', ')}`),
);
export type DeallocationReason = typeof DeallocationReason.Type;

/** POST deallocate-driver: hands the journey back. `reason` is required (spec §5); `note` is free text. */
export const DeallocateRequest = Schema.Struct({
  payload: Schema.Struct({
    reason: DeallocationReason.annotateKey({ messageMissingKey: REASON_REQUIRED }),
    note: optional(StorableText.check(Schema.isMaxLength(500, { message: 'The note is at most 500 characters' }))),
  }).annotate({ identifier: 'Deallocate' }),
});
export type DeallocateRequest = typeof DeallocateRequest.Type;

/**
 * The charge band of a deallocation (spec §9; the bands overlap as given, this is the reading the server uses,
 * by the time left until the first pickup): `from_48h` 48 hours or more → £3; `from_24h` 24 hours or more but
 * under 48 → 25% of the journey's pay; `within_24h` under 24 hours → 50%.
 */
export const ChargeBand = Schema.Literals(['from_48h', 'from_24h', 'within_24h']);
export type ChargeBand = typeof ChargeBand.Type;

/** POST deallocate-driver → 200: the journey is open again, and what handing it back cost. */
export const DeallocationResponse = Schema.Struct({
  data: Schema.Struct({
    journey_id: JourneyId,
    reason: DeallocationReason,
    note: Schema.NullOr(Schema.String),
    charge: Money,
    charge_band: ChargeBand,
    /** The pay the charge is taken from: the journey's, plus its return leg when the partner took it. */
    job_value: Money,
    deallocated_at: Schema.String,
  }),
});
export type DeallocationResponse = typeof DeallocationResponse.Type;

/**
 * Why a journey call was refused, with a `message` to show:
 * - `not_eligible` (403): NOT_ELIGIBLE_MESSAGE; `reason` says which rule (NotEligibleReason), `detail` explains.
 * - `taken` (409): another partner holds the journey (two claims at once: exactly one wins, the other gets this).
 * - `wrong_method` (409): claim on an express-interest journey, or interest in a click-and-claim journey.
 * - `closed` (409): no longer open (its first pickup has passed, or it is completed).
 * - `cannot_change` (409): CANNOT_CHANGE_MESSAGE — an allocation that started or completed.
 * - `cancel_deadline_passed` (409): cancelling or changing an interest after its cancellable_until (sent as
 *   `cancellable_until`); a change is refused with CANNOT_CHANGE_MESSAGE.
 * - `not_found` (404): JOURNEY_NOT_VISIBLE — no such journey, or it is allocated to someone else.
 * - `no_interest` (404): no pending interest of the caller in that journey (cancel, or an `edit` of interest).
 * - `idempotency_key_in_progress` (409): the first request with this Idempotency-Key has not finished yet.
 * `journey_id` names the journey at fault when a request named several.
 */
export const JourneyErrorCode = Schema.Literals([
  'not_found',
  'not_eligible',
  'taken',
  'wrong_method',
  'closed',
  'cannot_change',
  'cancel_deadline_passed',
  'no_interest',
  'idempotency_key_in_progress',
]);
export type JourneyErrorCode = typeof JourneyErrorCode.Type;
export const JourneyError = Schema.Struct({
  message: Schema.String,
  code: JourneyErrorCode,
  reason: optional(NotEligibleReason),
  detail: optional(Schema.String),
  /** With a reason of the work rule: the whole decision (schemas/work-eligibility.ts). */
  work: optional(WorkEligibility),
  journey_id: optional(JourneyId),
  cancellable_until: optional(Schema.String),
});
export type JourneyError = typeof JourneyError.Type;
