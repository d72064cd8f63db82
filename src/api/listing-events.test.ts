import { describe, expect, it } from 'vitest';
import type { ListingEvent } from '@/schemas/listing-event';
import { NetworkError } from './errors';
import { RECONNECT_BACKOFF_MS, watchListingEvents, type WatchListingEventsOptions } from './listing-events';

/** One fake connection: a response whose body the test writes to, ends or breaks; aborting it breaks the body. */
interface Connection {
  readonly signal: AbortSignal;
  send(text: string): void;
  end(): void;
  fail(error: unknown): void;
}

/** A fake server: each open makes a connection (or fails with what `refuse` returns for that attempt). */
function fakeServer(refuse: (attempt: number) => unknown = () => null) {
  const connections: Connection[] = [];
  const waits: number[] = [];
  let attempts = 0;
  let waiting: (() => void) | null = null;
  const open = (signal: AbortSignal): Promise<Response> => {
    attempts += 1;
    const refusal = refuse(attempts);
    if (refusal) return Promise.reject(refusal);
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const connection: Connection = {
      signal,
      send: (text) => controller.enqueue(new TextEncoder().encode(text)),
      end: () => {
        if (!closed) controller.close();
        closed = true;
      },
      fail: (error) => {
        if (!closed) controller.error(error);
        closed = true;
      },
    };
    signal.addEventListener('abort', () => connection.fail(new DOMException('aborted', 'AbortError')));
    connections.push(connection);
    return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
  };
  // A reconnect wait is recorded and ends when the test says so (or at once when `instant`).
  const wait = (ms: number) => {
    waits.push(ms);
    return new Promise<void>((resolve) => (waiting = resolve));
  };
  return {
    connections,
    waits,
    attempts: () => attempts,
    open,
    wait,
    /** Ends the reconnect wait under way. */
    async next() {
      await flush();
      const resume = waiting;
      waiting = null;
      resume?.();
      await flush();
    },
  };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

function watch(server: ReturnType<typeof fakeServer>, extra: Partial<WatchListingEventsOptions> = {}) {
  const events: ListingEvent[] = [];
  const warnings: unknown[][] = [];
  let reconnects = 0;
  const controller = new AbortController();
  const done = watchListingEvents((e) => events.push(e), controller.signal, {
    open: server.open,
    wait: server.wait,
    warn: (...args) => void warnings.push(args),
    onReconnected: () => (reconnects += 1),
    ...extra,
  });
  return { events, warnings, reconnects: () => reconnects, controller, done };
}

const READY = 'event: ready\ndata: {}\n\n';
const taken = (id: number, kind = 'instant') => `event: taken\ndata: {"id":${id},"kind":"${kind}"}\n\n`;

describe('watchListingEvents', () => {
  it('hands on each taken listing, decoded, and ignores ready and keep-alive comments', async () => {
    const server = fakeServer();
    const w = watch(server);
    await flush();
    server.connections[0]!.send(READY + ': keep-alive\n\n' + taken(12) + taken(7, 'journey'));
    await flush();
    expect(w.events).toEqual([
      { id: 12, kind: 'instant' },
      { id: 7, kind: 'journey' },
    ]);
    expect(w.reconnects()).toBe(0);
    w.controller.abort();
    await w.done;
  });

  it('skips a payload that does not decode, says so with a warning, and goes on', async () => {
    const server = fakeServer();
    const w = watch(server);
    await flush();
    server.connections[0]!.send(
      READY +
        'event: taken\ndata: not json\n\n' +
        taken(-3) +
        'event: taken\ndata: {"id":5,"kind":"parcel"}\n\n' +
        taken(9, 'auction'),
    );
    await flush();
    expect(w.events).toEqual([{ id: 9, kind: 'auction' }]);
    expect(w.warnings).toHaveLength(3);
    expect(w.warnings.every(([message]) => String(message).includes('did not decode'))).toBe(true);
    expect(server.attempts()).toBe(1);
    w.controller.abort();
    await w.done;
  });

  it('reconnects when the stream ends, backing off 1, 2, 5, then 10 s while connections keep failing', async () => {
    const server = fakeServer((attempt) =>
      attempt > 1 ? new NetworkError({ message: 'offline', timedOut: false, url: '' }) : null,
    );
    const w = watch(server);
    await flush();
    server.connections[0]!.send(READY);
    server.connections[0]!.end();
    for (let i = 0; i < 5; i += 1) await server.next();
    expect(server.waits).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
    expect(server.attempts()).toBe(6);
    expect(w.warnings.length).toBeGreaterThanOrEqual(5);
    w.controller.abort();
    await server.next();
    await w.done;
    expect(server.attempts()).toBe(6);
  });

  it('starts the backoff again after a connection says ready, and reports each reconnect', async () => {
    const server = fakeServer((attempt) => (attempt === 2 ? new TypeError('Failed to fetch') : null));
    const w = watch(server);
    await flush();
    server.connections[0]!.send(READY);
    server.connections[0]!.end();
    await server.next(); // waited 1 s; attempt 2 fails
    await server.next(); // waited 2 s; attempt 3 connects
    expect(w.reconnects()).toBe(0);
    server.connections[1]!.send(READY + taken(4));
    await flush();
    expect(w.reconnects()).toBe(1);
    expect(w.events).toEqual([{ id: 4, kind: 'instant' }]);
    server.connections[1]!.fail(new TypeError('network error'));
    await server.next();
    expect(server.waits).toEqual([1_000, 2_000, 1_000]);
    server.connections[2]!.send(READY);
    await flush();
    expect(w.reconnects()).toBe(2);
    w.controller.abort();
    await w.done;
  });

  it('uses the default backoff when none is given', () => {
    expect(RECONNECT_BACKOFF_MS).toEqual([1_000, 2_000, 5_000, 10_000]);
  });

  it('stops for good when the signal aborts: the open stream is closed and nothing is opened again', async () => {
    const server = fakeServer();
    const w = watch(server);
    await flush();
    server.connections[0]!.send(READY);
    await flush();
    w.controller.abort();
    await expect(w.done).resolves.toBeUndefined();
    expect(server.connections[0]!.signal.aborted).toBe(true);
    await flush();
    expect(server.attempts()).toBe(1);
    expect(server.waits).toEqual([]);
    expect(w.warnings).toEqual([]);
  });

  it('stops during a reconnect wait when the signal aborts', async () => {
    const server = fakeServer();
    const controller = new AbortController();
    const done = watchListingEvents(() => undefined, controller.signal, {
      open: server.open,
      warn: () => undefined,
      backoffMs: [60_000],
    });
    await flush();
    server.connections[0]!.end();
    await flush();
    controller.abort();
    await expect(done).resolves.toBeUndefined();
    expect(server.attempts()).toBe(1);
  });

  it('replaces a connection that has sent nothing, not even a keep-alive, for the idle time', async () => {
    const server = fakeServer();
    const w = watch(server, { idleTimeoutMs: 30 });
    await flush();
    server.connections[0]!.send(READY);
    await new Promise((resolve) => setTimeout(resolve, 15));
    server.connections[0]!.send(': keep-alive\n\n');
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect(server.connections[0]!.signal.aborted).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(server.connections[0]!.signal.aborted).toBe(true);
    await server.next();
    expect(server.attempts()).toBe(2);
    w.controller.abort();
    await w.done;
  });

  it('opens the stream through the API client by default, at v1/jobs/events', async () => {
    const { api } = await import('./api');
    const paths: string[] = [];
    const original = api.stream;
    api.stream = (path: string) => {
      paths.push(path);
      return Promise.reject(new Error('no server here'));
    };
    const controller = new AbortController();
    const done = watchListingEvents(() => undefined, controller.signal, {
      warn: () => undefined,
      wait: async () => void controller.abort(),
    });
    await done;
    api.stream = original;
    expect(paths).toEqual(['v1/jobs/events']);
  });
});
