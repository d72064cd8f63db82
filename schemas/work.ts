import { Effect, Schema, SchemaTransformation } from 'effect';
import { Money } from './money';
import { ListingId, SearchCategory } from './listing-basics';
import { MAX_ID, NonNegativeInt, optional, says, StorableText } from './common';

/**
 * Won work (issue 7): the partner's jobs won on the marketplace, assigning a driver, completing them (plainly, with
 * an issue, or with an additional cost), archiving, customer feedback, driver tracking and recommended work. Spec §3
 * (job types, feedback ratings, stop types), §4 (job statuses, listing status codes, job completion), §5 ('Please
 * select a driver'), §6 (customer details removed after the job), §7 "Listings and completion", §8 ('Listing not
 * found', 'Something went wrong, please try again later.'), §9 (suspension 7 days, tracking 24 hours before
 * collection). Requests are decoded by the server, responses by the portal. Instants are ISO 8601 UTC; money is
 * minor units (pence) in `{ amount }`; field names are snake_case like the spec's listing fields.
 *
 * Paths (all with `Authorization: Bearer <token>`):
 *   GET  /ng/api/v3/provider/won-work?tab=&page=&vehicle_id=&driver_id=   WonWorkQuery → WonWorkResponse
 *   GET  /ng/api/v3/provider/won-work/{id}                                → WonJobSheet
 *   GET  /ng/api/v3/provider/won-work/{id}/tracking                       → TrackingResponse
 *   GET  /ng/api/v3/provider/recommended-work                             → RecommendedWorkResponse
 *   POST /ng/api/v3/listings/{id}?action=allocate-driver      AllocateDriverForm → WonJob
 *   POST /ng/api/v3/actions/listings/{id}/complete            CompleteJobRequest → WonJob
 *   POST /ng/api/v3/actions/listings/{id}/complete-with-issue CompleteWithIssueRequest → WonJob
 *   POST /ajax-dashboard-provider-listing-won                 WonListingForm → WonCountResponse
 *   GET  /ajax-provider-do-dash-option/request-feedback/{id}              → FeedbackRequestedResponse
 *   POST /v1/admin/listings/{id}/false-completion  (admins)               → FalseCompletionResponse
 *   POST /v1/admin/listings/{id}/rating  (admins)  RateJobRequest         → 201 JobFeedback
 *
 * Bodies: the two form calls (allocate-driver, listing-won) take `application/x-www-form-urlencoded` as the spec
 * says, or JSON; the others take JSON. A JSON body may come bare (`{ listing_id }`) or under the spec's `payload` key
 * (`{ payload: { listing_id } }`, what the portal's client sends by default): both decode the same.
 *
 * Errors: a job that is not the caller's (or does not exist) is 404 LISTING_NOT_FOUND; a refused rule is WorkError
 * (`{ message, code }`, 403 or 409); bad input is 422 `messages.validation` with `errors` by field.
 */

/**
 * One message for a failed member (Effect's default for a literal union lists every member). In Effect 4 a message
 * names the failure of the schema or check it is given to, not the failures inside it: a schema whose every failure
 * must say one text gives it to each of its parts.
 */

// ---------------------------------------------------------------------------------------------------------------
// Spec texts and limits

/** Spec §8, for a job that is not the caller's (404). */
export const LISTING_NOT_FOUND = { message: 'Listing not found' } as const;
/** Spec §5 "Assign driver". */
export const SELECT_A_DRIVER = 'Please select a driver';
/** Spec §8, what the portal shows when a completion fails for no stated reason. */
export const COMPLETION_FAILED_MESSAGE = 'Something went wrong, please try again later.';
/** Completing before the pickup window opens (issue 7 server rule). */
export const BEFORE_PICKUP_MESSAGE = 'You cannot complete this job before its pickup time.';
/** Completing a job that is already realised, completed or finalised. */
export const ALREADY_COMPLETED_MESSAGE = 'This job has already been completed.';
/** Requesting feedback twice (issue 7: once per job). */
export const FEEDBACK_ALREADY_REQUESTED_MESSAGE = 'Feedback has already been requested for this job.';
/** Spec §9: a completion later found false suspends the account for this many days. */
export const SUSPENSION_DAYS = 7;
/** Spec §9: journey (and job) tracking is available from this long before collection. */
export const TRACKING_WINDOW_HOURS = 24;
/** The demo driver's average speed between pickup and delivery (the seed's journeys use the same 35 mph). */
export const TRACKING_SPEED_MPH = 35;
/** Rows per page of the won-work list (spec §9's page size). */
export const WON_WORK_PAGE_SIZE = 20;
/** The most rows recommended work answers. */
export const MAX_RECOMMENDED_ROWS = 10;
/** The longest issue text or additional-cost reason. */
export const MAX_COMPLETION_TEXT = 1000;
/** The largest additional cost a partner may charge the customer at completion: £500, in pence. */
export const MAX_EXTRA_CHARGE_PENCE = 50_000;
/** The longest customer comment on a rating. */
export const MAX_RATING_COMMENT = 2000;
/** Spec §7 complete-with-issue constants: the issue type and who is responsible. */
export const COMPLETION_ISSUE_TYPE = 5;
export const COMPLETION_ISSUE_RESPONSIBLE = 2;
/** Spec §7: the issue sub-type of "complete with additional cost". */
export const CHARGE_CUSTOMER_EXTRA = 'charge_customer_extra';

/** The suspension message (403 `suspended`), naming the day and time it ends in London. */
export const suspendedMessage = (until: Date): string =>
  `Your account is suspended until ${until.toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })} (London time) after a false completion: you cannot complete jobs until then.`;

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces

/** Spec §4 job statuses. A won job is allocated, in_realisation, realised, completed or finalised. */
export const JOB_STATUSES = [
  'draft',
  'pending_allocation',
  'click_and_claim',
  'allocated',
  'in_realisation',
  'realised',
  'completed',
  'finalised',
  'disbanded',
] as const;
export const JobStatus = Schema.Literals(JOB_STATUSES).annotate(says('Unknown job status'));
export type JobStatus = typeof JobStatus.Type;
/** Won work still to carry out (the active tab; drivers can be changed, the job completed). */
export const ACTIVE_JOB_STATUSES = ['allocated', 'in_realisation'] as const;
/** Won work carried out (the completed tab; archive and feedback). */
export const DONE_JOB_STATUSES = ['realised', 'completed', 'finalised'] as const;

/**
 * Spec §4 listing status codes (the auction-lost code, deprecated, is left out). The server answers: ALLOCATED for
 * allocated, in_realisation and realised jobs; COMPLETED for completed and finalised; HIDDEN for an archived job;
 * ACTIVE for a live quote's auction still open; EXPIRED for a quote on an auction whose pickup window closed with no
 * winner. The other codes are part of the vocabulary but not produced by the reference server.
 */
export const ListingStatusCode = Schema.Literals([
  'PENDING',
  'ACTIVE',
  'EXPIRED',
  'COMPLETED',
  'HIDDEN',
  'ALLOCATED',
  'SUSPENDED',
  'BUY_IT_NOW_ACTIVE',
  'BUY_IT_NOW_COMPLETED',
]).annotate(says('Unknown listing status code'));
export type ListingStatusCode = typeof ListingStatusCode.Type;

/** The won-work tabs (spec §2 my jobs: active, completed, live quotes). */
export const WON_WORK_TABS = ['active', 'completed', 'live_quotes'] as const;
export const WonWorkTab = Schema.Literals(WON_WORK_TABS).annotate(
  says(`The tab is one of ${WON_WORK_TABS.join(', ')}`),
);
export type WonWorkTab = typeof WonWorkTab.Type;

/**
 * One stop of a job (spec §3 stop types pickup and delivery). `postcode_area`: the first part of the postcode
 * (`M1`). Pickup dates are the customer's pickup window; delivery dates are the estimate of that window moved by
 * the drive at TRACKING_SPEED_MPH over the job's road distance.
 */
export const WonJobStop = Schema.Struct({
  type: Schema.Literals(['pickup', 'delivery']),
  town: Schema.String,
  postcode_area: Schema.NullOr(Schema.String),
  lat: Schema.Number,
  lng: Schema.Number,
  date_start: Schema.String,
  date_end: Schema.String,
});
export type WonJobStop = typeof WonJobStop.Type;

/** The driver on a job: `user_id` is the driver's id (drivers have no sign-in; the key of the driver colour). */
export const WonJobDriver = Schema.Struct({ user_id: Schema.Number, full_name: Schema.String });
export type WonJobDriver = typeof WonJobDriver.Type;

/** The vehicle the job was booked with (GET ts/public/v1/vehicles ids), the key of the vehicle colour. */
export const WonJobVehicle = Schema.Struct({ id: Schema.Number, registration_number: Schema.String });
export type WonJobVehicle = typeof WonJobVehicle.Type;

/** A rating of spec §3's four feedback criteria, 1 to 5 stars. */
export const Stars = Schema.Number.check(
  Schema.isInt({ message: 'A rating is a whole number of stars' }).abort(),
  Schema.isBetween({ minimum: 1, maximum: 5 }, { message: 'A rating is 1 to 5 stars' }),
);
export const FEEDBACK_CRITERIA = ['punctuality', 'communication', 'care_of_goods', 'presentation'] as const;
export type FeedbackCriterion = (typeof FEEDBACK_CRITERIA)[number];

/** The customer's rating of one job. */
export const CustomerRating = Schema.Struct({
  punctuality: Stars,
  communication: Stars,
  care_of_goods: Stars,
  presentation: Stars,
  comment: Schema.NullOr(Schema.String),
  rated_at: Schema.String,
});
export type CustomerRating = typeof CustomerRating.Type;

/** Feedback on one job: when the partner asked the customer for it (once), and the rating once it came. */
export const JobFeedback = Schema.Struct({
  requested_at: Schema.NullOr(Schema.String),
  rating: Schema.NullOr(CustomerRating),
});
export type JobFeedback = typeof JobFeedback.Type;

/**
 * What the caller can do with the job now, decided by the server (the portal shows these buttons only):
 * - `allocate_driver`: an active job (allocated or in_realisation);
 * - `complete`: an active job of a partner who is not suspended. The pickup-time rule is checked when the partner
 *   submits (409 `before_pickup` before `completable_from`), so the refusal can be shown with its message;
 * - `archive`: a realised, completed or finalised job not archived yet;
 * - `request_feedback`: a realised, completed or finalised job whose feedback was not requested yet.
 * All false on a live quote.
 */
export const WonJobActions = Schema.Struct({
  allocate_driver: Schema.Boolean,
  complete: Schema.Boolean,
  archive: Schema.Boolean,
  request_feedback: Schema.Boolean,
});
export type WonJobActions = typeof WonJobActions.Type;

/**
 * One row of won work, or of the caller's live quotes (then `price` is the quote, `driver` and `vehicle` are null,
 * every `can` is false, and `job_status` is the auction's own, pending_allocation).
 * - `pickup_date`: start of the customer's pickup window; `completable_from` the same instant (completing earlier
 *   is refused); `planned_pickup_at`: the time the partner set with allocate-driver's `pickup_date`, else null.
 * - `realised_at`: when the partner completed it (job status realised); `completed_at`: when the platform closed it
 *   (completed, finalised). Both null while active.
 * - `extra_charge` / `issue_text`: what a completion with an issue recorded (an additional cost in pence, the text).
 * - `tracking_from`: the pickup minus TRACKING_WINDOW_HOURS; tracking shows a position from then.
 * - `archived_at`: set on an archived job (listing_status HIDDEN); archived jobs leave the tabs.
 */
export const WonJob = Schema.Struct({
  listing_id: ListingId,
  kind: Schema.Literals(['instant', 'auction']),
  category: SearchCategory,
  job_status: JobStatus,
  listing_status: ListingStatusCode,
  stops: Schema.Array(WonJobStop),
  price: Money,
  volume_m3: Schema.Number,
  distance_m: Schema.Number,
  driver: Schema.NullOr(WonJobDriver),
  vehicle: Schema.NullOr(WonJobVehicle),
  pickup_date: Schema.String,
  planned_pickup_at: Schema.NullOr(Schema.String),
  completable_from: Schema.String,
  realised_at: Schema.NullOr(Schema.String),
  completed_at: Schema.NullOr(Schema.String),
  archived_at: Schema.NullOr(Schema.String),
  extra_charge: Schema.NullOr(Money),
  issue_text: Schema.NullOr(Schema.String),
  feedback: JobFeedback,
  can: WonJobActions,
  tracking_from: Schema.String,
});
export type WonJob = typeof WonJob.Type;

/**
 * The customer of a job, shown only while it is allocated or in realisation (spec §6: removed for data protection
 * afterwards). Null then, and for a job the reference server has no customer for.
 */
export const JobCustomer = Schema.Struct({ first_name: Schema.String, phone: Schema.String });
export type JobCustomer = typeof JobCustomer.Type;

/** GET won-work/{id}: the job sheet, the row plus its description (plain English) and the customer. */
export const WonJobSheet = Schema.Struct({
  ...WonJob.fields,
  description: Schema.String,
  customer: Schema.NullOr(JobCustomer),
});
export type WonJobSheet = typeof WonJobSheet.Type;

// ---------------------------------------------------------------------------------------------------------------
// The list

/**
 * A whole number from a query or form string (`"12"`), or a JSON number; at most MAX_ID (an integer column).
 * Every failure (not a number, not whole, not above 0, too large) says `message`, as one issue: the checks stop at
 * the first that fails.
 */
const idFromText = (message: string) =>
  Schema.Union([Schema.Number, Schema.NumberFromString])
    .annotate(says(message))
    .check(
      Schema.isInt(says(message)).abort(),
      Schema.isGreaterThan(0, says(message)).abort(),
      Schema.isLessThanOrEqualTo(MAX_ID, says(message)),
    );

/** An optional id filter of a query: absent or `''` (an empty select) means no filter. */
const optionalIdFilter = (what: string) =>
  optional(
    Schema.Union([
      Schema.Literal('').pipe(
        Schema.decodeTo(Schema.Null, SchemaTransformation.transform({ decode: () => null, encode: () => '' as const })),
      ),
      idFromText(`${what} is a positive whole number`),
    ]).annotate(says(`${what} is a positive whole number`)),
  );

const PAGE_MESSAGE = 'page must be a whole number from 1';

/**
 * The won-work query: `tab` (default active), `page` from 1 (default 1), and the optional filters `vehicle_id` (the
 * vehicle the job was booked with) and `driver_id` (the driver on it), empty meaning none. The filters apply to the
 * active and completed tabs; live quotes have no vehicle or driver and ignore them.
 */
export const WonWorkQuery = Schema.Struct({
  tab: WonWorkTab.pipe(Schema.withDecodingDefaultKey(Effect.succeed('active' as const))),
  page: Schema.NumberFromString.pipe(Schema.annotateEncoded(says(PAGE_MESSAGE)))
    .check(
      Schema.isInt(says(PAGE_MESSAGE)).abort(),
      Schema.isBetween({ minimum: 1, maximum: 100_000 }, says(PAGE_MESSAGE)),
    )
    .pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(1))),
  vehicle_id: optionalIdFilter('vehicle_id'),
  driver_id: optionalIdFilter('driver_id'),
});
export type WonWorkQuery = typeof WonWorkQuery.Type;

/** How many rows each tab holds with the same filters (archived jobs in none). */
export const WonWorkCounts = Schema.Struct({
  active: NonNegativeInt,
  completed: NonNegativeInt,
  live_quotes: NonNegativeInt,
});
export type WonWorkCounts = typeof WonWorkCounts.Type;

/**
 * GET won-work: one page of one tab. Active: allocated and in_realisation jobs, pickup soonest first. Completed:
 * realised, completed and finalised jobs, most recently completed first. Live quotes: the caller's quotes on
 * auctions nobody has won, open ones (ACTIVE) and those closed in the last 7 days (EXPIRED), pickup soonest first.
 */
export const WonWorkResponse = Schema.Struct({
  rows: Schema.Array(WonJob),
  rows_total: NonNegativeInt,
  page: Schema.Number,
  page_size: Schema.Number,
  counts: WonWorkCounts,
});
export type WonWorkResponse = typeof WonWorkResponse.Type;

// ---------------------------------------------------------------------------------------------------------------
// Request bodies

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Takes a JSON body bare or under the spec's `payload` key (spec §7: "Bodies travel under a payload key"; issue 7
 * shows them bare): `{ payload: X }` decodes as `X`. Fields named in `nullMeansAbsent` are dropped when null, before
 * the body is decoded (one message for a wrong value, not a second one saying it is not null). Encoding gives the
 * bare form.
 */
const bareOrUnderPayload = <A, I>(body: Schema.Codec<A, I>, nullMeansAbsent: readonly string[] = []) =>
  Schema.Unknown.pipe(
    Schema.decodeTo(
      Schema.Unknown,
      SchemaTransformation.transform({
        decode: (value) => {
          const bare = isRecord(value) && isRecord(value.payload) ? value.payload : value;
          if (!isRecord(bare) || !nullMeansAbsent.some((field) => bare[field] === null)) return bare;
          return Object.fromEntries(
            Object.entries(bare).filter(([field, v]) => !(v === null && nullMeansAbsent.includes(field))),
          );
        },
        encode: (value) => value,
      }),
    ),
    Schema.decodeTo(body),
  );

const listingIdField = idFromText('listing_id is the id of the job');

/** A form flag: `1`/`0`, `true`/`false` as text, or a JSON boolean or 0/1. */
const formFlag = Schema.Union([
  Schema.Boolean,
  Schema.Literals([0, 1])
    .annotate(says('countOnly is 1 or 0'))
    .pipe(
      Schema.decodeTo(
        Schema.Boolean,
        SchemaTransformation.transform({ decode: (n) => n === 1, encode: (b) => (b ? 1 : 0) }),
      ),
    ),
  Schema.Literals(['1', '0', 'true', 'false', ''])
    .annotate(says('countOnly is 1 or 0'))
    .pipe(
      Schema.decodeTo(
        Schema.Boolean,
        SchemaTransformation.transform({
          decode: (s) => s === '1' || s === 'true',
          encode: (b) => (b ? ('1' as const) : ('0' as const)),
        }),
      ),
    ),
]).annotate(says('countOnly is 1 or 0'));

/**
 * A planned pickup time: an ISO 8601 instant with its offset (`2026-11-20T08:00:00Z`), or a London wall-clock time
 * `yyyy-MM-dd HH:mm` (`T` or a space, seconds optional; spec §5 date forms). Decoded as the text; the server
 * resolves it to an instant and checks it lies within the job's pickup window.
 */
export const PICKUP_DATE_PATTERN = /^\d{4}[-/]\d{2}[-/]\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;
export const PICKUP_DATE_MESSAGE = 'Give the pickup time as yyyy-MM-dd HH:mm';
const PickupDate = StorableText.check(
  Schema.makeFilter((s) => PICKUP_DATE_PATTERN.test(s), { message: PICKUP_DATE_MESSAGE }),
);

/**
 * POST /ng/api/v3/listings/{id}?action=allocate-driver (spec §7 form): `listing_id` (the id in the path),
 * `user_id` (one of the caller's active drivers: missing is 422 `Please select a driver`), and an optional
 * `pickup_date` (the planned pickup, within the customer's window; empty means none). Form fields are text.
 */
export const AllocateDriverForm = bareOrUnderPayload(
  Schema.Struct({
    listing_id: listingIdField,
    user_id: idFromText(SELECT_A_DRIVER).annotateKey({ messageMissingKey: SELECT_A_DRIVER }),
    pickup_date: optional(Schema.Union([Schema.Literal(''), PickupDate]).annotate(says(PICKUP_DATE_MESSAGE))),
  }).annotate({ identifier: 'AllocateDriver' }),
);
export type AllocateDriverForm = typeof AllocateDriverForm.Type;

/** POST …/complete: `{ listing_id }` (the id in the path). */
export const CompleteJobRequest = bareOrUnderPayload(
  Schema.Struct({ listing_id: listingIdField }).annotate({ identifier: 'CompleteJob' }),
);
export type CompleteJobRequest = typeof CompleteJobRequest.Type;

const CompletionText = StorableText.check(
  Schema.makeFilter((s: string) => s.trim().length > 0, { message: 'Please describe what happened' }).abort(),
  Schema.isMaxLength(MAX_COMPLETION_TEXT, { message: `The text is at most ${MAX_COMPLETION_TEXT} characters` }),
);

/**
 * The additional cost: MinorUnits (a whole number of pence, branded MinorUnits), built here rather than from
 * `MinorUnits` so that a value that is not a number, or not whole, says WHOLE_PENCE_MESSAGE (Effect 4 cannot replace
 * the messages of MinorUnits' own number and integer check from outside).
 */
const WHOLE_PENCE_MESSAGE = 'The additional cost is a whole number of pence';
const ExtraChargeAmount = Schema.Number.annotate(says(WHOLE_PENCE_MESSAGE))
  .check(
    Schema.isInt(says(WHOLE_PENCE_MESSAGE)).abort(),
    Schema.isGreaterThan(0, { message: 'The additional cost must be more than 0' }).abort(),
    Schema.isLessThanOrEqualTo(MAX_EXTRA_CHARGE_PENCE, {
      message: `The additional cost is at most £${MAX_EXTRA_CHARGE_PENCE / 100}`,
    }),
  )
  .pipe(Schema.brand('MinorUnits'));

/**
 * POST …/complete-with-issue (spec §7): `listing_id`, `text` (1 to 1000 characters), `type` 5, `sub_type`
 * (`charge_customer_extra` for "complete with additional cost", null for "complete with issue"), `responsible` 2,
 * `listingCart: { items: [] }` (optional, empty), and `extra_charge: { amount }` in pence (1 to 50,000; null is
 * absent), required with `charge_customer_extra` and refused without it. `text` is then the reason for the cost.
 */
export const CompleteWithIssueRequest = bareOrUnderPayload(
  Schema.Struct({
    listing_id: listingIdField,
    text: CompletionText.annotateKey({ messageMissingKey: 'Please describe what happened' }),
    type: Schema.Literal(COMPLETION_ISSUE_TYPE).annotate(says(`type must be ${COMPLETION_ISSUE_TYPE}`)),
    sub_type: Schema.NullOr(Schema.Literal(CHARGE_CUSTOMER_EXTRA)).annotate(
      says(`sub_type is ${CHARGE_CUSTOMER_EXTRA} or null`),
    ),
    responsible: Schema.Literal(COMPLETION_ISSUE_RESPONSIBLE).annotate(
      says(`responsible must be ${COMPLETION_ISSUE_RESPONSIBLE}`),
    ),
    listingCart: optional(
      Schema.Struct({
        items: Schema.Array(Schema.Unknown).check(
          Schema.makeFilter((items) => items.length === 0 || 'The cart is empty'),
        ),
      }),
    ),
    extra_charge: optional(Schema.Struct({ amount: ExtraChargeAmount })),
  })
    .annotate({ identifier: 'CompleteWithIssue' })
    .check(
      Schema.makeFilter((body) => {
        const charged = body.extra_charge != null;
        if (body.sub_type === CHARGE_CUSTOMER_EXTRA && !charged)
          return { path: ['extra_charge'], issue: 'Enter the additional cost' };
        if (body.sub_type !== CHARGE_CUSTOMER_EXTRA && charged)
          return { path: ['extra_charge'], issue: `An additional cost needs sub_type ${CHARGE_CUSTOMER_EXTRA}` };
        return undefined;
      }),
    ),
  ['extra_charge'],
);
export type CompleteWithIssueRequest = typeof CompleteWithIssueRequest.Type;

/**
 * POST /ajax-dashboard-provider-listing-won (spec §7 form): `countOnly=1` alone answers the count; `listing_id`
 * with `action=archive` archives that job first (realised, completed or finalised only), then answers the count.
 */
export const WonListingForm = bareOrUnderPayload(
  Schema.Struct({
    countOnly: optional(formFlag),
    listing_id: optional(listingIdField),
    action: optional(Schema.Literal('archive').annotate(says('The action must be archive'))),
  })
    .annotate({ identifier: 'WonListing' })
    .check(
      Schema.makeFilter((form) => {
        if (form.action !== undefined && form.listing_id === undefined)
          return { path: ['listing_id'], issue: 'Say which job to archive' };
        if (form.listing_id !== undefined && form.action === undefined)
          return { path: ['action'], issue: 'The action must be archive' };
        return undefined;
      }),
    ),
);
export type WonListingForm = typeof WonListingForm.Type;

/** POST /ajax-dashboard-provider-listing-won → the caller's active won jobs (allocated, in_realisation). */
export const WonCountResponse = Schema.Struct({ count: NonNegativeInt });
export type WonCountResponse = typeof WonCountResponse.Type;

/** GET request-feedback/{id} → 200: the customer has been asked (once per job). */
export const FeedbackRequestedResponse = Schema.Struct({ listing_id: ListingId, requested_at: Schema.String });
export type FeedbackRequestedResponse = typeof FeedbackRequestedResponse.Type;

/**
 * POST /v1/admin/listings/{id}/rating (admins): the customer's rating, once per job whose feedback was asked; a null
 * or absent comment is none.
 */
export const RateJobRequest = bareOrUnderPayload(
  Schema.Struct({
    punctuality: Stars,
    communication: Stars,
    care_of_goods: Stars,
    presentation: Stars,
    comment: optional(
      StorableText.check(
        Schema.isMaxLength(MAX_RATING_COMMENT, {
          message: `The comment is at most ${MAX_RATING_COMMENT} characters`,
        }),
      ),
    ),
  }).annotate({ identifier: 'RateJob' }),
  ['comment'],
);
export type RateJobRequest = typeof RateJobRequest.Type;

/**
 * POST /v1/admin/listings/{id}/false-completion (admins, spec §9): the job goes back to allocated with its completion
 * cleared (issue, feedback and rating too), and its partner is suspended for SUSPENSION_DAYS from now.
 */
export const FalseCompletionResponse = Schema.Struct({
  listing_id: ListingId,
  job_status: JobStatus,
  suspended_until: Schema.String,
});
export type FalseCompletionResponse = typeof FalseCompletionResponse.Type;

// ---------------------------------------------------------------------------------------------------------------
// Tracking and recommended work

/**
 * Where the driver is, as far as the demo knows:
 * - `before_window`: earlier than `available_from` (pickup − 24 h, spec §9): no position;
 * - `no_driver`: an active job without a driver: no position;
 * - `not_active`: the job is realised, completed or finalised: tracking has ended, no position;
 * - `at_pickup`: inside the window but before the pickup starts: the pickup point;
 * - `on_the_way`: between the pickup start and the arrival (road distance at 35 mph): on the straight line;
 * - `arrived`: after the estimated arrival: the delivery point.
 */
export const TrackingState = Schema.Literals([
  'before_window',
  'no_driver',
  'not_active',
  'at_pickup',
  'on_the_way',
  'arrived',
]);
export type TrackingState = typeof TrackingState.Type;

export const DriverPosition = Schema.Struct({ lat: Schema.Number, lng: Schema.Number, recorded_at: Schema.String });
export type DriverPosition = typeof DriverPosition.Type;

/** GET won-work/{id}/tracking: the driver's last known position (computed from the server's clock). */
export const TrackingResponse = Schema.Struct({
  available_from: Schema.String,
  state: TrackingState,
  position: Schema.NullOr(DriverPosition),
});
export type TrackingResponse = typeof TrackingResponse.Type;

/**
 * Why a job is recommended: `on_your_route` (its pickup is near where one of the caller's active jobs delivers, the
 * same day or later), `near_base` (its pickup is near the caller's registered address or a vehicle's base),
 * `fits_vehicle` (within reach of a base, and a load that fills at least half the caller's largest vehicle).
 */
export const RecommendationReason = Schema.Literals(['near_base', 'on_your_route', 'fits_vehicle']);
export type RecommendationReason = typeof RecommendationReason.Type;

export const RecommendedJob = Schema.Struct({
  listing_id: ListingId,
  kind: Schema.Literals(['instant', 'auction']),
  category: SearchCategory,
  stops: Schema.Array(WonJobStop),
  price: Money,
  volume_m3: Schema.Number,
  distance_m: Schema.Number,
  pickup_date: Schema.String,
  reason: RecommendationReason,
});
export type RecommendedJob = typeof RecommendedJob.Type;

/**
 * GET recommended-work: up to MAX_RECOMMENDED_ROWS open marketplace jobs that fit the caller (volume within its
 * largest approved vehicle), soonest pickup first. No approved vehicle, no recommendations.
 */
export const RecommendedWorkResponse = Schema.Struct({ rows: Schema.Array(RecommendedJob) });
export type RecommendedWorkResponse = typeof RecommendedWorkResponse.Type;

// ---------------------------------------------------------------------------------------------------------------
// Refusals

/**
 * Why a won-work call was refused, with a `message` to show:
 * - `before_pickup` (409): BEFORE_PICKUP_MESSAGE; `completable_from` says when.
 * - `already_completed` (409): ALREADY_COMPLETED_MESSAGE.
 * - `suspended` (403): suspendedMessage(until); `suspended_until` is the instant.
 * - `not_active` (409): a driver change on a job that is no longer active.
 * - `not_completed` (409): archive, feedback or an admin's false completion on a job that is not completed.
 * - `already_requested` (409): FEEDBACK_ALREADY_REQUESTED_MESSAGE.
 * - `feedback_not_requested` (409), `already_rated` (409): the admin's rating tool.
 * - `idempotency_key_in_progress` (409): the first completion with this Idempotency-Key has not finished yet.
 */
export const WorkErrorCode = Schema.Literals([
  'before_pickup',
  'already_completed',
  'suspended',
  'not_active',
  'not_completed',
  'already_requested',
  'feedback_not_requested',
  'already_rated',
  'idempotency_key_in_progress',
]);
export type WorkErrorCode = typeof WorkErrorCode.Type;
export const WorkError = Schema.Struct({
  message: Schema.String,
  code: WorkErrorCode,
  completable_from: optional(Schema.String),
  suspended_until: optional(Schema.String),
});
export type WorkError = typeof WorkError.Type;
