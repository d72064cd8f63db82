import type { ListingEvent } from '@/schemas/listing-event';

/** The data of one `event: taken` (schemas/listing.ts ListingEvent, as it travels). */
export type TakenListing = typeof ListingEvent.Encoded;
/**
 * The events on the bus: `taken` (the default, for every publisher and listener written before there were others),
 * and `posted`, a job just opened on the marketplace (server/alerts/posted-jobs.ts), whose data has the same shape.
 */
export type ListingEventName = 'taken' | 'posted';
export type ListingEventListener = (event: TakenListing, name: ListingEventName) => void;

/**
 * Who hears that a listing was taken, or a job posted: the open `GET /v1/jobs/events` streams. Publishers (book now
 * here; journey claims, auction awards and deallocations elsewhere; new jobs in server/alerts/) call `publish` once the
 * change is committed, so a stream never announces a booking that was rolled back.
 *
 * In process only: every subscriber lives in this Node process, which is right for the reference server (one
 * process). Several server processes behind a load balancer would each see only their own bookings; they need a
 * shared channel instead — PostgreSQL `NOTIFY listing_events, '<json>'` after the commit and one `LISTEN
 * listing_events` connection per process feeding this bus. The `Db` interface has no dedicated listening connection
 * (PGlite and the pg pool both hand out connections per query), so that is left for when there is more than one
 * process; the publishers would not change.
 */
export class ListingEventBus {
  readonly #listeners = new Set<{ listener: ListingEventListener; names: ReadonlySet<ListingEventName> }>();

  /**
   * Adds a listener of the events named (`taken` only, unless told otherwise); returns the function that removes it
   * (call it when the stream closes).
   */
  subscribe(listener: ListingEventListener, names: readonly ListingEventName[] = ['taken']): () => void {
    const entry = { listener, names: new Set(names) };
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  /**
   * Hands the event to every listener of its name, synchronously; a listener that throws does not stop the others.
   */
  publish(event: TakenListing, name: ListingEventName = 'taken'): void {
    for (const { listener, names } of [...this.#listeners]) {
      if (!names.has(name)) continue;
      try {
        listener(event, name);
      } catch (error) {
        console.error('listing event listener failed', error);
      }
    }
  }

  /** How many listeners are subscribed (open streams): for tests and health checks. */
  get size(): number {
    return this.#listeners.size;
  }
}

/** The bus of this server process: what the routes use unless a test hands them its own. */
export const listingEvents = new ListingEventBus();
