import { fromCallback, fromPromise } from 'xstate';
import type { SearchCriteria } from '@/schemas/search';
import { watchListingEventsDeferred } from '@/src/api/listing-events-deferred';
import { fetchSearchInfo, fetchTabCounts, searchJobs } from '@/src/api/find-work';
import type { SearchSetup, StoredFilters, StoredSorts } from './find-work.types';

/** Local storage keys (spec §9 storage: saved filters with the user id, and the saved sort). */
export const FILTERS_KEY = 'find-work.filters';
export const SORTS_KEY = 'find-work.sort';

const readJson = (key: string): unknown => {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
};

/** A stored value is trusted only as far as its shape: a value from an older build is ignored, not crashed on. */
const isStored = (value: unknown): value is { userId: number } =>
  typeof value === 'object' && value !== null && typeof (value as { userId?: unknown }).userId === 'number';

export const writeStored = (key: string, value: StoredFilters | StoredSorts): void => {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or refused (private mode): the search still works, it is just not remembered
  }
};

/** Search-info and what local storage kept; a failed search-info read still lets the page start from storage. */
export const loadSetup = fromPromise<SearchSetup>(async ({ signal }) => {
  const filters = readJson(FILTERS_KEY);
  const sorts = readJson(SORTS_KEY);
  // without search-info the page still starts, from what storage kept (or an empty form)
  const info = await fetchSearchInfo(signal).catch((error: unknown) => {
    if (signal.aborted) throw error;
    return null;
  });
  return {
    info,
    filters: isStored(filters) && 'form' in filters ? (filters as StoredFilters) : null,
    sorts: isStored(sorts) && 'sorts' in sorts ? (sorts as StoredSorts) : null,
  };
});

/** One page of one tab. Stopping the actor (a newer search) aborts the request. */
export const loadPage = fromPromise(({ input, signal }: { input: { criteria: SearchCriteria }; signal: AbortSignal }) =>
  searchJobs(input.criteria, signal),
);

export const loadTabCounts = fromPromise(
  ({ input, signal }: { input: { criteria: SearchCriteria }; signal: AbortSignal }) =>
    fetchTabCounts(input.criteria, signal),
);

/**
 * Listings taken anywhere on the marketplace, pushed by the server (GET v1/jobs/events), sent back as
 * `listing.taken` so open lists mark them at once. Reconnects on its own; stopped with the page. The stream's reader
 * is fetched as the watch starts, not with the page.
 */
export const watchTaken = fromCallback(({ sendBack }) => {
  const stop = new AbortController();
  void watchListingEventsDeferred(
    (event) => sendBack({ type: 'listing.taken', id: event.id, kind: event.kind }),
    stop.signal,
  );
  return () => stop.abort();
});
