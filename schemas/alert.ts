import { Schema } from 'effect';
import { ListingEvent } from './listing-event';
import { MinorUnits } from './money';
import { Instant } from './common';
import { UkPostcode } from './postcode';
import { SavedSearchId, type SavedSearch } from './saved-search';
import { Listing, SearchCategory, type SearchType } from './search';
import { NonNegativeInt, optional, StorableText } from './common';

/**
 * New-work alerts (issue 4, beyond the specification, as the best load boards do). A saved search can be marked
 * "alert me"; open jobs that newly match it raise the `new-work-alerts` badge counter and appear in the alerts list,
 * those the partner has not seen yet marked. Rules (server/alerts/):
 *
 * - A saved search of the instant or auction tab can alert (`ALERT_TYPES`). Journeys and recommended work are not
 *   posted one by one as jobs are, and recommended ignores the criteria, so their searches cannot (422 on `alert`).
 * - `alert_since` is when the alert was switched on. A match is an open job (nobody has it, its pickup window has not
 *   closed) that meets the search's criteria exactly as `POST /v1/jobs` would find it (same SQL), of the search's
 *   kind, activated after `alert_since - ALERT_LOOKBACK_HOURS`: switching on shows the last day's matches at once.
 * - A job matching several alerting searches is one alert, naming every search it matches.
 * - `unseen`: activated after the partner last looked (`POST /v1/alerts/seen`); the badge counts the unseen matches.
 *
 * Bodies travel under `payload` (spec §7); instants are ISO 8601 UTC.
 */

/** How far back the matches of a search reach when its alert is switched on. */
export const ALERT_LOOKBACK_HOURS = 24;
/** Most alerts one `GET /v1/alerts` lists (the newest). */
export const MAX_ALERTS = 50;

/** The tabs whose saved searches can alert. */
export const ALERT_TYPES = ['instant', 'auction'] as const satisfies readonly SearchType[];
export const ALERT_TYPE_MESSAGE = 'Alerts are for instant and auction searches';
/** Whether a saved search can be marked "alert me": the one rule, for the server's 422 and the portal's switch. */
export const canAlert = (search: Pick<SavedSearch, 'criteria'>): boolean =>
  (ALERT_TYPES as readonly SearchType[]).includes(search.criteria.type);

/** POST /v1/saved-searches/{id}/alert: switch the alert of one of the caller's saved searches on or off. */
export const SwitchAlertRequest = Schema.Struct({
  payload: Schema.Struct({ alert: Schema.Boolean }).annotate({ identifier: 'SwitchAlert' }),
});
export type SwitchAlertRequest = typeof SwitchAlertRequest.Type;

/** A saved search as an alert names it. */
export const AlertSearch = Schema.Struct({ id: SavedSearchId, name: Schema.String });
export type AlertSearch = typeof AlertSearch.Type;

/** One of the caller's alerting saved searches, and since when it alerts. */
export const AlertingSearch = Schema.Struct({ ...AlertSearch.fields, alert_since: Schema.String });
export type AlertingSearch = typeof AlertingSearch.Type;

/**
 * One alert: an open job and the alerting searches it matches (oldest search first; `listing`'s proximity distances
 * measure from that first search's places, as its `POST /v1/jobs` would). `listing` is the row search returns: towns
 * and outward postcodes, never a full address. `matched_at`: when the job started to match, i.e. its activation.
 */
export const AlertMatch = Schema.Struct({
  listing: Listing,
  saved_searches: Schema.NonEmptyArray(AlertSearch),
  matched_at: Schema.String,
  unseen: Schema.Boolean,
});
export type AlertMatch = typeof AlertMatch.Type;

/**
 * GET /v1/alerts: the newest MAX_ALERTS matches across the caller's alerting searches, newest first.
 * `meta.total` and `meta.unseen` count every match (not only those listed); `seen_at` is when the caller last looked
 * (null: never); `as_of` the server's time of this answer, to send back to `POST /v1/alerts/seen`.
 */
export const AlertsResponse = Schema.Struct({
  data: Schema.Array(AlertMatch),
  meta: Schema.Struct({
    total: NonNegativeInt,
    unseen: NonNegativeInt,
    seen_at: Schema.NullOr(Schema.String),
    as_of: Schema.String,
    searches: Schema.Array(AlertingSearch),
  }),
});
export type AlertsResponse = typeof AlertsResponse.Type;

/**
 * POST /v1/alerts/seen: the caller has looked at their alerts. The server sets the time to its own clock, or to
 * `as_of` (the `meta.as_of` of the list the partner saw) when that is earlier, so a job posted between the read and
 * this call stays unseen. It never moves back. `{ payload: {} }` marks everything up to now.
 */
export const MarkAlertsSeenRequest = Schema.Struct({
  payload: Schema.Struct({ as_of: optional(Instant) }).annotate({ identifier: 'MarkAlertsSeen' }),
});
export type MarkAlertsSeenRequest = typeof MarkAlertsSeenRequest.Type;
export const AlertsSeenResponse = Schema.Struct({ data: Schema.Struct({ seen_at: Schema.String }) });
export type AlertsSeenResponse = typeof AlertsSeenResponse.Type;

/** The most a posted job may pay: £50,000, in pence (as a quote, schemas/listing.ts). */
export const MAX_JOB_PRICE_MINOR_UNITS = 5_000_000;

/** One end of a posted job: a town of the offline towns data, and optionally the customer's full postcode. */
export const PostedJobPlace = Schema.Struct({
  town: StorableText.pipe(Schema.decodeTo(Schema.Trim)).check(
    Schema.isNonEmpty({ message: "Town can't be blank" }).abort(),
    Schema.isMaxLength(100, { message: 'A town is at most 100 characters' }),
  ),
  /** Made up in the town's postcode area (as the demo seed does) when not given. */
  postcode: optional(UkPostcode),
}).annotate({ identifier: 'PostedJobPlace' });

/**
 * POST /v1/admin/jobs (admins only): a new open job as a customer posts it. Instant jobs are click and claim unless
 * `allocation_method` says express_interest; an auction has no method (the best quote wins). The server also checks
 * that both towns exist and that the pickup window has not closed (422 with the field).
 */
export const PostJob = Schema.Struct({
  kind: Schema.Literals(['instant', 'auction']),
  category: SearchCategory,
  pickup: PostedJobPlace,
  delivery: PostedJobPlace,
  pickup_date: Schema.Struct({ start: Instant, end: Instant }).check(
    Schema.makeFilter(
      (d) => Date.parse(d.end) > Date.parse(d.start) || { path: ['end'], issue: 'The end is not after the start' },
    ),
  ),
  volume_m3: Schema.Number.check(
    Schema.isBetween({ minimum: 0.1, maximum: 100 }, { message: 'The volume is between 0.1 and 100 m3' }),
  ),
  price: Schema.Struct({
    amount: MinorUnits.check(
      Schema.isGreaterThan(0, { message: 'The price must be more than 0' }).abort(),
      Schema.isLessThanOrEqualTo(MAX_JOB_PRICE_MINOR_UNITS, {
        message: `The price is at most ${MAX_JOB_PRICE_MINOR_UNITS} pence`,
      }),
    ),
  }),
  allocation_method: optional(Schema.NullOr(Schema.Literals(['click_and_claim', 'express_interest']))),
})
  .check(
    Schema.makeFilter(
      (job) =>
        job.kind === 'instant' ||
        job.allocation_method == null || {
          path: ['allocation_method'],
          issue: 'An auction has no allocation method: the best quote wins',
        },
    ),
  )
  .annotate({ identifier: 'PostJob' });
export type PostJob = typeof PostJob.Type;
export const PostJobRequest = Schema.Struct({ payload: PostJob });
export type PostJobRequest = typeof PostJobRequest.Type;
/** The answer of POST /v1/admin/jobs (201): the new job as search lists it. */
export const PostedJobResponse = Schema.Struct({ data: Listing });

/**
 * The data of `event: posted` on GET /v1/jobs/events: a job just opened on the marketplace (schemas/listing.ts has
 * the stream). Same shape as `taken`; the portal refreshes its alerts counter on it (once per burst, after 750 ms).
 * Every open portal hears every post, which suits the reference server's volumes; a busy marketplace would rather
 * match each new job against the alerting searches once on the server and send each partner only their own matches.
 */
export const PostedListingEvent = ListingEvent;
export type PostedListingEvent = typeof PostedListingEvent.Type;
