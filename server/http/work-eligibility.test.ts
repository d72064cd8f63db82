/**
 * Who may take work (spec §6, server/partner/work-eligibility.ts): every action that takes work on — book and quote
 * (listings), click and claim and express interest (journeys), validate, create and accept an offer (reservations) —
 * is refused with 403 and the reason to a partner who may not work, and nothing is written; the same decision is on
 * user-info, the onboarding status, a listing, a journey and reservation-info.
 */
import { Schema } from 'effect';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WorkEligibility, type WorkBlockReason } from '@/schemas/work-eligibility';
import { ReservationDraftsResponse } from '@/schemas/reservation';
import { loadWorkEligibility } from '@/server/partner/work-eligibility';
import { reservationInput } from '@/server/reservations/reservation-test-inputs';
import { REFUSED_PARTNER, SECOND_PARTNER, SUSPENDED_PARTNER } from '@/server/seed/test-accounts';
import {
  createSeededApp,
  getWithToken,
  jsonPost,
  SETUP_TIMEOUT_MS,
  signIn,
  TEST_NOW,
  type SeededApp,
} from '@/server/testing/seeded-app';
import { addDays, londonDate } from '@/server/time/london';

const DAY_MS = 86_400_000;
/** A day in the reservation period (drafts do not hold a day, so every case can use it). */
const DRAFT_DAY = () => addDays(londonDate(TEST_NOW), 20);

type Who = 'partner' | 'expiring' | 'admin';
let t: SeededApp;
const token = {} as Record<Who, string>;
const userId = {} as Record<Who, number>;
/** The demo partner's approved vans, its first active driver, and its seeded return offer (reservations). */
let vans: number[];
let driver: number;
let offer: number;

beforeAll(async () => {
  t = await createSeededApp();
  for (const who of ['partner', 'expiring', 'admin'] as const) {
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
    const { rows } = await t.db.query<{ id: number }>('select id from users where email = $1', [`${who}@example.com`]);
    userId[who] = rows[0]!.id;
  }
  vans = (
    await t.db.query<{ id: number }>(
      "select id from vehicles where user_id = $1 and status = 'APPROVED' order by loading_capacity_m3 desc",
      [userId.partner],
    )
  ).rows.map((r) => r.id);
  driver = (
    await t.db.query<{ id: number }>('select id from drivers where user_id = $1 and active order by id limit 1', [
      userId.partner,
    ])
  ).rows[0]!.id;
  offer = (
    await t.db.query<{ id: number }>(
      "select id from reservations where user_id = $1 and status = 'return_offer' order by id limit 1",
      [userId.partner],
    )
  ).rows[0]!.id;
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});
afterEach(() => {
  expect(t.errors).toEqual([]);
});

const auth = (who: Who) => ({ authorization: `Bearer ${token[who]}` });
const get = async (path: string, who: Who) => getWithToken(t.app, path, token[who]);
const post = (path: string, body: unknown, who: Who) =>
  t.app.request(path, body === undefined ? { method: 'POST', headers: auth(who) } : jsonPost(body, auth(who)));

/** Open jobs no test has used yet, first ids first (a booking takes one). */
const used = new Set<string>();
const unused = async (what: string, sql: string): Promise<number> => {
  const { rows } = await t.db.query<{ id: number }>(sql, [t.clock.now]);
  const id = rows.map((r) => r.id).find((candidate) => !used.has(`${what} ${candidate}`));
  if (id === undefined) throw new Error(`no open ${what} left`);
  used.add(`${what} ${id}`);
  return id;
};
const openJob = (kind: 'instant' | 'auction') =>
  unused(
    kind,
    `select id from jobs where provider_id is null and pickup_date_end > $1 and ${
      kind === 'instant'
        ? "kind = 'instant' and status = 'click_and_claim'"
        : "kind = 'auction' and status = 'pending_allocation'"
    } order by id`,
  );
/** An open journey: refusals write nothing, so every test may use the same ones. */
const openJourney = async (method: 'CLICK_AND_CLAIM' | 'EXPRESS_INTEREST'): Promise<number> => {
  const { rows } = await t.db.query<{ id: number }>(
    `select id from journeys where status = 'open' and provider_id is null and first_pickup_at > $1
        and allocation_method = $2 order by id limit 1`,
    [t.clock.now, method],
  );
  if (!rows[0]) throw new Error(`no open ${method} journey`);
  return rows[0].id;
};

/** How each partner in turn is made unable to work, and made able again. */
interface Blocked {
  readonly reason: WorkBlockReason;
  readonly who: Who;
  readonly block: () => Promise<unknown>;
  readonly unblock: () => Promise<unknown>;
}
const nothing = async () => {};
const BLOCKED: Readonly<Record<string, Blocked>> = {
  'a suspended partner (a false completion)': {
    reason: 'suspended',
    who: 'partner',
    block: () =>
      t.db.query('update users set suspended_until = $2 where id = $1', [
        userId.partner,
        new Date(TEST_NOW.getTime() + 7 * DAY_MS),
      ]),
    unblock: () => t.db.query('update users set suspended_until = null where id = $1', [userId.partner]),
  },
  'a partner with documents missing and expired (expiring@, as seeded)': {
    reason: 'documents',
    who: 'expiring',
    block: nothing,
    unblock: nothing,
  },
  'a partner whose approved insurance has expired': {
    reason: 'documents',
    who: 'partner',
    block: () =>
      t.db.query(
        "update documents set expires_at = expires_at - interval '10 years' where user_id = $1 and type = 'vehicle_insurance'",
        [userId.partner],
      ),
    unblock: () =>
      t.db.query(
        "update documents set expires_at = expires_at + interval '10 years' where user_id = $1 and type = 'vehicle_insurance'",
        [userId.partner],
      ),
  },
  'a partner without an approved vehicle': {
    reason: 'no_approved_vehicle',
    who: 'partner',
    block: () => t.db.query("update vehicles set status = 'PENDING' where id = any($1::int[])", [vans]),
    unblock: () => t.db.query("update vehicles set status = 'APPROVED' where id = any($1::int[])", [vans]),
  },
  'a partner who has not accepted the terms': {
    reason: 'terms',
    who: 'partner',
    block: () => t.db.query('update users set terms_accepted_at = null where id = $1', [userId.partner]),
    unblock: () =>
      t.db.query('update users set terms_accepted_at = $2 where id = $1', [
        userId.partner,
        new Date(TEST_NOW.getTime() - 300 * DAY_MS),
      ]),
  },
  'an admin (not a transport partner)': { reason: 'not_a_partner', who: 'admin', block: nothing, unblock: nothing },
};

/** What nothing-written means for each action: the rows it would have made or changed, counted. */
const written = async () =>
  (
    await t.db.query<{ jobs: number; quotes: number; claims: number; interests: number; drafts: number; live: string }>(
      `select (select count(*) from jobs where provider_id = any($1::int[]) and allocated_at >= $2)::int as jobs,
              (select count(*) from listing_quotes where user_id = any($1::int[]))::int as quotes,
              (select count(*) from journey_allocations where provider_id = any($1::int[]))::int as claims,
              (select count(*) from journey_interests where user_id = any($1::int[]))::int as interests,
              (select count(*) from reservation_drafts where user_id = any($1::int[]))::int as drafts,
              (select string_agg(status, ',' order by id) from reservations where user_id = any($1::int[])) as live`,
      [Object.values(userId), TEST_NOW],
    )
  ).rows[0];

/** One action each, as `who`; `draft` is a reservation draft the partner validated while it could still work. */
const ACTIONS: Readonly<Record<string, (who: Who, draft: number) => Promise<Response>>> = {
  'book (POST /v1/listings/{id}/book)': async (who) =>
    post(`/v1/listings/${await openJob('instant')}/book`, { payload: {} }, who),
  'quote (POST /v1/listings/{id}/quote)': async (who) =>
    post(`/v1/listings/${await openJob('auction')}/quote`, { payload: { amount: 12_500 } }, who),
  'click and claim (POST …/register-driver/{driverId})': async (who) =>
    post(
      `/journey/api/v1/journey/${await openJourney('CLICK_AND_CLAIM')}/register-driver/${driver}`,
      { payload: { provider_vehicle_id: vans[0] } },
      who,
    ),
  'express interest (POST /ng/api/v3/provider/expressInterest)': async (who) =>
    post(
      '/ng/api/v3/provider/expressInterest',
      {
        payload: { provider_vehicle_id: vans[0], job_id: [await openJourney('EXPRESS_INTEREST')], job_type: 'journey' },
      },
      who,
    ),
  'validate reservations (POST /v1/reservations)': async (who) =>
    post(
      '/v1/reservations',
      {
        payload: {
          user_id: userId[who],
          vehicle_id: vans[0],
          reservations: [reservationInput({ date: DRAFT_DAY() })],
        },
      },
      who,
    ),
  'create reservations (POST /v1/reservations/accept-drafts)': async (who, draft) =>
    post('/v1/reservations/accept-drafts', { payload: { reservations: [draft] } }, who),
  'accept a return offer (POST /v1/reservations/{id}/accept-offer)': async (who) =>
    post(`/v1/reservations/${offer}/accept-offer`, undefined, who),
};

/** A draft of the demo partner's, validated while it may work (the create refusal must not be a missing draft). */
const validDraft = async (): Promise<number> => {
  const response = await post(
    '/v1/reservations',
    {
      payload: {
        user_id: userId.partner,
        vehicle_id: vans[1],
        reservations: [reservationInput({ date: DRAFT_DAY() })],
      },
    },
    'partner',
  );
  if (response.status !== 200) throw new Error(`no draft: ${response.status} ${await response.text()}`);
  return Schema.decodeUnknownSync(ReservationDraftsResponse)(await response.json()).data[0]!.id;
};

describe('refused to a partner who may not work, with the reason, writing nothing', () => {
  for (const [who, blocked] of Object.entries(BLOCKED))
    for (const [action, act] of Object.entries(ACTIONS))
      it(`${action}: ${who}`, async () => {
        const draft = await validDraft();
        await blocked.block();
        try {
          const before = await written();
          const response = await act(blocked.who, draft);
          expect(response.status).toBe(403);
          const body = (await response.json()) as { message: string; reason: string; work: unknown };
          expect(body.reason).toBe(blocked.reason);
          expect(body.message).not.toBe('');
          const work = Schema.decodeUnknownSync(WorkEligibility)(body.work);
          expect(work).toMatchObject({ may_work: false });
          expect(work.reasons[0]).toBe(blocked.reason);
          expect(await written()).toEqual(before);
        } finally {
          await blocked.unblock();
        }
      });
});

describe('what the partner sees before trying', () => {
  const decisionOn = async (who: Who) => {
    const job = await openJob('instant');
    const journey = await openJourney('CLICK_AND_CLAIM');
    const answers = await Promise.all([
      get('/v1/user-info', who).then((r) => r.json() as Promise<{ work: unknown }>),
      get('/v1/onboarding-status', who).then((r) => r.json() as Promise<{ data: { work: unknown } }>),
      get(`/v1/listings/${job}`, who)
        .then((r) => r.json() as Promise<{ data: { work: unknown; eligible: boolean; actions: { book: boolean } } }>)
        .then((r) => r.data),
      get(`/ts/public/find-work/v1/journeys/${journey}`, who).then(
        (r) =>
          r.json() as Promise<{
            actions: { work: unknown; eligible: boolean; reason: string; click_and_claim: boolean };
          }>,
      ),
      get('/v1/reservation-info', who).then((r) => r.json() as Promise<{ data: { work: unknown } }>),
    ]);
    const [user, onboarding, listing, view, info] = answers;
    return { user, onboarding, listing, view, info };
  };

  it('is the same decision on user-info, the onboarding status, a listing, a journey and reservation-info', async () => {
    const until = new Date(TEST_NOW.getTime() + 3 * DAY_MS);
    await t.db.query('update users set suspended_until = $2 where id = $1', [userId.partner, until]);
    try {
      const { user, onboarding, listing, view, info } = await decisionOn('partner');
      const expected = {
        may_work: false,
        reasons: ['suspended'],
        suspended_until: until.toISOString(),
        documents: { missing: [], expired: [] },
      };
      for (const work of [user.work, onboarding.data.work, listing.work, view.actions.work, info.data.work])
        expect(work).toEqual(expected);
      expect(listing).toMatchObject({ eligible: false, actions: { book: false } });
      expect(view.actions).toMatchObject({ eligible: false, reason: 'suspended', click_and_claim: false });
    } finally {
      await t.db.query('update users set suspended_until = null where id = $1', [userId.partner]);
    }
  });

  it('says which documents are missing and which of them expired (expiring@)', async () => {
    const { user, view } = await decisionOn('expiring');
    expect(user.work).toEqual({
      may_work: false,
      reasons: ['documents'],
      suspended_until: null,
      documents: { missing: ['identity', 'goods_in_transit_insurance'], expired: ['goods_in_transit_insurance'] },
    });
    expect(view.actions).toMatchObject({ eligible: false, reason: 'documents' });
  });

  it('lets the demo partner do everything, and a suspension that has ended stops nothing', async () => {
    await t.db.query('update users set suspended_until = $2 where id = $1', [
      userId.partner,
      new Date(TEST_NOW.getTime() - 1000),
    ]);
    try {
      const { user, listing, view } = await decisionOn('partner');
      expect(user.work).toEqual({
        may_work: true,
        reasons: [],
        suspended_until: null,
        documents: { missing: [], expired: [] },
      });
      expect(listing).toMatchObject({ eligible: true, actions: { book: true } });
      expect(view.actions).toMatchObject({ eligible: true, reason: null, click_and_claim: true });
      const booked = await post(`/v1/listings/${await openJob('instant')}/book`, { payload: {} }, 'partner');
      expect(booked.status).toBe(200);
    } finally {
      await t.db.query('update users set suspended_until = null where id = $1', [userId.partner]);
    }
  });
});

describe('the seed', () => {
  it('lets partner@, starter@, second@ and refused@ work; expiring@ (documents), suspended@, unverified@ and admin@ not', async () => {
    const reasons = async (email: string) => {
      const { rows } = await t.db.query<{ id: number }>('select id from users where email = $1', [email]);
      return (await loadWorkEligibility(t.db, rows[0]!.id, t.clock.now)).reasons;
    };
    expect({
      partner: await reasons('partner@example.com'),
      starter: await reasons('starter@example.com'),
      second: await reasons(SECOND_PARTNER),
      refused: await reasons(REFUSED_PARTNER),
      completion: await reasons('completion@example.com'),
      expiring: await reasons('expiring@example.com'),
      suspended: await reasons(SUSPENDED_PARTNER),
      unverified: await reasons('unverified@example.com'),
      admin: await reasons('admin@example.com'),
    }).toEqual({
      partner: [],
      starter: [],
      second: [],
      refused: [],
      completion: [],
      expiring: ['documents'],
      suspended: ['suspended'],
      unverified: ['documents', 'no_approved_vehicle', 'terms'],
      admin: ['not_a_partner'],
    });
  });
});
