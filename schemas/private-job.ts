import { Effect, Option, Schema, SchemaParser, SchemaTransformation } from 'effect';
import { DriverId } from './driver';
import { ProviderVehicleId } from './vehicle';
import {
  MAX_RESERVATION_CAPACITY_M3,
  MIN_PRIVATE_JOB_WINDOW_HOURS,
  RESERVATION_ERROR_TEXTS,
  ReservationPlace,
  ReservationPlaceInput,
  TIME_ON_SITE_OPTIONS_S,
  TimeOrAnytime,
} from './reservation';
import { UK_POSTCODE_MESSAGE } from './postcode';
import { CalendarDate, says, StorableText } from './common';

/**
 * Private (external) jobs on their own, outside a reservation, and the private work preferences (issue 7; spec §3
 * "External (private) job" and its payload, §5 "External job valid only if pickup and delivery start and end times,
 * locations and on-site times are all set" and "private job windows at least 2 hours", §9 time on site options).
 * A private job inside a reservation (`Reservation.externalJobs`, schemas/reservation.ts) is the same payload; the
 * pieces are shared from there (place, time, on-site options, the 2-hour and 40 m³ limits).
 *
 * Requests are decoded by the server (bodies under `payload`, spec §7), responses by the portal. Instants are ISO
 * 8601 UTC (`2026-11-20T10:00:00.000Z`) on the way out; any ISO 8601 instant with its offset is taken in.
 *
 * Paths (all with `Authorization: Bearer <token>`; a partner sees and changes only its own private jobs, another
 * partner's uuid is 404 like a missing one):
 *   GET    /ng/api/v3/provider/private-jobs?from=yyyy-MM-dd&to=yyyy-MM-dd  PrivateJobListQuery → PrivateJobList
 *   GET    /ng/api/v3/provider/private-jobs/{uuid}                                            → PrivateJob
 *   POST   /ng/api/v3/provider/private-jobs           PrivateJobRequest  → 201 PrivateJob
 *   PUT    /ng/api/v3/provider/private-jobs/{uuid}     PrivateJobRequest  → 200 PrivateJob
 *   DELETE /ng/api/v3/provider/private-jobs/{uuid}                        → 204 (soft delete)
 *   GET    /ng/api/v3/provider/private-work-preferences                   → PrivateWorkPreferences
 *   PUT    /ng/api/v3/provider/private-work-preferences  PrivateWorkPreferencesRequest → PrivateWorkPreferences
 *
 * The client makes the uuid (PrivateJobUuid). POSTing a uuid again with the same body is a replay: the same 201 and
 * the private job as it is now, still one row. The same uuid with another body is 409 PRIVATE_JOB_REFUSALS.uuidTaken.
 * Bad input is 422 `{ message: 'messages.validation', errors: { field: [message] } }`; the fields are the payload's
 * paths (`nodes.1.timeWindowEnd`, `vehicle_id`) and the messages are PRIVATE_JOB_MESSAGES, worded for partners, so
 * the portal can show them as they come.
 */

/**
 * `schema` or null. Unlike Schema.NullOr, a value that is neither reports only the schema's own issues (NullOr
 * reports a value of another type as the union's "Expected … | null", a message a partner has no use for). The
 * input is taken as unknown and handed to `schema` (or kept as null) by a transformation; the cast states the
 * encoded side it really accepts and produces (`I | null`, not unknown).
 */
const orNull = <A, I>(schema: Schema.Codec<A, I>): Schema.Codec<A | null, I | null> =>
  Schema.Unknown.pipe(
    Schema.decodeTo(
      Schema.NullOr(Schema.toType(schema)),
      SchemaTransformation.transformEffect({
        decode: (input, options) =>
          input === null ? Effect.succeed(null) : SchemaParser.decodeUnknownEffect(schema)(input, options),
        encode: (value, options) =>
          value === null ? Effect.succeed(null) : SchemaParser.encodeUnknownEffect(schema)(value, options),
      }),
    ),
  ) as unknown as Schema.Codec<A | null, I | null>;

/**
 * An optional field that may also be null; both read as null. (Not Schema.withDecodingDefaultKey: it would also read
 * a present `undefined` as null, which orNull refuses with the schema's own message.)
 */
const nullable = <A, I>(schema: Schema.Codec<A, I>) => {
  const field = orNull(schema);
  return Schema.optionalKey(field).pipe(
    Schema.decodeTo(
      Schema.toType(field),
      SchemaTransformation.transformOptional({
        decode: (value) => Option.some(Option.getOrElse(value, () => null)),
        encode: (value) => value,
      }),
    ),
  );
};

/** Spec §5 and §9: each private job window lasts at least this long. */
export const MIN_PRIVATE_WINDOW_HOURS = MIN_PRIVATE_JOB_WINDOW_HOURS;
/** A private job carries at most what a reservation may (spec §9 capacity cap, m³). */
export const MAX_PRIVATE_JOB_VOLUME_M3 = MAX_RESERVATION_CAPACITY_M3;
/** Spec §9 time on site options (5 minutes to 2 hours), in seconds. */
export const PRIVATE_ON_SITE_OPTIONS_S = TIME_ON_SITE_OPTIONS_S;
export type OnSiteOption = (typeof TIME_ON_SITE_OPTIONS_S)[number];
/** Longest title a private job may have. */
export const MAX_PRIVATE_JOB_TITLE_LENGTH = 100;

/** An option as people read it: 300 → `5 min`, 4500 → `1h 15 min`. */
export const onSiteText = (seconds: number): string => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours}h` : `${hours}h ${minutes} min`;
};

/**
 * Every message a refused private job or preference can carry, by rule. The server answers with these texts; the
 * portal shows them as they are (and may use the same texts for its own checks before sending).
 */
export const PRIVATE_JOB_MESSAGES = {
  nodesCount: 'A private job has two stops: a pickup and a delivery',
  pickupFirst: 'The first stop is the pickup (sortOrder 1)',
  deliverySecond: 'The second stop is the delivery (sortOrder 2)',
  placeMissing: 'Choose a place for this stop',
  postcodeFormat: UK_POSTCODE_MESSAGE,
  postcodeOutOfRange: RESERVATION_ERROR_TEXTS.location_out_of_range.replace('The start or end location', 'This place'),
  windowStartMissing: 'Choose when the window opens',
  windowEndMissing: 'Choose when the window closes',
  windowEndBeforeStart: 'The window must close after it opens',
  windowTooShort: `A pickup or delivery window lasts at least ${MIN_PRIVATE_JOB_WINDOW_HOURS} hours`,
  deliveryBeforePickup: 'The delivery window cannot close before the pickup window opens',
  onSiteMissing: 'Choose the time on site',
  onSiteNegative: RESERVATION_ERROR_TEXTS.negative_time_on_site,
  onSiteNotAnOption: `Choose a time on site from the list (${PRIVATE_ON_SITE_OPTIONS_S.map(onSiteText).join(', ')})`,
  volumeNotPositive: 'The volume is more than 0 m³',
  volumeTooLarge: `The volume is at most ${MAX_PRIVATE_JOB_VOLUME_M3} m³`,
  vehicleNotOwn: 'Choose one of your vehicles',
  driverNotOwn: 'Choose one of your active drivers',
  vehicleBusy:
    'This vehicle has marketplace work at that time. Choose another vehicle, or stop blocking overlaps in your private work preferences',
  uuidMismatch: 'The uuid in the body must be the one in the address',
} as const;

/** Refusals with a plain message: 409 (a uuid used for another private job). */
export const PRIVATE_JOB_REFUSALS = {
  uuidTaken: 'This uuid belongs to another private job. Make a new uuid for a new private job.',
  uuidDeleted: 'This private job was deleted. Make a new uuid to create it again.',
} as const;

// Requests.

/**
 * A uuid made by the client (RFC 4122 form: 8-4-4-4-12 hex digits), matched without regard to case. Schema.isGUID
 * checks that form, as Effect 3's Schema.UUID did (Schema.isUUID would also demand version and variant digits).
 */
export const PrivateJobUuid = Schema.String.annotate(says('A private job uuid is a UUID'))
  .check(Schema.isGUID(says('A private job uuid is a UUID')))
  .pipe(Schema.brand('PrivateJobUuid'));
export type PrivateJobUuid = typeof PrivateJobUuid.Type;

const OnSiteSeconds = Schema.Number.check(
  Schema.isInt({ message: 'Time on site is a whole number of seconds' }).abort(),
  Schema.isBetween({ minimum: -86_400, maximum: 86_400 }, { message: 'Time on site is at most a day' }),
);

/**
 * One stop as sent. Everything a partner fills in may be missing or null here (or a time `anytime`, as inside a
 * reservation): the rules then name the field (PRIVATE_JOB_MESSAGES), so a half-filled form gets one clear message
 * per gap rather than a type error. `place.postcode` must be a full UK postcode (spec §5 message).
 */
export const PrivateJobNodeInput = Schema.Struct({
  place: nullable(ReservationPlaceInput),
  sortOrder: Schema.Number.check(Schema.isInt({ message: 'sortOrder is 1 or 2' })),
  nodeType: Schema.Literals(['pickup', 'delivery']).annotate(says('nodeType is pickup or delivery')),
  timeWindowStart: nullable(TimeOrAnytime),
  timeWindowEnd: nullable(TimeOrAnytime),
  durationOnSiteInSeconds: nullable(OnSiteSeconds),
}).annotate({ identifier: 'PrivateJobNodeInput' });
export type PrivateJobNodeInput = typeof PrivateJobNodeInput.Type;

/** More stops than this is not a private job at all (the rules want exactly two). */
const MAX_NODES_IN_PAYLOAD = 10;

/**
 * The spec §3 payload (uuid, volumeInM3, two nodes) plus, beyond the spec, the partner's own vehicle and driver
 * (`driver_id` is ProviderDriver.id) and a short title for the calendar. The server's rules
 * (server/private-jobs/private-job-rules.ts) decide the rest.
 */
export const PrivateJobInput = Schema.Struct({
  uuid: PrivateJobUuid,
  volumeInM3: Schema.Number.annotate(says('The volume is a number of m³')),
  nodes: Schema.Array(PrivateJobNodeInput).check(
    Schema.isMaxLength(MAX_NODES_IN_PAYLOAD, { message: PRIVATE_JOB_MESSAGES.nodesCount }),
  ),
  vehicle_id: nullable(ProviderVehicleId),
  driver_id: nullable(DriverId),
  title: nullable(
    StorableText.pipe(
      Schema.decodeTo(Schema.Trim),
      Schema.check(
        Schema.isMaxLength(MAX_PRIVATE_JOB_TITLE_LENGTH, {
          message: `A title is at most ${MAX_PRIVATE_JOB_TITLE_LENGTH} characters`,
        }),
      ),
    ),
  ),
}).annotate({ identifier: 'PrivateJobInput' });
export type PrivateJobInput = typeof PrivateJobInput.Type;
/** What the portal sends under `payload` (the encoded side: plain strings and numbers). */
export type PrivateJobPayload = typeof PrivateJobInput.Encoded;

/** POST /ng/api/v3/provider/private-jobs and PUT …/{uuid}. */
export const PrivateJobRequest = Schema.Struct({ payload: PrivateJobInput });
export type PrivateJobRequest = typeof PrivateJobRequest.Type;

/** Most London calendar days one private-job list or calendar read may span (both ends included). */
export const MAX_RANGE_DAYS = 62;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
/** How many London calendar days `from` to `to` spans, both included (`2026-11-01` to `2026-11-01` is 1). */
export const rangeDays = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1;

/**
 * The checks every date range of these endpoints shares: `to` not before `from`, at most MAX_RANGE_DAYS days.
 * A Schema.makeFilter predicate: `Schema.Struct({ from, to }).check(Schema.makeFilter(dateRangeFilter))`.
 */
export const dateRangeFilter = (range: { readonly from: string; readonly to: string }): Schema.FilterOutput => {
  if (range.to < range.from) return { path: ['to'], issue: 'The end date is before the start date' };
  if (rangeDays(range.from, range.to) > MAX_RANGE_DAYS)
    return { path: ['to'], issue: `A range is at most ${MAX_RANGE_DAYS} days` };
  return true;
};

/**
 * GET /ng/api/v3/provider/private-jobs: the private jobs whose time (pickup window opening to delivery window
 * closing) meets the London calendar days `from` to `to`, both included, at most MAX_RANGE_DAYS days.
 */
export const PrivateJobListQuery = Schema.Struct({ from: CalendarDate, to: CalendarDate })
  .annotate({ identifier: 'PrivateJobListQuery' })
  .check(Schema.makeFilter(dateRangeFilter));
export type PrivateJobListQuery = typeof PrivateJobListQuery.Type;

const OnSiteOptionSchema = Schema.Literals(TIME_ON_SITE_OPTIONS_S).annotate(
  says(PRIVATE_JOB_MESSAGES.onSiteNotAnOption),
);

/**
 * The private work preferences (beyond the spec's "private work form and preferences", whose fields it does not
 * show): what a new private job starts with (volume, time on site at each stop), whether a private job may share a
 * vehicle with its marketplace work at the same time (`block_marketplace_overlap`: when on, such a private job is
 * refused with PRIVATE_JOB_MESSAGES.vehicleBusy), and what the work calendar colours its entries by.
 */
export const PrivateWorkPreferences = Schema.Struct({
  default_volume_m3: Schema.Number.check(
    Schema.isGreaterThan(0, { message: PRIVATE_JOB_MESSAGES.volumeNotPositive }).abort(),
    Schema.isLessThanOrEqualTo(MAX_PRIVATE_JOB_VOLUME_M3, { message: PRIVATE_JOB_MESSAGES.volumeTooLarge }),
  ),
  pickup_on_site_s: OnSiteOptionSchema,
  delivery_on_site_s: OnSiteOptionSchema,
  block_marketplace_overlap: Schema.Boolean,
  calendar_colour_by: Schema.Literals(['vehicle', 'driver']).annotate(says('Colour by vehicle or by driver')),
}).annotate({ identifier: 'PrivateWorkPreferences' });
export type PrivateWorkPreferences = typeof PrivateWorkPreferences.Type;

/** What GET answers for a partner who never saved preferences. */
export const DEFAULT_PRIVATE_WORK_PREFERENCES: PrivateWorkPreferences = {
  default_volume_m3: 10,
  pickup_on_site_s: 1800,
  delivery_on_site_s: 1800,
  block_marketplace_overlap: false,
  calendar_colour_by: 'vehicle',
};

/** PUT /ng/api/v3/provider/private-work-preferences: every field, as GET answers them. */
export const PrivateWorkPreferencesRequest = Schema.Struct({ payload: PrivateWorkPreferences });
export type PrivateWorkPreferencesRequest = typeof PrivateWorkPreferencesRequest.Type;

// Responses.

/** A stop of a stored private job: every field set (the rules held when it was saved). */
const privateJobNode = <O extends 1 | 2, T extends 'pickup' | 'delivery'>(sortOrder: O, nodeType: T) =>
  Schema.Struct({
    place: ReservationPlace,
    sortOrder: Schema.Literal(sortOrder),
    nodeType: Schema.Literal(nodeType),
    timeWindowStart: Schema.String,
    timeWindowEnd: Schema.String,
    durationOnSiteInSeconds: Schema.Number,
  });

/** The partner's vehicle on a private job, with its calendar colour (spec §9, by vehicle id). */
export const PrivateJobVehicle = Schema.Struct({
  id: ProviderVehicleId,
  registration: Schema.String,
  colour: Schema.String,
});
/** The partner's driver on a private job; `user_id` keys the driver colour (spec §9), as in ProviderDriver. */
export const PrivateJobDriver = Schema.Struct({
  id: DriverId,
  user_id: Schema.Number,
  full_name: Schema.String,
  colour: Schema.String,
});

/**
 * A stored private job: the spec §3 payload (nodes[0] the pickup, nodes[1] the delivery) with its vehicle and
 * driver (ids, and what the job sheet shows of them), title (null: none given; the calendar then shows
 * `Pickup town → Delivery town`), and when it was created and last changed.
 */
export const PrivateJob = Schema.Struct({
  uuid: Schema.String,
  volumeInM3: Schema.Number,
  nodes: Schema.Tuple([privateJobNode(1, 'pickup'), privateJobNode(2, 'delivery')]),
  vehicle_id: Schema.NullOr(ProviderVehicleId),
  driver_id: Schema.NullOr(DriverId),
  title: Schema.NullOr(Schema.String),
  vehicle: Schema.NullOr(PrivateJobVehicle),
  driver: Schema.NullOr(PrivateJobDriver),
  created_at: Schema.String,
  updated_at: Schema.String,
}).annotate({ identifier: 'PrivateJob' });
export type PrivateJob = typeof PrivateJob.Type;

/** GET /ng/api/v3/provider/private-jobs: ordered by pickup window opening, then creation. */
export const PrivateJobList = Schema.Struct({ rows: Schema.Array(PrivateJob) });
export type PrivateJobList = typeof PrivateJobList.Type;
