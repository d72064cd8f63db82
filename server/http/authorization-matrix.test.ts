/**
 * The authorization matrix: every endpoint the app registers, called by every kind of caller, against an explicit
 * table of expected statuses. The endpoints come from the app itself (listRoutes), so a new endpoint without a row
 * here fails, and so does a row for an endpoint that no longer exists.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_MATRIX } from '@/schemas/notification-preferences';
import { createApp } from '@/server/app';
import type { Db } from '@/server/db/db';
import { listMiddlewarePaths, listRoutes } from '@/server/http/route-table';
import { exampleSignUp } from '@/server/sign-up/sign-up-example';
import {
  createSeededApp,
  jsonPost,
  logout,
  SETUP_TIMEOUT_MS,
  signIn,
  testConfig,
  TOKEN_REQUEST,
  type SeededApp,
} from '@/server/testing/seeded-app';

/** Who calls: the bearer token each one sends (none for `anonymous`). */
const CALLERS = ['anonymous', 'expired', 'loggedOut', 'otherPartner', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

/** The first partner, whose data no other caller may ever see. */
const OWNER = 'partner@example.com';
/** Another partner with different data on every /v1 endpoint. */
const OTHER_PARTNER = 'starter@example.com';
const ADMIN = 'admin@example.com';
/** The seed gives the owner the first saved searches (server/seed/saved-searches.ts). */
const OWNER_SAVED_SEARCH_ID = 1;
/** The seed inserts the owner's won work first: job 1 is allocated to the owner (checked in beforeAll). */
const OWNER_WON_JOB_ID = 1;
/** The owner's completed jobs (server/seed/won-work.ts, checked in beforeAll): C1 with no feedback asked, C2 asked and
 * not rated, C4 (the admin declares its completion false). */
const OWNER_UNASKED_JOB_ID = 7;
const OWNER_ASKED_JOB_ID = 8;
const OWNER_COMPLETED_JOB_ID = 10;
/** The other partner's one approved van (checked in beforeAll), so its book gets past the vehicle check. */
const OTHER_PARTNER_VEHICLE_ID = 6;
/** The owner's user id: the seed inserts the demo accounts first. */
const OWNER_ID = 1;
/**
 * The seed's journeys (server/seed/journeys.ts), checked in beforeAll: the first journey held by a partner is the
 * owner's (after the 20 open journeys of the test scale), with its first customer job and an active driver of the
 * owner's on it; journey 1 is open, with the owner's pending interest.
 */
const OWNER_JOURNEY_ID = 21;
const OWNER_JOURNEY_LISTING_ID = 59;
const OWNER_DRIVER_ID = 2;
const OWNER_INTEREST_JOURNEY_ID = 1;
/**
 * The owner's user id and seeded reservations: 1 is pending, 3 an open return offer, 8 pending (the one the admin
 * offers back), checked in the last test.
 */
const OWNER_USER_ID = 1;
const OWNER_PENDING_RESERVATION_ID = 1;
const OWNER_OFFER_RESERVATION_ID = 3;
const OWNER_OFFERABLE_RESERVATION_ID = 8;
/** A reservation body that decodes (schemas/reservation.ts): a full day at Manchester. */
const RESERVATION_CHANGE = {
  people: 1,
  capacity: { value: 10, unit: 'm3' },
  nodes: [
    { place: { lat: 53.48, lng: -2.24, town: 'Manchester', postcode: 'M1 4BT' }, time: 'anytime' },
    { place: { lat: 53.48, lng: -2.24, town: 'Manchester', postcode: 'M1 4BT' }, time: 'anytime' },
  ],
};

/**
 * Private jobs and the work calendar (server/private-jobs/, server/calendar/): the owner's first seeded private job
 * and calendar subscription path, read in beforeAll (the uuid is the seed's, the secret is made on the first call).
 * The private job every caller sends is dated outside the calendar and list rows' ranges, so a caller's own POST
 * does not change what those rows compare.
 */
const OWNER_PRIVATE = { uuid: '', feedPath: '' };
const PRIVATE_JOB_BODY = {
  uuid: '0b6f5b8e-9c1d-4e2f-8a3b-4c5d6e7f8091',
  volumeInM3: 3,
  nodes: [
    {
      place: { lat: 53.41, lng: -2.15, town: 'Stockport', postcode: 'SK1 3TA' },
      sortOrder: 1,
      nodeType: 'pickup',
      timeWindowStart: '2026-12-20T10:00:00Z',
      timeWindowEnd: '2026-12-20T12:00:00Z',
      durationOnSiteInSeconds: 1800,
    },
    {
      place: { lat: 53.58, lng: -2.43, town: 'Bolton', postcode: 'BL1 1RU' },
      sortOrder: 2,
      nodeType: 'delivery',
      timeWindowStart: '2026-12-20T13:00:00Z',
      timeWindowEnd: '2026-12-20T15:00:00Z',
      durationOnSiteInSeconds: 1800,
    },
  ],
};
/** The owner's first van (approved, seeded first) and a vehicle body that decodes (schemas/fleet.ts). */
const OWNER_VEHICLE_ID = 1;
/** The owner's first seeded document, an approved driving licence (checked in the last test). */
const OWNER_DOCUMENT_ID = 1;
const FLEET_VEHICLE_BODY = {
  category: 'van',
  type: 'mwb',
  make: 'Ford',
  model: 'Transit Custom',
  registration_number: 'MA24 XYZ',
  seats: 3,
  haveTailLift: false,
  useTrailer: false,
  isBranded: false,
  isBrandingRequested: false,
  loading_capacity_m3: 6,
  totalPayloadKg: 1000,
  postcode: 'M1 4BT',
};
/** A sign-up that passes every rule (server/sign-up/sign-up-example.ts); each matrix call counts a new e-mail. */
const signUpValues = exampleSignUp;
let signUps = 0;
const PREFERENCES_BODY = {
  default_volume_m3: 8,
  pickup_on_site_s: 900,
  delivery_on_site_s: 1200,
  block_marketplace_overlap: true,
  calendar_colour_by: 'driver',
};

interface Row {
  /** The request that exercises the endpoint (a concrete path for a wildcard route). */
  readonly request: { readonly path: string; readonly init?: RequestInit };
  readonly status: Readonly<Record<Caller, number>>;
  /** The answer is the caller's own data: it must match what that caller's own session reads, never the owner's. */
  readonly callersOwnData?: true;
}

const everyone = (status: number): Record<Caller, number> =>
  Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Record<Caller, number>;
const signedInOnly = { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 200, admin: 200 };

const MATRIX: Readonly<Record<string, Row>> = {
  'GET /': { request: { path: '/' }, status: everyone(302) },
  'GET /healthz': { request: { path: '/healthz' }, status: everyone(200) },
  'GET /tpp': { request: { path: '/tpp' }, status: everyone(301) },
  'GET /tpp/*': { request: { path: '/tpp/dashboard' }, status: everyone(200) },
  // Sign-in is by e-mail and password: a bearer token neither helps nor hinders it.
  'POST /login': {
    request: { path: '/login', init: jsonPost({ email: 'unverified@example.com', password: 'demo1234' }) },
    status: everyone(200),
  },
  // Logout ends the cookie's session; without a cookie it is a no-op, whatever token comes with it.
  'POST /logout': { request: { path: '/logout', init: jsonPost({}) }, status: everyone(200) },
  // A token comes only from a session cookie: a bearer token, live or not, is no substitute.
  'POST /oauth/token': { request: { path: '/oauth/token', init: jsonPost(TOKEN_REQUEST) }, status: everyone(401) },
  // Clearing a switch user acts on the cookie's session too: without a cookie there is none, whatever the token.
  'POST /oauth/mock-user/clear': {
    request: { path: '/oauth/mock-user/clear', init: jsonPost({}) },
    status: everyone(401),
  },
  // Switch user (server/http/admin-routes.ts): the partners to act as, and what was done as them, for admins only.
  'GET /v1/admin/partners': {
    request: { path: '/v1/admin/partners?q=carter' },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 200 },
  },
  'GET /v1/admin/impersonated-actions': {
    request: { path: `/v1/admin/impersonated-actions?user_id=${OWNER_ID}` },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 200 },
  },
  // Sign-up, verification and password reset (server/http/sign-up-routes.ts) are for people without a session: a
  // token neither helps nor hinders. Each sign-up call uses an e-mail of its own, so each makes an account (201).
  'POST /v1/sign-up/validate-step': {
    request: {
      path: '/v1/sign-up/validate-step',
      init: jsonPost({
        payload: {
          step: 'login',
          values: { email: 'new@example.com', password: 'abcd1234', password_confirmation: 'abcd1234' },
        },
      }),
    },
    status: everyone(200),
  },
  'POST /v1/sign-up': {
    request: {
      path: '/v1/sign-up',
      get init() {
        return jsonPost({ payload: signUpValues(`matrix-${++signUps}@example.com`) });
      },
    },
    status: everyone(201),
  },
  'GET /v1/email-verification/status': {
    request: { path: '/v1/email-verification/status' },
    status: signedInOnly,
    callersOwnData: true,
  },
  // Signed in: the other partner and the admin are verified already (409), so nothing is mailed.
  'POST /v1/email-verification/resend': {
    request: { path: '/v1/email-verification/resend', init: { method: 'POST' } },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 409, admin: 409 },
  },
  'POST /v1/email-verification/verify': {
    request: { path: '/v1/email-verification/verify', init: jsonPost({ payload: { token: 'x'.repeat(43) } }) },
    status: everyone(422),
  },
  'POST /v1/password-reset/request': {
    request: { path: '/v1/password-reset/request', init: jsonPost({ payload: { email: 'nobody@example.com' } }) },
    status: everyone(202),
  },
  'POST /v1/password-reset/confirm': {
    request: {
      path: '/v1/password-reset/confirm',
      init: jsonPost({ payload: { token: 'x'.repeat(43), password: 'abcd1234', password_confirmation: 'abcd1234' } }),
    },
    status: everyone(422),
  },
  'GET /v1/user-info': { request: { path: '/v1/user-info' }, status: signedInOnly, callersOwnData: true },
  'GET /v1/app-init': { request: { path: '/v1/app-init' }, status: signedInOnly, callersOwnData: true },
  'GET /v1/badge-counters': { request: { path: '/v1/badge-counters' }, status: signedInOnly, callersOwnData: true },
  'GET /v1/onboarding-status': {
    request: { path: '/v1/onboarding-status' },
    status: signedInOnly,
    callersOwnData: true,
  },
  'GET /v1/dashboard': { request: { path: '/v1/dashboard' }, status: signedInOnly, callersOwnData: true },
  // Find work. Search rows carry no location, so no caller's recent places change under search-info's reference.
  'GET /v1/search-info': { request: { path: '/v1/search-info' }, status: signedInOnly, callersOwnData: true },
  // Recommended work depends on the caller's vehicles, address and past work.
  'POST /v1/jobs': {
    request: { path: '/v1/jobs', init: jsonPost({ payload: { type: 'recommended' } }) },
    status: signedInOnly,
    callersOwnData: true,
  },
  'POST /v1/jobs/counts': {
    request: { path: '/v1/jobs/counts', init: jsonPost({ payload: { type: 'instant', categories: ['piano'] } }) },
    status: signedInOnly,
  },
  'POST /v1/jobs/tab-counts': {
    request: { path: '/v1/jobs/tab-counts', init: jsonPost({ payload: { type: 'instant', categories: ['piano'] } }) },
    status: signedInOnly,
    callersOwnData: true,
  },
  'GET /v1/saved-searches': { request: { path: '/v1/saved-searches' }, status: signedInOnly, callersOwnData: true },
  'POST /v1/saved-searches': {
    request: {
      path: '/v1/saved-searches',
      init: jsonPost({ payload: { name: 'Pianos', criteria: { type: 'instant', categories: ['piano'] } } }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 201, admin: 201 },
  },
  'POST /v1/saved-searches/default': {
    request: {
      path: '/v1/saved-searches/default',
      init: jsonPost({ payload: { type: 'auction', categories: ['piano'] } }),
    },
    status: signedInOnly,
  },
  // The owner's first seeded saved search (checked in beforeAll): nobody else may delete it.
  'DELETE /v1/saved-searches/:id': {
    request: { path: `/v1/saved-searches/${OWNER_SAVED_SEARCH_ID}`, init: { method: 'DELETE' } },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'GET /v1/places': { request: { path: '/v1/places?q=Man' }, status: signedInOnly },
  // New-work alerts (server/alerts/). Only the owner may switch the alert of the owner's saved search.
  'POST /v1/saved-searches/:id/alert': {
    request: {
      path: `/v1/saved-searches/${OWNER_SAVED_SEARCH_ID}/alert`,
      init: jsonPost({ payload: { alert: true } }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  // Whose alerts come back is alert-routes.test.ts's to check: here nobody but the owner alerts, so all are empty.
  'GET /v1/alerts': { request: { path: '/v1/alerts' }, status: signedInOnly },
  'POST /v1/alerts/seen': {
    request: { path: '/v1/alerts/seen', init: jsonPost({ payload: {} }) },
    status: signedInOnly,
  },
  // Posting work is for admins: a partner's valid request is refused (403), the admin's creates a job (201). It runs
  // after POST /v1/jobs (route order), whose recommended rows the new job could otherwise change.
  'POST /v1/admin/jobs': {
    request: {
      path: '/v1/admin/jobs',
      init: jsonPost({
        payload: {
          kind: 'instant',
          category: 'parcels',
          pickup: { town: 'Leeds' },
          delivery: { town: 'York' },
          pickup_date: { start: '2026-12-01T08:00:00Z', end: '2026-12-01T12:00:00Z' },
          volume_m3: 1.5,
          price: { amount: 4500 },
        },
      }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 201 },
  },
  // Listings: the owner's won job. Nobody else may read it (404), book it or quote for it (409 taken); the admin is
  // no transport partner (403). beforeAll and the last test check the job is still the owner's, with no quote.
  'GET /v1/listings/:id': {
    request: { path: `/v1/listings/${OWNER_WON_JOB_ID}` },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /v1/listings/:id/book': {
    request: {
      path: `/v1/listings/${OWNER_WON_JOB_ID}/book`,
      init: jsonPost({ payload: { provider_vehicle_id: OTHER_PARTNER_VEHICLE_ID } }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 409, admin: 403 },
  },
  'POST /v1/listings/:id/quote': {
    request: { path: `/v1/listings/${OWNER_WON_JOB_ID}/quote`, init: jsonPost({ payload: { amount: 5000 } }) },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 409, admin: 403 },
  },
  // Server-Sent Events. The request is already aborted: a signed-in caller gets the 200 and the stream ends at once.
  'GET /v1/jobs/events': {
    request: { path: '/v1/jobs/events', init: { signal: AbortSignal.abort() } },
    status: signedInOnly,
  },
  // Journeys (spec §7, not under /v1): the owner's allocated journey, its job and driver, and the owner's pending
  // interest in an open journey. Nobody else may read them (404, spec §8 text) or change them: the other partner is
  // not journey-ready and the admin is no transport partner (403 on claims). The last tests check nothing changed.
  'GET /ts/public/find-work/v1/journeys/:journeyId': {
    request: { path: `/ts/public/find-work/v1/journeys/${OWNER_JOURNEY_ID}` },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'GET /ts/public/find-work/v1/journeys/:journeyId/listings/:listingId': {
    request: { path: `/ts/public/find-work/v1/journeys/${OWNER_JOURNEY_ID}/listings/${OWNER_JOURNEY_LISTING_ID}` },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  // The caller's own journeys (server/http/my-journey-routes.ts): never anyone else's holds or interests.
  'GET /v1/my-journeys': {
    request: { path: '/v1/my-journeys?tab=interest' },
    status: signedInOnly,
    callersOwnData: true,
  },
  'GET /ng/api/v3/provider/drivers': {
    request: { path: '/ng/api/v3/provider/drivers' },
    status: signedInOnly,
    callersOwnData: true,
  },
  'GET /ng/api/v3/provider/:id/drivers': {
    request: { path: `/ng/api/v3/provider/${OWNER_ID}/drivers` },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'GET /journey/api/v1/journey-shells/listProviderVehicles/:id': {
    request: { path: `/journey/api/v1/journey-shells/listProviderVehicles/${OWNER_JOURNEY_ID}` },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  // Everyone may read an open journey; each caller sees only its own interest in it (none but the owner's).
  'GET /journey/api/v1/journey/expressed-interest/:id': {
    request: { path: `/journey/api/v1/journey/expressed-interest/${OWNER_INTEREST_JOURNEY_ID}` },
    status: signedInOnly,
    callersOwnData: true,
  },
  'POST /ng/api/v3/provider/expressInterest': {
    request: {
      path: '/ng/api/v3/provider/expressInterest',
      init: jsonPost({
        payload: {
          provider_vehicle_id: OTHER_PARTNER_VEHICLE_ID,
          job_id: [OWNER_INTEREST_JOURNEY_ID],
          job_type: 'journey',
        },
      }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 403 },
  },
  'GET /ng/api/v3/provider/cancelInterest/:id': {
    request: { path: `/ng/api/v3/provider/cancelInterest/${OWNER_INTEREST_JOURNEY_ID}` },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /journey/api/v1/journey/:journeyId/register-driver/:driverId': {
    request: {
      path: `/journey/api/v1/journey/${OWNER_JOURNEY_ID}/register-driver/${OWNER_DRIVER_ID}`,
      init: jsonPost({ payload: { provider_vehicle_id: OTHER_PARTNER_VEHICLE_ID } }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 403 },
  },
  'POST /journey/api/v1/journey/:journeyId/allocate-driver/:driverId': {
    request: {
      path: `/journey/api/v1/journey/${OWNER_JOURNEY_ID}/allocate-driver/${OWNER_DRIVER_ID}`,
      init: { method: 'POST' },
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /journey/api/v1/journey/:id/allocate-driver-real': {
    request: {
      path: `/journey/api/v1/journey/${OWNER_JOURNEY_ID}/allocate-driver-real`,
      init: jsonPost({ payload: { driver_id: OWNER_DRIVER_ID } }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /journey/api/v1/journey/:id/deallocate-driver': {
    request: {
      path: `/journey/api/v1/journey/${OWNER_JOURNEY_ID}/deallocate-driver`,
      init: jsonPost({ payload: { reason: 'other', note: 'Not mine to give back' } }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  // Reservations (server/reservations/). Creating needs a journey-ready transport partner: the other partner
  // (starter@, not journey-ready) and the admin get 403. On the owner's reservations everyone else gets 404.
  'GET /v1/reservation-info': {
    request: { path: '/v1/reservation-info' },
    status: signedInOnly,
    callersOwnData: true,
  },
  'GET /v1/reservations': {
    request: { path: '/v1/reservations?order=date_asc' },
    status: signedInOnly,
    callersOwnData: true,
  },
  'POST /v1/reservations': {
    request: {
      path: '/v1/reservations',
      init: jsonPost({
        payload: {
          user_id: OWNER_USER_ID,
          vehicle_id: 1,
          reservations: [{ date: '2026-11-25', ...RESERVATION_CHANGE }],
        },
      }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 403 },
  },
  'POST /v1/reservations/accept-drafts': {
    request: { path: '/v1/reservations/accept-drafts', init: jsonPost({ payload: { reservations: [1] } }) },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 403 },
  },
  'PUT /v1/reservations/:id': {
    request: {
      path: `/v1/reservations/${OWNER_PENDING_RESERVATION_ID}`,
      init: { ...jsonPost({ payload: RESERVATION_CHANGE }), method: 'PUT' },
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /v1/reservations/:id/validate': {
    request: {
      path: `/v1/reservations/${OWNER_PENDING_RESERVATION_ID}/validate`,
      init: jsonPost({ payload: RESERVATION_CHANGE }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /v1/reservations/:id/cancel': {
    request: {
      path: `/v1/reservations/${OWNER_PENDING_RESERVATION_ID}/cancel`,
      init: jsonPost({ payload: { cancel_reason: 'vehicle_issues' } }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  // Accepting an offer takes work on: an admin, who may not work (server/partner/work-eligibility.ts), is refused first.
  'POST /v1/reservations/:id/accept-offer': {
    request: { path: `/v1/reservations/${OWNER_OFFER_RESERVATION_ID}/accept-offer`, init: { method: 'POST' } },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 403 },
  },
  'POST /v1/reservations/:id/reject-offer': {
    request: { path: `/v1/reservations/${OWNER_OFFER_RESERVATION_ID}/reject-offer`, init: { method: 'POST' } },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  // The reservation team's return offer is for admins: a partner's valid request is refused (403), the admin's
  // offers the owner's pending reservation back (200; checked in the last test).
  'POST /v1/admin/reservations/:id/return-offer': {
    request: {
      path: `/v1/admin/reservations/${OWNER_OFFERABLE_RESERVATION_ID}/return-offer`,
      init: jsonPost({ payload: { expires_in_s: 600 } }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 200 },
  },
  // Outside /v1 at the spec's path, behind the same bearer check.
  'GET /ts/public/v1/vehicles': {
    request: { path: '/ts/public/v1/vehicles?include-place-info=true&status=APPROVED' },
    status: signedInOnly,
    callersOwnData: true,
  },
  // Won work (server/work/): the owner's won jobs — job 1 allocated, 7 completed with no feedback asked, 8 completed
  // with feedback asked and not rated, 10 completed (checked in beforeAll). Nobody else may read, assign, complete or
  // ask feedback for them (404, spec §8). The admin tools change the owner's 10 and 8 (checked in the last test).
  'GET /ng/api/v3/provider/won-work': {
    request: { path: '/ng/api/v3/provider/won-work?tab=active' },
    status: signedInOnly,
    callersOwnData: true,
  },
  'GET /ng/api/v3/provider/won-work/:id': {
    request: { path: `/ng/api/v3/provider/won-work/${OWNER_WON_JOB_ID}` },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'GET /ng/api/v3/provider/won-work/:id/tracking': {
    request: { path: `/ng/api/v3/provider/won-work/${OWNER_WON_JOB_ID}/tracking` },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  // Open marketplace jobs for the caller's fleet: the admin's job posted above may join any caller's list.
  'GET /ng/api/v3/provider/recommended-work': {
    request: { path: '/ng/api/v3/provider/recommended-work' },
    status: signedInOnly,
  },
  'POST /ng/api/v3/listings/:id': {
    request: {
      path: `/ng/api/v3/listings/${OWNER_WON_JOB_ID}?action=allocate-driver`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `listing_id=${OWNER_WON_JOB_ID}&user_id=${OWNER_DRIVER_ID}`,
      },
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /ng/api/v3/actions/listings/:id/complete': {
    request: {
      path: `/ng/api/v3/actions/listings/${OWNER_WON_JOB_ID}/complete`,
      init: jsonPost({ listing_id: OWNER_WON_JOB_ID }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /ng/api/v3/actions/listings/:id/complete-with-issue': {
    request: {
      path: `/ng/api/v3/actions/listings/${OWNER_WON_JOB_ID}/complete-with-issue`,
      init: jsonPost({
        listing_id: OWNER_WON_JOB_ID,
        text: 'Not mine to complete',
        type: 5,
        sub_type: null,
        responsible: 2,
        listingCart: { items: [] },
      }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  // The count of the caller's own active won jobs.
  'POST /ajax-dashboard-provider-listing-won': {
    request: {
      path: '/ajax-dashboard-provider-listing-won',
      init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'countOnly=1' },
    },
    status: signedInOnly,
    callersOwnData: true,
  },
  'GET /ajax-provider-do-dash-option/request-feedback/:id': {
    request: { path: `/ajax-provider-do-dash-option/request-feedback/${OWNER_UNASKED_JOB_ID}` },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /v1/admin/listings/:id/false-completion': {
    request: { path: `/v1/admin/listings/${OWNER_COMPLETED_JOB_ID}/false-completion`, init: jsonPost({}) },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 200 },
  },
  'POST /v1/admin/listings/:id/rating': {
    request: {
      path: `/v1/admin/listings/${OWNER_ASKED_JOB_ID}/rating`,
      init: jsonPost({ punctuality: 5, communication: 5, care_of_goods: 4, presentation: 5 }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 201 },
  },
  // Private jobs, preferences, the work calendar and its subscription. Each caller lists, creates, and sets only its
  // own; the owner's private job is 404 to everyone else, and survives them (last test).
  'GET /ng/api/v3/provider/private-jobs': {
    request: { path: '/ng/api/v3/provider/private-jobs?from=2026-11-11&to=2026-11-25' },
    status: signedInOnly,
    callersOwnData: true,
  },
  // The same client uuid from each caller makes that caller's own job (uuids are per partner).
  'POST /ng/api/v3/provider/private-jobs': {
    request: { path: '/ng/api/v3/provider/private-jobs', init: jsonPost({ payload: PRIVATE_JOB_BODY }) },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 201, admin: 201 },
  },
  'GET /ng/api/v3/provider/private-jobs/:uuid': {
    request: {
      get path() {
        return `/ng/api/v3/provider/private-jobs/${OWNER_PRIVATE.uuid}`;
      },
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'PUT /ng/api/v3/provider/private-jobs/:uuid': {
    request: {
      get path() {
        return `/ng/api/v3/provider/private-jobs/${OWNER_PRIVATE.uuid}`;
      },
      get init() {
        return { ...jsonPost({ payload: { ...PRIVATE_JOB_BODY, uuid: OWNER_PRIVATE.uuid } }), method: 'PUT' };
      },
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'DELETE /ng/api/v3/provider/private-jobs/:uuid': {
    request: {
      get path() {
        return `/ng/api/v3/provider/private-jobs/${OWNER_PRIVATE.uuid}`;
      },
      init: { method: 'DELETE' },
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  // Everyone has the defaults until saved, so whose preferences came back is private-job-routes.test.ts's to check.
  'GET /ng/api/v3/provider/private-work-preferences': {
    request: { path: '/ng/api/v3/provider/private-work-preferences' },
    status: signedInOnly,
  },
  'PUT /ng/api/v3/provider/private-work-preferences': {
    request: {
      path: '/ng/api/v3/provider/private-work-preferences',
      init: { ...jsonPost({ payload: PREFERENCES_BODY }), method: 'PUT' },
    },
    status: signedInOnly,
  },
  // Profile, ratings, statistics, history, notification preferences (profile-routes.ts): the signed-in user's own,
  // with no id in any path. The PUTs run after their GETs (registration order) and write only the caller's account.
  'GET /v1/profile': { request: { path: '/v1/profile' }, status: signedInOnly, callersOwnData: true },
  // A postcode in no postcode area: refused (422) once signed in, so no caller's name or address changes under the
  // invoices and other rows that show them. The write itself is profile-routes.test.ts's to check.
  'PUT /v1/profile': {
    request: {
      path: '/v1/profile',
      init: { ...jsonPost({ payload: { full_name: 'Matrix Caller', postcode: 'QQ1 1AA' } }), method: 'PUT' },
    },
    status: { ...signedInOnly, otherPartner: 422, admin: 422 },
  },
  'PUT /v1/profile/preferences': {
    request: {
      path: '/v1/profile/preferences',
      init: {
        ...jsonPost({ payload: { language: 'en', default_search_radius: 50, week_start: 'monday' } }),
        method: 'PUT',
      },
    },
    status: signedInOnly,
  },
  // A wrong current password: refused (422) once signed in, so no caller's password or sessions change. The change
  // itself is password-change.test.ts's to check.
  'PUT /v1/profile/password': {
    request: {
      path: '/v1/profile/password',
      init: {
        ...jsonPost({
          payload: { current_password: 'not-mine-1', password: 'matrix2026', password_confirmation: 'matrix2026' },
        }),
        method: 'PUT',
      },
    },
    status: { ...signedInOnly, otherPartner: 422, admin: 422 },
  },
  'GET /v1/ratings': { request: { path: '/v1/ratings' }, status: signedInOnly, callersOwnData: true },
  'GET /v1/statistics': { request: { path: '/v1/statistics' }, status: signedInOnly, callersOwnData: true },
  'GET /v1/history': { request: { path: '/v1/history' }, status: signedInOnly, callersOwnData: true },
  // Everyone has the defaults until saved: whose matrix came back is profile-routes.test.ts's to check.
  'GET /v1/notification-preferences': { request: { path: '/v1/notification-preferences' }, status: signedInOnly },
  'PUT /v1/notification-preferences': {
    request: {
      path: '/v1/notification-preferences',
      init: { ...jsonPost({ payload: { preferences: DEFAULT_NOTIFICATION_MATRIX } }), method: 'PUT' },
    },
    status: signedInOnly,
  },
  'GET /ng/api/v3/provider/work-calendar': {
    request: { path: '/ng/api/v3/provider/work-calendar?from=2026-11-18&to=2026-11-30' },
    status: signedInOnly,
    callersOwnData: true,
  },
  'GET /ng/api/v3/provider/work-calendar.ics': {
    request: { path: '/ng/api/v3/provider/work-calendar.ics?from=2026-11-18&to=2026-11-30' },
    status: signedInOnly,
  },
  'GET /ng/api/v3/provider/work-calendar/feed': {
    request: { path: '/ng/api/v3/provider/work-calendar/feed' },
    status: signedInOnly,
    callersOwnData: true,
  },
  // Each caller resets its own secret: the owner's subscription below still opens.
  'POST /ng/api/v3/provider/work-calendar/feed/reset': {
    request: { path: '/ng/api/v3/provider/work-calendar/feed/reset', init: { method: 'POST' } },
    status: signedInOnly,
  },
  // Documents and terms (server/documents/): each caller lists its own. Document 1 is the owner's approved driving
  // licence (the seed inserts the owner's documents first; checked in the last test): nobody else may delete it, and
  // only an admin may read its file; the admin's review approves it again. The upload has no type and the acceptance
  // an old version, refused (422) once signed in, so no caller's list or checklist changes under its reference.
  'POST /v1/documents': {
    request: {
      path: '/v1/documents',
      get init() {
        const form = new FormData();
        form.set('file', new File(['%PDF-1.4\n%%EOF\n'], 'licence.pdf'));
        return { method: 'POST', body: form };
      },
    },
    status: { ...signedInOnly, otherPartner: 422, admin: 422 },
  },
  'GET /v1/documents': { request: { path: '/v1/documents' }, status: signedInOnly, callersOwnData: true },
  'GET /v1/documents/:id/file': {
    request: { path: `/v1/documents/${OWNER_DOCUMENT_ID}/file` },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 200 },
  },
  'DELETE /v1/documents/:id': {
    request: { path: `/v1/documents/${OWNER_DOCUMENT_ID}`, init: { method: 'DELETE' } },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'GET /v1/admin/documents': {
    request: { path: '/v1/admin/documents?status=pending_review' },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 200 },
  },
  'POST /v1/admin/documents/:id/review': {
    request: {
      path: `/v1/admin/documents/${OWNER_DOCUMENT_ID}/review`,
      init: jsonPost({ payload: { status: 'approved' } }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 200 },
  },
  'GET /v1/terms': { request: { path: '/v1/terms' }, status: signedInOnly, callersOwnData: true },
  'POST /v1/terms/accept': {
    request: { path: '/v1/terms/accept', init: jsonPost({ payload: { version: '2020-01' } }) },
    status: { ...signedInOnly, otherPartner: 422, admin: 422 },
  },
  // Payments (server/payments/): each caller reads its own payouts, export and invoices; invoice 1 is the owner's
  // (server/seed/payments.ts seeds the owner's first; payment-routes.test.ts checks it). The express pay row sends
  // the defaults, so no caller's summary changes under its reference.
  'GET /v1/payments/summary': { request: { path: '/v1/payments/summary' }, status: signedInOnly, callersOwnData: true },
  'GET /v1/payments': { request: { path: '/v1/payments' }, status: signedInOnly, callersOwnData: true },
  'GET /v1/payments/export.csv': {
    request: { path: '/v1/payments/export.csv?from=2026-01-01&to=2026-12-31' },
    status: signedInOnly,
  },
  'PUT /v1/payments/express-pay': {
    request: {
      path: '/v1/payments/express-pay',
      init: { ...jsonPost({ payload: { enrolled: false, auto_enrol: false } }), method: 'PUT' },
    },
    status: signedInOnly,
  },
  'GET /v1/invoices': { request: { path: '/v1/invoices' }, status: signedInOnly, callersOwnData: true },
  'GET /v1/invoices/:id': {
    request: { path: '/v1/invoices/1' },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'GET /v1/invoices/:id/print': {
    request: { path: '/v1/invoices/1/print' },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  // My vehicles and my drivers (server/fleet/): a caller adds to its own fleet (201); nobody else may edit, remove,
  // assign, unassign, deactivate or reactivate the owner's vehicle 1 or driver (404, checked in the last tests). The
  // review is the admin's tool: it approves the owner's vehicle 1, which is approved already.
  'POST /ts/public/v1/vehicles': {
    request: { path: '/ts/public/v1/vehicles', init: jsonPost({ payload: FLEET_VEHICLE_BODY }) },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 201, admin: 201 },
  },
  'PUT /ts/public/v1/vehicles/:id': {
    request: {
      path: `/ts/public/v1/vehicles/${OWNER_VEHICLE_ID}`,
      init: { ...jsonPost({ payload: FLEET_VEHICLE_BODY }), method: 'PUT' },
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'DELETE /ts/public/v1/vehicles/:id': {
    request: { path: `/ts/public/v1/vehicles/${OWNER_VEHICLE_ID}`, init: { method: 'DELETE' } },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /v1/admin/vehicles/:id/review': {
    request: {
      path: `/v1/admin/vehicles/${OWNER_VEHICLE_ID}/review`,
      init: jsonPost({ payload: { status: 'APPROVED' } }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 403, admin: 200 },
  },
  'POST /ng/api/v3/provider/drivers': {
    request: {
      path: '/ng/api/v3/provider/drivers',
      init: jsonPost({
        payload: { full_name: 'Joe Wright', email: 'joe.wright@example.co.uk', phone: '07700 900777' },
      }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 201, admin: 201 },
  },
  'POST /ng/api/v3/provider/drivers/:id/assign-vehicle': {
    request: {
      path: `/ng/api/v3/provider/drivers/${OWNER_DRIVER_ID}/assign-vehicle`,
      init: jsonPost({ payload: { vehicle_id: OWNER_VEHICLE_ID } }),
    },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /ng/api/v3/provider/drivers/:id/unassign-vehicle': {
    request: { path: `/ng/api/v3/provider/drivers/${OWNER_DRIVER_ID}/unassign-vehicle`, init: { method: 'POST' } },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /ng/api/v3/provider/drivers/:id/deactivate': {
    request: { path: `/ng/api/v3/provider/drivers/${OWNER_DRIVER_ID}/deactivate`, init: { method: 'POST' } },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  'POST /ng/api/v3/provider/drivers/:id/reactivate': {
    request: { path: `/ng/api/v3/provider/drivers/${OWNER_DRIVER_ID}/reactivate`, init: { method: 'POST' } },
    status: { anonymous: 401, expired: 401, loggedOut: 401, otherPartner: 404, admin: 404 },
  },
  // No token needed (phone calendars send none): the secret in the path is the key, whatever token comes with it.
  'GET /calendar/:file': {
    request: {
      get path() {
        return OWNER_PRIVATE.feedPath;
      },
    },
    status: everyone(200),
  },
};

/** The route table does not depend on the database: read it from an app over a database that is never queried. */
const unusedDb: Db = {
  query: () => Promise.reject(new Error('not used')),
  exec: () => Promise.reject(new Error('not used')),
  transaction: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
};
const ROUTES = listRoutes(createApp({ db: unusedDb, config: testConfig() })).map((r) => `${r.method} ${r.path}`);

describe('the route table', () => {
  it('has a row in the matrix for every endpoint of the app', () => {
    expect(ROUTES.filter((route) => !(route in MATRIX))).toEqual([]);
  });

  it('has no row for an endpoint the app does not have', () => {
    expect(Object.keys(MATRIX).filter((route) => !ROUTES.includes(route))).toEqual([]);
  });

  it('registers endpoints with a method; `all` is only for the middleware (listRoutes leaves it out)', () => {
    expect(listMiddlewarePaths(createApp({ db: unusedDb, config: testConfig() }))).toEqual(['/*', '/v1/*']);
  });
});

let t: SeededApp;
let dist: string;
const tokens = {} as Record<Caller | 'owner', string | null>;
/** Each caller's answers through a second session of their own: what "their own data" is. */
const reference = {} as Record<string, unknown>;

const call = async (row: Row, token: string | null): Promise<Response> => {
  const init = row.request.init ?? {};
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return t.app.request(row.request.path, { ...init, headers });
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tpp-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Partner portal</title>');
  t = await createSeededApp({ distDir: dist });

  const saved = await t.db.query<{ email: string }>(
    'select u.email from saved_searches s join users u on u.id = s.user_id where s.id = $1',
    [OWNER_SAVED_SEARCH_ID],
  );
  expect(saved.rows[0]?.email).toBe(OWNER);
  const won = await t.db.query<{ email: string; status: string }>(
    'select u.email, j.status from jobs j join users u on u.id = j.provider_id where j.id = $1',
    [OWNER_WON_JOB_ID],
  );
  expect(won.rows[0]).toEqual({ email: OWNER, status: 'allocated' });
  const van = await t.db.query<{ email: string }>(
    "select u.email from vehicles v join users u on u.id = v.user_id where v.id = $1 and v.status = 'APPROVED'",
    [OTHER_PARTNER_VEHICLE_ID],
  );
  expect(van.rows[0]?.email).toBe(OTHER_PARTNER);

  expect(await ownersJobs()).toEqual(OWNER_JOBS_BEFORE);
  expect(await ownersJourney()).toEqual(OWNER_JOURNEY_BEFORE);
  const interest = await t.db.query<{ email: string; status: string }>(
    `select u.email, j.status from journey_interests i join users u on u.id = i.user_id
       join journeys j on j.id = i.journey_id where i.journey_id = $1`,
    [OWNER_INTEREST_JOURNEY_ID],
  );
  expect(interest.rows).toEqual([{ email: OWNER, status: 'open' }]);
  const job = await t.db.query<{ journey_id: number }>('select journey_id from journey_jobs where id = $1', [
    OWNER_JOURNEY_LISTING_ID,
  ]);
  expect(job.rows[0]?.journey_id).toBe(OWNER_JOURNEY_ID);

  tokens.anonymous = null;
  tokens.owner = (await signIn(t.app, OWNER)).token;
  tokens.otherPartner = (await signIn(t.app, OTHER_PARTNER)).token;
  tokens.admin = (await signIn(t.app, ADMIN)).token;
  // Issued one token lifetime and a minute ago, from a session that is still live.
  const start = t.clock.now;
  t.clock.advance(-(t.config.tokenTtlS + 60));
  tokens.expired = (await signIn(t.app, OWNER)).token;
  t.clock.now = start;
  const loggedOut = await signIn(t.app, OWNER);
  expect((await logout(t.app, loggedOut.cookie)).status).toBe(200);
  tokens.loggedOut = loggedOut.token;

  const privateJob = await t.db.query<{ uuid: string }>(
    'select uuid::text as uuid from private_jobs where user_id = $1 order by pickup_window_start limit 1',
    [OWNER_ID],
  );
  OWNER_PRIVATE.uuid = privateJob.rows[0]?.uuid ?? '';
  expect(OWNER_PRIVATE.uuid).not.toBe('');
  const feed = await t.app.request('/ng/api/v3/provider/work-calendar/feed', {
    headers: { authorization: `Bearer ${tokens.owner}` },
  });
  OWNER_PRIVATE.feedPath = new URL(((await feed.json()) as { url: string }).url).pathname;

  const second = { otherPartner: await signIn(t.app, OTHER_PARTNER), admin: await signIn(t.app, ADMIN) };
  for (const [route, row] of Object.entries(MATRIX)) {
    if (!row.callersOwnData) continue;
    for (const who of ['owner', 'otherPartner', 'admin'] as const) {
      const token = who === 'owner' ? tokens.owner : second[who].token;
      const response = await call(row, token);
      expect(response.status).toBe(200);
      reference[`${route} ${who}`] = await response.json();
    }
  }
}, SETUP_TIMEOUT_MS);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The owner's won jobs the won-work rows act on: status, driver, feedback asked and rated (server/seed/won-work.ts). */
const OWNER_JOBS_BEFORE = [
  { id: OWNER_WON_JOB_ID, status: 'allocated', driver_id: OWNER_DRIVER_ID, asked: false, rated: false },
  { id: OWNER_UNASKED_JOB_ID, status: 'completed', driver_id: 3, asked: false, rated: false },
  { id: OWNER_ASKED_JOB_ID, status: 'completed', driver_id: 4, asked: true, rated: false },
  { id: OWNER_COMPLETED_JOB_ID, status: 'completed', driver_id: 3, asked: false, rated: false },
];
const ownersJobs = async () =>
  (
    await t.db.query<(typeof OWNER_JOBS_BEFORE)[number]>(
      `select j.id, j.status, j.driver_id, f.job_id is not null as asked, r.job_id is not null as rated
         from jobs j left join job_feedback_requests f on f.job_id = j.id left join job_ratings r on r.job_id = j.id
        where j.id = any($1::int[]) and j.provider_id = $2 order by j.id`,
      [OWNER_JOBS_BEFORE.map((j) => j.id), OWNER_ID],
    )
  ).rows;

/** Who holds the owner's journey, with which driver, and how it was left (a deallocation would close the row). */
const OWNER_JOURNEY_BEFORE = {
  email: OWNER,
  status: 'allocated',
  driver_id: OWNER_DRIVER_ID,
  confirmed: true,
  deallocations: 0,
};
const ownersJourney = async () => {
  const { rows } = await t.db.query<typeof OWNER_JOURNEY_BEFORE>(
    `select u.email, j.status, a.driver_id, a.driver_confirmed_at is not null as confirmed,
            (select count(*)::int from journey_allocations d
              where d.journey_id = j.id and d.deallocated_at is not null) as deallocations
       from journeys j join users u on u.id = j.provider_id
       join journey_allocations a on a.journey_id = j.id and a.deallocated_at is null
      where j.id = $1`,
    [OWNER_JOURNEY_ID],
  );
  return rows[0];
};

describe.each(ROUTES)('%s', (route) => {
  it.each(CALLERS)('called by %s', async (caller) => {
    const row = MATRIX[route];
    if (!row) throw new Error(`${route} has no row in MATRIX`);
    const response = await call(row, tokens[caller]);
    expect(response.status).toBe(row.status[caller]);
    if (response.status === 401) expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    if (row.callersOwnData && response.status === 200) {
      const body: unknown = await response.json();
      const own = reference[`${route} ${caller}`];
      expect(body).toEqual(own);
      // The other partner's data differs from the owner's on every endpoint, so the equality above really tells
      // whose data came back. (The admin's app-init equals the owner's — all flags on — so it is not held to this.)
      if (caller === 'otherPartner') {
        expect(own).not.toEqual(reference[`${route} owner`]);
        expect(body).not.toEqual(reference[`${route} owner`]);
      }
    }
  });
});

describe('whose data comes back', () => {
  it('user-info names the caller, by id and e-mail', async () => {
    for (const [caller, email] of [
      ['otherPartner', OTHER_PARTNER],
      ['admin', ADMIN],
    ] as const) {
      const row = MATRIX['GET /v1/user-info'];
      if (!row) throw new Error('no user-info row');
      const body = (await (await call(row, tokens[caller])).json()) as { id: number; email: string };
      const { rows } = await t.db.query<{ id: number }>('select id from users where email = $1', [email]);
      expect(body).toMatchObject({ id: rows[0]?.id, email });
    }
    expect(t.errors).toEqual([]);
  });

  it("the owner's saved search survives every other caller's delete", async () => {
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from saved_searches where id = $1', [
      OWNER_SAVED_SEARCH_ID,
    ]);
    expect(rows[0]?.n).toBe(1);
  });

  it("the owner's journey and interest survive every other caller's claim, driver change, deallocation and cancel", async () => {
    expect(await ownersJourney()).toEqual(OWNER_JOURNEY_BEFORE);
    const { rows } = await t.db.query<{ email: string }>(
      'select u.email from journey_interests i join users u on u.id = i.user_id where i.journey_id = $1',
      [OWNER_INTEREST_JOURNEY_ID],
    );
    expect(rows).toEqual([{ email: OWNER }]);
  });

  it("the owner's won job survives every other caller's book and quote", async () => {
    const job = await t.db.query<{ email: string; status: string }>(
      'select u.email, j.status from jobs j join users u on u.id = j.provider_id where j.id = $1',
      [OWNER_WON_JOB_ID],
    );
    expect(job.rows[0]).toEqual({ email: OWNER, status: 'allocated' });
    const quotes = await t.db.query<{ n: number }>('select count(*)::int as n from listing_quotes where job_id = $1', [
      OWNER_WON_JOB_ID,
    ]);
    expect(quotes.rows[0]?.n).toBe(0);
  });
});

describe("the owner's won work", () => {
  it("survives every other caller's driver change, completion and feedback request; only the admin's tools acted", async () => {
    expect(await ownersJobs()).toEqual(
      OWNER_JOBS_BEFORE.map((job) =>
        job.id === OWNER_COMPLETED_JOB_ID
          ? { ...job, status: 'allocated' }
          : job.id === OWNER_ASKED_JOB_ID
            ? { ...job, rated: true }
            : job,
      ),
    );
    const { rows } = await t.db.query<{ suspended: boolean }>(
      'select suspended_until > $2 as suspended from users where id = $1',
      [OWNER_ID, t.clock.now],
    );
    expect(rows[0]?.suspended).toBe(true);
  });
});

describe("the owner's reservations", () => {
  it('survive every other caller’s edit, cancel and answer to the offer; only the admin offered one back', async () => {
    const { rows } = await t.db.query<{ id: number; status: string; user_id: number; people: string }>(
      'select id, status, user_id, people from reservations where id in ($1, $2, $3) order by id',
      [OWNER_PENDING_RESERVATION_ID, OWNER_OFFER_RESERVATION_ID, OWNER_OFFERABLE_RESERVATION_ID],
    );
    expect(rows).toEqual([
      { id: OWNER_PENDING_RESERVATION_ID, status: 'pending', user_id: OWNER_USER_ID, people: '1' },
      { id: OWNER_OFFER_RESERVATION_ID, status: 'return_offer', user_id: OWNER_USER_ID, people: '1' },
      { id: OWNER_OFFERABLE_RESERVATION_ID, status: 'return_offer', user_id: OWNER_USER_ID, people: '1' },
    ]);
    const owner = await t.db.query<{ email: string }>('select email from users where id = $1', [OWNER_USER_ID]);
    expect(owner.rows[0]?.email).toBe(OWNER);
  });
});

describe("the owner's fleet", () => {
  it("survives every other caller's edit, removal, assignment and deactivation", async () => {
    const van = await t.db.query<{ user_id: number; status: string; deleted: boolean; registration_number: string }>(
      'select user_id, status, deleted_at is not null as deleted, registration_number from vehicles where id = $1',
      [OWNER_VEHICLE_ID],
    );
    expect(van.rows[0]).toMatchObject({ user_id: OWNER_ID, status: 'APPROVED', deleted: false });
    expect(van.rows[0]?.registration_number).not.toBe(FLEET_VEHICLE_BODY.registration_number);
    const driver = await t.db.query<{ user_id: number; active: boolean; vehicle_id: number | null }>(
      'select user_id, active, vehicle_id from drivers where id = $1',
      [OWNER_DRIVER_ID],
    );
    expect(driver.rows[0]).toEqual({ user_id: OWNER_ID, active: true, vehicle_id: null });
  });
});

describe("the owner's private job", () => {
  it("survives every other caller's read, change and delete", async () => {
    const { rows } = await t.db.query<{ user_id: number; volume_m3: number; deleted: boolean }>(
      'select user_id, volume_m3, deleted_at is not null as deleted from private_jobs where uuid = $1 and user_id = $2',
      [OWNER_PRIVATE.uuid, OWNER_ID],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: OWNER_ID, deleted: false });
    expect(rows[0]?.volume_m3).not.toBe(PRIVATE_JOB_BODY.volumeInM3);
  });
});

describe("the owner's document", () => {
  it("survives every other caller's delete, still the owner's approved driving licence", async () => {
    const { rows } = await t.db.query<{ user_id: number; type: string; status: string }>(
      'select user_id, type, status from documents where id = $1',
      [OWNER_DOCUMENT_ID],
    );
    expect(rows).toEqual([{ user_id: OWNER_ID, type: 'driving_licence', status: 'approved' }]);
  });
});
