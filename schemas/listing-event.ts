import { Schema } from 'effect';
import { ListingId, ListingKind } from './listing-basics';

/**
 * GET /v1/jobs/events (Server-Sent Events, `Authorization: Bearer`): the data of each `event: taken` — a listing
 * that someone has just been allocated (booked now, won, claimed), to drop from lists and pages. `id` is a job id for
 * instant and auction, a journey id for journey.
 *
 *   event: ready        data: {}                          once, when the stream is open
 *   event: taken        data: {"id":123,"kind":"instant"}
 *   : keep-alive        (a comment every 25 s)
 *
 * The server ends the stream after one access-token lifetime (15 minutes by default): reconnect, with a fresh token,
 * whenever it ends, and refresh what is on screen, since events sent while disconnected are not replayed.
 */
export const ListingEvent = Schema.Struct({ id: ListingId, kind: ListingKind });
export type ListingEvent = typeof ListingEvent.Type;

/**
 * The event names of GET /v1/jobs/events. `posted` (same data as `taken`): a job just opened on the marketplace; the
 * portal refreshes its new-work alerts on it (schemas/alert.ts).
 */
export const LISTING_EVENT_NAMES = { ready: 'ready', taken: 'taken', posted: 'posted' } as const;
/** Data of `event: ready`. */
export const ListingEventsReady = Schema.Struct({});
