import { Schema } from 'effect';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JourneyResponse } from '@/schemas/journey';
import { MY_JOURNEYS_PAGE_SIZE, MyJourneysResponse, type MyJourneyTab } from '@/schemas/my-journeys';
import {
  createSeededApp,
  getWithToken,
  SETUP_TIMEOUT_MS,
  signIn,
  TEST_NOW,
  type SeededApp,
} from '@/server/testing/seeded-app';

/**
 * GET /v1/my-journeys (schemas/my-journeys.ts) against the seed: the demo partner's journeys by tab, each with the
 * IP_ code the server decides (server/journeys/journey-status.ts), newest first, a page at a time; nobody else's
 * journeys; bad queries refused. And the journey page's side of the same codes: a cancelled journey as its holder
 * and its interested partner read it, and `status_code` on the journey's answer.
 */
let t: SeededApp;
let demo: string;
let demoId: number;
/** A journey-ready partner other than the demo accounts, holding a journey of its own (server/seed/journeys.ts). */
let other: { token: string; id: number; journeyId: number };

const list = async (token: string, query = '') => {
  const response = await getWithToken(t.app, `/v1/my-journeys${query}`, token);
  expect(response.status).toBe(200);
  return Schema.decodeUnknownSync(MyJourneysResponse)(await response.json());
};
const codesOf = async (tab: MyJourneyTab, token = demo) =>
  (await list(token, `?tab=${tab}`)).data.map((row) => row.status_code);
const journeyView = async (id: number, token = demo) => {
  const response = await getWithToken(t.app, `/ts/public/find-work/v1/journeys/${id}`, token);
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as unknown) : null };
};

beforeAll(async () => {
  t = await createSeededApp();
  demo = (await signIn(t.app, 'partner@example.com')).token;
  demoId = (await t.db.query<{ id: number }>("select id from users where email = 'partner@example.com'")).rows[0]!.id;
  const held = await t.db.query<{ email: string; id: number; journey_id: number }>(
    `select u.email, u.id, j.id as journey_id from journeys j join users u on u.id = j.provider_id
      where u.email not like '%@example.com' order by j.id limit 1`,
  );
  const row = held.rows[0]!;
  other = { token: (await signIn(t.app, row.email)).token, id: row.id, journeyId: row.journey_id };
  // A test moves the clock to a first pickup days ahead: the tokens outlive that.
  await t.db.query("update access_tokens set expires_at = expires_at + interval '30 days'");
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});
afterEach(() => {
  t.clock.now = TEST_NOW;
  expect(t.errors).toEqual([]);
});

describe('GET /v1/my-journeys', () => {
  it('lists the claimed tab by default, with every tab’s count, and each journey’s status code', async () => {
    const answer = await list(demo);
    expect(answer.meta).toEqual({
      tab: 'claimed',
      page: 1,
      page_size: MY_JOURNEYS_PAGE_SIZE,
      total: 5,
      counts: { claimed: 5, interest: 4, completed: 5 },
    });
    expect(answer.data.map((r) => r.status_code).sort()).toEqual([
      'IP_ALLOCATED',
      'IP_ALLOCATED',
      'IP_ALLOCATED',
      'IP_ALLOCATED',
      'IP_CANCELLED',
    ]);
  });

  it('gives the interests their codes: pending while open, expired once the first pickup passed, cancelled', async () => {
    expect((await codesOf('interest')).sort()).toEqual(['IP_CANCELLED', 'IP_EXPIRED', 'IP_PENDING', 'IP_PENDING']);
  });

  it('gives each completed journey the code of how it ended', async () => {
    expect((await codesOf('completed')).sort()).toEqual([
      'IP_COMPLETED_PAID',
      'IP_COMPLETED_PAYMENT_FAILED',
      'IP_COMPLETED_UNPAID',
      'IP_COMPLETED_WITH_ISSUE',
      'IP_COMPLETED_WITH_REFUND',
    ]);
  });

  it('lists newest first: claimed by allocation, interest by when it was expressed, completed by completion', async () => {
    const ids = async (tab: MyJourneyTab) => (await list(demo, `?tab=${tab}`)).data.map((r) => r.id);
    const order = async (sql: string) => (await t.db.query<{ id: number }>(sql, [demoId])).rows.map((r) => r.id);
    expect(await ids('claimed')).toEqual(
      await order(`select j.id from journeys j join journey_allocations a on a.journey_id = j.id
                    and a.deallocated_at is null where j.provider_id = $1 and j.status in ('allocated', 'cancelled')
                    order by a.allocated_at desc, j.id desc`),
    );
    expect(await ids('interest')).toEqual(
      await order(`select j.id from journey_interests i join journeys j on j.id = i.journey_id
                    where i.user_id = $1 and j.provider_id is null order by i.expressed_at desc, j.id desc`),
    );
    expect(await ids('completed')).toEqual(
      await order(`select id from journeys where provider_id = $1 and status = 'completed'
                    order by completed_at desc, id desc`),
    );
  });

  it('gives each row its route, window, stops, pay, vehicle and driver as stored', async () => {
    const rows = [...(await list(demo)).data, ...(await list(demo, '?tab=completed')).data];
    for (const row of rows) {
      const { rows: stored } = await t.db.query<{
        start_town: string;
        end_town: string;
        stops: number;
        tp_quote: number;
        tp_quote_return: number | null;
        with_return: boolean;
        vehicle_id: number;
        registration_number: string;
        driver_id: number | null;
        full_name: string | null;
        first_at: Date;
        last_at: Date;
      }>(
        `select j.start_town, j.end_town, j.stops, j.tp_quote, j.tp_quote_return, a.with_return,
                v.id as vehicle_id, v.registration_number, d.id as driver_id, d.full_name,
                (select min(scheduled_at) from journey_nodes where journey_id = j.id) as first_at,
                (select max(scheduled_at) from journey_nodes where journey_id = j.id) as last_at
           from journeys j join journey_allocations a on a.journey_id = j.id and a.deallocated_at is null
           join vehicles v on v.id = a.provider_vehicle_id left join drivers d on d.id = a.driver_id
          where j.id = $1`,
        [row.id],
      );
      const j = stored[0]!;
      expect(row).toEqual({
        id: row.id,
        status_code: row.status_code,
        route: { start_town: j.start_town, end_town: j.end_town },
        window: { start: j.first_at.toISOString(), end: j.last_at.toISOString() },
        stops: j.stops,
        pay: {
          tp_quote: { amount: j.tp_quote },
          return: j.with_return && j.tp_quote_return !== null ? { amount: j.tp_quote_return } : null,
        },
        vehicle: { id: j.vehicle_id, registration_number: j.registration_number },
        driver: j.driver_id === null ? null : { id: j.driver_id, full_name: j.full_name },
      });
      expect(Date.parse(row.window.start)).toBeLessThan(Date.parse(row.window.end));
    }
    // a return leg taken shows its pay; one of the seeded journeys has it
    expect(rows.some((r) => r.pay.return !== null)).toBe(true);
  });

  it('shows an interest with what the partner asked and the vehicle it offered, and no driver', async () => {
    for (const row of (await list(demo, '?tab=interest')).data) {
      const { rows } = await t.db.query<{
        tp_quote: number;
        tp_quote_return: number | null;
        provider_vehicle_id: number;
        registration_number: string;
      }>(
        `select i.tp_quote, i.tp_quote_return, i.provider_vehicle_id, v.registration_number
           from journey_interests i join vehicles v on v.id = i.provider_vehicle_id
          where i.journey_id = $1 and i.user_id = $2`,
        [row.id, demoId],
      );
      const interest = rows[0]!;
      expect(row.pay).toEqual({
        tp_quote: { amount: interest.tp_quote },
        return: interest.tp_quote_return === null ? null : { amount: interest.tp_quote_return },
      });
      expect(row.vehicle).toEqual({
        id: interest.provider_vehicle_id,
        registration_number: interest.registration_number,
      });
      expect(row.driver).toBeNull();
    }
  });

  it('never lists another partner’s journeys or interests, and each partner sees only its own', async () => {
    const all = async (token: string) =>
      (await Promise.all((['claimed', 'interest', 'completed'] as const).map((tab) => list(token, `?tab=${tab}`))))
        .flatMap((answer) => answer.data)
        .map((row) => row.id);
    const mine = await all(demo);
    const { rows: theirs } = await t.db.query<{ id: number }>(
      `select id from journeys where provider_id is not null and provider_id <> $1
       union select journey_id from journey_interests where user_id <> $1
         and journey_id not in (select journey_id from journey_interests where user_id = $1)`,
      [demoId],
    );
    expect(theirs.length).toBeGreaterThan(0);
    expect(mine.filter((id) => theirs.some((r) => r.id === id))).toEqual([]);
    // the other partner lists its own journey; a journey on both lists is one both wait on with an interest
    const otherList = await all(other.token);
    expect(otherList).toContain(other.journeyId);
    const { rows: shared } = await t.db.query<{ id: number }>(
      `select j.id from journeys j where j.provider_id is null
          and exists (select 1 from journey_interests i where i.journey_id = j.id and i.user_id = $1)
          and exists (select 1 from journey_interests i where i.journey_id = j.id and i.user_id = $2)`,
      [demoId, other.id],
    );
    expect(otherList.filter((id) => mine.includes(id)).sort()).toEqual(shared.map((r) => r.id).sort());
  });

  it('drops an interest from the list once another partner is given that journey', async () => {
    const [pending] = (await list(demo, '?tab=interest')).data.filter((r) => r.status_code === 'IP_PENDING');
    const van = await t.db.query<{ id: number }>(
      "select id from vehicles where user_id = $1 and status = 'APPROVED' order by id limit 1",
      [other.id],
    );
    await t.db.query("update journeys set status = 'allocated', provider_id = $2 where id = $1", [
      pending!.id,
      other.id,
    ]);
    await t.db.query(
      `insert into journey_allocations (journey_id, provider_id, provider_vehicle_id, method, allocated_at)
       values ($1, $2, $3, 'EXPRESS_INTEREST', $4)`,
      [pending!.id, other.id, van.rows[0]!.id, TEST_NOW],
    );
    try {
      const answer = await list(demo, '?tab=interest');
      expect(answer.data.map((r) => r.id)).not.toContain(pending!.id);
      expect(answer.meta.counts.interest).toBe(3);
      expect((await list(other.token)).data.map((r) => r.id)).toContain(pending!.id);
    } finally {
      await t.db.query('delete from journey_allocations where journey_id = $1', [pending!.id]);
      await t.db.query("update journeys set status = 'open', provider_id = null where id = $1", [pending!.id]);
    }
  });

  it('turns a pending interest into an expired one when the first pickup passes', async () => {
    const [pending] = (await list(demo, '?tab=interest')).data.filter((r) => r.status_code === 'IP_PENDING');
    const { rows } = await t.db.query<{ first_pickup_at: Date }>('select first_pickup_at from journeys where id = $1', [
      pending!.id,
    ]);
    t.clock.now = new Date(rows[0]!.first_pickup_at.getTime() - 1000);
    expect((await list(demo, '?tab=interest')).data.find((r) => r.id === pending!.id)?.status_code).toBe('IP_PENDING');
    t.clock.now = rows[0]!.first_pickup_at;
    expect((await list(demo, '?tab=interest')).data.find((r) => r.id === pending!.id)?.status_code).toBe('IP_EXPIRED');
  });

  it('pages by 20: the first page full, the rest on the next, and a page past the end empty', async () => {
    // 17 more interests of the demo partner (21 in all), in open journeys it has none in
    const { rows: open } = await t.db.query<{ id: number; tp_quote: number }>(
      `select id, tp_quote from journeys where status = 'open' and provider_id is null and first_pickup_at > $1
          and id not in (select journey_id from journey_interests where user_id = $2) order by id limit 17`,
      [TEST_NOW, demoId],
    );
    expect(open.length).toBe(17);
    const van = await t.db.query<{ id: number }>('select id from vehicles where user_id = $1 order by id limit 1', [
      demoId,
    ]);
    for (const [i, journey] of open.entries())
      await t.db.query(
        `insert into journey_interests (journey_id, user_id, provider_vehicle_id, tp_quote, expressed_at)
         values ($1, $2, $3, $4, $5)`,
        [journey.id, demoId, van.rows[0]!.id, journey.tp_quote, new Date(TEST_NOW.getTime() - (i + 1) * 60_000)],
      );
    try {
      const first = await list(demo, '?tab=interest');
      expect(first.meta).toMatchObject({ total: 21, counts: { interest: 21 } });
      expect(first.data).toHaveLength(MY_JOURNEYS_PAGE_SIZE);
      // the newest interest first: the one expressed a minute ago
      expect(first.data[0]!.id).toBe(open[0]!.id);
      const second = await list(demo, '?tab=interest&page=2');
      expect(second.meta.page).toBe(2);
      expect(second.data).toHaveLength(1);
      expect(second.data.filter((r) => first.data.some((f) => f.id === r.id))).toEqual([]);
      expect((await list(demo, '?tab=interest&page=3')).data).toEqual([]);
    } finally {
      await t.db.query('delete from journey_interests where user_id = $1 and journey_id = any($2::int[])', [
        demoId,
        open.map((j) => j.id),
      ]);
    }
  });

  it('answers a partner without journeys with empty tabs', async () => {
    const starter = (await signIn(t.app, 'starter@example.com')).token;
    expect((await list(starter)).meta.counts).toEqual({ claimed: 0, interest: 0, completed: 0 });
  });

  it.each([
    ['?tab=won', 'tab'],
    ['?tab=', 'tab'],
    ['?page=0', 'page'],
    ['?page=-1', 'page'],
    ['?page=1.5', 'page'],
    ['?page=abc', 'page'],
    ['?page=', 'page'],
    ['?page=100001', 'page'],
    ['?page=1e400', 'page'],
  ])('refuses %s with 422 naming the parameter', async (query, field) => {
    const response = await getWithToken(t.app, `/v1/my-journeys${query}`, demo);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.errors)).toEqual([field]);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.request('/v1/my-journeys');
    expect(response.status).toBe(401);
  });
});

describe('the journey page of a journey in each status', () => {
  const idOf = async (tab: MyJourneyTab, code: string) =>
    (await list(demo, `?tab=${tab}`)).data.find((r) => r.status_code === code)!.id;
  const codeOf = async (id: number, token = demo) => {
    const { body } = await journeyView(id, token);
    return Schema.decodeUnknownSync(JourneyResponse)(body).status_code;
  };

  it('gives each journey the status code its row in the list has', async () => {
    for (const tab of ['claimed', 'interest', 'completed'] as const)
      for (const row of (await list(demo, `?tab=${tab}`)).data) expect(await codeOf(row.id)).toBe(row.status_code);
  });

  it('is active for an open journey ahead the partner has not asked for', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `select id from journeys where status = 'open' and first_pickup_at > $1
          and id not in (select journey_id from journey_interests) order by id limit 1`,
      [TEST_NOW],
    );
    expect(await codeOf(rows[0]!.id)).toBe('IP_ACTIVE');
  });

  it('shows a journey cancelled while held to its holder with nothing to do and no customer details', async () => {
    const id = await idOf('claimed', 'IP_CANCELLED');
    const view = Schema.decodeUnknownSync(JourneyResponse)((await journeyView(id)).body);
    expect(view.journey.status).toBe('cancelled');
    expect(view.allocationDetails).toBeNull();
    expect(view.journey.customer_details).toBe('removed');
    expect(view.journey.listings.every((l) => l.customer === null)).toBe(true);
    expect(view.journey.nodes.every((n) => n.place.address === null)).toBe(true);
    expect(view.actions).toMatchObject({
      express_interest: false,
      click_and_claim: false,
      allocate_driver: false,
      allocate_driver_real: false,
      deallocate_driver: false,
    });
    expect((await journeyView(id, other.token)).status).toBe(404);
  });

  it('shows a journey cancelled while the interest waited to that partner only', async () => {
    const id = await idOf('interest', 'IP_CANCELLED');
    const view = Schema.decodeUnknownSync(JourneyResponse)((await journeyView(id)).body);
    expect(view.journey.status).toBe('cancelled');
    expect(view.allocationDetails).toBeNull();
    expect(view.journey.customer_details).toBe('hidden_until_allocation');
    expect(view.actions).toMatchObject({ express_interest: false, cancel_interest: false, edit_interest: false });
    expect((await journeyView(id, other.token)).status).toBe(404);
    const listing = view.journey.listings[0]!.listing_id;
    const read = (token: string) =>
      getWithToken(t.app, `/ts/public/find-work/v1/journeys/${id}/listings/${listing}`, token);
    expect((await read(demo)).status).toBe(200);
    expect((await read(other.token)).status).toBe(404);
  });
});
