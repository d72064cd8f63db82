/**
 * Bad input to every request schema the server decodes — LoginRequest (POST /login), TokenRequest
 * (POST /oauth/token), SearchRequest (POST /v1/jobs, /v1/jobs/counts, /v1/jobs/tab-counts), SaveDefaultSearchRequest
 * and CreateSavedSearchRequest (POST /v1/saved-searches/default, /v1/saved-searches), BookListingRequest and
 * QuoteListingRequest (POST /v1/listings/{id}/book, /v1/listings/{id}/quote), ExpressPayRequest (PUT /v1/payments/express-pay), PrivateJobRequest (POST and PUT
 * /ng/api/v3/provider/private-jobs) and PrivateWorkPreferencesRequest (PUT …/private-work-preferences) — generated with fast-check: any JSON value, wrong types in each field, strings up to 1 MB,
 * any Unicode, deep nesting, bodies that are not JSON, wrong content types. The answer is always a 4xx with a JSON
 * `message`: never a 500, never an unexpected error logged. The one multipart body, a document upload, has its
 * fields fuzzed in document-routes.test.ts.
 */
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_MATRIX } from '@/schemas/notification-preferences';
import { createApp } from '@/server/app';
import { TERMS_VERSION } from '@/schemas/documents';
import { MAX_MESSAGE_LENGTH } from '@/server/http/api-errors';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '@/server/http/read-body';
import { FORM_MEDIA_TYPE } from '@/server/http/read-form';
import { exampleSignUp } from '@/server/sign-up/sign-up-example';
import { dateShaped } from '@/server/testing/date-shaped';
import {
  createSeededApp,
  sessionCookieOf,
  SETUP_TIMEOUT_MS,
  signIn,
  TOKEN_REQUEST,
  type SeededApp,
  XHR,
} from '@/server/testing/seeded-app';

let t: SeededApp;
let cookie: string;
let bearer: string;
/** The admin's bearer token: the admin tools decode their bodies only for an admin. */
let adminBearer: string;
beforeAll(async () => {
  t = await createSeededApp();
  ({ cookie } = await signIn(t.app, 'partner@example.com'));
  bearer = `Bearer ${(await signIn(t.app, 'partner@example.com')).token}`;
  adminBearer = `Bearer ${(await signIn(t.app, 'admin@example.com')).token}`;
  const { rows } = await t.db.query<{ email: string }>(
    'select u.email from jobs j join users u on u.id = j.provider_id where j.id = $1',
    [OTHER_PARTNERS_JOB_ID],
  );
  expect(rows[0]?.email).toBe('starter@example.com');
  const van = await t.db.query<{ email: string }>(
    'select u.email from vehicles v join users u on u.id = v.user_id where v.id = $1',
    [OTHER_PARTNERS_VEHICLE_ID],
  );
  expect(van.rows[0]?.email).toBe('starter@example.com');
}, SETUP_TIMEOUT_MS);
// Each test answers for the unexpected errors of its own requests.
beforeEach(() => {
  t.errors.splice(0);
});

interface Endpoint {
  readonly path: string;
  /** The top-level fields of the decoded value. */
  readonly fields: readonly string[];
  readonly envelope: (fields: unknown) => unknown;
  readonly headers: Record<string, string>;
  /** A body that decodes. */
  readonly valid: unknown;
  /**
   * Numeric fields: a fuzzed integer is the right type, so a generated body may decode and meet the endpoint's own
   * rules. The 4xx (with a message) such a body may get, and what `valid` gets; else 200 or 201.
   */
  readonly decodedAnswers?: readonly number[];
  /** POST unless said. */
  readonly method?: 'PUT';
}

const underPayload = (fields: unknown) => ({ payload: fields });
/** A body that is the fields themselves (the won-work bodies, which also take them under payload). */
const bare = (fields: unknown) => fields;
/** The fields of SearchCriteria (schemas/search.ts). */
const CRITERIA_FIELDS = [
  'type',
  'pickup',
  'delivery',
  'categories',
  'filters',
  'capacity',
  'page',
  'limit',
  'order',
  'proximity',
];
const VALID_CRITERIA = { type: 'instant', categories: ['piano'] };
/**
 * A job the seed allocated to another partner (starter@, checked in beforeAll): whatever decodes, the partner's book
 * and quote for it are refused (409 taken, or 422 for a vehicle not theirs), so the fuzz never books anything.
 */
const OTHER_PARTNERS_JOB_ID = 19;
/** The fields of PrivateJobInput (schemas/private-job.ts) and a private job that meets every rule. */
const PRIVATE_JOB_FIELDS = ['uuid', 'volumeInM3', 'nodes', 'vehicle_id', 'driver_id', 'title'];
const VALID_PRIVATE_JOB = {
  uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  volumeInM3: 4,
  nodes: [
    {
      place: { lat: 53.41, lng: -2.15, town: 'Stockport', postcode: 'SK1 3TA' },
      sortOrder: 1,
      nodeType: 'pickup',
      timeWindowStart: '2026-11-20T10:00:00Z',
      timeWindowEnd: '2026-11-20T12:00:00Z',
      durationOnSiteInSeconds: 1800,
    },
    {
      place: { lat: 53.58, lng: -2.43, town: 'Bolton', postcode: 'BL1 1RU' },
      sortOrder: 2,
      nodeType: 'delivery',
      timeWindowStart: '2026-11-20T13:00:00Z',
      timeWindowEnd: '2026-11-20T15:00:00Z',
      durationOnSiteInSeconds: 1800,
    },
  ],
};
/** The fields of VehicleInput (schemas/fleet.ts) and a vehicle that meets every rule. */
const FLEET_VEHICLE_FIELDS = [
  'category',
  'type',
  'make',
  'model',
  'registration_number',
  'seats',
  'haveTailLift',
  'useTrailer',
  'isBranded',
  'isBrandingRequested',
  'loading_capacity_m3',
  'totalPayloadKg',
  'postcode',
];
const VALID_FLEET_VEHICLE = {
  category: 'van',
  type: 'lwb',
  make: 'Renault',
  model: 'Master',
  registration_number: 'AB23 CDE',
  seats: 3,
  haveTailLift: true,
  useTrailer: false,
  isBranded: false,
  isBrandingRequested: false,
  loading_capacity_m3: 10,
  totalPayloadKg: 1200,
  postcode: 'M1 4BT',
};
/** The other partner's (starter@) van and a driver that is not the partner's (seeded ids, checked in beforeAll). */
const OTHER_PARTNERS_VEHICLE_ID = 6;
const OTHER_PARTNERS_DRIVER_ID = 999_999;
/** A /v1 endpoint that decodes a body; the partner's live bearer token goes with it, so only the body can fail. */
const v1 = (
  path: string,
  fields: readonly string[],
  valid: unknown,
  envelope: (fields: unknown) => unknown = underPayload,
  decodedAnswers?: readonly number[],
  method?: 'PUT',
): Endpoint => ({
  path,
  fields,
  envelope,
  valid,
  ...(decodedAnswers ? { decodedAnswers } : {}),
  ...(method ? { method } : {}),
  get headers() {
    return { authorization: bearer };
  },
});

/**
 * The decoded endpoints. The token call carries a live session cookie and the /v1 calls a live bearer token, so
 * only the body can make them fail.
 */
const ENDPOINTS: readonly Endpoint[] = [
  {
    path: '/login',
    fields: ['email', 'password'],
    envelope: (fields: unknown) => fields,
    headers: {},
    valid: { email: 'partner@example.com', password: 'demo1234' },
  },
  {
    path: '/oauth/token',
    fields: ['grant_type', 'client_id', 'client_secret', 'scope'],
    envelope: underPayload,
    get headers() {
      return { cookie };
    },
    valid: TOKEN_REQUEST,
  },
  // Sign-up, verification and password reset (schemas/sign-up.ts): public, no token. What decodes meets the rules
  // (422 with the fields); a valid sign-up makes an account (201), a valid step passes (200), a reset request is 202
  // (429 once this address asked too often), and a made-up link token is refused (422).
  {
    path: '/v1/sign-up/validate-step',
    fields: ['step', 'values'],
    envelope: underPayload,
    headers: {},
    valid: { payload: { step: 'identity', values: exampleSignUp('fuzz@example.com') } },
    decodedAnswers: [200, 429],
  },
  {
    path: '/v1/sign-up/validate-step',
    fields: Object.keys(exampleSignUp('')),
    envelope: (fields: unknown) => ({ payload: { step: 'insurance', values: fields } }),
    headers: {},
    valid: { payload: { step: 'insurance', values: exampleSignUp('fuzz@example.com') } },
    decodedAnswers: [200],
  },
  {
    path: '/v1/sign-up',
    fields: Object.keys(exampleSignUp('')),
    envelope: underPayload,
    headers: {},
    valid: { payload: exampleSignUp('fuzz.valid@example.com') },
    decodedAnswers: [201, 429],
  },
  {
    path: '/v1/email-verification/verify',
    fields: ['token'],
    envelope: underPayload,
    headers: {},
    valid: { payload: { token: 'x'.repeat(43) } },
    decodedAnswers: [422],
  },
  {
    path: '/v1/password-reset/request',
    fields: ['email'],
    envelope: underPayload,
    headers: {},
    valid: { payload: { email: 'nobody@example.com' } },
    decodedAnswers: [202, 429],
  },
  {
    path: '/v1/password-reset/confirm',
    fields: ['token', 'password', 'password_confirmation'],
    envelope: underPayload,
    headers: {},
    valid: { payload: { token: 'x'.repeat(43), password: 'abcd1234', password_confirmation: 'abcd1234' } },
    decodedAnswers: [422],
  },
  v1('/v1/jobs', CRITERIA_FIELDS, { payload: VALID_CRITERIA }),
  v1('/v1/jobs/counts', CRITERIA_FIELDS, { payload: VALID_CRITERIA }),
  v1('/v1/jobs/tab-counts', CRITERIA_FIELDS, { payload: VALID_CRITERIA }),
  v1('/v1/saved-searches/default', CRITERIA_FIELDS, { payload: VALID_CRITERIA }),
  v1('/v1/saved-searches', ['name', 'criteria'], { payload: { name: 'Pianos', criteria: VALID_CRITERIA } }),
  // The criteria of a saved search, fuzzed field by field.
  v1('/v1/saved-searches', CRITERIA_FIELDS, { payload: { name: 'Pianos', criteria: VALID_CRITERIA } }, (fields) => ({
    payload: { name: 'Fuzzed', criteria: fields },
  })),
  v1(
    `/v1/listings/${OTHER_PARTNERS_JOB_ID}/book`,
    ['provider_vehicle_id'],
    { payload: { provider_vehicle_id: 1 } },
    underPayload,
    [409],
  ),
  v1(`/v1/listings/${OTHER_PARTNERS_JOB_ID}/quote`, ['amount'], { payload: { amount: 5000 } }, underPayload, [409]),
  // Won work (schemas/work.ts): bodies bare (or under payload, which the schemas unwrap), on the other partner's job,
  // so whatever decodes is 404 and nothing completes; the admin's rating names a job that does not exist.
  v1(
    `/ng/api/v3/actions/listings/${OTHER_PARTNERS_JOB_ID}/complete`,
    ['listing_id'],
    { listing_id: OTHER_PARTNERS_JOB_ID },
    bare,
    [404],
  ),
  v1(
    `/ng/api/v3/actions/listings/${OTHER_PARTNERS_JOB_ID}/complete-with-issue`,
    ['listing_id', 'text', 'type', 'sub_type', 'responsible', 'listingCart', 'extra_charge'],
    {
      listing_id: OTHER_PARTNERS_JOB_ID,
      text: 'Extra stairs',
      type: 5,
      sub_type: 'charge_customer_extra',
      responsible: 2,
      listingCart: { items: [] },
      extra_charge: { amount: 2500 },
    },
    bare,
    [404],
  ),
  {
    ...v1(
      '/v1/admin/listings/999999/rating',
      ['punctuality', 'communication', 'care_of_goods', 'presentation', 'comment'],
      { punctuality: 5, communication: 4, care_of_goods: 5, presentation: 4, comment: 'Fine' },
      bare,
      [404],
    ),
    get headers() {
      return { authorization: adminBearer };
    },
  },
  // A valid private job creates one (201; the same uuid again replays it). The PUT names a uuid the partner never
  // used, so whatever decodes is 404 and no private job changes.
  v1('/ng/api/v3/provider/private-jobs', PRIVATE_JOB_FIELDS, { payload: VALID_PRIVATE_JOB }),
  v1(
    '/ng/api/v3/provider/private-jobs/4d3c2b1a-0f9e-4d8c-b7a6-958473625140',
    PRIVATE_JOB_FIELDS,
    { payload: VALID_PRIVATE_JOB },
    underPayload,
    [404],
    'PUT',
  ),
  v1(
    '/ng/api/v3/provider/private-work-preferences',
    ['default_volume_m3', 'pickup_on_site_s', 'delivery_on_site_s', 'block_marketplace_overlap', 'calendar_colour_by'],
    {
      payload: {
        default_volume_m3: 10,
        pickup_on_site_s: 1800,
        delivery_on_site_s: 1800,
        block_marketplace_overlap: false,
        calendar_colour_by: 'vehicle',
      },
    },
    underPayload,
    [200],
    'PUT',
  ),
  // Documents and terms (schemas/documents.ts). Any version but the current one is refused (422); the current one
  // records an acceptance the partner has already made, so nothing changes. The review names no document (404).
  v1('/v1/terms/accept', ['version'], { payload: { version: TERMS_VERSION } }, underPayload, [200, 422]),
  {
    ...v1(
      '/v1/admin/documents/999999/review',
      ['status', 'reason'],
      { payload: { status: 'approved' } },
      underPayload,
      [404],
    ),
    get headers() {
      return { authorization: adminBearer };
    },
  },
  // Express pay (schemas/payments.ts): any two booleans decode and set the partner's own switches.
  v1(
    '/v1/payments/express-pay',
    ['enrolled', 'auto_enrol'],
    { payload: { enrolled: false, auto_enrol: false } },
    underPayload,
    [200],
    'PUT',
  ),
  // My vehicles and drivers (schemas/fleet.ts). A vehicle or driver that decodes is added to the partner's fleet
  // (201); the edit names another partner's vehicle and the assignment another partner's driver, so whatever decodes
  // there is 404 and nothing changes; the admin's review names a vehicle that does not exist.
  v1('/ts/public/v1/vehicles', FLEET_VEHICLE_FIELDS, { payload: VALID_FLEET_VEHICLE }, underPayload, [201]),
  v1(
    `/ts/public/v1/vehicles/${OTHER_PARTNERS_VEHICLE_ID}`,
    FLEET_VEHICLE_FIELDS,
    { payload: VALID_FLEET_VEHICLE },
    underPayload,
    [404],
    'PUT',
  ),
  v1(
    '/ng/api/v3/provider/drivers',
    ['full_name', 'email', 'phone', 'vehicle_id', 'invite'],
    { payload: { full_name: 'Joe Wright', email: 'joe.wright@example.co.uk', phone: '07700 900777' } },
    underPayload,
    [201],
  ),
  v1(
    `/ng/api/v3/provider/drivers/${OTHER_PARTNERS_DRIVER_ID}/assign-vehicle`,
    ['vehicle_id'],
    { payload: { vehicle_id: 1 } },
    underPayload,
    [404],
  ),
  {
    ...v1('/v1/admin/vehicles/999999/review', ['status'], { payload: { status: 'APPROVED' } }, underPayload, [404]),
    get headers() {
      return { authorization: adminBearer };
    },
  },
  // Profile (profile-routes.ts). A generated body never holds a UK postcode, a radius option with a week start, or
  // all eight notification events, so only the valid bodies are answered 200.
  v1(
    '/v1/profile',
    ['full_name', 'phone', 'company_name', 'company_number', 'postcode'],
    {
      payload: {
        full_name: 'Dan Carter',
        phone: '07700 900123',
        company_name: '',
        company_number: '',
        postcode: 'M1 4BT',
      },
    },
    underPayload,
    [200],
    'PUT',
  ),
  v1(
    '/v1/profile/preferences',
    ['language', 'default_search_radius', 'week_start'],
    { payload: { language: 'en', default_search_radius: 20, week_start: 'monday' } },
    underPayload,
    [200],
    'PUT',
  ),
  v1(
    '/v1/notification-preferences',
    ['preferences'],
    { payload: { preferences: DEFAULT_NOTIFICATION_MATRIX } },
    underPayload,
    [200],
    'PUT',
  ),
];

const post = (endpoint: Endpoint, body: BodyInit, contentType: string | null = 'application/json') =>
  t.app.request(endpoint.path, {
    method: endpoint.method ?? 'POST',
    headers: { ...XHR, ...endpoint.headers, ...(contentType === null ? {} : { 'content-type': contentType }) },
    body,
  });

/** A 4xx with a JSON body whose `message` is a non-empty string, no cookie, no token, and nothing logged. */
const REFUSALS = [400, 401, 413, 415, 422] as const;
const expectRefused = async (response: Response, allowed: readonly number[] = REFUSALS) => {
  expect(allowed).toContain(response.status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { message?: unknown; errors?: Record<string, string[]> };
  expect(typeof body.message).toBe('string');
  expect(body.message).not.toBe('');
  for (const [field, messages] of Object.entries(body.errors ?? {})) {
    expect(field.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    for (const message of messages) expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH + 1);
  }
  expect(sessionCookieOf(response)).toBeNull();
  // Taken out, so that each generated case (and each shrunk one) answers for its own errors only.
  expect(t.errors.splice(0)).toEqual([]);
};

/** Any value of a JSON document, with Unicode strings (lone surrogates included). */
const json = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' });
/** A value of the wrong type for a string or literal field. */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(json, { maxLength: 4 }),
  fc.dictionary(fc.string(), json, { maxKeys: 4 }),
);
/** Values deep enough to overflow a recursive decoder: nested arrays or objects, 1 to 200,000 levels. */
const deep = fc
  .tuple(fc.integer({ min: 1, max: 200_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

describe.each(ENDPOINTS.map((e) => [`${e.method ?? 'POST'} ${e.path}`, e.fields.join(' '), e] as const))(
  '%s (%s)',
  (_route, _fields, endpoint) => {
    it('answers any JSON value with a 4xx and a message', async () => {
      await fc.assert(
        fc.asyncProperty(json, async (value) => {
          await expectRefused(await post(endpoint, JSON.stringify(endpoint.envelope(value))), [
            ...REFUSALS,
            ...(endpoint.decodedAnswers ?? []),
          ]);
        }),
        { numRuns: 150 },
      );
    });

    it('answers wrong types, missing fields and Unicode in each field with a 4xx and a message', async () => {
      const field = fc.oneof(
        wrongType,
        fc.string({ unit: 'binary', maxLength: 300 }),
        dateShaped,
        fc.constant(undefined),
      );
      const fields = fc.record(Object.fromEntries(endpoint.fields.map((name) => [name, field])));
      await fc.assert(
        fc.asyncProperty(fields, async (value) => {
          await expectRefused(await post(endpoint, JSON.stringify(endpoint.envelope(value))), [
            ...REFUSALS,
            ...(endpoint.decodedAnswers ?? []),
          ]);
        }),
        { numRuns: 150 },
      );
    });

    it('answers strings up to 1 MB with a 4xx and a message, without echoing them back', async () => {
      const huge = fc
        .tuple(fc.integer({ min: 200, max: 1024 * 1024 }), fc.constantFrom('x', 'é', '€', '😀', '\u0000', '"'))
        .map(([length, char]) => char.repeat(Math.ceil(length / char.length)));
      await fc.assert(
        fc.asyncProperty(huge, fc.constantFrom(...endpoint.fields), async (text, name) => {
          const value = Object.fromEntries(endpoint.fields.map((f) => [f, f === name ? text : '']));
          const response = await post(endpoint, JSON.stringify(endpoint.envelope(value)));
          expect((await response.clone().text()).length).toBeLessThan(4096);
          await expectRefused(response);
        }),
        { numRuns: 12 },
      );
    });

    it('answers deeply nested bodies, at the root or in a field, with a 4xx and a message', async () => {
      await fc.assert(
        fc.asyncProperty(deep, fc.constantFrom('root', ...endpoint.fields), async (nested, where) => {
          const body =
            where === 'root' ? nested : JSON.stringify(endpoint.envelope({ [where]: '§' })).replace('"§"', nested);
          await expectRefused(await post(endpoint, body));
        }),
        { numRuns: 25 },
      );
    });

    it('answers bodies that are not JSON with 422 (or 413 when too large)', async () => {
      const notJson = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 200 }).filter((s) => {
          try {
            // Reading a body as text drops a leading byte order mark, as TextDecoder does.
            JSON.parse(s.replace(/^\uFEFF/, ''));
            return false;
          } catch {
            return true;
          }
        }),
        fc.uint8Array({ minLength: 1, maxLength: 200 }).filter((bytes) => {
          try {
            JSON.parse(new TextDecoder().decode(bytes));
            return false;
          } catch {
            return true;
          }
        }),
        fc.constant(''),
        fc.constant('{"email":'),
        fc.constant('\uFEFF'),
      );
      await fc.assert(
        fc.asyncProperty(notJson, async (body) => {
          const response = await post(endpoint, body);
          expect(response.status).toBe(422);
          expect(await response.clone().json()).toEqual({
            message: 'messages.validation',
            errors: { body: ['The request body must be valid JSON.'] },
          });
          await expectRefused(response);
        }),
        { numRuns: 100 },
      );
    });

    it('answers a content type other than JSON with 415, even around a valid body', async () => {
      const valid = JSON.stringify(endpoint.valid);
      const contentType = fc.oneof(
        fc.constantFrom(
          null,
          'text/plain',
          'text/plain;charset=UTF-8',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/jsonp',
          'application/json-patch+json',
          'text/json',
          '',
        ),
        fc.string({ maxLength: 40 }).filter((s) => s.split(';')[0]?.trim().toLowerCase() !== 'application/json'),
      );
      await fc.assert(
        fc.asyncProperty(contentType, async (type) => {
          const response = await post(endpoint, valid, type);
          expect(response.status).toBe(415);
          expect(await response.clone().json()).toEqual({
            message: 'The request body must be JSON (Content-Type: application/json).',
          });
          await expectRefused(response);
        }),
        { numRuns: 40 },
      );
      // The check reads the media type only: parameters and case do not matter.
      const ok = await post(endpoint, valid, 'Application/JSON; charset=utf-8');
      expect(endpoint.decodedAnswers ?? [200, 201]).toContain(ok.status);
    });
  },
);

describe('characters PostgreSQL cannot store', () => {
  it('an e-mail with a NUL is no one’s: 401 like an unknown e-mail, not a database error', async () => {
    const login = ENDPOINTS[0] as Endpoint;
    for (const email of ['\u0000', 'partner@example.com\u0000', '\u0000partner@example.com']) {
      const response = await post(login, JSON.stringify({ email, password: 'demo1234' }));
      expect(response.status).toBe(401);
      expect(await response.clone().json()).toEqual({ message: 'The user credentials were incorrect.' });
      await expectRefused(response);
    }
  });
});

describe('session cookie values', () => {
  it('any value, percent-encoded NUL included, is no session: 401 on the token call, 200 on logout', async () => {
    const value = fc.oneof(
      fc.constantFrom('%00', 'a%00b', '%ZZ', '%', '"quoted"', 'x'.repeat(4000)),
      fc.string({ maxLength: 80 }).map(encodeURIComponent),
      fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    );
    await fc.assert(
      fc.asyncProperty(value, async (raw) => {
        const headers = { ...XHR, 'content-type': 'application/json', cookie: `tpp_session=${raw}` };
        const token = await t.app.request('/oauth/token', {
          method: 'POST',
          headers,
          body: JSON.stringify(TOKEN_REQUEST),
        });
        expect(token.status).toBe(401);
        await expectRefused(token);
        const logout = await t.app.request('/logout', { method: 'POST', headers });
        expect(logout.status).toBe(200);
        expect(t.errors.splice(0)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('deep nesting', () => {
  it('is measured without recursion, at any depth', () => {
    expect(nestsDeeperThan('x', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({ a: [1] }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: [{}] }, 2)).toBe(true);
    expect(nestsDeeperThan(JSON.parse('['.repeat(500_000) + ']'.repeat(500_000)), MAX_BODY_DEPTH)).toBe(true);
  });

  it('past MAX_BODY_DEPTH is a 422 naming the body', async () => {
    const login = ENDPOINTS[0] as Endpoint;
    const body = `{"email":${'['.repeat(MAX_BODY_DEPTH)}${']'.repeat(MAX_BODY_DEPTH)},"password":"x"}`;
    const response = await post(login, body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'messages.validation',
      errors: { body: ['The request body is nested too deeply.'] },
    });
    const shallow = await post(
      login,
      `{"email":${'['.repeat(MAX_BODY_DEPTH - 1)}${']'.repeat(MAX_BODY_DEPTH - 1)},"password":"x"}`,
    );
    expect(shallow.status).toBe(422);
    expect(Object.keys(((await shallow.json()) as { errors: object }).errors)).toEqual(['email']);
  });
});

describe('the request body size limit', () => {
  const TOO_LARGE = { message: 'The request body is too large.' };
  const small = () => createApp({ db: t.db, config: { ...t.config, maxBodyBytes: 1000 } });
  const login = (app: ReturnType<typeof small>, body: BodyInit, headers: Record<string, string> = {}) =>
    app.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...XHR, ...headers },
      body,
      duplex: 'half',
    } as RequestInit);

  it('is 1 MiB: a body one byte over gets 413 with a JSON message', async () => {
    const over = await post(ENDPOINTS[0] as Endpoint, `{"email":"${'x'.repeat(t.config.maxBodyBytes - 11)}"}`);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual(TOO_LARGE);
    const at = await post(ENDPOINTS[0] as Endpoint, `{"email":"${'x'.repeat(t.config.maxBodyBytes - 12)}"}`);
    expect(at.status).toBe(422);
  });

  it('refuses from Content-Length alone, before reading the body', async () => {
    const response = await login(small(), '{}', { 'content-length': '1001' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(TOO_LARGE);
  });

  it('stops a streamed body once it passes the limit', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode('x'.repeat(300)));
      },
    });
    const response = await login(small(), endless);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(TOO_LARGE);
    expect(pulled).toBeLessThan(10);
  });

  it('counts bytes, not characters', async () => {
    const app = small();
    expect((await login(app, JSON.stringify({ email: 'é'.repeat(490) }))).status).toBe(422);
    expect((await login(app, JSON.stringify({ email: 'é'.repeat(495) }))).status).toBe(413);
    expect(t.errors).toEqual([]);
  });
});

/**
 * The spec's form calls (schemas/work.ts AllocateDriverForm, WonListingForm) take application/x-www-form-urlencoded
 * or JSON. Any fields and values, any JSON, huge values: a 4xx with a message, or what a form that decodes gets
 * (allocate-driver names the other partner's job: 404; the count call answers `{ count }`, an archive of a job that is
 * not the caller's or not completed 404 or 409). Any other media type is 415 with the form message.
 */
const FORM_ENDPOINTS = [
  {
    path: `/ng/api/v3/listings/${OTHER_PARTNERS_JOB_ID}?action=allocate-driver`,
    fields: ['listing_id', 'user_id', 'pickup_date'],
    valid: { listing_id: String(OTHER_PARTNERS_JOB_ID), user_id: '2' },
    decodedAnswers: [404],
  },
  {
    path: '/ajax-dashboard-provider-listing-won',
    fields: ['countOnly', 'listing_id', 'action'],
    valid: { countOnly: '1' },
    decodedAnswers: [200, 404, 409],
  },
] as const;

describe.each(FORM_ENDPOINTS.map((endpoint) => [endpoint.path, endpoint] as const))(
  'POST %s (a form)',
  (_path, endpoint) => {
    const post = (body: string, contentType: string | null = 'application/x-www-form-urlencoded') =>
      t.app.request(endpoint.path, {
        method: 'POST',
        headers: { ...XHR, authorization: bearer, ...(contentType === null ? {} : { 'content-type': contentType }) },
        body,
      });
    const allowed = [...REFUSALS, ...endpoint.decodedAnswers];
    /** A refusal (expectRefused), or a count: the one 200 any of these forms can get. */
    const expectAnswered = async (response: Response) => {
      if (response.status !== 200) return expectRefused(response, allowed);
      expect(endpoint.decodedAnswers).toContain(200);
      expect(await response.json()).toEqual({ count: expect.any(Number) });
      expect(t.errors.splice(0)).toEqual([]);
    };
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom('', '0', '1', '-1', '2', '19', '1e3', 'true', 'archive', '2026-11-20 09:00', '2026-02-30 09:00'),
      dateShaped,
    );
    const name = fc.oneof(fc.constantFrom(...endpoint.fields, '__proto__', 'payload'), fc.string({ maxLength: 12 }));

    it('answers any fields and values with a 4xx and a message, or what a decoded form gets', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 6 }), async (pairs) => {
          await expectAnswered(await post(new URLSearchParams(pairs).toString()));
        }),
        { numRuns: 150 },
      );
    });

    it('answers any raw form text, any JSON value and values up to 1 MB the same way, without echoing them', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (raw) => {
          await expectAnswered(await post(raw));
        }),
        { numRuns: 100 },
      );
      await fc.assert(
        fc.asyncProperty(json, async (body) => {
          await expectAnswered(await post(JSON.stringify(body), 'application/json'));
        }),
        { numRuns: 100 },
      );
      for (const field of endpoint.fields) {
        const response = await post(
          new URLSearchParams({ ...endpoint.valid, [field]: 'é'.repeat(400_000) }).toString(),
        );
        expect((await response.clone().text()).length).toBeLessThan(4096);
        await expectAnswered(response);
      }
    });

    it('answers a media type that is neither a form nor JSON with 415, even around a valid form', async () => {
      const valid = new URLSearchParams(endpoint.valid).toString();
      const contentType = fc.oneof(
        fc.constantFrom(null, '', 'text/plain', 'multipart/form-data; boundary=x', 'application/jsonp', 'text/json'),
        fc
          .string({ maxLength: 40 })
          .filter(
            (s) =>
              !['application/json', 'application/x-www-form-urlencoded'].includes(
                s.split(';')[0]?.trim().toLowerCase() ?? '',
              ),
          ),
      );
      await fc.assert(
        fc.asyncProperty(contentType, async (type) => {
          const response = await post(valid, type);
          expect(response.status).toBe(415);
          expect(await response.clone().json()).toEqual(FORM_MEDIA_TYPE);
          await expectRefused(response, [415]);
        }),
        { numRuns: 40 },
      );
      expect(endpoint.decodedAnswers).toContain(
        (await post(valid, 'Application/X-WWW-Form-Urlencoded; charset=utf-8')).status,
      );
    });
  },
);
