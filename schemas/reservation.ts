import { Effect, Schema } from 'effect';
import { ProviderVehicleId } from './vehicle';
import { MinorUnits } from './money';
import { UserId } from './user';
import { VehicleCapacity, VehicleType } from './vehicle';
import {
  CalendarDate,
  Instant,
  Latitude,
  Longitude,
  NonNegativeInt,
  optional,
  positiveId,
  says,
  saysAll,
  StorableText,
} from './common';
import { UkPostcode } from './postcode';
import { WorkEligibility } from './work-eligibility';

/**
 * Reservations: blocks of a vehicle's availability a partner offers (spec §3 Reservation, External job; §4 statuses,
 * create flow; §5 reservation rules; §7 Reservations calls; §8 reservation errors; §9 constants). Requests are decoded
 * by the server (bodies under `payload`), responses by the portal. Server rules and their reading of the spec:
 * server/reservations/README.md.
 *
 * Times on the wire are ISO 8601 instants (stored in UTC, shown in London time, spec §5), or the word `anytime`
 * where the spec allows "no fixed time". Money is pence with its text (`{ amount: 14000, formatted: '£140' }`).
 */

// Defaults use `withDecodingDefaultTypeKey` (a decoded value, as Effect 3's `default`): `withDecodingDefaultKey`
// checks the encoded form first, which hides the field's later messages and the `saysAll` ones.

// Spec §9 constants (every one is part of the contract).
/** Reservation capacity cap, m³ (capacity shown is capped at 40 and floored). */
export const MAX_RESERVATION_CAPACITY_M3 = 40;
/** A full day lasts up to 10 hours. */
export const FULL_DAY_HOURS = 10;
/** Buffer kept free at the start and at the end of the reservation window. */
export const WINDOW_BUFFER_MINUTES = 20;
/** Travel allowance at each end of the reservation (paid travel to the first and from the last stop). */
export const TRAVEL_ALLOWANCE_MINUTES = 20;
/** Longest distance between a reservation's start and its end. */
export const MAX_RESERVATION_DISTANCE_MILES = 300;
/** Nationwide means the end is more than this far from the start. */
export const NATIONWIDE_FROM_MILES = 100;
/** Private job pickup and delivery windows last at least this long. */
export const MIN_PRIVATE_JOB_WINDOW_HOURS = 2;
/** One private job per reservation. */
export const MAX_PRIVATE_JOBS = 1;
/** A reservation decision is given within 24 hours. */
export const DECISION_WITHIN_HOURS = 24;
/** Historic list page size. */
export const HISTORIC_PAGE_SIZE = 20;
/** Time on site options (5, 10, 15, 20, 30, 40, 50 minutes, 1h, 1h15, 1h30, 1h45, 2h), stored in seconds. */
export const TIME_ON_SITE_OPTIONS_S = [300, 600, 900, 1200, 1800, 2400, 3000, 3600, 4500, 5400, 6300, 7200] as const;

/** Statuses of spec §4. */
export const RESERVATION_STATUSES = [
  'pending',
  'return_offer',
  'timed_out',
  'unsuccessful',
  'tp_rejected',
  'av_rejected',
  'tp_withdrawn',
  'av_withdrawn',
  'accepted',
  'tp_cancelled',
  'av_cancelled',
  'superseded',
  'journey_associated',
  'tp_cancelled_after_association',
  'av_cancelled_after_association',
  'completed',
  'no_match',
  'pending_cancellation',
  'pending_modification',
  'unknown',
] as const;
export const ReservationStatus = Schema.Literals(RESERVATION_STATUSES);
export type ReservationStatus = typeof ReservationStatus.Type;

/** local, national (end more than 100 miles away), return (an offer the team returned), custom (own window). */
export const ReservationType = Schema.Literals(['local', 'national', 'return', 'custom']);
export type ReservationType = typeof ReservationType.Type;

/** One person, two people, or flexible (spec §3). */
export const People = Schema.Literals([1, 2, 'flexible']).annotate(says('People is 1, 2 or flexible'));
export type People = typeof People.Type;

/** Cancellation reasons of spec §9. */
export const CANCEL_REASONS = [
  'vehicle_issues',
  'driver_unable_to_work',
  'scheduling_conflict_av',
  'scheduling_conflict_external',
  'other',
] as const;
export const CancelReason = Schema.Literals(CANCEL_REASONS).annotate(
  says(`The reason is one of ${CANCEL_REASONS.join(', ')}`),
);
export type CancelReason = typeof CancelReason.Type;

export const ReservationId = positiveId('reservation').pipe(Schema.brand('ReservationId'));
export type ReservationId = typeof ReservationId.Type;
/** A validated, not yet created reservation (step 2 of the create flow). */
export const ReservationDraftId = positiveId('draft').pipe(Schema.brand('ReservationDraftId'));
export type ReservationDraftId = typeof ReservationDraftId.Type;

// Input pieces.

export const ANYTIME = 'anytime';
/** A fixed time, or `anytime`: no fixed time, which falls back to the reservation's own start or end (spec §5). */
export const TimeOrAnytime = Schema.Union([Schema.Literal(ANYTIME), Instant]).pipe(
  saysAll('A time is an ISO 8601 instant (2026-11-20T08:00:00Z) or anytime'),
);
export type TimeOrAnytime = typeof TimeOrAnytime.Type;

const TownName = StorableText.pipe(
  Schema.decodeTo(Schema.Trim),
  Schema.check(
    Schema.isNonEmpty({ message: "Town can't be blank" }),
    Schema.isMaxLength(200, { message: 'A town is at most 200 characters' }),
  ),
);

/**
 * A place as the portal sends it: coordinates, town and a full postcode (spec §5 "full postcode required"). Other
 * fields of a looked-up place (id, postalTown, nuts1 …) may come along and are ignored.
 */
export const ReservationPlaceInput = Schema.Struct({
  lat: Latitude,
  lng: Longitude,
  town: TownName,
  postcode: UkPostcode,
}).annotate({ identifier: 'ReservationPlaceInput' });
export type ReservationPlaceInput = typeof ReservationPlaceInput.Type;

/** nodes[0]: where and when the reservation starts. */
export const StartNodeInput = Schema.Struct({ place: ReservationPlaceInput, time: TimeOrAnytime }).annotate({
  identifier: 'StartNodeInput',
});

/**
 * nodes[1]: where and when it ends. 'anywhere' is sent as no place and no time (both null or absent); a place needs a
 * time, `anytime` being the full-day end (the start plus 10 hours).
 */
export const EndNodeInput = Schema.Struct({
  place: Schema.NullOr(ReservationPlaceInput).pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(null))),
  time: Schema.NullOr(TimeOrAnytime).pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(null))),
})
  .check(
    Schema.makeFilter((node) =>
      (node.place === null) === (node.time === null)
        ? true
        : {
            path: [node.place === null ? 'place' : 'time'],
            issue:
              node.place === null
                ? "An end without a place is 'anywhere' and has no time"
                : 'An end with a place needs a time (or anytime)',
          },
    ),
  )
  .annotate({ identifier: 'EndNodeInput' });

const OnSiteSeconds = Schema.Number.check(
  Schema.isInt({ message: 'Time on site is a whole number of seconds' }).abort(),
  Schema.isBetween({ minimum: -86_400, maximum: 86_400 }, { message: 'Time on site is at most a day' }),
);

const privateJobNode = <O extends 1 | 2, T extends 'pickup' | 'delivery'>(sortOrder: O, nodeType: T) =>
  Schema.Struct({
    place: ReservationPlaceInput,
    sortOrder: Schema.Literal(sortOrder),
    nodeType: Schema.Literal(nodeType),
    timeWindowStart: TimeOrAnytime,
    timeWindowEnd: TimeOrAnytime,
    /** Seconds; one of TIME_ON_SITE_OPTIONS_S. A negative value is the reservation error `negative_time_on_site`. */
    durationOnSiteInSeconds: OnSiteSeconds,
  });

/**
 * An external (private) job: the partner's own work inside the reservation. Valid only with both nodes, each with
 * its place, window and time on site (spec §5); nodes[0] is the pickup (sortOrder 1), nodes[1] the delivery.
 */
export const ExternalJob = Schema.Struct({
  uuid: StorableText.check(Schema.isGUID()).pipe(saysAll('A private job uuid is a UUID')),
  volumeInM3: Schema.Number.check(
    Schema.isGreaterThan(0, { message: 'A private job volume is more than 0 m³' }),
    Schema.isLessThanOrEqualTo(MAX_RESERVATION_CAPACITY_M3, {
      message: `A private job volume is at most ${MAX_RESERVATION_CAPACITY_M3} m³`,
    }),
  ),
  nodes: Schema.Tuple([privateJobNode(1, 'pickup'), privateJobNode(2, 'delivery')]),
}).annotate({ identifier: 'ExternalJob' });
export type ExternalJob = typeof ExternalJob.Type;

/** Capacity offered: m³, more than 0. Over 40 decodes, and is the reservation error `capacity_too_large`. */
export const CapacityInput = Schema.Struct({
  value: Schema.Number.check(Schema.isGreaterThan(0, { message: 'Capacity is more than 0 m³' })),
  unit: Schema.Literal('m3'),
});

/** Most private jobs a payload may carry (more than one is the reservation error `too_many_private_jobs`). */
const MAX_EXTERNAL_JOBS_IN_PAYLOAD = 10;

const changeFields = {
  people: People,
  capacity: CapacityInput,
  nodes: Schema.Tuple([StartNodeInput, EndNodeInput]),
  externalJobs: Schema.Array(ExternalJob)
    .check(Schema.isMaxLength(MAX_EXTERNAL_JOBS_IN_PAYLOAD, { message: 'Too many private jobs' }))
    .pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed([]))),
};

/** What an edit may change (PUT and POST …/validate): everything but the date and the vehicle. */
export const ReservationChange = Schema.Struct(changeFields).annotate({ identifier: 'ReservationChange' });
export type ReservationChange = typeof ReservationChange.Type;

/** One reservation to validate (spec §3 "Reservation payload to the server"). */
export const ReservationInput = Schema.Struct({ date: CalendarDate, ...changeFields }).annotate({
  identifier: 'ReservationInput',
});
export type ReservationInput = typeof ReservationInput.Type;

/** Most days one validation request may hold (the reservation period is four weeks). */
export const MAX_RESERVATIONS_PER_REQUEST = 31;

/**
 * POST /v1/reservations: validate new reservations for one vehicle (spec §7). `user_id` must be the caller's own id.
 * Answer: ReservationDraftsResponse, or a refusal (422 messages.validation by field, or code 101 with the errors).
 */
export const ValidateReservationsRequest = Schema.Struct({
  payload: Schema.Struct({
    user_id: UserId.pipe(saysAll('user_id is your user id')),
    vehicle_id: ProviderVehicleId,
    reservations: Schema.Array(ReservationInput).check(
      Schema.isMinLength(1, { message: 'Choose at least one day' }),
      Schema.isMaxLength(MAX_RESERVATIONS_PER_REQUEST, {
        message: `At most ${MAX_RESERVATIONS_PER_REQUEST} days at once`,
      }).abort(),
      Schema.makeFilter((list) => {
        const index = list.findIndex((r, i) => list.findIndex((o) => o.date === r.date) !== i);
        return index < 0 || { path: [index, 'date'], issue: 'Each day can be reserved once per request' };
      }),
    ),
  }).annotate({ identifier: 'ValidateReservations' }),
});
export type ValidateReservationsRequest = typeof ValidateReservationsRequest.Type;

/** POST /v1/reservations/accept-drafts: create the listed drafts (spec §7 "reservations list of id"). */
export const AcceptDraftsRequest = Schema.Struct({
  payload: Schema.Struct({
    reservations: Schema.Array(ReservationDraftId).check(
      Schema.isMinLength(1, { message: 'Choose at least one reservation' }),
      Schema.isMaxLength(MAX_RESERVATIONS_PER_REQUEST, {
        message: `At most ${MAX_RESERVATIONS_PER_REQUEST} reservations at once`,
      }).abort(),
      Schema.makeFilter((ids) => new Set(ids).size === ids.length || 'A draft is listed twice'),
    ),
  }).annotate({ identifier: 'AcceptDrafts' }),
});
export type AcceptDraftsRequest = typeof AcceptDraftsRequest.Type;

/** PUT /v1/reservations/{id} and POST /v1/reservations/{id}/validate. */
export const EditReservationRequest = Schema.Struct({ payload: ReservationChange });
export type EditReservationRequest = typeof EditReservationRequest.Type;

export const MAX_CANCEL_NOTE_LENGTH = 1000;
/** POST /v1/reservations/{id}/cancel. A note is required with the reason `other`. */
export const CancelReservationRequest = Schema.Struct({
  payload: Schema.Struct({
    cancel_reason: CancelReason,
    cancel_note: Schema.NullOr(
      StorableText.pipe(
        Schema.decodeTo(Schema.Trim),
        Schema.check(
          Schema.isMaxLength(MAX_CANCEL_NOTE_LENGTH, {
            message: `A note is at most ${MAX_CANCEL_NOTE_LENGTH} characters`,
          }),
        ),
      ),
    ).pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(null))),
  })
    .check(
      Schema.makeFilter((p) =>
        p.cancel_reason !== 'other' || (p.cancel_note ?? '') !== ''
          ? true
          : { path: ['cancel_note'], issue: "cancel_note can't be blank when the reason is other" },
      ),
    )
    .annotate({ identifier: 'CancelReservation' }),
});
export type CancelReservationRequest = typeof CancelReservationRequest.Type;

export const MAX_RESERVATION_LIST_LIMIT = 200;
const DateOrEmpty = Schema.Union([Schema.Literal(''), CalendarDate]).pipe(saysAll('A date is yyyy-MM-dd'));
/**
 * GET /v1/reservations query. Current list: `order=date_asc` alone (from today on). Historic list: `date_to`
 * (yesterday), `date_from` empty (no lower bound), `order=date_desc`, `limit=20`, `page`. Without `date_from` and
 * `date_to` the list starts today; with `date_to` alone it has no lower bound. Without `limit`, up to 200 rows.
 */
export const ReservationListQuery = Schema.Struct({
  order: optional(Schema.Literals(['date_asc', 'date_desc']).annotate(says('order is date_asc or date_desc'))),
  date_from: optional(DateOrEmpty),
  date_to: optional(DateOrEmpty),
  limit: optional(
    Schema.NumberFromString.check(
      Schema.isInt({ message: 'limit must be a whole number' }).abort(),
      Schema.isBetween(
        { minimum: 1, maximum: MAX_RESERVATION_LIST_LIMIT },
        { message: `limit must be between 1 and ${MAX_RESERVATION_LIST_LIMIT}` },
      ),
    ),
  ),
  page: optional(
    Schema.NumberFromString.check(
      Schema.isInt({ message: 'page must be a whole number' }).abort(),
      Schema.isBetween({ minimum: 1, maximum: 100_000 }, { message: 'page must be between 1 and 100000' }),
    ),
  ),
});
export type ReservationListQuery = typeof ReservationListQuery.Type;

// Responses.

/** An amount in pence with its text for the portal's locale-free views (`£140`, `£233.33`). */
export const Price = Schema.Struct({ amount: MinorUnits, formatted: Schema.String });
export type Price = typeof Price.Type;

export const ReservationCapacity = Schema.Struct({ value: Schema.Number, unit: Schema.Literal('m3') });

export const ReservationPlace = Schema.Struct({
  lat: Schema.Number,
  lng: Schema.Number,
  town: Schema.String,
  postcode: Schema.String,
});
export type ReservationPlace = typeof ReservationPlace.Type;

/** A start or end: `time` null is anytime; `place` null (with time null) is the end 'anywhere'. */
export const ReservationNode = Schema.Struct({
  time: Schema.NullOr(Schema.String),
  place: Schema.NullOr(ReservationPlace),
});
export type ReservationNode = typeof ReservationNode.Type;

export const ReservationVehicle = Schema.Struct({
  id: ProviderVehicleId,
  registration: Schema.String,
  type: VehicleType,
  tail_lift: Schema.Boolean,
  capacity: VehicleCapacity,
});
export type ReservationVehicle = typeof ReservationVehicle.Type;

/**
 * What the partner may do now (spec §4): cancel or edit at once (`…_immediately`) or as a request the team decides
 * (`…_request`). All false: 'You cannot edit or cancel this job at this time.'
 */
export const AllowedActions = Schema.Struct({
  cancel_request: Schema.Boolean,
  cancel_immediately: Schema.Boolean,
  update_request: Schema.Boolean,
  update_immediately: Schema.Boolean,
});
export type AllowedActions = typeof AllowedActions.Type;

/**
 * A reservation (spec §3). Beyond the spec's fields: `decision_due_at`, when the team's decision (or the decision on
 * a pending cancel or edit) is due — at most 24 hours after the request (spec §9) — and null once decided.
 * `reservation_id` is the reference shown to people (`R-000042`); `id` is what the calls take.
 */
export const Reservation = Schema.Struct({
  id: ReservationId,
  reservation_id: Schema.String,
  status: ReservationStatus,
  date: Schema.String,
  type: ReservationType,
  people: People,
  capacity: ReservationCapacity,
  created_at: Schema.String,
  offer_expires_at: Schema.NullOr(Schema.String),
  decision_due_at: Schema.NullOr(Schema.String),
  pending_cancellation: Schema.Boolean,
  pending_modification: Schema.Boolean,
  start_time_type: Schema.Literals(['fixed', 'anytime']),
  cancel_reason: Schema.NullOr(CancelReason),
  cancel_note: Schema.NullOr(Schema.String),
  tp: Schema.Struct({ id: UserId, username: Schema.String, email: Schema.String }),
  vehicle: ReservationVehicle,
  startNode: ReservationNode,
  endNode: ReservationNode,
  externalJobs: Schema.Array(ExternalJob),
  min_price: Schema.NullOr(Price),
  max_price: Schema.NullOr(Price),
  meta: Schema.Struct({ allowed_actions: AllowedActions }),
});
export type Reservation = typeof Reservation.Type;

/** Laravel-style page facts: `from`/`to` are the 1-based positions of the first and last row (null when empty). */
export const ReservationListMeta = Schema.Struct({
  page: Schema.Number,
  limit: Schema.Number,
  from: Schema.NullOr(Schema.Number),
  to: Schema.NullOr(Schema.Number),
  total: NonNegativeInt,
  last_page: Schema.Number,
});
export const ReservationListResponse = Schema.Struct({ data: Schema.Array(Reservation), meta: ReservationListMeta });
export type ReservationListResponse = typeof ReservationListResponse.Type;

/**
 * A validated reservation awaiting the partner's confirmation (create step 2), priced. It lasts until `expires_at`;
 * accept-drafts then validates it once more and creates it.
 */
export const ReservationDraft = Schema.Struct({
  id: ReservationDraftId,
  date: Schema.String,
  type: ReservationType,
  people: People,
  capacity: ReservationCapacity,
  start_time_type: Schema.Literals(['fixed', 'anytime']),
  vehicle: ReservationVehicle,
  startNode: ReservationNode,
  endNode: ReservationNode,
  externalJobs: Schema.Array(ExternalJob),
  min_price: Price,
  max_price: Price,
  expires_at: Schema.String,
});
export type ReservationDraft = typeof ReservationDraft.Type;
export const ReservationDraftsResponse = Schema.Struct({ data: Schema.Array(ReservationDraft) });
export type ReservationDraftsResponse = typeof ReservationDraftsResponse.Type;

/** POST /v1/reservations/accept-drafts → the created reservations (their ids), in the order of the request. */
export const CreatedReservationsResponse = Schema.Struct({ data: Schema.Array(Reservation) });
export type CreatedReservationsResponse = typeof CreatedReservationsResponse.Type;

/** Message keys of the answers to edit, validate-edit, cancel, accept-offer and reject-offer. */
export const RESERVATION_MESSAGES = {
  valid: 'messages.reservation_valid',
  updated: 'messages.reservation_updated',
  updateRequested: 'messages.reservation_update_requested',
  cancelled: 'messages.reservation_cancelled',
  cancellationRequested: 'messages.reservation_cancellation_requested',
  offerAccepted: 'messages.reservation_offer_accepted',
  offerRejected: 'messages.reservation_offer_rejected',
  /** The reservation team made a return offer (POST v1/admin/reservations/{id}/return-offer). */
  offerMade: 'messages.reservation_offer_made',
  ruleErrors: 'messages.reservation_errors',
} as const;
export const ReservationActionResponse = Schema.Struct({ message: Schema.String, data: Reservation });
export type ReservationActionResponse = typeof ReservationActionResponse.Type;

/**
 * GET /v1/reservation-info (spec §3 reservation init): the dates that may be reserved (London calendar, both ends
 * included), whether own time windows are available, the vehicle types that may be reserved, and whether the caller
 * may make reservations at all (journey-ready, spec §6).
 */
export const ReservationInfo = Schema.Struct({
  reservation_period: Schema.Struct({ start: Schema.String, end: Schema.String }),
  custom_reservation: Schema.Boolean,
  eligible_vehicle_types: Schema.Array(VehicleType),
  eligible: Schema.Boolean,
  /**
   * Whether the caller may take work now (schemas/work-eligibility.ts: not suspended, documents, a vehicle, terms): a
   * journey-ready partner who may not work cannot reserve either (403 WorkRefusal). Optional so that answers without
   * it still decode.
   */
  work: optional(WorkEligibility),
});
export type ReservationInfo = typeof ReservationInfo.Type;
export const ReservationInfoResponse = Schema.Struct({ data: ReservationInfo });

/** The reservation error code of spec §8: an answer with it carries the list of broken rules. */
export const RESERVATION_RULES_CODE = 101;

/** The reservation-errors catalogue of spec §8, by code, with its English text. */
export const RESERVATION_ERROR_TEXTS = {
  BE_error: 'Sorry, an unexpected error happened, please get in touch with our team',
  location_out_of_range: 'The start or end location is out of range: not a supported valid mainland UK postal code',
  distance_too_large: `The distance is too large (max ${MAX_RESERVATION_DISTANCE_MILES} miles)`,
  distance_too_small: 'The distance is too small (min 0 miles)',
  duration_too_short_for_distance: 'The reservation is too short for the distance',
  private_job_too_close: 'The private job starts or ends too close to the reservation or to each other',
  negative_time_on_site: 'The time on site cannot be negative',
  too_many_private_jobs: `A reservation can have at most ${MAX_PRIVATE_JOBS} private job`,
  private_job_window_too_short: `A pickup or delivery window lasts at least ${MIN_PRIVATE_JOB_WINDOW_HOURS} hours`,
  delivery_window_after_reservation_end: 'The delivery window ends after the reservation',
  reservation_end_too_early: 'The reservation ends too early',
  capacity_too_large: `The capacity is too large (max ${MAX_RESERVATION_CAPACITY_M3} m³)`,
  /** One live reservation per vehicle and day: the day is already reserved for this vehicle (or twice in one request). */
  vehicle_already_reserved: 'This vehicle already has a reservation on this day',
} as const;
export type ReservationErrorCode = keyof typeof RESERVATION_ERROR_TEXTS;
export const ReservationErrorCode = Schema.Literals(
  Object.keys(RESERVATION_ERROR_TEXTS) as [ReservationErrorCode, ...ReservationErrorCode[]],
);

/**
 * One broken rule: its code (and English text), which reservation of the request (`reservation`: index, 0 for an
 * edit; `date`), and the field (`nodes.1.place.postcode`, `externalJobs.0.nodes.1.timeWindowEnd`).
 */
export const ReservationRuleError = Schema.Struct({
  code: ReservationErrorCode,
  message: Schema.String,
  reservation: NonNegativeInt,
  date: Schema.String,
  field: Schema.String,
});
export type ReservationRuleError = typeof ReservationRuleError.Type;

/** 422 `{ message: 'messages.reservation_errors', code: 101, errors: [...] }`: one toast per entry (spec §8). */
export const ReservationRulesFailure = Schema.Struct({
  message: Schema.Literal(RESERVATION_MESSAGES.ruleErrors),
  code: Schema.Literal(RESERVATION_RULES_CODE),
  errors: Schema.Array(ReservationRuleError),
});
export type ReservationRulesFailure = typeof ReservationRulesFailure.Type;

/** Refusals with a plain message (409 unless said). */
export const RESERVATION_REFUSALS = {
  /** Edit or cancel outside the statuses and windows of allowed_actions (spec §8 text). */
  notNow: 'You cannot edit or cancel this job at this time.',
  /** Accept or reject when the reservation has no open offer. */
  noOffer: 'This reservation has no offer to answer.',
  /** Accept or reject after the offer's countdown ended (it is now timed_out). */
  offerExpired: 'This offer has expired.',
  /** 403: the caller may not make reservations (not a journey-ready transport partner, spec §6). */
  notEligible: 'You are not eligible to make reservations.',
  /** The team's return offer on a reservation that is not pending (the lifecycle takes it only from pending). */
  notPending: 'Only a pending reservation can be offered back.',
  /** The team's return offer on a reservation that has started: no time is left to answer it. */
  started: 'This reservation has already started.',
} as const;

/** Shortest and longest time a return offer made by the reservation team may stay open, seconds. */
export const MIN_OFFER_EXPIRY_S = 5;
export const MAX_OFFER_EXPIRY_S = 24 * 3600;

/**
 * POST /v1/admin/reservations/{id}/return-offer (admins only: the reservation team): return a partner's pending
 * reservation with an offer that runs out `expires_in_s` seconds from now (never past the reservation's start). The
 * answer is `{ message, data: Reservation }`, the reservation as its partner now sees it.
 */
export const AdminReturnOfferRequest = Schema.Struct({
  payload: Schema.Struct({
    expires_in_s: Schema.Number.check(
      Schema.isInt({ message: 'expires_in_s is a whole number of seconds' }).abort(),
      Schema.isBetween(
        { minimum: MIN_OFFER_EXPIRY_S, maximum: MAX_OFFER_EXPIRY_S },
        { message: `expires_in_s is between ${MIN_OFFER_EXPIRY_S} and ${MAX_OFFER_EXPIRY_S} seconds` },
      ),
    ),
  }).annotate({ identifier: 'AdminReturnOffer' }),
});
export type AdminReturnOfferRequest = typeof AdminReturnOfferRequest.Type;
