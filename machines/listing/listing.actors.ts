import { fromCallback, fromPromise } from 'xstate';
import type { ListingDetail } from '@/schemas/listing';
import { bookListing as requestBooking, fetchListing, quoteListing as requestQuote } from '@/src/api/listing';
import { watchListingEvents as watch } from '@/src/api/listing-events';
import type { BookInput, ListingMachineEvent, LoadInput, QuoteInput } from './listing.types';

/** GET v1/listings/{id}; leaving the state aborts the request. */
export const loadListing = fromPromise<ListingDetail, LoadInput>(({ input, signal }) => fetchListing(input.id, signal));

/**
 * POST v1/listings/{id}/book with the confirmation's Idempotency-Key. Not aborted when the state is left: a booking
 * sent is the partner's decision, and its answer is the truth the page waits for.
 */
export const bookListing = fromPromise<ListingDetail, BookInput>(({ input }) => requestBooking(input.id, input.key));

/** POST v1/listings/{id}/quote with the attempt's Idempotency-Key. */
export const quoteListing = fromPromise<ListingDetail, QuoteInput>(({ input }) =>
  requestQuote(input.id, input.amount, input.key),
);

/**
 * The listings taken anywhere (GET v1/jobs/events) for as long as the page shows the listing: each one is sent to the
 * machine as `listing.taken`, and a reconnection as `listing.reconnected`. Stopping the actor closes the stream.
 */
export const watchListingEvents = fromCallback<ListingMachineEvent>(({ sendBack }) => {
  const stop = new AbortController();
  void watch((event) => sendBack({ type: 'listing.taken', id: event.id, kind: event.kind }), stop.signal, {
    onReconnected: () => sendBack({ type: 'listing.reconnected' }),
  });
  return () => stop.abort();
});
