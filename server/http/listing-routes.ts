import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { BookListingRequest, QuoteListingRequest } from '@/schemas/listing';
import { LISTING_EVENT_NAMES } from '@/schemas/listing-event';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import type { AppEnv } from '@/server/http/app-env';
import { idempotency } from '@/server/http/idempotency';
import { readBody } from '@/server/http/read-body';
import { bookListing, LISTING_NOT_FOUND, quoteListing, type ListingOutcome } from '@/server/listings/listing-actions';
import { loadListingDetail } from '@/server/listings/listing-detail';
import { listingEvents, type ListingEventBus } from '@/server/listings/listing-events';

/** A comment line this often keeps proxies and the browser from closing a quiet stream. */
export const KEEP_ALIVE_MS = 25_000;

/**
 * The answer to one stream more than config.eventStreamsPerSession, and the Retry-After it carries: a place frees when
 * a tab closes or a stream reaches its end (one token lifetime), and the portal's reconnect backoff tries again at
 * most every 10 seconds (src/api/listing-events.ts).
 */
export const TOO_MANY_STREAMS = {
  message: 'Too many live update streams are open for this sign-in. Close some tabs of the portal or try again later.',
} as const;
export const TOO_MANY_STREAMS_RETRY_AFTER_S = 30;

export interface ListingRoutesOptions {
  /** The bus the book route publishes to and the streams listen on; the process's own unless a test brings one. */
  readonly events?: ListingEventBus;
  readonly keepAliveMs?: number;
}

/** A job id in a path: a positive whole number that fits an integer column, else null (answered 404). */
const pathId = (raw: string): number | null => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
};

const send = (c: Context<AppEnv>, outcome: ListingOutcome) =>
  outcome.ok ? c.json({ data: outcome.data }, outcome.status) : c.json(outcome.body, outcome.status);

/** Resolves after `ms`, or as soon as `stop` aborts; leaves no timer behind. */
const pause = (ms: number, stop: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (stop.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stop.addEventListener('abort', done, { once: true });
  });

/**
 * A listing's page, book now, quotes, and the stream of taken listings (schemas/listing.ts has the shapes), mounted
 * under /v1 behind requireToken.
 */
export const listingRoutes = (db: Db, config: Config, options: ListingRoutesOptions = {}) => {
  const events = options.events ?? listingEvents;
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
  const idempotent = idempotency(db, config);
  const routes = new Hono<AppEnv>();
  /** Open event streams by session id; a session with none has no entry. */
  const openStreams = new Map<string, number>();

  routes.get('/listings/:id', async (c) => {
    const id = pathId(c.req.param('id'));
    const data = id === null ? null : await loadListingDetail(db, c.var.signedIn.userId, id, config.now());
    return data ? c.json({ data }) : c.json(LISTING_NOT_FOUND, 404);
  });

  routes.post('/listings/:id/book', idempotent, async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(LISTING_NOT_FOUND, 404);
    const { payload } = await readBody(c, BookListingRequest, 'BookListingRequest');
    return send(
      c,
      await bookListing(db, events, {
        userId: c.var.signedIn.userId,
        id,
        vehicleId: payload.provider_vehicle_id,
        now: config.now(),
      }),
    );
  });

  routes.post('/listings/:id/quote', idempotent, async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(LISTING_NOT_FOUND, 404);
    const { payload } = await readBody(c, QuoteListingRequest, 'QuoteListingRequest');
    return send(
      c,
      await quoteListing(db, { userId: c.var.signedIn.userId, id, amount: payload.amount, now: config.now() }),
    );
  });

  /**
   * Server-Sent Events: `event: ready` once, `event: taken` for every listing taken anywhere, `event: posted` for
   * every job opened (server/alerts/posted-jobs.ts), a `: keep-alive` comment every KEEP_ALIVE_MS. The token is checked when the stream opens (requireToken); the stream then ends
   * after one token lifetime, so a revoked or expired sign-in stops hearing events and the portal reconnects with a
   * fresh token. The listener is removed as soon as the client goes away (request signal or stream cancel).
   * No middleware of the app buffers it: security headers only set headers, the body limit skips bodyless GETs,
   * and hono/compress (if ever added) leaves text/event-stream alone; `no-transform` and `X-Accel-Buffering: no`
   * ask proxies to do the same.
   *
   * A session holds at most config.eventStreamsPerSession streams at once (each one a connection, a listener and
   * its buffers on this process): one more is refused with 429 TOO_MANY_STREAMS and Retry-After, and a stream's place
   * is given back as soon as it ends, however it ends. The new stream is refused rather than the oldest closed: every
   * tab reconnects a closed stream, so closing the oldest would have the tabs of one sign-in knock each other off in
   * a loop, each reconnect closing another tab's stream. A client gone without a word (a half-open connection) keeps
   * its place until a write fails or the stream's lifetime ends.
   */
  routes.get('/jobs/events', (c) => {
    const lifetimeMs = config.tokenTtlS * 1000;
    const { sessionId } = c.var.signedIn;
    const held = openStreams.get(sessionId) ?? 0;
    if (held >= config.eventStreamsPerSession) {
      c.header('Retry-After', String(TOO_MANY_STREAMS_RETRY_AFTER_S));
      return c.json(TOO_MANY_STREAMS, 429);
    }
    openStreams.set(sessionId, held + 1);
    const release = () => {
      const left = (openStreams.get(sessionId) ?? 1) - 1;
      if (left > 0) openStreams.set(sessionId, left);
      else openStreams.delete(sessionId);
    };
    // streamSSE starts the callback at once, so its finally gives the place back on every path.
    const response = streamSSE(c, async (stream) => {
      const stop = new AbortController();
      const end = () => stop.abort();
      const request = c.req.raw.signal;
      let unsubscribe = () => {};
      try {
        stream.onAbort(end);
        request.addEventListener('abort', end, { once: true });
        if (request.aborted) end();
        unsubscribe = events.subscribe(
          (event, name) => {
            void stream.writeSSE({ event: LISTING_EVENT_NAMES[name], data: JSON.stringify(event) });
          },
          ['taken', 'posted'],
        );
        if (stop.signal.aborted) return;
        await stream.writeSSE({ event: LISTING_EVENT_NAMES.ready, data: '{}' });
        const started = performance.now();
        while (!stop.signal.aborted && performance.now() - started < lifetimeMs) {
          await pause(Math.min(keepAliveMs, lifetimeMs - (performance.now() - started)), stop.signal);
          if (!stop.signal.aborted) await stream.write(': keep-alive\n\n');
        }
      } finally {
        unsubscribe();
        request.removeEventListener('abort', end);
        release();
      }
    });
    response.headers.set('Cache-Control', 'no-cache, no-transform');
    response.headers.set('X-Accel-Buffering', 'no');
    return response;
  });

  return routes;
};
