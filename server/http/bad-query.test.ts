/**
 * Bad input in the address: every query the server decodes (readQuery: the admin's partner search and
 * impersonation log, places, vehicles, reservations, won work, payments, invoices, the CSV export, ratings, history,
 * drivers, private jobs, the work calendar, the admin's documents) and every path parameter of every route
 * (listRoutes). Each is given the hostile values of server/testing/hostile-values.ts — a percent-encoded NUL, bytes
 * that are not UTF-8, ids past an integer column, number-like text — field by field in a valid query and at random.
 * The answer is always what the query asks for or a 4xx with a JSON `message`: never a 500, nothing logged. The
 * bodies are fuzzed in bad-input.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listRoutes } from '@/server/http/route-table';
import { fuzzTally } from '@/server/testing/fuzz-tally';
import { NUMBERISH_TEXT, RAW_NUMBERS, unstorableText } from '@/server/testing/hostile-values';
import { createSeededApp, SETUP_TIMEOUT_MS, signIn, type SeededApp, XHR } from '@/server/testing/seeded-app';

let t: SeededApp;
let partner: Record<string, string>;
let admin: Record<string, string>;
const tally = fuzzTally('bad-query');
beforeAll(async () => {
  t = await createSeededApp();
  partner = { authorization: `Bearer ${(await signIn(t.app, 'partner@example.com')).token}` };
  admin = { authorization: `Bearer ${(await signIn(t.app, 'admin@example.com')).token}` };
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});
afterAll(() => tally.report());

const request = async (method: string, path: string, headers: Record<string, string>) =>
  tally.count(
    await t.app.request(path, {
      method,
      headers: { ...XHR, ...headers, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
    }),
    `${method} ${path.slice(0, 120)}`,
  );

/** What the call asks for (2xx), or a 4xx with a JSON message; never a 5xx, nothing logged. */
const expectAnswered = async (response: Response, where: string) => {
  expect(response.status, where).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.headers.get('content-type'), where).toMatch(/^application\/json/);
    const body = (await response.json()) as { message?: unknown };
    expect(body.message, where).toEqual(expect.stringMatching(/./));
  }
  expect(t.errors.splice(0), where).toEqual([]);
};

/**
 * Values of a query parameter or a path segment, as they appear in the address (percent-encoded): a NUL alone, after
 * text and as the overlong UTF-8 C0 80; an encoded surrogate (ED A0 80) and a byte that is never UTF-8 (FF); numbers
 * past int4 and the safe integers, negative, -0, 1e400; number-like text.
 */
const ENCODED_NUL = ['%00', 'a%00', '%00a', '1%00'] as const;
const HOSTILE_IN_ADDRESS = [
  ...ENCODED_NUL,
  '%C0%80',
  '%ED%A0%80',
  '%ED%B0%80',
  '%FF',
  '%',
  '%zz',
  ...NUMBERISH_TEXT.map(encodeURIComponent),
  ...RAW_NUMBERS.map(encodeURIComponent),
  'x'.repeat(5000),
] as const;

interface QueryEndpoint {
  readonly path: string;
  /** A query that decodes, its parameters each given the hostile values in turn. */
  readonly valid: Record<string, string>;
  readonly asAdmin?: boolean;
}

const QUERY_ENDPOINTS: readonly QueryEndpoint[] = [
  { path: '/v1/admin/partners', valid: { q: 'dan' }, asAdmin: true },
  { path: '/v1/admin/impersonated-actions', valid: { user_id: '1' }, asAdmin: true },
  { path: '/v1/admin/documents', valid: { status: 'pending_review' }, asAdmin: true },
  { path: '/v1/places', valid: { q: 'Man', limit: '10' } },
  { path: '/ts/public/v1/vehicles', valid: { 'include-place-info': 'true', status: 'APPROVED' } },
  {
    path: '/v1/reservations',
    valid: { order: 'date_desc', date_from: '', date_to: '2026-11-17', limit: '20', page: '1' },
  },
  { path: '/ng/api/v3/provider/won-work', valid: { tab: 'completed', page: '1', vehicle_id: '1', driver_id: '2' } },
  { path: '/v1/payments', valid: { status: 'pending', page: '1' } },
  { path: '/v1/invoices', valid: { page: '1' } },
  { path: '/v1/payments/export.csv', valid: { from: '2026-11-01', to: '2026-11-30' } },
  { path: '/v1/ratings', valid: { page: '1' } },
  { path: '/v1/history', valid: { page: '1' } },
  { path: '/ng/api/v3/provider/drivers', valid: { page: '1', limit: '50' } },
  { path: '/ng/api/v3/provider/private-jobs', valid: { from: '2026-11-01', to: '2026-11-30' } },
  {
    path: '/ng/api/v3/provider/work-calendar',
    valid: { from: '2026-11-01', to: '2026-11-30', vehicle_id: '1', driver_id: '2' },
  },
  { path: '/ng/api/v3/provider/work-calendar.ics', valid: { from: '2026-11-01', to: '2026-11-30' } },
];

/** `query` as address text, each value as given (already encoded). */
const queryText = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
    .join('&');
const encoded = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, encodeURIComponent(value)]));

describe.each(QUERY_ENDPOINTS.map((e) => [e.path, e] as const))('GET %s (a query)', (_path, endpoint) => {
  const get = (query: string) => request('GET', `${endpoint.path}?${query}`, endpoint.asAdmin ? admin : partner);

  it('answers the valid query', async () => {
    const response = await get(queryText(encoded(endpoint.valid)));
    expect(response.status).toBe(200);
    expect(t.errors.splice(0)).toEqual([]);
  });

  it('answers each parameter holding a hostile value as asked or with a 4xx; a NUL with a 422 naming it', async () => {
    for (const name of Object.keys(endpoint.valid))
      for (const bad of HOSTILE_IN_ADDRESS) {
        const where = `${name}=${bad.slice(0, 40)}`;
        const response = await get(queryText({ ...encoded(endpoint.valid), [name]: bad }));
        if (!(ENCODED_NUL as readonly string[]).includes(bad)) {
          await expectAnswered(response, where);
          continue;
        }
        expect(response.status, where).toBe(422);
        const body = (await response.json()) as { errors: Record<string, string[]> };
        expect(Object.keys(body.errors), where).toContain(name);
        expect(t.errors.splice(0), where).toEqual([]);
      }
  }, 60_000);

  it('answers any names and values, repeated or not, as asked or with a 4xx', async () => {
    const name = fc.oneof(
      fc.constantFrom(...Object.keys(endpoint.valid), '__proto__', 'constructor', 'payload'),
      fc.string({ maxLength: 10 }).map(encodeURIComponent),
    );
    const value = fc.oneof(
      fc.constantFrom(...HOSTILE_IN_ADDRESS),
      fc.constantFrom(...Object.values(endpoint.valid)).map(encodeURIComponent),
      unstorableText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
      fc
        .string({ unit: 'binary', maxLength: 30 })
        .map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 6 }), async (pairs) => {
        const query = pairs.map(([n, v]) => `${n}=${v}`).join('&');
        await expectAnswered(await get(query), query.slice(0, 200));
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

/** The path segments no row is named by: hostile ones, and the `*` of a path left as it is. */
const HOSTILE_SEGMENTS = [
  ...ENCODED_NUL,
  '%C0%80',
  '%ED%A0%80',
  '%FF',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '-1',
  '0',
  '-0',
  '1e3',
  '1.5',
  '0x10',
  'NaN',
  'Infinity',
  'null',
  '%20',
  'x'.repeat(2000),
] as const;
/** A value for the other parameters of a path: an id no row has (nothing is changed through it). */
const NO_ROW = '999999';

describe('every path parameter of every route', () => {
  it('answers hostile path segments with a 4xx and a message, never a 500', async () => {
    const routes = listRoutes(t.app).filter((r) => r.path.includes('/:'));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      for (const param of params)
        for (const bad of HOSTILE_SEGMENTS) {
          const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => (name === param ? bad : NO_ROW));
          const where = `${route.method} ${route.path} ${param}=${bad.slice(0, 30)}`;
          const response = await request(route.method, path, path.startsWith('/v1/admin') ? admin : partner);
          await expectAnswered(response, where);
          // Never found: no row has such an id, and a well-formed call on it changes nothing.
          expect(response.status, where).toBeGreaterThanOrEqual(400);
        }
    }
  }, 180_000);
});
