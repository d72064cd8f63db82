/**
 * Bad input to every request schema the server decodes — LoginRequest (POST /login), TokenRequest
 * (POST /oauth/token), SearchRequest (POST /v1/jobs, /v1/jobs/counts, /v1/jobs/tab-counts), SaveDefaultSearchRequest
 * and CreateSavedSearchRequest (POST /v1/saved-searches/default, /v1/saved-searches), BookListingRequest and
 * QuoteListingRequest (POST /v1/listings/{id}/book, /v1/listings/{id}/quote), ExpressPayRequest (PUT /v1/payments/express-pay), PrivateJobRequest (POST and PUT
 * /ng/api/v3/provider/private-jobs) and PrivateWorkPreferencesRequest (PUT …/private-work-preferences), the fleet,
 * won-work, journey, reservation, alert, document, profile and sign-up bodies, and the mock-user grant of the token
 * call — generated with fast-check: any JSON value, wrong types in each field, strings up to 1 MB, any Unicode, deep
 * nesting, bodies that are not JSON, wrong content types, and the hostile values of server/testing/hostile-values.ts
 * (NUL, lone surrogates, numbers past int4 and the safe integers, -0, 1e400, number-like text) in each field of a
 * valid body. The answer is always a 4xx with a JSON `message` (or what a body that decodes gets): never a 500, never
 * an unexpected error logged. The one multipart body, a document upload, has its fields fuzzed in
 * document-routes.test.ts; queries and path ids are fuzzed in bad-query.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_MATRIX } from '@/schemas/notification-preferences';
import { createApp } from '@/server/app';
import { TERMS_VERSION } from '@/schemas/documents';
import { UNSTORABLE_TEXT_MESSAGE } from '@/schemas/common';
import { MAX_MESSAGE_LENGTH } from '@/server/http/api-errors';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '@/server/http/read-body';
import { FORM_MEDIA_TYPE } from '@/server/http/read-form';
import { STEP_FIELDS, type SignUpStep } from '@/schemas/sign-up';
import { exampleSignUp } from '@/server/sign-up/sign-up-example';
import { reservationInput } from '@/server/reservations/reservation-test-inputs';
import { dateShaped } from '@/server/testing/date-shaped';
import { fuzzTally } from '@/server/testing/fuzz-tally';
import {
  hostileJson,
  hugeInteger,
  NUMBERISH_TEXT,
  RAW_NUMBERS,
  rawNumber,
  unstorable,
  unstorableText,
  withRawNumbers,
} from '@/server/testing/hostile-values';
import {
  createSeededApp,
  jsonPost,
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
/**
 * A session of the admin's own for the mock-user grant: a grant that decodes may switch it to a partner, which must
 * not touch the session behind adminBearer.
 */
let mockingCookie: string;
const tally = fuzzTally('bad-input');
beforeAll(async () => {
  t = await createSeededApp();
  ({ cookie } = await signIn(t.app, 'partner@example.com'));
  bearer = `Bearer ${(await signIn(t.app, 'partner@example.com')).token}`;
  adminBearer = `Bearer ${(await signIn(t.app, 'admin@example.com')).token}`;
  ({ cookie: mockingCookie } = await signIn(t.app, 'admin@example.com'));
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
  const own = await t.db.query<{ user_id: number; van: number; driver: number }>(
    `select u.id as user_id, v.id as van, d.id as driver from users u
      join vehicles v on v.user_id = u.id and v.status = 'APPROVED' join drivers d on d.user_id = u.id and d.active
      where u.email = 'partner@example.com' order by v.id, d.id limit 1`,
  );
  expect(own.rows[0]).toEqual({ user_id: PARTNER_ID, van: PARTNERS_VAN_ID, driver: PARTNERS_DRIVER_ID });
}, SETUP_TIMEOUT_MS);
// Each test answers for the unexpected errors of its own requests.
beforeEach(() => {
  t.errors.splice(0);
});
afterAll(() => tally.report());

interface Endpoint {
  readonly path: string;
  /** The top-level fields of the decoded value. */
  readonly fields: readonly string[];
  readonly envelope: (fields: unknown) => unknown;
  readonly headers: Record<string, string>;
  /** A body that decodes. */
  readonly valid: unknown;
  /** A body that decodes with every optional field given, whose fields the hostile values spoil; `valid` if absent. */
  readonly full?: unknown;
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
/** The partner's own id, first approved van and first active driver (seeded, checked in beforeAll). */
const PARTNER_ID = 1;
const PARTNERS_VAN_ID = 1;
const PARTNERS_DRIVER_ID = 2;
/** Ids no row has: whatever decodes on them is 404 and changes nothing. */
const NO_JOURNEY_ID = 999_999;
const NO_RESERVATION_ID = 999_999;
/** SearchCriteria with every optional field (spec §3 search parameters). */
const FULL_CRITERIA = {
  type: 'instant',
  pickup: {
    location: {
      name: 'Manchester',
      lat: 53.48,
      lon: -2.24,
      boundaries: { northeast: { lat: 53.5, lng: -2.2 }, southwest: { lat: 53.4, lng: -2.3 } },
    },
    radius: { value: 20, unit: 'mi' },
    date: { start: '2026-11-19', end: '2026-11-30' },
  },
  delivery: { location: { name: 'Leeds', lat: 53.8, lon: -1.55 }, radius: { value: 50, unit: 'mi' } },
  categories: ['piano', 'house_move'],
  filters: { piano_type: ['upright'], people: ['two_people'] },
  capacity: { min: 1, max: 20 },
  page: 1,
  limit: 20,
  order: 'date_asc',
  proximity: { lat: 53.48, lng: -2.24 },
  desktopMode: true,
};
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

/** The example sign-up's values of one step (schemas/sign-up.ts STEP_FIELDS). */
const stepValues = (step: SignUpStep) => {
  const example: Record<string, unknown> = exampleSignUp('fuzz@example.com');
  return Object.fromEntries(STEP_FIELDS[step].map((field) => [field, example[field]]));
};
/** `endpoint` with a body of every optional field for the hostile values to spoil (its getters kept). */
const withFull = (endpoint: Endpoint, full: unknown): Endpoint =>
  Object.defineProperties({ full }, Object.getOwnPropertyDescriptors(endpoint)) as Endpoint;
/** An admin tool: the admin's bearer token instead of the partner's. */
const asAdmin = (endpoint: Endpoint): Endpoint =>
  Object.defineProperty(Object.defineProperties({}, Object.getOwnPropertyDescriptors(endpoint)), 'headers', {
    get: () => ({ authorization: adminBearer }),
  }) as Endpoint;

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
  // The admin's switch user (spec §6): a partner id that is no partner's is 404; a grant that decodes for a partner
  // switches the admin's own extra session (mockingCookie), and the cookie grant answers a token.
  {
    path: '/oauth/token',
    fields: ['grant_type', 'client_id', 'client_secret', 'scope', 'user_id'],
    envelope: (fields: unknown) => ({
      payload: { ...TOKEN_REQUEST.payload, grant_type: 'mock_user_grant', ...(fields as object) },
    }),
    get headers() {
      return { cookie: mockingCookie };
    },
    valid: { payload: { ...TOKEN_REQUEST.payload, grant_type: 'mock_user_grant', user_id: 999_999 } },
    decodedAnswers: [200, 404],
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
    // A step reads only its own fields (the others are ignored, and nothing is stored): its own are spoiled.
    full: { payload: { step: 'identity', values: stepValues('identity') } },
    decodedAnswers: [200, 429],
  },
  {
    path: '/v1/sign-up/validate-step',
    fields: Object.keys(exampleSignUp('')),
    envelope: (fields: unknown) => ({ payload: { step: 'insurance', values: fields } }),
    headers: {},
    valid: { payload: { step: 'insurance', values: exampleSignUp('fuzz@example.com') } },
    // With international work, so that the CMR cover is read too.
    full: {
      payload: {
        step: 'insurance',
        values: { ...stepValues('insurance'), international_work: true, cmr_cover: '50000', cmr_expiry: '2027-06-30' },
      },
    },
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
  withFull(v1('/v1/jobs', CRITERIA_FIELDS, { payload: VALID_CRITERIA }), { payload: FULL_CRITERIA }),
  withFull(v1('/v1/jobs/counts', CRITERIA_FIELDS, { payload: VALID_CRITERIA }), { payload: FULL_CRITERIA }),
  withFull(v1('/v1/jobs/tab-counts', CRITERIA_FIELDS, { payload: VALID_CRITERIA }), { payload: FULL_CRITERIA }),
  withFull(v1('/v1/saved-searches/default', CRITERIA_FIELDS, { payload: VALID_CRITERIA }), {
    payload: FULL_CRITERIA,
  }),
  // A partner keeps at most 50 saved searches: past that, a search that decodes is refused (422).
  withFull(
    v1(
      '/v1/saved-searches',
      ['name', 'criteria'],
      { payload: { name: 'Pianos', criteria: VALID_CRITERIA } },
      underPayload,
      [201, 422],
    ),
    { payload: { name: 'Pianos near Manchester', criteria: FULL_CRITERIA } },
  ),
  // The criteria of a saved search, fuzzed field by field.
  v1(
    '/v1/saved-searches',
    CRITERIA_FIELDS,
    { payload: { name: 'Pianos', criteria: VALID_CRITERIA } },
    (fields) => ({ payload: { name: 'Fuzzed', criteria: fields } }),
    [201, 422],
  ),
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
  withFull(v1('/ng/api/v3/provider/private-jobs', PRIVATE_JOB_FIELDS, { payload: VALID_PRIVATE_JOB }), {
    payload: {
      ...VALID_PRIVATE_JOB,
      uuid: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
      vehicle_id: PARTNERS_VAN_ID,
      driver_id: PARTNERS_DRIVER_ID,
      title: 'Piano',
    },
  }),
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
  // The spoiled bodies that still decode add a van of another registration (then 422: already yours), so the valid
  // body's own registration stays free for the checks that expect its 201.
  withFull(v1('/ts/public/v1/vehicles', FLEET_VEHICLE_FIELDS, { payload: VALID_FLEET_VEHICLE }, underPayload, [201]), {
    payload: { ...VALID_FLEET_VEHICLE, registration_number: 'CD45 EFG' },
  }),
  v1(
    `/ts/public/v1/vehicles/${OTHER_PARTNERS_VEHICLE_ID}`,
    FLEET_VEHICLE_FIELDS,
    { payload: VALID_FLEET_VEHICLE },
    underPayload,
    [404],
    'PUT',
  ),
  withFull(
    v1(
      '/ng/api/v3/provider/drivers',
      ['full_name', 'email', 'phone', 'vehicle_id', 'invite'],
      { payload: { full_name: 'Joe Wright', email: 'joe.wright@example.co.uk', phone: '07700 900777' } },
      underPayload,
      [201],
    ),
    // The other partner's van: whatever decodes with it is refused, so no driver is assigned a van.
    {
      payload: {
        full_name: 'Joe Wright',
        email: 'joe.wright@example.co.uk',
        phone: '07700 900777',
        vehicle_id: OTHER_PARTNERS_VEHICLE_ID,
        invite: false,
      },
    },
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
  // Journeys (schemas/journey.ts), on a journey that does not exist: whatever decodes is 404 and nothing changes.
  v1(
    '/ng/api/v3/provider/expressInterest',
    [
      'provider_vehicle_id',
      'registration_number',
      'job_id',
      'job_type',
      'tp_quote',
      'tp_quote_return',
      'selected_number_of_men_option',
      'edit',
    ],
    {
      payload: {
        provider_vehicle_id: PARTNERS_VAN_ID,
        registration_number: 'AB12 CDE',
        job_id: [NO_JOURNEY_ID],
        job_type: 'journey',
        tp_quote: 12000,
        tp_quote_return: 6000,
        selected_number_of_men_option: 2,
        edit: false,
      },
    },
    underPayload,
    [404, 409, 422],
  ),
  v1(
    `/journey/api/v1/journey/${NO_JOURNEY_ID}/register-driver/${PARTNERS_DRIVER_ID}`,
    ['provider_vehicle_id', 'return'],
    { payload: { provider_vehicle_id: PARTNERS_VAN_ID, return: true } },
    underPayload,
    [404],
  ),
  v1(
    `/journey/api/v1/journey/${NO_JOURNEY_ID}/allocate-driver-real`,
    ['driver_id'],
    { payload: { driver_id: PARTNERS_DRIVER_ID } },
    underPayload,
    [404],
  ),
  v1(
    `/journey/api/v1/journey/${NO_JOURNEY_ID}/deallocate-driver`,
    ['reason', 'note'],
    { payload: { reason: 'other', note: 'The van is off the road' } },
    underPayload,
    [404],
  ),
  // Reservations (schemas/reservation.ts). A validation that decodes makes drafts only (200, or the rules' 422);
  // the drafts, the edits and the cancellation name ids no row has (404), and the team's offer does too.
  v1(
    '/v1/reservations',
    ['user_id', 'vehicle_id', 'reservations'],
    { payload: { user_id: PARTNER_ID, vehicle_id: PARTNERS_VAN_ID, reservations: [reservationInput()] } },
    underPayload,
    [200],
  ),
  v1(
    '/v1/reservations',
    ['date', 'people', 'capacity', 'nodes', 'externalJobs'],
    { payload: { user_id: PARTNER_ID, vehicle_id: PARTNERS_VAN_ID, reservations: [reservationInput()] } },
    (fields) => ({ payload: { user_id: PARTNER_ID, vehicle_id: PARTNERS_VAN_ID, reservations: [fields] } }),
    [200],
  ),
  v1('/v1/reservations/accept-drafts', ['reservations'], { payload: { reservations: [999_999] } }, underPayload, [422]),
  v1(
    `/v1/reservations/${NO_RESERVATION_ID}`,
    ['people', 'capacity', 'nodes', 'externalJobs'],
    { payload: reservationInput() },
    underPayload,
    [404],
    'PUT',
  ),
  v1(
    `/v1/reservations/${NO_RESERVATION_ID}/validate`,
    ['people', 'capacity', 'nodes', 'externalJobs'],
    { payload: reservationInput() },
    underPayload,
    [404],
  ),
  v1(
    `/v1/reservations/${NO_RESERVATION_ID}/cancel`,
    ['cancel_reason', 'cancel_note'],
    { payload: { cancel_reason: 'other', cancel_note: 'A wedding in the family' } },
    underPayload,
    [404],
  ),
  asAdmin(
    v1(
      `/v1/admin/reservations/${NO_RESERVATION_ID}/return-offer`,
      ['expires_in_s'],
      { payload: { expires_in_s: 600 } },
      underPayload,
      [404],
    ),
  ),
  // New-work alerts (schemas/alert.ts): a search that does not exist (404), and the admin's job post, which makes a
  // job when it decodes and its towns exist (201). POST /v1/alerts/seen takes `{}` and is fuzzed in
  // alert-routes.test.ts.
  v1('/v1/saved-searches/999999/alert', ['alert'], { payload: { alert: true } }, underPayload, [404]),
  asAdmin(
    v1(
      '/v1/admin/jobs',
      ['kind', 'category', 'pickup', 'delivery', 'pickup_date', 'volume_m3', 'price', 'allocation_method'],
      {
        payload: {
          kind: 'instant',
          category: 'parcels',
          pickup: { town: 'Leeds', postcode: 'LS1 4AP' },
          delivery: { town: 'York', postcode: 'YO1 7HH' },
          pickup_date: { start: '2026-11-21T09:00:00Z', end: '2026-11-21T13:00:00Z' },
          volume_m3: 2,
          price: { amount: 5000 },
          allocation_method: 'click_and_claim',
        },
      },
      underPayload,
      [201],
    ),
  ),
];

const post = async (endpoint: Endpoint, body: BodyInit, contentType: string | null = 'application/json') =>
  tally.count(
    await t.app.request(endpoint.path, {
      method: endpoint.method ?? 'POST',
      headers: { ...XHR, ...endpoint.headers, ...(contentType === null ? {} : { 'content-type': contentType }) },
      body,
    }),
    `${endpoint.method ?? 'POST'} ${endpoint.path}`,
  );

/** A 4xx with a JSON body whose `message` is a non-empty string, no cookie, no token, and nothing logged. */
const REFUSALS = [400, 401, 413, 415, 422] as const;
const expectRefused = async (response: Response, allowed: readonly number[] = REFUSALS) => {
  expect(allowed).toContain(response.status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as {
    message?: unknown;
    errors?: Record<string, string[]> | { message: string }[];
  };
  expect(typeof body.message).toBe('string');
  expect(body.message).not.toBe('');
  // By field (spec §8), or the reservation rules' list (code 101, schemas/auth.ts ErrorBody).
  if (Array.isArray(body.errors))
    for (const entry of body.errors) expect(entry.message).toEqual(expect.stringMatching(/^.{1,300}$/s));
  else
    for (const [field, messages] of Object.entries(body.errors ?? {})) {
      expect(field.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
      for (const message of messages) expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH + 1);
    }
  expect(sessionCookieOf(response)).toBeNull();
  // Taken out, so that each generated case (and each shrunk one) answers for its own errors only.
  expect(t.errors.splice(0)).toEqual([]);
};

/**
 * Any value of a JSON document, with Unicode strings (lone surrogates included), and now and then one of the hostile
 * values (server/testing/hostile-values.ts) at the top or inside an array or object.
 */
const json = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }) },
  { weight: 1, arbitrary: hostileJson },
  { weight: 1, arbitrary: fc.array(hostileJson, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), hostileJson, { maxKeys: 3 }) },
);
/** A value of the wrong type for a string or literal field (or of the right type, and hostile). */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  hugeInteger,
  fc.boolean(),
  fc.constant(null),
  fc.array(json, { maxLength: 4 }),
  fc.dictionary(fc.string(), json, { maxKeys: 4 }),
  hostileJson,
);
type Path = readonly (string | number)[];
/** Every string, number, boolean and null in `value`, with where it is. */
const leavesOf = (value: unknown, path: Path = []): { path: Path; value: unknown }[] => {
  if (Array.isArray(value)) return value.flatMap((item, i) => leavesOf(item, [...path, i]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  return [{ path, value }];
};
/** A copy of `value` with `replacement` at `path`. */
const setAt = (value: unknown, path: Path, replacement: unknown): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? setAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: setAt(record[head], rest, replacement) };
};
/** The text spoilings every text field must refuse: a NUL or a lone surrogate, alone or with the valid text. */
const spoiledTexts = (text: string) => [
  '\u0000',
  `\u0000${text}`,
  `${text}\u0000`,
  `${text.slice(0, 1)}\u0000${text.slice(1)}`,
  `${text}\ud800`,
  `\udc00${text}`,
  '\udfff\ud800',
];
/**
 * What a body that decodes may be refused with beside REFUSALS, on the endpoints above: 403 (the partner may not take
 * that work), 404 (no such row, or another partner's), 409 (taken, already done), 429 (asked too often).
 */
const DECODED_REFUSALS = [...REFUSALS, 403, 404, 409, 429];
/**
 * One of each hostile class, for every field of any type (the property test below draws from all of them): numbers as
 * raw JSON (past int4, past the safe integers, 1e400 read as Infinity, -0, negative, subnormal, fractional),
 * number-like text, and text that cannot be stored.
 */
const HOSTILE_ANY = [
  ...(['2147483648', '9007199254740993', '1e400', '-0', '-2147483649', '5e-324', '0.5'] as const).map(rawNumber),
  ...(['NaN', '-Infinity', '2147483648', '1e3', ''] as const),
  '\u0000',
  '\ud800',
];

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

    it('answers each field of a valid body holding a hostile value with a 4xx and a message, or as it decodes', async () => {
      const full = endpoint.full ?? endpoint.valid;
      for (const { path, value } of leavesOf(full)) {
        const texts = typeof value === 'string' ? spoiledTexts(value) : [];
        for (const bad of [...texts, ...HOSTILE_ANY]) {
          const response = await post(endpoint, withRawNumbers(setAt(full, path, bad)));
          const where = `${path.join('.')} = ${JSON.stringify(bad)}`;
          expect(response.status, where).toBeLessThan(500);
          // Text PostgreSQL cannot store is refused wherever it is; every other answer is a refusal with a message
          // or what a body that decodes gets.
          if (texts.includes(bad as string)) expect(response.status, where).toBeGreaterThanOrEqual(400);
          if (response.status >= 300) await expectRefused(response, DECODED_REFUSALS);
          else expect(t.errors.splice(0), where).toEqual([]);
        }
      }
    }, 120_000);

    it('answers a valid body with hostile values in any of its fields with a 4xx and a message, or as it decodes', async () => {
      const full = endpoint.full ?? endpoint.valid;
      const leaves = leavesOf(full);
      const spoiled = fc
        .array(
          fc.tuple(
            fc.constantFrom(...leaves),
            fc.oneof(hostileJson, unstorableText, fc.constantFrom(...RAW_NUMBERS).map(rawNumber)),
          ),
          { minLength: 1, maxLength: 3 },
        )
        .chain((spoilings) =>
          fc.tuple(
            fc.constant(spoilings),
            // The leaf's own text, spoiled, beside the values of any type.
            fc.oneof(
              fc.constant(null),
              fc
                .constantFrom(...leaves.filter((l) => typeof l.value === 'string'), { path: [], value: '' })
                .chain((leaf) => unstorable(String(leaf.value)).map((text) => ({ path: leaf.path, text }))),
            ),
          ),
        );
      await fc.assert(
        fc.asyncProperty(spoiled, async ([spoilings, text]) => {
          let body = spoilings.reduce<unknown>((b, [leaf, bad]) => setAt(b, leaf.path, bad), full);
          if (text && text.path.length > 0) body = setAt(body, text.path, text.text);
          const response = await post(endpoint, withRawNumbers(body));
          expect(response.status).toBeLessThan(500);
          if (text && text.path.length > 0) expect(response.status).toBeGreaterThanOrEqual(400);
          if (response.status >= 300) await expectRefused(response, DECODED_REFUSALS);
          else expect(t.errors.splice(0)).toEqual([]);
        }),
        { numRuns: 40 },
      );
    }, 60_000);

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

  it('a sign-up refuses a NUL or a lone surrogate in its text, naming the field (a surrogate was stored as U+FFFD)', async () => {
    const signUp = ENDPOINTS.find((e) => e.path === '/v1/sign-up')!;
    const cases = [
      ['email', 'fuzz.nul@example.com\ud800', 'Email must be a valid e-mail address'],
      ['full_name', 'Dan\udc00 Carter', 'Full name contains characters that are not allowed'],
      ['make', 'Ford\u0000', 'Make contains characters that are not allowed'],
      ['password', 'vanman2026\u0000', 'Password contains characters that are not allowed'],
    ] as const;
    for (const [field, text, message] of cases) {
      const values = { ...exampleSignUp('fuzz.nul@example.com'), [field]: text };
      // An address of its own: the fuzz above has used up the sign-ups of the usual one.
      const response = tally.count(
        await t.app.request(signUp.path, {
          ...jsonPost({ payload: values }, { 'x-test-client': `sign-up-characters-${field}` }),
        }),
      );
      expect(response.status, field).toBe(422);
      expect(((await response.clone().json()) as { errors: Record<string, string[]> }).errors[field], field).toEqual([
        message,
      ]);
      await expectRefused(response);
    }
  });
});

/**
 * Each of these once reached PostgreSQL and answered 500 (a NUL has no place in a text column, a lone surrogate no
 * UTF-8 form, and an int4 column no number past 2^31 − 1): the shared text and id types (schemas/common.ts
 * StorableText, positiveId) refuse them when the request is decoded, with a 422 naming the field.
 */
describe('values that once answered 500', () => {
  const UNSTORABLE = { message: 'messages.validation', errors: {} } as const;
  const refusal = (field: string, message: string) => ({ ...UNSTORABLE, errors: { [field]: [message] } });
  const send = async (path: string, body: unknown, headers: Record<string, string>, method = 'POST') =>
    tally.count(
      await t.app.request(path, {
        method,
        headers: { ...XHR, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
      `${method} ${path}`,
    );
  const expect422 = async (response: Response, field: string, message: string) => {
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(refusal(field, message));
    expect(t.errors.splice(0)).toEqual([]);
  };
  /** The partner's own allocated job (seeded): the text is refused before anything completes it. */
  const ownJob = async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `select id from jobs where provider_id = $1 and status = 'allocated' order by id limit 1`,
      [PARTNER_ID],
    );
    return rows[0]!.id;
  };

  it('a NUL in a vehicle’s make or model, on create and on update', async () => {
    const partner = { authorization: bearer };
    const created = await send(
      '/ts/public/v1/vehicles',
      { payload: { ...VALID_FLEET_VEHICLE, make: 'Re\u0000nault' } },
      partner,
    );
    await expect422(created, 'make', UNSTORABLE_TEXT_MESSAGE);
    const updated = await send(
      `/ts/public/v1/vehicles/${PARTNERS_VAN_ID}`,
      { payload: { ...VALID_FLEET_VEHICLE, model: 'Master\u0000' } },
      partner,
      'PUT',
    );
    await expect422(updated, 'model', UNSTORABLE_TEXT_MESSAGE);
  });

  it('a NUL or a lone surrogate in the text of complete-with-issue', async () => {
    const id = await ownJob();
    for (const text of ['Extra stairs\u0000', 'Extra stairs \ud800', '\udc00']) {
      const response = await send(
        `/ng/api/v3/actions/listings/${id}/complete-with-issue`,
        { listing_id: id, text, type: 5, sub_type: null, responsible: 2 },
        { authorization: bearer },
      );
      await expect422(response, 'text', UNSTORABLE_TEXT_MESSAGE);
    }
    const { rows } = await t.db.query<{ status: string }>('select status from jobs where id = $1', [id]);
    expect(rows[0]?.status).toBe('allocated');
  });

  it('a NUL in a rating’s comment', async () => {
    const response = await send(
      `/v1/admin/listings/${await ownJob()}/rating`,
      { punctuality: 5, communication: 4, care_of_goods: 5, presentation: 4, comment: 'Fine\u0000' },
      { authorization: adminBearer },
    );
    await expect422(response, 'comment', UNSTORABLE_TEXT_MESSAGE);
  });

  it('a NUL in the admin’s partner search', async () => {
    for (const q of ['%00', 'dan%00', '%00dan']) {
      const response = tally.count(
        await t.app.request(`/v1/admin/partners?q=${q}`, { headers: { authorization: adminBearer } }),
      );
      await expect422(response, 'q', UNSTORABLE_TEXT_MESSAGE);
    }
  });

  it('ids past an integer column: the mock-user grant, allocate-driver-real and assign-vehicle', async () => {
    for (const id of [2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e21]) {
      const grant = await send(
        '/oauth/token',
        { payload: { ...TOKEN_REQUEST.payload, grant_type: 'mock_user_grant', user_id: id } },
        { cookie: mockingCookie },
      );
      await expect422(grant, 'user_id', 'A user id is at most 2147483647');
      const real = await send(
        `/journey/api/v1/journey/${NO_JOURNEY_ID}/allocate-driver-real`,
        { payload: { driver_id: id } },
        { authorization: bearer },
      );
      await expect422(real, 'driver_id', 'A driver id is at most 2147483647');
      const assign = await send(
        `/ng/api/v3/provider/drivers/${PARTNERS_DRIVER_ID}/assign-vehicle`,
        { payload: { vehicle_id: id } },
        { authorization: bearer },
      );
      await expect422(assign, 'vehicle_id', 'A vehicle id is at most 2147483647');
    }
    // The largest id that fits is no row's: looked up, and not found.
    const largest = await send(
      `/ng/api/v3/provider/drivers/${PARTNERS_DRIVER_ID}/assign-vehicle`,
      { payload: { vehicle_id: 2 ** 31 - 1 } },
      { authorization: bearer },
    );
    expect(largest.status).toBe(404);
    expect(t.errors.splice(0)).toEqual([]);
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
    const post = async (body: string, contentType: string | null = 'application/x-www-form-urlencoded') =>
      tally.count(
        await t.app.request(endpoint.path, {
          method: 'POST',
          headers: { ...XHR, authorization: bearer, ...(contentType === null ? {} : { 'content-type': contentType }) },
          body,
        }),
        `POST ${endpoint.path}`,
      );
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
      fc.constantFrom(...NUMBERISH_TEXT),
      unstorableText,
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

    it('answers each field of a valid form holding a hostile value the same way', async () => {
      for (const field of endpoint.fields)
        for (const bad of [
          ...NUMBERISH_TEXT,
          ...RAW_NUMBERS,
          '\u0000',
          `${endpoint.valid[field as never] ?? ''}\u0000`,
        ]) {
          const response = await post(new URLSearchParams({ ...endpoint.valid, [field]: bad }).toString());
          await expectAnswered(response);
          // A NUL is no text of a form field: refused before anything is looked up.
          if (bad.includes('\u0000')) expect(response.status, `${field} = ${JSON.stringify(bad)}`).toBe(422);
        }
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

/**
 * MyJourneysQuery (GET /v1/my-journeys, schemas/my-journeys.ts): any names and values, repeated names, raw query
 * text, hostile numbers and text PostgreSQL cannot store, values up to 1 MB. The answer is the caller's journeys
 * (200, only for a tab and page that decode) or 422 with a message: never a 500, nothing logged.
 */
describe('GET /v1/my-journeys (a query)', () => {
  const get = (query: string) =>
    t.app.request(`/v1/my-journeys?${query}`, { headers: { ...XHR, authorization: bearer } });
  const TABS = ['claimed', 'interest', 'completed'];
  /** The caller's journeys when the first tab and page decode, else a refusal (expectRefused). */
  const expectAnswered = async (response: Response) => {
    if (response.status !== 200) return expectRefused(response, [422]);
    const body = (await response.json()) as { data: unknown[]; meta: { tab: string; page: number } };
    expect(TABS).toContain(body.meta.tab);
    expect(Number.isInteger(body.meta.page) && body.meta.page >= 1).toBe(true);
    expect(t.errors.splice(0)).toEqual([]);
  };
  const value = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(...TABS, '', '1', '2', '0', '-1', '1.5', 'NaN', 'Infinity', '0x10', ' 1', ...RAW_NUMBERS),
    unstorableText,
  );
  const name = fc.oneof(
    fc.constantFrom('tab', 'page', '__proto__', 'constructor', 'limit'),
    fc.string({ maxLength: 8 }),
  );

  it('answers any names and values with the caller’s journeys or a 422 and a message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 5 }), async (pairs) => {
        await expectAnswered(await get(new URLSearchParams(pairs).toString()));
      }),
      { numRuns: 150 },
    );
  });

  it('answers raw query text and values up to 1 MB the same way, without echoing them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 120 }), async (raw) => {
        await expectAnswered(await get(raw.replaceAll('#', '%23')));
      }),
      { numRuns: 100 },
    );
    for (const field of ['tab', 'page']) {
      const response = await get(new URLSearchParams({ [field]: 'é'.repeat(400_000) }).toString());
      expect((await response.clone().text()).length).toBeLessThan(4096);
      await expectRefused(response, [422]);
    }
  });
});
