// Runs isolated: it counts the listeners of the process-wide listing event bus, which other files' streams join.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Schema } from 'effect';
import { Hono } from 'hono';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListingEvent, ListingEventsReady } from '@/schemas/listing-event';
import type { Config } from '@/server/config';
import type { AppEnv } from '@/server/http/app-env';
import {
  listingRoutes,
  TOO_MANY_STREAMS,
  TOO_MANY_STREAMS_RETRY_AFTER_S,
  type ListingRoutesOptions,
} from '@/server/http/listing-routes';
import { requireToken } from '@/server/http/require-token';
import { SECURITY_HEADERS } from '@/server/http/security-headers';
import { ListingEventBus, listingEvents } from '@/server/listings/listing-events';
import { createSeededApp, jsonPost, SETUP_TIMEOUT_MS, signIn, type SeededApp } from '@/server/testing/seeded-app';

/** Reads Server-Sent Events blocks (the text up to each blank line) from a response body. */
class SseReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';

  constructor(body: ReadableStream<Uint8Array> | null) {
    if (!body) throw new Error('no body');
    this.#reader = body.getReader();
  }

  /** The next block for which `matches` holds (earlier ones are skipped); fails after `timeoutMs`. */
  async next(matches: (block: string) => boolean, timeoutMs = 5000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let end = this.#buffer.indexOf('\n\n'); end >= 0; end = this.#buffer.indexOf('\n\n')) {
        const block = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        if (matches(block)) return block;
      }
      const chunk = await this.#read(deadline);
      if (chunk === null) throw new Error(`the stream ended; left: ${JSON.stringify(this.#buffer)}`);
      this.#buffer += chunk;
    }
  }

  /** Whether the server ends the stream within `timeoutMs` (reading and dropping what comes). */
  async ends(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    try {
      while ((await this.#read(deadline)) !== null);
      return true;
    } catch {
      return false;
    }
  }

  cancel() {
    return this.#reader.cancel();
  }

  async #read(deadline: number): Promise<string | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no event in time')), Math.max(0, deadline - Date.now()));
    });
    try {
      const result = await Promise.race([this.#reader.read(), timeout]);
      return result.done ? null : this.#decoder.decode(result.value, { stream: true });
    } finally {
      clearTimeout(timer);
    }
  }
}

const isEvent = (name: string) => (block: string) => block.split('\n').includes(`event: ${name}`);
const dataOf = (block: string): unknown =>
  JSON.parse(
    block
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n'),
  );

let t: SeededApp;
let partner: string;
let starter: string;
let starterVehicle: number;

beforeAll(async () => {
  t = await createSeededApp();
  partner = (await signIn(t.app, 'partner@example.com')).token;
  starter = (await signIn(t.app, 'starter@example.com')).token;
  const { rows } = await t.db.query<{ id: number }>(
    "select v.id from vehicles v join users u on u.id = v.user_id where u.email = 'starter@example.com'",
  );
  starterVehicle = rows[0]!.id;
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});

const used = new Set<number>();
const openInstantJob = async () => {
  const { rows } = await t.db.query<{ id: number }>(
    `select id from jobs where kind = 'instant' and status = 'click_and_claim' and provider_id is null
        and pickup_date_end > $1 order by id`,
    [t.clock.now],
  );
  const id = rows.map((r) => r.id).find((candidate) => !used.has(candidate))!;
  used.add(id);
  return id;
};

const bookAsStarter = async (id: number) => {
  const response = await t.app.request(
    `/v1/listings/${id}/book`,
    jsonPost({ payload: { provider_vehicle_id: starterVehicle } }, { authorization: `Bearer ${starter}` }),
  );
  expect(response.status).toBe(200);
};

const openStream = (app: { request: SeededApp['app']['request'] }, token: string | null, signal?: AbortSignal) =>
  app.request('/v1/jobs/events', { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });

/** Just the listing routes behind requireToken, with their own bus and options (keep-alive, lifetime). */
const routesOnly = (overrides: Partial<Config>, options: ListingRoutesOptions) => {
  const config = { ...t.config, ...overrides };
  const app = new Hono<AppEnv>();
  app.use('/v1/*', requireToken(t.db, config));
  app.route('/v1', listingRoutes(t.db, config, options));
  return app;
};

describe('GET /v1/jobs/events', () => {
  it('streams ready, then taken with the id and kind when another partner books; the listener goes on close', async () => {
    expect(listingEvents.size).toBe(0);
    const response = await openStream(t.app, partner);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('content-security-policy')).toBe(SECURITY_HEADERS['Content-Security-Policy']);
    expect(response.headers.get('content-encoding')).toBeNull();
    const stream = new SseReader(response.body);

    const ready = await stream.next(isEvent('ready'));
    expect(Schema.decodeUnknownSync(ListingEventsReady)(dataOf(ready))).toEqual({});
    expect(listingEvents.size).toBe(1);

    const id = await openInstantJob();
    await bookAsStarter(id);
    const taken = await stream.next(isEvent('taken'));
    expect(taken).toBe(`event: taken\ndata: {"id":${id},"kind":"instant"}`);
    expect(Schema.decodeUnknownSync(ListingEvent)(dataOf(taken))).toEqual({ id, kind: 'instant' });

    // Other code (a journey claim) publishes on the same bus.
    listingEvents.publish({ id: 7, kind: 'journey' });
    expect(dataOf(await stream.next(isEvent('taken')))).toEqual({ id: 7, kind: 'journey' });

    await stream.cancel();
    await vi.waitFor(() => expect(listingEvents.size).toBe(0));
    expect(t.errors).toEqual([]);
  });

  it('works over a real connection: every open stream hears the booking, and a client that leaves is dropped', async () => {
    const server: ServerType = await new Promise((resolve) => {
      const started = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const clients = [new AbortController(), new AbortController()];
      const streams = await Promise.all(
        clients.map(async (client, i) => {
          const response = await fetch(`http://127.0.0.1:${port}/v1/jobs/events`, {
            headers: { authorization: `Bearer ${i === 0 ? partner : starter}` },
            signal: client.signal,
          });
          expect(response.status).toBe(200);
          expect(response.headers.get('x-accel-buffering')).toBe('no');
          const stream = new SseReader(response.body);
          await stream.next(isEvent('ready'));
          return stream;
        }),
      );
      expect(listingEvents.size).toBe(2);

      const id = await openInstantJob();
      await bookAsStarter(id);
      for (const stream of streams)
        expect(dataOf(await stream.next(isEvent('taken')))).toEqual({ id, kind: 'instant' });

      clients[0]!.abort();
      await vi.waitFor(() => expect(listingEvents.size).toBe(1));
      clients[1]!.abort();
      await vi.waitFor(() => expect(listingEvents.size).toBe(0));
    } finally {
      server.close();
    }
  });

  it('refuses a caller without a live token with 401 and opens nothing', async () => {
    for (const token of [null, 'not-a-token']) {
      const response = await openStream(t.app, token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    }
    expect(listingEvents.size).toBe(0);
  });

  it('sends a keep-alive comment while nothing happens', async () => {
    const events = new ListingEventBus();
    const app = routesOnly({}, { events, keepAliveMs: 30 });
    const stream = new SseReader((await openStream(app, partner)).body);
    await stream.next(isEvent('ready'));
    expect(await stream.next((block) => block.startsWith(':'))).toBe(': keep-alive');
    expect(await stream.next((block) => block.startsWith(':'))).toBe(': keep-alive');
    await stream.cancel();
    await vi.waitFor(() => expect(events.size).toBe(0));
  });

  it('ends after one token lifetime, so the portal reconnects with a fresh token', async () => {
    const events = new ListingEventBus();
    const app = routesOnly({ tokenTtlS: 1 }, { events, keepAliveMs: 200 });
    const stream = new SseReader((await openStream(app, partner)).body);
    await stream.next(isEvent('ready'));
    expect(events.size).toBe(1);
    expect(await stream.ends(3000)).toBe(true);
    expect(events.size).toBe(0);
  });

  it('holds at most 6 streams per session: the 7th gets 429 with Retry-After, and a closed one frees its place at once', async () => {
    expect(t.config.eventStreamsPerSession).toBe(6);
    const events = new ListingEventBus();
    const app = routesOnly({}, { events });
    const open: SseReader[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await openStream(app, partner);
      expect(response.status).toBe(200);
      const stream = new SseReader(response.body);
      await stream.next(isEvent('ready'));
      open.push(stream);
    }
    const refused = await openStream(app, partner);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(TOO_MANY_STREAMS_RETRY_AFTER_S));
    expect(await refused.json()).toEqual(TOO_MANY_STREAMS);
    expect(events.size).toBe(6);

    // Another sign-in has places of its own, even the same partner's.
    const elsewhere = await signIn(t.app, 'partner@example.com');
    const other = new SseReader((await openStream(app, elsewhere.token)).body);
    await other.next(isEvent('ready'));
    expect(events.size).toBe(7);

    await open.shift()!.cancel();
    await vi.waitFor(() => expect(events.size).toBe(6));
    const again = await openStream(app, partner);
    expect(again.status).toBe(200);
    open.push(new SseReader(again.body));
    await open.at(-1)!.next(isEvent('ready'));
    expect((await openStream(app, partner)).status).toBe(429);

    await Promise.all([...open, other].map((stream) => stream.cancel()));
    await vi.waitFor(() => expect(events.size).toBe(0));
    expect((await openStream(app, partner, AbortSignal.abort())).status).toBe(200);
  });

  it('gives the place back when a stream reaches the end of its lifetime (EVENT_STREAMS_PER_SESSION=1)', async () => {
    const events = new ListingEventBus();
    const app = routesOnly({ tokenTtlS: 1, eventStreamsPerSession: 1 }, { events, keepAliveMs: 200 });
    const stream = new SseReader((await openStream(app, partner)).body);
    await stream.next(isEvent('ready'));
    expect((await openStream(app, partner)).status).toBe(429);
    expect(await stream.ends(3000)).toBe(true);
    const next = await openStream(app, partner);
    expect(next.status).toBe(200);
    await new SseReader(next.body).cancel();
    await vi.waitFor(() => expect(events.size).toBe(0));
  });

  it('stops at once for a request already aborted', async () => {
    const events = new ListingEventBus();
    const app = routesOnly({}, { events });
    const response = await openStream(app, partner, AbortSignal.abort());
    expect(response.status).toBe(200);
    expect(await new SseReader(response.body).ends(1000)).toBe(true);
    expect(events.size).toBe(0);
  });
});
