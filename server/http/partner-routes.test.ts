import { Schema } from 'effect';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppInitResponse, BadgeCountersResponse, FEATURE_FLAGS } from '@/schemas/app-init';
import { DashboardSummaryResponse } from '@/schemas/dashboard';
import { OnboardingStatusResponse } from '@/schemas/onboarding';
import { User } from '@/schemas/user';
import { findOwned } from '@/server/db/find-owned';
import { haversineMetres, METRES_PER_MILE } from '@/server/geo/distance';
import { NotFoundError } from '@/server/http/api-errors';
import { TEST_SCALE } from '@/server/seed/seed';
import { addDays, londonDate, startOfLondonWeek } from '@/server/time/london';
import { createSeededApp, getWithToken, SETUP_TIMEOUT_MS, signIn, type SeededApp } from '@/server/testing/seeded-app';

let t: SeededApp;
const tokens: Record<string, string> = {};
const DEMO_EMAILS = [
  'partner@example.com',
  'starter@example.com',
  'expiring@example.com',
  'unverified@example.com',
  'admin@example.com',
];

beforeAll(async () => {
  t = await createSeededApp({ fakeDate: '2026-11-18' });
  for (const email of DEMO_EMAILS) tokens[email] = (await signIn(t.app, email)).token;
}, SETUP_TIMEOUT_MS);

const get = async <A, I>(path: string, email: string, schema: Schema.Codec<A, I>): Promise<A> => {
  const response = await getWithToken(t.app, path, tokens[email] ?? '');
  expect(response.status).toBe(200);
  return Schema.decodeUnknownSync(schema)(await response.json());
};
const idOf = async (email: string) =>
  (await t.db.query<{ id: number }>('select id from users where email = $1', [email])).rows[0]?.id ?? -1;

describe('GET /v1/user-info', () => {
  it('returns Dan Carter, journey-ready, with his Manchester address', async () => {
    const user = await get('/v1/user-info', 'partner@example.com', User);
    expect(user).toMatchObject({
      email: 'partner@example.com',
      full_name: 'Dan Carter',
      role: 'transport_partner',
      account_type: 'business',
      ip_journey_ready: true,
      email_verified: true,
      impersonator_id: null,
      registered_address: { town: 'Manchester', postcode: 'M1 4BT', lat: 53.48095, lon: -2.23743 },
    });
    expect(user.id).toBe(await idOf('partner@example.com'));
    expect(user.chameleon_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('returns each demo user as themselves', async () => {
    const starter = await get('/v1/user-info', 'starter@example.com', User);
    expect(starter).toMatchObject({ account_type: 'individual', ip_journey_ready: false, email_verified: true });
    expect(starter.registered_address?.town).toBe('Leeds');
    expect(starter.registered_address?.postcode).toMatch(/^LS\d{1,2} \d[A-Z]{2}$/);

    const expiring = await get('/v1/user-info', 'expiring@example.com', User);
    expect(expiring.registered_address).toMatchObject({ town: 'Cardiff', lat: null, lon: null });
    expect(expiring.registered_address?.postcode).toMatch(/^CF\d{1,2} \d[A-Z]{2}$/);

    const unverified = await get('/v1/user-info', 'unverified@example.com', User);
    expect(unverified).toMatchObject({ email_verified: false, registered_address: null, ip_journey_ready: false });

    const admin = await get('/v1/user-info', 'admin@example.com', User);
    expect(admin).toMatchObject({ role: 'admin', full_name: 'Alex Morgan' });
  });
});

describe('GET /v1/app-init', () => {
  it('lists every feature flag, all on for the partner and the admin, with the configured fake date', async () => {
    for (const email of ['partner@example.com', 'admin@example.com']) {
      const { data } = await get('/v1/app-init', email, AppInitResponse);
      expect(Object.keys(data.features).sort()).toEqual([...FEATURE_FLAGS].sort());
      expect(Object.values(data.features).every(Boolean)).toBe(true);
      expect(data.fake_date).toBe('2026-11-18');
    }
  });

  it('switches off reservations and journey search for the starter only', async () => {
    const { data } = await get('/v1/app-init', 'starter@example.com', AppInitResponse);
    const off = Object.entries(data.features)
      .filter(([, on]) => !on)
      .map(([flag]) => flag)
      .sort();
    expect(off).toEqual(['journey_search', 'reservation_menu']);
  });
});

describe('GET /v1/badge-counters', () => {
  it("gives Dan's stored counters and counts his allocated won jobs", async () => {
    const { data } = await get('/v1/badge-counters', 'partner@example.com', BadgeCountersResponse);
    const won = await t.db.query<{ n: number }>(
      "select count(*)::int as n from jobs where provider_id = $1 and status = 'allocated'",
      [await idOf('partner@example.com')],
    );
    expect(won.rows[0]?.n).toBe(3);
    expect(data).toEqual({
      alerts: 2,
      bidding: 3,
      'book-now': 1,
      invitations: 4,
      journey: 2,
      'new-admin-messages': 1,
      'new-messages': 5,
      watching: 7,
      won: 3,
      'new-work-alerts': 0,
    });
  });

  it('gives zeros to a user with no counters row', async () => {
    const { data } = await get('/v1/badge-counters', 'unverified@example.com', BadgeCountersResponse);
    expect(Object.values(data).every((n) => n === 0)).toBe(true);
  });
});

describe('GET /v1/onboarding-status', () => {
  const today = () => londonDate(t.clock.now);

  it('has nothing outstanding for the partner', async () => {
    const { data } = await get('/v1/onboarding-status', 'partner@example.com', OnboardingStatusResponse);
    expect(data).toMatchObject({
      email_verified: true,
      approved_vehicles: 5,
      documents: { missing: [], expiring: [], expired: [] },
    });
    expect(data.terms_accepted_at).not.toBeNull();
  });

  it('reports the missing identity, the insurance expiring in 10 days and the one expired last month', async () => {
    const { data } = await get('/v1/onboarding-status', 'expiring@example.com', OnboardingStatusResponse);
    expect(data.documents).toEqual({
      missing: ['identity', 'goods_in_transit_insurance'],
      expiring: [{ type: 'vehicle_insurance', expires_at: addDays(today(), 10) }],
      expired: [{ type: 'goods_in_transit_insurance', expires_at: addDays(today(), -31) }],
    });
    expect(data.approved_vehicles).toBe(2);
  });

  it('shows the unverified user with everything still to do', async () => {
    const { data } = await get('/v1/onboarding-status', 'unverified@example.com', OnboardingStatusResponse);
    expect(data).toEqual({
      email_verified: false,
      terms_accepted_at: null,
      approved_vehicles: 0,
      documents: {
        missing: [
          'driving_licence',
          'identity',
          'third_party_insurance',
          'goods_in_transit_insurance',
          'vehicle_insurance',
        ],
        expiring: [],
        expired: [],
      },
      // the work rule's decision from it (server/partner/work-eligibility.ts)
      work: {
        may_work: false,
        reasons: ['documents', 'no_approved_vehicle', 'terms'],
        suspended_until: null,
        documents: {
          missing: [
            'driving_licence',
            'identity',
            'third_party_insurance',
            'goods_in_transit_insurance',
            'vehicle_insurance',
          ],
          expired: [],
        },
      },
    });
  });
});

describe('GET /v1/dashboard', () => {
  it("matches the partner's figures recomputed from the tables", async () => {
    const { data } = await get('/v1/dashboard', 'partner@example.com', DashboardSummaryResponse);
    const userId = await idOf('partner@example.com');
    const now = t.clock.now;
    const open = (
      await t.db.query<{ lat: number; lng: number; price: number }>(
        `select pickup_lat as lat, pickup_lng as lng, price from jobs
          where status in ('pending_allocation', 'click_and_claim') and provider_id is null and pickup_date_end > $1`,
        [now],
      )
    ).rows;
    const home = { lat: 53.48095, lng: -2.23743 };
    const near = open.filter((j) => haversineMetres(home, j) <= 20 * METRES_PER_MILE);
    expect(open.length).toBe(TEST_SCALE.jobs);
    expect(near.length).toBeGreaterThan(0);
    expect(data.find_work).toEqual({
      open_jobs: open.length,
      nearby_jobs: near.length,
      radius_miles: 20,
      top_payout: { amount: Math.max(...near.map((j) => j.price)) },
      open_journeys: t.seeded.journeys,
    });
    expect(data.reservations).toEqual({ upcoming: 7, next_date: addDays(londonDate(now), 1) });

    const monday = startOfLondonWeek(now);
    const done = (
      await t.db.query<{ price: number }>(
        "select price from jobs where provider_id = $1 and status in ('completed', 'finalised') and completed_at >= $2 and completed_at <= $3",
        [userId, monday, now],
      )
    ).rows;
    expect(done).toHaveLength(3);
    expect(data.manage_work).toEqual({
      active: 7,
      completed_this_week: 3,
      earned_this_week: { amount: done.reduce((sum, j) => sum + j.price, 0) },
    });
  });

  it('has no nearby count without coordinates, and then the best payout of all open jobs', async () => {
    const { data } = await get('/v1/dashboard', 'expiring@example.com', DashboardSummaryResponse);
    const best = await t.db.query<{ top: number }>(
      "select max(price)::int as top from jobs where status in ('pending_allocation', 'click_and_claim') and provider_id is null and pickup_date_end > $1",
      [t.clock.now],
    );
    expect(data.find_work.nearby_jobs).toBeNull();
    expect(data.find_work.top_payout).toEqual({ amount: best.rows[0]?.top });
    expect(data.reservations.upcoming).toBe(1);
    expect(data.manage_work).toEqual({ active: 0, completed_this_week: 0, earned_this_week: { amount: 0 } });
  });
});

describe('partner isolation', () => {
  it("never shows one partner another's figures", async () => {
    const dan = await get('/v1/dashboard', 'partner@example.com', DashboardSummaryResponse);
    const priya = await get('/v1/dashboard', 'starter@example.com', DashboardSummaryResponse);
    expect(priya.data.manage_work.active).toBe(1);
    expect(priya.data.reservations).toEqual({ upcoming: 0, next_date: null });
    expect(dan.data.manage_work.active).toBe(7);
    const user = await get('/v1/user-info', 'starter@example.com', User);
    expect(user.email).toBe('starter@example.com');
    const badges = await get('/v1/badge-counters', 'starter@example.com', BadgeCountersResponse);
    expect(badges.data).toMatchObject({ alerts: 1, won: 1, 'new-messages': 0 });
  });

  it("finds a partner's own vehicle and answers NotFound for another partner's", async () => {
    const dan = await idOf('partner@example.com');
    const priya = await idOf('starter@example.com');
    const vehicle = (await t.db.query<{ id: number }>('select id from vehicles where user_id = $1 limit 1', [priya]))
      .rows[0];
    expect(vehicle).toBeDefined();
    const own = await findOwned<{ user_id: number }>(t.db, 'vehicles', vehicle?.id ?? -1, priya);
    expect(own.user_id).toBe(priya);
    await expect(findOwned(t.db, 'vehicles', vehicle?.id ?? -1, dan)).rejects.toBeInstanceOf(NotFoundError);
    const job = (await t.db.query<{ id: number }>('select id from jobs where provider_id = $1 limit 1', [dan])).rows[0];
    await expect(findOwned(t.db, 'jobs', job?.id ?? -1, priya)).rejects.toBeInstanceOf(NotFoundError);
    expect(t.errors).toEqual([]);
  });
});
