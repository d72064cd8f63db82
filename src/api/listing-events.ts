import { Result } from 'effect';
import { LISTING_EVENT_NAMES, ListingEvent } from '@/schemas/listing-event';
import { decodeResult } from '@/schemas/decode';
import { api } from './api';
import { readSseStream, type SseEvent } from './sse-parser';

/**
 * GET /v1/jobs/events (schemas/listing.ts): `ready` once, then `taken` for every listing taken anywhere and `posted`
 * for every job opened.
 */
export const LISTING_EVENTS_PATH = 'v1/jobs/events';

/** Waits before each reconnect; the last repeats. Reset once a connection says `ready`. */
export const RECONNECT_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000] as const;

/**
 * A connection that has sent nothing, not even a keep-alive comment (every 25 s, server/http/listing-routes.ts), for
 * this long is taken for dead (a half-open connection after a network change that the browser has not noticed) and
 * replaced.
 */
export const IDLE_TIMEOUT_MS = 65_000;

export interface WatchListingEventsOptions {
  /** Called for every job opened on the marketplace (`event: posted`, schemas/alert.ts); ignored when absent. */
  readonly onPosted?: (event: ListingEvent) => void;
  /**
   * Called when a connection other than the first says `ready`. Events sent while disconnected are not replayed,
   * so a page may refresh what it shows.
   */
  readonly onReconnected?: () => void;
  /** Waits before each reconnect, ms (RECONNECT_BACKOFF_MS). */
  readonly backoffMs?: readonly number[];
  /** See IDLE_TIMEOUT_MS. */
  readonly idleTimeoutMs?: number;
  /** Opens the stream (the API client's `stream` by default: same headers, token, and re-login on 401). */
  readonly open?: (signal: AbortSignal) => Promise<Response>;
  /** Waits `ms`, or less when `signal` aborts (tests make it instant). */
  readonly wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Where a bad payload or a dropped stream is reported (console.warn). */
  readonly warn?: (message: string, detail: unknown) => void;
}

/** Resolves after `ms`, or at once when `signal` aborts; leaves no timer behind. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

const decodeListingEvent = decodeResult(ListingEvent, 'ListingEvent');

/** The payload of a `taken` or `posted` event, or the reason it is not one. */
function readEvent(data: string): Result.Result<ListingEvent, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    return Result.fail(error);
  }
  return decodeListingEvent(json);
}

/**
 * Listens to the listings taken anywhere on the marketplace (GET /v1/jobs/events, Server-Sent Events) until `signal`
 * aborts, and hands each one to `onEvent`. Resolves once aborted; never rejects.
 *
 * The stream is read with fetch through the API client rather than with EventSource, which cannot send the Bearer
 * token. It ends on its own after one token lifetime (15 minutes), and may fail at any time: either way it is opened
 * again, after 1 s, 2 s, 5 s, then every 10 s while it keeps failing, and back to 1 s after a connection that said
 * `ready`. A `taken` payload that does not decode is reported with console.warn and skipped.
 */
export async function watchListingEvents(
  onEvent: (event: ListingEvent) => void,
  signal: AbortSignal,
  options: WatchListingEventsOptions = {},
): Promise<void> {
  const backoff = options.backoffMs ?? RECONNECT_BACKOFF_MS;
  const open = options.open ?? ((s: AbortSignal) => api.stream(LISTING_EVENTS_PATH, { signal: s }));
  const wait = options.wait ?? pause;
  const warn = options.warn ?? ((message: string, detail: unknown) => console.warn(message, detail));
  const idleTimeoutMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  let failures = 0;
  let connections = 0;

  const handle = (event: SseEvent) => {
    if (event.event === LISTING_EVENT_NAMES.ready) {
      failures = 0;
      if (connections > 1) options.onReconnected?.();
    } else if (event.event === LISTING_EVENT_NAMES.taken) {
      const taken = readEvent(event.data);
      if (Result.isSuccess(taken)) onEvent(taken.success);
      else
        warn('Listing events: skipped a taken event that did not decode', { data: event.data, error: taken.failure });
    } else if (event.event === LISTING_EVENT_NAMES.posted && options.onPosted) {
      const posted = readEvent(event.data);
      if (Result.isSuccess(posted)) options.onPosted(posted.success);
      else
        warn('Listing events: skipped a posted event that did not decode', { data: event.data, error: posted.failure });
    }
  };

  while (!signal.aborted) {
    connections += 1;
    const connection = new AbortController();
    const close = () => connection.abort();
    signal.addEventListener('abort', close, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(idle);
      idle = setTimeout(close, idleTimeoutMs);
    };
    try {
      alive();
      const response = await open(connection.signal);
      if (!response.body) throw new Error('The listing events response has no body');
      await readSseStream(response.body, handle, alive);
    } catch (error) {
      if (!signal.aborted) warn('Listing events: the stream failed; reconnecting', error);
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', close);
      // ends a body that is still open (an idle connection), and its request
      connection.abort();
    }
    if (signal.aborted) break;
    const delay = backoff[Math.min(failures, backoff.length - 1)] ?? RECONNECT_BACKOFF_MS[0];
    failures += 1;
    await wait(delay, signal);
  }
}
