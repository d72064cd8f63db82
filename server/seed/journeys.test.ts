import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import { loadJourneyView } from '@/server/journeys/journey-view';
import { seedDatabase } from '@/server/seed/seed';
import { openTestDb } from '@/server/testing/test-db';
import { SETUP_TIMEOUT_MS, TEST_NOW } from '@/server/testing/seeded-app';

const SCALE = { partners: 8, jobs: 100, journeys: 60 };
const HOUR_MS = 3_600_000;

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  await seedDatabase(db, { now: TEST_NOW, scale: SCALE });
}, SETUP_TIMEOUT_MS);

const rows = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params as never)).rows;

describe('the journey seed', () => {
  it('gives every journey a start, its pickups and deliveries, and an end, in time order', async () => {
    const nodes = await rows<{ journey_id: number; action: string; sort_order: number; scheduled_at: Date }>(
      'select journey_id, action, sort_order, scheduled_at from journey_nodes order by journey_id, sort_order',
    );
    const journeys = await rows<{ id: number; stops: number; first_pickup_at: Date }>(
      'select id, stops, first_pickup_at from journeys order by id',
    );
    for (const journey of journeys) {
      const own = nodes.filter((n) => n.journey_id === journey.id);
      expect(own[0]?.action, `journey ${journey.id}`).toBe('start');
      expect(own[own.length - 1]?.action).toBe('end');
      const times = own.map((n) => n.scheduled_at.getTime());
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(own.find((n) => n.action === 'pickup')?.scheduled_at).toEqual(journey.first_pickup_at);
    }
    const customerStops = await rows<{ id: number; stops: number; n: number }>(
      `select j.id, j.stops, count(n.id)::int as n from journeys j
         join journey_nodes n on n.journey_id = j.id and n.journey_job_id is not null
        group by j.id having count(n.id) <> j.stops`,
    );
    expect(customerStops).toEqual([]);
  });

  it('keeps the open marketplace at the scale, and puts held journeys in every state', async () => {
    const open = await rows<{ n: number }>(
      "select count(*)::int as n from journeys where status = 'open' and first_pickup_at > $1",
      [TEST_NOW],
    );
    expect(open[0]?.n).toBe(SCALE.journeys);
    const held = await rows<{ status: string; method: string; driver: string; ahead: boolean }>(
      `select j.status, a.method,
              case when a.driver_id is null then 'none' when a.driver_confirmed_at is null then 'planned'
                   else 'confirmed' end as driver,
              j.first_pickup_at > $1 as ahead
         from journeys j join journey_allocations a on a.journey_id = j.id and a.deallocated_at is null
         join users u on u.id = j.provider_id
        where u.email = 'partner@example.com' order by j.id`,
      [TEST_NOW],
    );
    expect(held).toEqual([
      { status: 'allocated', method: 'CLICK_AND_CLAIM', driver: 'confirmed', ahead: true },
      { status: 'allocated', method: 'EXPRESS_INTEREST', driver: 'planned', ahead: true },
      { status: 'allocated', method: 'CLICK_AND_CLAIM', driver: 'none', ahead: true },
      { status: 'allocated', method: 'CLICK_AND_CLAIM', driver: 'confirmed', ahead: false },
      { status: 'completed', method: 'CLICK_AND_CLAIM', driver: 'confirmed', ahead: false },
      { status: 'completed', method: 'EXPRESS_INTEREST', driver: 'confirmed', ahead: false },
      // the journeys of the IP_ codes the others leave out (after the lapsed one)
      { status: 'completed', method: 'CLICK_AND_CLAIM', driver: 'confirmed', ahead: false },
      { status: 'completed', method: 'EXPRESS_INTEREST', driver: 'confirmed', ahead: false },
      { status: 'completed', method: 'CLICK_AND_CLAIM', driver: 'confirmed', ahead: false },
      { status: 'cancelled', method: 'CLICK_AND_CLAIM', driver: 'planned', ahead: true },
    ]);
    const others = await rows<{ n: number }>(
      `select count(*)::int as n from journeys j join users u on u.id = j.provider_id
        where u.email not like '%@example.com'`,
    );
    expect(others[0]?.n).toBe(2);
  });

  it('puts a journey in every allocation state of spec §4, as the demo partner reads them', async () => {
    const partner = (await rows<{ id: number }>("select id from users where email = 'partner@example.com'"))[0]!.id;
    const ids = await rows<{ id: number }>('select id from journeys order by id');
    const states = new Map<string, number>();
    for (const { id } of ids) {
      const view = await loadJourneyView(db, partner, id, TEST_NOW);
      if (!view) continue;
      const details = view.allocationDetails;
      const state =
        details === null ? 'undefined' : `${details.status} ${details.allocationMethod} ${view.journey.status}`;
      states.set(state, (states.get(state) ?? 0) + 1);
    }
    expect(Object.fromEntries(states)).toEqual({
      'ALLOCATED CLICK_AND_CLAIM allocated': 3,
      'ALLOCATED EXPRESS_INTEREST allocated': 1,
      'ALLOCATED CLICK_AND_CLAIM completed': 3,
      'ALLOCATED EXPRESS_INTEREST completed': 2,
      'UNALLOCATED EXPRESSED_INTEREST open': 2,
      'UNALLOCATED EXPRESS_INTEREST open': expect.any(Number),
      'UNALLOCATED CLICK_AND_CLAIM open': expect.any(Number),
      // the lapsed journey below, and the demo partner's cancelled ones and the one its interest saw expire
      undefined: 4,
    });
    // the one whose first pickup passed unclaimed is the last journey of the marketplace's, open (anyone may read it)
    // but past; only the demo partner's journeys of the other IP_ codes follow it, each held by it or with its interest
    const [lapsed] = await rows<{ id: number; status: string; first_pickup_at: Date }>(
      `select id, status, first_pickup_at from journeys j
        where provider_id is null and not exists (select 1 from journey_interests i where i.journey_id = j.id)
        order by id desc limit 1`,
    );
    expect(lapsed!.status).toBe('open');
    expect(lapsed!.first_pickup_at.getTime()).toBeLessThan(TEST_NOW.getTime());
    expect((await loadJourneyView(db, partner, lapsed!.id, TEST_NOW))?.allocationDetails).toBeNull();
    expect((await loadJourneyView(db, partner, lapsed!.id, TEST_NOW))?.actions).toMatchObject({
      express_interest: false,
      click_and_claim: false,
    });
  });

  it('erases the customers of completed journeys and keeps those of the others', async () => {
    const counts = await rows<{ status: string; named: number; unnamed: number }>(
      `select j.status, count(*) filter (where c.customer_name is not null)::int as named,
              count(*) filter (where c.customer_name is null)::int as unnamed
         from journey_jobs c join journeys j on j.id = c.journey_id group by j.status order by j.status`,
    );
    for (const row of counts) {
      if (row.status === 'completed' || row.status === 'cancelled') expect(row.named).toBe(0);
      else expect(row.unnamed).toBe(0);
    }
  });

  it('gives the demo partner two pending interests it can still cancel, in journeys its vans hold', async () => {
    const interests = await rows<{ first_pickup_at: Date; method: string; fits: boolean }>(
      `select j.first_pickup_at, j.allocation_method as method, v.loading_capacity_m3 >= j.volume_m3 as fits
         from journey_interests i join journeys j on j.id = i.journey_id join users u on u.id = i.user_id
         join vehicles v on v.id = i.provider_vehicle_id and v.user_id = u.id
        where u.email = 'partner@example.com' and j.status = 'open' and j.first_pickup_at > $1`,
      [TEST_NOW],
    );
    expect(interests).toHaveLength(2);
    for (const interest of interests) {
      expect(interest).toMatchObject({ method: 'EXPRESS_INTEREST', fits: true });
      expect(interest.first_pickup_at.getTime()).toBeGreaterThan(TEST_NOW.getTime() + 48 * HOUR_MS);
    }
  });

  it('gives the demo partner a journey in each state of its journeys page (spec §4 IP_ codes)', async () => {
    const held = await rows<{ status: string; outcome: string | null; live: boolean }>(
      `select j.status, j.completion_outcome as outcome,
              exists (select 1 from journey_allocations a
                       where a.journey_id = j.id and a.provider_id = j.provider_id and a.deallocated_at is null) as live
         from journeys j join users u on u.id = j.provider_id
        where u.email = 'partner@example.com' and j.status in ('completed', 'cancelled') order by j.id`,
    );
    // every outcome of a completion once; the cancelled journey keeps the partner's allocation
    expect(held).toEqual([
      { status: 'completed', outcome: 'issue', live: true },
      { status: 'completed', outcome: 'paid', live: true },
      { status: 'completed', outcome: 'refund', live: true },
      { status: 'completed', outcome: 'unpaid', live: true },
      { status: 'completed', outcome: 'payment_failed', live: true },
      { status: 'cancelled', outcome: null, live: true },
    ]);
    const waited = await rows<{ status: string; passed: boolean; held: boolean }>(
      `select j.status, j.first_pickup_at <= $1 as passed, j.provider_id is not null as held
         from journey_interests i join journeys j on j.id = i.journey_id join users u on u.id = i.user_id
        where u.email = 'partner@example.com' and not (j.status = 'open' and j.first_pickup_at > $1) order by j.id`,
      [TEST_NOW],
    );
    expect(waited).toEqual([
      { status: 'cancelled', passed: false, held: false },
      { status: 'open', passed: true, held: false },
    ]);
    // nobody else's journeys were cancelled, and only completed journeys have an outcome
    const strays = await rows<{ n: number }>(
      `select count(*)::int as n from journeys j left join users u on u.id = j.provider_id
        where (j.status = 'cancelled' and u.email is distinct from 'partner@example.com'
               and not exists (select 1 from journey_interests i where i.journey_id = j.id))
           or ((j.completion_outcome is null) = (j.status = 'completed'))`,
    );
    expect(strays[0]?.n).toBe(0);
  });

  it(
    'is deterministic',
    async () => {
      const again = await openTestDb();
      try {
        await migrate(again);
        await seedDatabase(again, { now: TEST_NOW, scale: SCALE });
        const snapshot = (d: Db) =>
          Promise.all([
            d.query('select * from journey_nodes order by id').then((r) => r.rows),
            d.query('select * from journey_jobs order by id').then((r) => r.rows),
            d.query('select * from journey_allocations order by id').then((r) => r.rows),
            d.query('select * from journey_interests order by id').then((r) => r.rows),
          ]);
        expect(await snapshot(again)).toEqual(await snapshot(db));
      } finally {
        await again.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
