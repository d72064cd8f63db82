import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { DecodeError } from '@/schemas/decode';
import { createApiClient, type ApiBindings } from './client';
import { HttpError, NetworkError, SessionExpiredError } from './errors';
import { flattenQuery } from './query';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
  credentials: RequestCredentials;
  /** The fetch priority handed to fetch (ky passes it beside the Request). */
  priority: RequestPriority | undefined;
}

/** A fetch that records every request and answers from a handler: the client is exercised through real Requests. */
function recordingFetch(handler: (req: Seen, n: number) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = input instanceof Request ? input : new Request(input, init);
    const entry: Seen = {
      url: req.url,
      method: req.method,
      headers: req.headers,
      body: req.body ? await req.text() : null,
      credentials: req.credentials,
      priority: init?.priority,
    };
    seen.push(entry);
    return handler(entry, seen.length);
  };
  return { seen, fetchImpl: fetchImpl as typeof fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const Thing = Schema.Struct({ data: Schema.Struct({ n: Schema.Number }) });

function client(handler: (req: Seen, n: number) => Response | Promise<Response>, bindings: Partial<ApiBindings> = {}) {
  const { seen, fetchImpl } = recordingFetch(handler);
  const waits: number[] = [];
  const api = createApiClient({
    baseUrl: 'https://portal.example/',
    fetch: fetchImpl,
    sleep: async (ms) => void waits.push(ms),
  });
  let token: string | null = 'tok-1';
  const events: string[] = [];
  let renewals = 0;
  api.connect({
    getToken: () => token,
    getLanguage: () => 'es_ES',
    renewToken: async () => {
      renewals += 1;
      await new Promise((r) => setTimeout(r, 10));
      token = 'tok-2';
    },
    onRequest: (phase) => events.push(phase),
    ...bindings,
  });
  return { api, seen, events, waits, renewals: () => renewals };
}

const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('api client', () => {
  it('sends the spec headers, credentials and the bearer token', async () => {
    const { api, seen } = client(() => json(200, { data: { n: 1 } }));
    await api.get('v1/thing', Thing, 'Thing');
    const req = seen[0]!;
    expect(req.url).toBe('https://portal.example/v1/thing');
    expect(req.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(req.headers.get('Accept')).toBe('application/json');
    expect(req.headers.get('Accept-Language')).toBe('es_ES');
    expect(req.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(req.credentials).toBe('include');
  });

  it('sends no Authorization header when signed out', async () => {
    const { api, seen } = client(() => json(200, { data: { n: 1 } }), { getToken: () => null });
    await api.get('v1/thing', Thing, 'Thing');
    expect(seen[0]!.headers.has('Authorization')).toBe(false);
  });

  it('puts bodies under the payload key, except raw ones', async () => {
    const { api, seen } = client(() => json(200, { data: { n: 1 } }));
    await api.post('v1/thing', Thing, 'Thing', { body: { a: 1 } });
    await api.post('login', Thing, 'Thing', { body: { email: 'x' }, raw: true });
    expect(JSON.parse(seen[0]!.body!)).toEqual({ payload: { a: 1 } });
    expect(JSON.parse(seen[1]!.body!)).toEqual({ email: 'x' });
  });

  it('flattens arrays and objects in the query', async () => {
    const { api, seen } = client(() => json(200, { data: { n: 1 } }));
    await api.get('v1/thing', Thing, 'Thing', {
      query: { order: 'date_asc', ids: [3, 4], range: { from: 'a b' }, none: null },
    });
    const url = new URL(seen[0]!.url);
    expect([...url.searchParams.entries()]).toEqual([
      ['order', 'date_asc'],
      ['ids[0]', '3'],
      ['ids[1]', '4'],
      ['range[from]', 'a b'],
    ]);
  });

  it('decodes every response and names the failing path', async () => {
    const { api } = client(() => json(200, { data: { n: 'one' } }));
    const error = await api.get('v1/thing', Thing, 'Thing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).issues[0]!.path).toBe('data.n');
    expect((error as DecodeError).message).toContain('data.n');
  });

  it('turns an error status into an HttpError with the failing fields', async () => {
    const { api, events } = client(() =>
      json(422, { message: 'messages.validation', errors: { email: ["Email can't be blank"] } }),
    );
    const error = await api.post('v1/thing', Thing, 'Thing', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ _tag: 'HttpError', status: 422, errors: { email: ["Email can't be blank"] } });
    expect(events).toEqual(['started', 'failed']);
  });

  it('re-logs in once on 401 and retries with the new token', async () => {
    const { api, seen, renewals } = client((req) =>
      req.headers.get('Authorization') === 'Bearer tok-2'
        ? json(200, { data: { n: 2 } })
        : json(401, { message: 'Unauthenticated.' }),
    );
    await expect(api.get('v1/thing', Thing, 'Thing')).resolves.toEqual({ data: { n: 2 } });
    expect(renewals()).toBe(1);
    expect(seen.map((s) => s.headers.get('Authorization'))).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('shares one re-login between ten concurrent 401s', async () => {
    const { api, renewals } = client((req) =>
      req.headers.get('Authorization') === 'Bearer tok-2'
        ? json(200, { data: { n: 2 } })
        : json(401, { message: 'Unauthenticated.' }),
    );
    const results = await Promise.all(Array.from({ length: 10 }, () => api.get('v1/thing', Thing, 'Thing')));
    expect(results).toHaveLength(10);
    expect(renewals()).toBe(1);
  });

  it('gives up with SessionExpiredError when the re-login fails', async () => {
    const { api, seen } = client(() => json(401, { message: 'Unauthenticated.' }), {
      renewToken: () => Promise.reject(new Error('no session')),
    });
    const error = await api.get('v1/thing', Thing, 'Thing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(seen).toHaveLength(1);
  });

  it('does not retry more than once when the retried call is still 401', async () => {
    const { api, seen, renewals } = client(() => json(401, { message: 'Unauthenticated.' }));
    await expect(api.get('v1/thing', Thing, 'Thing')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(seen).toHaveLength(2);
    expect(renewals()).toBe(1);
  });

  it('does not re-login for calls marked noRenew', async () => {
    const { api, renewals } = client(() => json(401, { message: 'The user credentials were incorrect.' }));
    const error = await api
      .post('login', null, 'Login', { body: {}, raw: true, noRenew: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ _tag: 'HttpError', status: 401, message: 'The user credentials were incorrect.' });
    expect(renewals()).toBe(0);
  });

  it('keeps quiet background checks out of the progress bar', async () => {
    const { api, events } = client(() => json(401, { message: 'Unauthenticated.' }));
    await api.post('oauth/token', null, 'Token', { body: {}, noRenew: true, quiet: true }).catch(() => undefined);
    expect(events).toEqual([]);
  });

  it('reports request phases for the progress bar', async () => {
    const { api, events } = client(() => json(200, { data: { n: 1 } }));
    await api.get('v1/thing', Thing, 'Thing');
    expect(events).toEqual(['started', 'finished']);
  });
});

describe('retries', () => {
  it('retries a read that reached no server, with backoff', async () => {
    const { api, seen, waits } = client((_req, n) => (n < 3 ? offline() : json(200, { data: { n: 3 } })));
    await expect(api.get('v1/thing', Thing, 'Thing')).resolves.toEqual({ data: { n: 3 } });
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([500, 1500]);
  });

  it('retries a read answered 503, and gives the error after the last try', async () => {
    const { api, seen, waits } = client(() => json(503, { message: 'Service unavailable' }));
    await expect(api.get('v1/thing', Thing, 'Thing')).rejects.toMatchObject({ _tag: 'HttpError', status: 503 });
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([500, 1500]);
  });

  it('never repeats a write silently', async () => {
    const { api, seen, waits } = client(offline);
    await expect(api.post('v1/thing', Thing, 'Thing', { body: { a: 1 } })).rejects.toBeInstanceOf(NetworkError);
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('does not retry a read the server refused', async () => {
    const { api, seen } = client(() => json(404, { message: 'Not found' }));
    await expect(api.get('v1/thing', Thing, 'Thing')).rejects.toMatchObject({ status: 404 });
    expect(seen).toHaveLength(1);
  });
});

describe('flattenQuery', () => {
  it('encodes booleans as 1/0 and nests objects in arrays', () => {
    expect(flattenQuery({ ok: true, no: false, list: [{ a: 1 }] }).toString()).toBe('ok=1&no=0&list%5B0%5D%5Ba%5D=1');
  });
});

describe('extra headers and refusal reasons', () => {
  it('sends the extra headers of a call beside the usual ones', async () => {
    const { api, seen } = client(() => json(200, { data: { n: 1 } }));
    await api.post('v1/thing', Thing, 'Thing', { body: {}, headers: { 'Idempotency-Key': 'key-1' } });
    expect(seen[0]!.headers.get('Idempotency-Key')).toBe('key-1');
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it("keeps the server's message and reason word of a listing refusal", async () => {
    const { api } = client(() =>
      json(409, { message: 'Sorry, another partner has already taken this job.', code: 'taken' }),
    );
    const error = await api.post('v1/thing', Thing, 'Thing', { body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      _tag: 'HttpError',
      status: 409,
      message: 'Sorry, another partner has already taken this job.',
      reason: 'taken',
      code: null,
    });
  });

  it('gives a refusal without a message the generic text, and a failure of the server its status', async () => {
    const { api } = client((req) =>
      req.url.endsWith('refused') ? new Response('', { status: 400, statusText: 'Bad Request' }) : json(500, {}),
    );
    await expect(api.get('v1/refused', Thing, 'Thing')).rejects.toMatchObject({
      status: 400,
      message: 'There was a problem with your request.',
    });
    await expect(api.post('v1/failed', Thing, 'Thing', { body: {} })).rejects.toMatchObject({
      status: 500,
      message: 'HTTP 500',
    });
  });

  it("keeps the work rule's decision of a refusal to a partner who may not work, and nothing of one that does not decode", async () => {
    const work = {
      may_work: false,
      reasons: ['suspended', 'terms'],
      suspended_until: '2026-11-25T14:30:00.000Z',
      documents: { missing: [], expired: [] },
    };
    const { api } = client((req) =>
      req.url.endsWith('taken')
        ? json(409, { message: 'Sorry, another partner has already taken this job.', code: 'taken' })
        : json(403, {
            message: 'Your account is suspended.',
            reason: 'suspended',
            work: req.url.endsWith('broken') ? { ...work, reasons: ['sleeping'] } : work,
          }),
    );
    await expect(api.post('v1/thing', Thing, 'Thing', { body: {} })).rejects.toMatchObject({
      status: 403,
      message: 'Your account is suspended.',
      work,
    });
    await expect(api.post('v1/broken', Thing, 'Thing', { body: {} })).rejects.toMatchObject({
      status: 403,
      work: null,
    });
    await expect(api.post('v1/taken', Thing, 'Thing', { body: {} })).rejects.toMatchObject({ status: 409, work: null });
  });

  it('keeps a numeric code as the code, with no reason', async () => {
    const { api } = client(() => json(422, { message: 'messages.validation', code: 101, errors: {} }));
    const error = await api.post('v1/thing', Thing, 'Thing', { body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 101, reason: null, message: 'messages.validation' });
  });

  it('keeps the list of broken reservation rules of a code-101 answer, and the message', async () => {
    const entry = {
      code: 'private_job_window_too_short',
      message: 'A pickup or delivery window lasts at least 2 hours',
      reservation: 1,
      date: '2026-11-21',
      field: 'externalJobs.0.nodes.0.timeWindowEnd',
    };
    const { api } = client(() =>
      json(422, { message: 'messages.reservation_errors', code: 101, errors: [entry, { code: 'x', message: 'y' }] }),
    );
    const error = await api.post('v1/reservations', Thing, 'Thing', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 422,
      code: 101,
      message: 'messages.reservation_errors',
      errors: {},
      ruleErrors: [entry, { code: 'x', message: 'y' }],
    });
  });

  it('has no rule errors for a record of field errors', async () => {
    const { api } = client(() => json(422, { message: 'messages.validation', errors: { date: ['Bad date'] } }));
    const error = (await api.post('v1/thing', Thing, 'Thing', { body: {} }).catch((e: unknown) => e)) as HttpError;
    expect(error.errors).toEqual({ date: ['Bad date'] });
    expect(error.ruleErrors).toEqual([]);
  });

  it('shows the headers of a successful answer to the caller before decoding', async () => {
    const { api } = client(
      () =>
        new Response(JSON.stringify({ data: { n: 1 } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json', Date: 'Fri, 20 Nov 2026 10:00:00 GMT' },
        }),
    );
    let date: string | null = null;
    await api.get('v1/thing', Thing, 'Thing', { onHeaders: (h) => void (date = h.get('Date')) });
    expect(date).toBe('Fri, 20 Nov 2026 10:00:00 GMT');
  });
});

describe('stream', () => {
  const sse = (text: string) => new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });

  it('opens a GET with the usual headers and token and hands back the unread response', async () => {
    const { api, seen, events } = client(() => sse('event: ready\ndata: {}\n\n'));
    const response = await api.stream('v1/jobs/events');
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: 'https://portal.example/v1/jobs/events',
      credentials: 'include',
    });
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(seen[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(seen[0]!.headers.get('Accept-Language')).toBe('es_ES');
    // a background stream, below what the page needs to draw
    expect(seen[0]!.priority).toBe('low');
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe('event: ready\ndata: {}\n\n');
    // a stream that stays open must not hold the progress bar
    expect(events).toEqual([]);
  });

  it('re-logs in once on 401 and opens the stream with the new token', async () => {
    const { api, seen, renewals } = client((req) =>
      req.headers.get('Authorization') === 'Bearer tok-2'
        ? sse(': hi\n\n')
        : json(401, { message: 'Unauthenticated.' }),
    );
    await expect(api.stream('v1/jobs/events')).resolves.toBeInstanceOf(Response);
    expect(renewals()).toBe(1);
    expect(seen.map((s) => s.headers.get('Authorization'))).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('shares the re-login with other calls that got a 401 at the same time', async () => {
    const { api, renewals } = client((req) =>
      req.headers.get('Authorization') === 'Bearer tok-2'
        ? req.url.endsWith('events')
          ? sse(': hi\n\n')
          : json(200, { data: { n: 2 } })
        : json(401, { message: 'Unauthenticated.' }),
    );
    await Promise.all([api.stream('v1/jobs/events'), api.get('v1/thing', Thing, 'Thing')]);
    expect(renewals()).toBe(1);
  });

  it("does not renew again for a 401 that comes back after another call's renewal has finished", async () => {
    // the stream's 401 starts the renewal (10 ms); the other calls were sent with the old token, and their 401s
    // arrive 30 ms later, when the new token is already in place
    const { api, seen, renewals } = client(async (req) => {
      if (req.headers.get('Authorization') === 'Bearer tok-2')
        return req.url.endsWith('events') ? sse(': hi\n\n') : json(200, { data: { n: 2 } });
      if (!req.url.endsWith('events')) await new Promise((r) => setTimeout(r, 30));
      return json(401, { message: 'Unauthenticated.' });
    });
    await Promise.all([
      api.stream('v1/jobs/events'),
      api.get('v1/won-work', Thing, 'Thing'),
      api.get('v1/drivers', Thing, 'Thing'),
      api.get('v1/vehicles', Thing, 'Thing'),
    ]);
    expect(renewals()).toBe(1);
    expect(seen.filter((s) => s.headers.get('Authorization') === 'Bearer tok-2')).toHaveLength(4);
  });

  it('fails with SessionExpiredError when the re-login fails', async () => {
    const { api } = client(() => json(401, { message: 'Unauthenticated.' }), {
      renewToken: () => Promise.reject(new Error('no session')),
    });
    await expect(api.stream('v1/jobs/events')).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('turns an error status into an HttpError and a lost server into a NetworkError, never retried', async () => {
    const refused = client(() => json(503, { message: 'Sorry, something went wrong' }));
    await expect(refused.api.stream('v1/jobs/events')).rejects.toMatchObject({ _tag: 'HttpError', status: 503 });
    expect(refused.seen).toHaveLength(1);
    const lost = client(offline);
    await expect(lost.api.stream('v1/jobs/events')).rejects.toBeInstanceOf(NetworkError);
    expect(lost.seen).toHaveLength(1);
    expect(lost.waits).toEqual([]);
  });

  it('passes the abort signal to the request', async () => {
    const controller = new AbortController();
    let received: AbortSignal | null = null;
    const api = createApiClient({
      baseUrl: 'https://portal.example/',
      fetch: ((input: RequestInfo | URL) => {
        received = (input as Request).signal;
        return Promise.resolve(sse(''));
      }) as typeof fetch,
    });
    api.connect({ getToken: () => 'tok', getLanguage: () => 'en_GB', renewToken: () => Promise.resolve() });
    await api.stream('v1/jobs/events', { signal: controller.signal });
    controller.abort();
    expect(received!.aborted).toBe(true);
  });
});
