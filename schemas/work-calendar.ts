import { Schema } from 'effect';
import { VEHICLE_COLOURS, vehicleColour } from './vehicle';
import { dateRangeFilter } from './private-job';
import { CalendarDate, MAX_ID, says, saysAll } from './common';

/**
 * The work calendar (issue 7; spec §2 `/work-calendar`, §3 stop types, §9 time zone Europe/London and the colours:
 * "7 hex values, cycled by id; driver colour by user id"): one list holding the partner's won marketplace jobs,
 * journeys, private jobs and reservations, with the vehicles and drivers that colour them. Beyond the spec, the same
 * entries as an iCalendar file (RFC 5545) and a subscription address a phone calendar can poll without a token.
 *
 * Paths:
 *   GET  /ng/api/v3/provider/work-calendar?from&to&vehicle_id&driver_id   WorkCalendarQuery → WorkCalendar
 *   GET  /ng/api/v3/provider/work-calendar.ics?from&to&vehicle_id&driver_id                → text/calendar
 *   GET  /ng/api/v3/provider/work-calendar/feed                                            → CalendarFeed
 *   POST /ng/api/v3/provider/work-calendar/feed/reset   (no body)                          → CalendarFeed
 *   GET  /calendar/{secret}.ics   (no token: the secret is the key)                        → text/calendar
 * All but the last need `Authorization: Bearer <token>`. Instants are ISO 8601 UTC; `from` and `to` are London
 * calendar days, both included, at most 62 days (MAX_RANGE_DAYS): an entry is in the range when it overlaps
 * [from 00:00, the day after `to` 00:00) London time. The subscription serves the last 30 and the next 90 days.
 */

/**
 * The palette of spec §9 (schemas/vehicle.ts VEHICLE_COLOURS, the one the vehicle list already sends as `color`):
 * a vehicle's colour is `palette[vehicle id % 7]`, a driver's `palette[driver user id % 7]`.
 */
export const CALENDAR_PALETTE = VEHICLE_COLOURS;
export const driverColour = (userId: number): string => vehicleColour(userId);
export { vehicleColour };

/** Days the subscription address serves around today (London): this many back, and ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 90;

/** A filter id in a query: absent or empty means no filter. */
const QueryId = (what: string) =>
  Schema.optionalKey(
    Schema.Union([
      Schema.Literal(''),
      Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: MAX_ID })),
    ]).pipe(saysAll(`${what} is one of your ${what === 'vehicle_id' ? 'vehicles' : 'drivers'} (an id)`)),
  );

/**
 * GET …/work-calendar and …/work-calendar.ics. `vehicle_id` keeps the entries on that vehicle, `driver_id` those
 * with that driver (a driver's `user_id`); both given, entries with both.
 */
export const WorkCalendarQuery = Schema.Struct({
  from: CalendarDate,
  to: CalendarDate,
  vehicle_id: QueryId('vehicle_id'),
  driver_id: QueryId('driver_id'),
})
  .check(Schema.makeFilter(dateRangeFilter))
  .annotate({ identifier: 'WorkCalendarQuery' });
export type WorkCalendarQuery = typeof WorkCalendarQuery.Type;

/** Where an entry comes from: a won marketplace job, a journey, a private job, a reservation. */
export const CALENDAR_ENTRY_KINDS = ['listing', 'journey', 'private', 'reservation'] as const;
export const CalendarEntryKind = Schema.Literals(CALENDAR_ENTRY_KINDS).annotate(
  says(`kind is one of ${CALENDAR_ENTRY_KINDS.join(', ')}`),
);
export type CalendarEntryKind = typeof CalendarEntryKind.Type;

/** Stop types of spec §3; `external_job` is a private job's stop on a journey or in a reservation. */
export const CalendarStopType = Schema.Literals(['pickup', 'delivery', 'start', 'end', 'external_job']);
export type CalendarStopType = typeof CalendarStopType.Type;

export const CalendarStop = Schema.Struct({ type: CalendarStopType, town: Schema.String });
export type CalendarStop = typeof CalendarStop.Type;

/**
 * One piece of work on the calendar.
 * - `id`: unique in the answer and stable over time (`listing-12`, `journey-21`, `private-<uuid>`,
 *   `reservation-8`); `ref` is what the entry's page takes (the listing id, journey id, private job uuid,
 *   reservation id), so the portal opens `listing/{ref}`, `external/{ref}`, `/journey/{ref}` or the reservation.
 * - `title`: `First town → last town` (a private job's own title when it has one).
 * - `start`/`end`: a listing's pickup window; a journey's first pickup to its last planned stop; a private job's
 *   pickup window opening to its delivery window closing; a reservation's own times (an anytime day 08:00–18:00
 *   London, as the reservation rules plan it).
 * - `vehicle_id` / `driver_user_id`: the partner's vehicle and driver on it (null: none chosen), the keys of the
 *   colours in `vehicles` and `drivers`.
 * - `status`: the listing's job status, the journey's, the reservation's (spec §4); a private job is `scheduled`
 *   until its delivery window closes, then `done`.
 * - `stops`: in route order.
 */
export const CalendarEntry = Schema.Struct({
  id: Schema.String,
  kind: CalendarEntryKind,
  ref: Schema.String,
  title: Schema.String,
  start: Schema.String,
  end: Schema.String,
  vehicle_id: Schema.NullOr(Schema.Number),
  driver_user_id: Schema.NullOr(Schema.Number),
  status: Schema.String,
  stops: Schema.Array(CalendarStop),
}).annotate({ identifier: 'CalendarEntry' });
export type CalendarEntry = typeof CalendarEntry.Type;

/** The partner's vehicles (not deleted) with their colours. */
export const CalendarVehicle = Schema.Struct({ id: Schema.Number, registration: Schema.String, colour: Schema.String });
export type CalendarVehicle = typeof CalendarVehicle.Type;
/** The partner's drivers (active or not: past entries may name one) with their colours. */
export const CalendarDriver = Schema.Struct({
  user_id: Schema.Number,
  full_name: Schema.String,
  active: Schema.Boolean,
  colour: Schema.String,
});
export type CalendarDriver = typeof CalendarDriver.Type;

/** GET …/work-calendar: entries ordered by start, then id. */
export const WorkCalendar = Schema.Struct({
  entries: Schema.Array(CalendarEntry),
  vehicles: Schema.Array(CalendarVehicle),
  drivers: Schema.Array(CalendarDriver),
}).annotate({ identifier: 'WorkCalendar' });
export type WorkCalendar = typeof WorkCalendar.Type;

/**
 * GET and POST reset …/work-calendar/feed: the subscription address, absolute (`https://host/calendar/<secret>.ics`),
 * and the same as `webcal://` for phones that open calendar links. The secret is the partner's alone and is made on
 * the first GET; reset makes a new one, and the old address answers 404 from then on.
 */
export const CalendarFeed = Schema.Struct({ url: Schema.String, webcal_url: Schema.String });
export type CalendarFeed = typeof CalendarFeed.Type;

/** The MIME type of both .ics answers. */
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
