import type { ListingEvent } from '@/schemas/listing-event';
import type { WatchListingEventsOptions } from './listing-events';

/**
 * `watchListingEvents` (listing-events.ts) with its code fetched as the watch starts: the stream's reader (the
 * event-stream parser and the events' schemas) is then on no page's first load, and nothing on screen waits for it.
 * If that code cannot be fetched (offline, a deploy that replaced it), the watch is off for this visit, as when the
 * stream is down: the page works on without live updates. Like `watchListingEvents`, it never rejects.
 */
export async function watchListingEventsDeferred(
  onEvent: (event: ListingEvent) => void,
  signal: AbortSignal,
  options: WatchListingEventsOptions = {},
): Promise<void> {
  const reader = await import('./listing-events').catch((error: unknown) => {
    console.warn('Listing events: off for this visit, their code could not be fetched', error);
    return null;
  });
  if (reader && !signal.aborted) await reader.watchListingEvents(onEvent, signal, options);
}
