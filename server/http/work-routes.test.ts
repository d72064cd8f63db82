/**
 * Won work over HTTP (server/http/work-routes.ts, rules in server/work/, shapes in schemas/work.ts), against the seeded
 * demo (server/seed/won-work.ts): the list and its tabs, the job sheet, tracking, recommended work, assigning a
 * driver, completing (plainly, with an issue, with an additional cost; idempotent), the count and archive call,
 * feedback once, and the admin's rating and false-completion tools with the suspension they bring. The tests run in
 * order and each uses its own seeded jobs; the clock is put back after each.
 */
import { randomUUID } from 'node:crypto';
import { Schema } from 'effect';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { User } from '@/schemas/user';
import {
  ALREADY_COMPLETED_MESSAGE,
  BEFORE_PICKUP_MESSAGE,
  FEEDBACK_ALREADY_REQUESTED_MESSAGE,
  FeedbackRequestedResponse,
  JobFeedback,
  SELECT_A_DRIVER,
  suspendedMessage,
  TrackingResponse,
  WonCountResponse,
  WonJob,
  WonJobSheet,
  WonWorkResponse,
  WorkError,
} from '@/schemas/work';
import { REPLAYED_HEADER } from '@/server/http/idempotency';
import { FORM_MEDIA_TYPE } from '@/server/http/read-form';
import { DRIVER_DEACTIVATED, NOT_YOUR_DRIVER } from '@/server/work/driver-allocation';
import { driveMs } from '@/server/work/work-rules';
import {
  createSeededApp,
  getWithToken,
  jsonPost,
  SETUP_TIMEOUT_MS,
  signIn,
  TEST_NOW,
  type SeededApp,
} from '@/server/testing/seeded-app';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const NOT_FOUND = { message: 'Listing not found' };

type Who = 'partner' | 'starter' | 'expiring' | 'unverified' | 'admin';
let t: SeededApp;
const token = {} as Record<Who, string>;
const userId = {} as Record<Who, number>;

interface SeededJob {
  id: number;
  status: string;
  pickup_date_start: Date;
  pickup_date_end: Date;
  driver_id: number | null;
  provider_vehicle_id: number | null;
}
/** The demo partner's won jobs by status, in id order (server/seed/won-work.ts names them A1…, I1…, C1…, F1…). */
const own = {} as Record<'allocated' | 'in_realisation' | 'realised' | 'completed' | 'finalised', SeededJob[]>;
const job = (status: keyof typeof own, n: number): SeededJob => {
  const found = own[status][n - 1];
  if (!found) throw new Error(`no seeded ${status} job ${n}`);
  return found;
};
/** The partner's active drivers, and one of the expiring partner's. */
let drivers: number[];
let othersDriver: number;

beforeAll(async () => {
  t = await createSeededApp();
  for (const who of ['partner', 'starter', 'expiring', 'unverified', 'admin'] as const) {
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
    const { rows } = await t.db.query<{ id: number }>('select id from users where email = $1', [`${who}@example.com`]);
    userId[who] = rows[0]!.id;
  }
  // The tests move the clock by up to two weeks (quotes expiring, suspensions ending): the tokens outlive that.
  await t.db.query("update access_tokens set expires_at = expires_at + interval '30 days'");
  const { rows } = await t.db.query<SeededJob>(
    `select id, status, pickup_date_start, pickup_date_end, driver_id, provider_vehicle_id from jobs
      where provider_id = $1 order by id`,
    [userId.partner],
  );
  for (const status of ['allocated', 'in_realisation', 'realised', 'completed', 'finalised'] as const)
    own[status] = rows.filter((r) => r.status === status);
  drivers = (
    await t.db.query<{ id: number }>('select id from drivers where user_id = $1 and active order by id', [
      userId.partner,
    ])
  ).rows.map((d) => d.id);
  othersDriver = (await t.db.query<{ id: number }>('select id from drivers where user_id = $1', [userId.expiring]))
    .rows[0]!.id;
  expect(drivers.length).toBeGreaterThan(1);
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});
afterEach(() => {
  t.clock.now = TEST_NOW;
  expect(t.errors).toEqual([]);
});

const auth = (who: Who, headers: Record<string, string> = {}) => ({
  authorization: `Bearer ${token[who]}`,
  ...headers,
});
const get = (path: string, who: Who = 'partner') => getWithToken(t.app, path, token[who]);
const post = (path: string, body: unknown, who: Who = 'partner', headers: Record<string, string> = {}) =>
  t.app.request(path, jsonPost(body, auth(who, headers)));
const postForm = (path: string, form: Record<string, string>, who: Who = 'partner') =>
  t.app.request(path, {
    method: 'POST',
    headers: auth(who, { 'content-type': 'application/x-www-form-urlencoded' }),
    body: new URLSearchParams(form).toString(),
  });

const decode =
  <A, I>(schema: Schema.Codec<A, I>) =>
  async (response: Response): Promise<A> =>
    Schema.decodeUnknownSync(schema)(await response.json());
const listOf = decode(WonWorkResponse);
const wonJobOf = decode(WonJob);
const refusalOf = decode(WorkError);

const list = async (query = '', who: Who = 'partner') => {
  const response = await get(`/ng/api/v3/provider/won-work${query}`, who);
  expect(response.status).toBe(200);
  return listOf(response);
};
const jobRow = async (id: number) =>
  (
    await t.db.query<{
      status: string;
      provider_id: number | null;
      driver_id: number | null;
      driver_pickup_at: Date | null;
      realised_at: Date | null;
      archived_at: Date | null;
      completion_issue: unknown;
    }>(
      `select status, provider_id, driver_id, driver_pickup_at, realised_at, archived_at, completion_issue
         from jobs where id = $1`,
      [id],
    )
  ).rows[0]!;

const allocatePath = (id: number) => `/ng/api/v3/listings/${id}?action=allocate-driver`;
const completePath = (id: number) => `/ng/api/v3/actions/listings/${id}/complete`;
const issuePath = (id: number) => `/ng/api/v3/actions/listings/${id}/complete-with-issue`;
const WON = '/ajax-dashboard-provider-listing-won';
const feedbackPath = (id: number) => `/ajax-provider-do-dash-option/request-feedback/${id}`;
const issueBody = (id: number, fields: Record<string, unknown> = {}) => ({
  listing_id: id,
  text: 'The customer asked us to take an extra box',
  type: 5,
  sub_type: null,
  responsible: 2,
  listingCart: { items: [] },
  ...fields,
});

describe('GET /ng/api/v3/provider/won-work', () => {
  it('lists the active tab pickup soonest first, with the count of every tab', async () => {
    const body = await list();
    const active = [...own.allocated, ...own.in_realisation].sort(
      (a, b) => a.pickup_date_start.getTime() - b.pickup_date_start.getTime() || a.id - b.id,
    );
    expect(body.rows.map((r) => r.listing_id)).toEqual(active.map((j) => j.id));
    expect(body).toMatchObject({
      rows_total: 7,
      page: 1,
      page_size: 20,
      counts: { active: 7, completed: 12, live_quotes: 3 },
    });
    for (const row of body.rows) {
      expect(row.listing_status).toBe('ALLOCATED');
      expect(row.can).toEqual({ allocate_driver: true, complete: true, archive: false, request_feedback: false });
      expect(row.stops.map((s) => s.type)).toEqual(['pickup', 'delivery']);
      expect(Date.parse(row.tracking_from)).toBe(Date.parse(row.pickup_date) - DAY_MS);
    }
    const first = body.rows.find((r) => r.listing_id === job('allocated', 1).id)!;
    expect(first.driver?.user_id).toBe(job('allocated', 1).driver_id);
    expect(body.rows.filter((r) => r.driver === null)).toHaveLength(4);
  });

  it('lists the completed tab most recently completed first, without the archived job, with issue and feedback', async () => {
    const body = await list('?tab=completed');
    const { rows } = await t.db.query<{ id: number }>(
      `select id from jobs where provider_id = $1 and status in ('realised', 'completed', 'finalised')
          and archived_at is null order by coalesce(completed_at, realised_at) desc, id desc`,
      [userId.partner],
    );
    expect(body.rows.map((r) => r.listing_id)).toEqual(rows.map((r) => r.id));
    expect(body.rows_total).toBe(12);
    expect(body.rows.map((r) => r.listing_id)).not.toContain(job('finalised', 5).id);
    const row = (id: number) => body.rows.find((r) => r.listing_id === id)!;
    expect(row(job('realised', 1).id)).toMatchObject({ job_status: 'realised', listing_status: 'ALLOCATED' });
    expect(row(job('finalised', 1).id).listing_status).toBe('COMPLETED');
    expect(row(job('completed', 1).id)).toMatchObject({
      extra_charge: { amount: 3500 },
      issue_text: 'Customer added a wardrobe from the neighbour at the pickup',
      can: { allocate_driver: false, complete: false, archive: true, request_feedback: true },
    });
    expect(row(job('completed', 4).id)).toMatchObject({ extra_charge: null, issue_text: expect.any(String) });
    expect(row(job('completed', 2).id).feedback).toMatchObject({ requested_at: expect.any(String), rating: null });
    expect(row(job('completed', 2).id).can.request_feedback).toBe(false);
    expect(row(job('completed', 3).id).feedback.rating).toMatchObject({ punctuality: expect.any(Number) });
  });

  it('lists live quotes with the quote as the price: ACTIVE, then EXPIRED for 7 days once the window closes, then gone', async () => {
    const body = await list('?tab=live_quotes');
    const { rows } = await t.db.query<{ job_id: number; amount: number; pickup_date_end: Date }>(
      `select q.job_id, q.amount, j.pickup_date_end from listing_quotes q join jobs j on j.id = q.job_id
        where q.user_id = $1 order by j.pickup_date_start, j.id`,
      [userId.partner],
    );
    expect(body.rows.map((r) => [r.listing_id, r.price.amount])).toEqual(rows.map((r) => [r.job_id, r.amount]));
    for (const row of body.rows) {
      expect(row).toMatchObject({ kind: 'auction', job_status: 'pending_allocation', listing_status: 'ACTIVE' });
      expect(row).toMatchObject({ driver: null, vehicle: null, feedback: { requested_at: null, rating: null } });
      expect(Object.values(row.can)).toEqual([false, false, false, false]);
    }
    const closes = rows[0]!.pickup_date_end;
    t.clock.now = closes;
    const expired = await list('?tab=live_quotes');
    expect(expired.rows.find((r) => r.listing_id === rows[0]!.job_id)?.listing_status).toBe('EXPIRED');
    t.clock.now = new Date(closes.getTime() + 7 * DAY_MS);
    expect((await list('?tab=live_quotes')).rows.map((r) => r.listing_id)).not.toContain(rows[0]!.job_id);
  });

  it("filters by driver and by vehicle; an empty filter is none; another partner's finds nothing", async () => {
    const driver = job('allocated', 1).driver_id!;
    const byDriver = await list(`?tab=active&driver_id=${driver}&vehicle_id=`);
    expect(byDriver.rows.length).toBeGreaterThan(0);
    expect(byDriver.rows.every((r) => r.driver?.user_id === driver)).toBe(true);
    expect(byDriver.counts.active).toBe(byDriver.rows.length);
    expect(byDriver.counts.live_quotes).toBe(3);
    const vehicle = job('completed', 1).provider_vehicle_id!;
    const byVehicle = await list(`?tab=completed&vehicle_id=${vehicle}&driver_id=`);
    expect(byVehicle.rows.length).toBeGreaterThan(0);
    expect(byVehicle.rows.every((r) => r.vehicle?.id === vehicle)).toBe(true);
    const theirs = await list(`?driver_id=${othersDriver}`);
    expect(theirs.rows).toEqual([]);
    expect(theirs.counts).toMatchObject({ active: 0, completed: 0 });
  });

  it('pages by 20, most recently completed first', async () => {
    // The expiring partner has no won work: give it 23 completed jobs, one a day.
    await t.db.query(
      `insert into jobs (kind, category, status, pickup_town, pickup_postcode, pickup_lat, pickup_lng, delivery_town,
         delivery_postcode, delivery_lat, delivery_lng, pickup_date_start, pickup_date_end, price, volume_m3,
         distance_m, provider_id, completed_at, realised_at, created_at)
       select kind, category, 'completed', pickup_town, pickup_postcode, pickup_lat, pickup_lng, delivery_town,
              delivery_postcode, delivery_lat, delivery_lng, pickup_date_start, pickup_date_end, price, volume_m3,
              distance_m, $2, $3::timestamptz - n * interval '1 day', $3::timestamptz - n * interval '1 day', created_at
         from jobs, generate_series(1, 23) as n where id = $1`,
      [job('completed', 1).id, userId.expiring, TEST_NOW],
    );
    const first = await list('?tab=completed&page=1', 'expiring');
    const second = await list('?tab=completed&page=2', 'expiring');
    expect([first.rows.length, second.rows.length, first.rows_total]).toEqual([20, 3, 23]);
    const ids = [...first.rows, ...second.rows].map((r) => r.listing_id);
    expect(new Set(ids).size).toBe(23);
    const completedAt = [...first.rows, ...second.rows].map((r) => Date.parse(r.completed_at!));
    expect(completedAt).toEqual([...completedAt].sort((a, b) => b - a));
    expect((await list('?tab=completed&page=3', 'expiring')).rows).toEqual([]);
  });

  it('refuses a bad query with 422 naming each parameter', async () => {
    const response = await get('/ng/api/v3/provider/won-work?tab=won&page=0&driver_id=x');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'messages.validation',
      errors: {
        tab: ['The tab is one of active, completed, live_quotes'],
        page: ['page must be a whole number from 1'],
        driver_id: ['driver_id is a positive whole number'],
      },
    });
  });

  it('shows each partner only its own work and quotes', async () => {
    const starter = await list('', 'starter');
    const { rows } = await t.db.query<{ id: number }>('select id from jobs where provider_id = $1', [userId.starter]);
    expect(starter.rows.map((r) => r.listing_id)).toEqual(rows.map((r) => r.id));
    expect(starter.counts).toEqual({ active: 1, completed: 0, live_quotes: 2 });
    const admin = await list('?tab=live_quotes', 'admin');
    expect(admin).toMatchObject({ rows: [], counts: { active: 0, completed: 0, live_quotes: 0 } });
  });
});

describe('GET /ng/api/v3/provider/won-work/{id}', () => {
  it('shows the job sheet with its description, and the customer while the job is active', async () => {
    const response = await get(`/ng/api/v3/provider/won-work/${job('allocated', 1).id}`);
    expect(response.status).toBe(200);
    const sheet = await decode(WonJobSheet)(response);
    expect(sheet.description).toMatch(/ from .+ to .+, about \d+ miles? by road\./);
    expect(sheet.customer).toEqual({
      first_name: expect.any(String),
      phone: expect.stringMatching(/^07700 900\d{3}$/),
    });
    const done = await decode(WonJobSheet)(await get(`/ng/api/v3/provider/won-work/${job('completed', 2).id}`));
    expect(done.customer).toBeNull();
    const archived = await decode(WonJobSheet)(await get(`/ng/api/v3/provider/won-work/${job('finalised', 5).id}`));
    expect(archived).toMatchObject({ listing_status: 'HIDDEN', archived_at: expect.any(String) });
  });

  it("answers 'Listing not found' for another partner's job, an unknown id and a malformed one", async () => {
    for (const [path, who] of [
      [`/ng/api/v3/provider/won-work/${job('allocated', 1).id}`, 'starter'],
      [`/ng/api/v3/provider/won-work/${job('allocated', 1).id}`, 'admin'],
      ['/ng/api/v3/provider/won-work/999999', 'partner'],
      ['/ng/api/v3/provider/won-work/abc', 'partner'],
    ] as const) {
      const response = await get(path, who);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('GET /ng/api/v3/provider/won-work/{id}/tracking', () => {
  const track = async (id: number, who: Who = 'partner') => {
    const response = await get(`/ng/api/v3/provider/won-work/${id}/tracking`, who);
    expect(response.status).toBe(200);
    return decode(TrackingResponse)(response);
  };
  const points = async (id: number) =>
    (
      await t.db.query<{
        pickup_lat: number;
        pickup_lng: number;
        delivery_lat: number;
        delivery_lng: number;
        distance_m: number;
      }>('select pickup_lat, pickup_lng, delivery_lat, delivery_lng, distance_m from jobs where id = $1', [id])
    ).rows[0]!;

  it('puts the driver of a job picked up within 24 hours at its pickup, from the server clock', async () => {
    const a1 = job('allocated', 1);
    const at = await points(a1.id);
    expect(await track(a1.id)).toEqual({
      available_from: new Date(a1.pickup_date_start.getTime() - DAY_MS).toISOString(),
      state: 'at_pickup',
      position: { lat: at.pickup_lat, lng: at.pickup_lng, recorded_at: TEST_NOW.toISOString() },
    });
  });

  it('shows nothing before the 24-hour window, nor without a driver inside it', async () => {
    const a2 = job('allocated', 2);
    t.clock.now = new Date(a2.pickup_date_start.getTime() - DAY_MS - 1000);
    expect(await track(a2.id)).toMatchObject({ state: 'before_window', position: null });
    t.clock.now = new Date(a2.pickup_date_start.getTime() - DAY_MS);
    expect(await track(a2.id)).toMatchObject({ state: 'no_driver', position: null });
  });

  it('moves the driver along the straight line pickup → delivery at 35 mph, then stops at the delivery', async () => {
    const i1 = job('in_realisation', 1);
    const at = await points(i1.id);
    const drive = driveMs(at.distance_m);
    t.clock.now = new Date(i1.pickup_date_start.getTime() + drive / 2);
    const half = await track(i1.id);
    expect(half.state).toBe('on_the_way');
    expect(half.position?.lat).toBeCloseTo((at.pickup_lat + at.delivery_lat) / 2, 9);
    expect(half.position?.lng).toBeCloseTo((at.pickup_lng + at.delivery_lng) / 2, 9);
    t.clock.now = new Date(i1.pickup_date_start.getTime() + drive);
    expect(await track(i1.id)).toMatchObject({
      state: 'arrived',
      position: { lat: at.delivery_lat, lng: at.delivery_lng },
    });
    expect(await track(job('completed', 1).id)).toMatchObject({ state: 'not_active', position: null });
  });

  it("is not found for another partner's job", async () => {
    const response = await get(`/ng/api/v3/provider/won-work/${job('allocated', 1).id}/tracking`, 'starter');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
  });
});

describe('GET /ng/api/v3/provider/recommended-work', () => {
  const recommended = async (who: Who = 'partner') => {
    const response = await get('/ng/api/v3/provider/recommended-work', who);
    expect(response.status).toBe(200);
    return (await response.json()) as { rows: { listing_id: number; reason: string; pickup_date: string }[] };
  };

  it('recommends open jobs near the base, on the route of an active job, or filling the van; soonest first', async () => {
    // Five open jobs picked up before any seeded one: Manchester is the partner's base (and its vans'); A1 delivers
    // at its delivery point; the biggest van is a Luton.
    const a1 = job('allocated', 1);
    const end = (
      await t.db.query<{ lat: number; lng: number }>(
        'select delivery_lat as lat, delivery_lng as lng from jobs where id = $1',
        [a1.id],
      )
    ).rows[0]!;
    const capacity = (
      await t.db.query<{ c: number }>(
        "select max(loading_capacity_m3) as c from vehicles where user_id = $1 and status = 'APPROVED'",
        [userId.partner],
      )
    ).rows[0]!.c;
    const pickup = new Date(a1.pickup_date_start.getTime() + 10 * 60_000);
    const add = async (lat: number, lng: number, volume: number) =>
      (
        await t.db.query<{ id: number }>(
          `insert into jobs (kind, category, status, pickup_town, pickup_postcode, pickup_lat, pickup_lng,
             delivery_town, delivery_postcode, delivery_lat, delivery_lng, pickup_date_start, pickup_date_end, price,
             volume_m3, distance_m, allocation_method, created_at, activated_at)
           values ('instant', 'parcels', 'click_and_claim', 'Testtown', 'M1 1AA', $1, $2, 'Elsewhere', 'LS1 1AA',
             53.8, -1.55, $3, $4, 5000, $5, 60000, 'click_and_claim', $6, $6) returning id`,
          [lat, lng, pickup, new Date(pickup.getTime() + 2 * HOUR_MS), volume, TEST_NOW],
        )
      ).rows[0]!.id;
    const nearBase = await add(53.49, -2.24, 1);
    const onRoute = await add(end.lat + 0.01, end.lng, 1);
    // About 20 miles north of Manchester: too far to be near, near enough for a load that fills half the van.
    const fills = await add(53.77, -2.24, Math.ceil(capacity * 0.6));
    const smallFar = await add(53.77, -2.24, 1);
    const tooBig = await add(53.49, -2.24, capacity + 1);
    const { rows } = await recommended();
    expect(rows.length).toBeLessThanOrEqual(10);
    const reasons = Object.fromEntries(rows.map((r) => [r.listing_id, r.reason]));
    expect([reasons[nearBase], reasons[onRoute], reasons[fills]]).toEqual([
      'near_base',
      'on_your_route',
      'fits_vehicle',
    ]);
    expect(rows.map((r) => r.listing_id)).not.toContain(smallFar);
    expect(rows.map((r) => r.listing_id)).not.toContain(tooBig);
    const dates = rows.map((r) => Date.parse(r.pickup_date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    // Every row is open and fits the largest van.
    const { rows: facts } = await t.db.query<{ provider_id: number | null; volume_m3: number; pickup_date_end: Date }>(
      'select provider_id, volume_m3, pickup_date_end from jobs where id = any($1::int[])',
      [rows.map((r) => r.listing_id)],
    );
    for (const fact of facts) {
      expect(fact.provider_id).toBeNull();
      expect(fact.volume_m3).toBeLessThanOrEqual(capacity);
      expect(fact.pickup_date_end.getTime()).toBeGreaterThan(TEST_NOW.getTime());
    }
    await t.db.query('delete from jobs where id = any($1::int[])', [[nearBase, onRoute, fills, smallFar, tooBig]]);
  });

  it('recommends nothing to a partner without an approved vehicle', async () => {
    expect(await recommended('unverified')).toEqual({ rows: [] });
    expect(await recommended('admin')).toEqual({ rows: [] });
  });
});

describe('POST /ng/api/v3/listings/{id}?action=allocate-driver', () => {
  it('puts one of the partner’s active drivers on the job from the spec form, and the card shows it', async () => {
    const a2 = job('allocated', 2);
    const response = await postForm(allocatePath(a2.id), { listing_id: String(a2.id), user_id: String(drivers[0]) });
    expect(response.status).toBe(200);
    const answer = await wonJobOf(response);
    expect(answer.driver?.user_id).toBe(drivers[0]);
    expect((await jobRow(a2.id)).driver_id).toBe(drivers[0]);
    expect((await list()).rows.find((r) => r.listing_id === a2.id)?.driver?.user_id).toBe(drivers[0]);
  });

  it('takes JSON too, bare or under payload, and records a planned pickup time inside the window', async () => {
    const a3 = job('allocated', 3);
    const planned = new Date(a3.pickup_date_start.getTime() + 30 * 60_000);
    const response = await post(allocatePath(a3.id), {
      payload: { listing_id: a3.id, user_id: drivers[1], pickup_date: planned.toISOString() },
    });
    expect(response.status).toBe(200);
    expect(await wonJobOf(response)).toMatchObject({
      driver: { user_id: drivers[1] },
      planned_pickup_at: planned.toISOString(),
    });
    const again = await post(allocatePath(a3.id), { listing_id: a3.id, user_id: drivers[0] });
    expect(await wonJobOf(again)).toMatchObject({
      driver: { user_id: drivers[0] },
      planned_pickup_at: planned.toISOString(),
    });
  });

  it('refuses a pickup time outside the customer’s window, or one it cannot read', async () => {
    const a3 = job('allocated', 3);
    const before = await jobRow(a3.id);
    const late = new Date(a3.pickup_date_end.getTime() + 60_000).toISOString();
    const response = await post(allocatePath(a3.id), { listing_id: a3.id, user_id: drivers[1], pickup_date: late });
    expect(response.status).toBe(422);
    expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual(['pickup_date']);
    const unreadable = await postForm(allocatePath(a3.id), {
      listing_id: String(a3.id),
      user_id: String(drivers[1]),
      pickup_date: '2026-02-30 09:00',
    });
    expect(unreadable.status).toBe(422);
    expect(await jobRow(a3.id)).toEqual(before);
  });

  it("says 'Please select a driver' without one, and refuses another partner's or a deactivated driver", async () => {
    const a2 = job('allocated', 2);
    for (const form of [{ listing_id: String(a2.id) }, { listing_id: String(a2.id), user_id: '' }] as Record<
      string,
      string
    >[]) {
      const response = await postForm(allocatePath(a2.id), form);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ message: 'messages.validation', errors: { user_id: [SELECT_A_DRIVER] } });
    }
    for (const driver of [othersDriver, 999_999]) {
      const response = await postForm(allocatePath(a2.id), { listing_id: String(a2.id), user_id: String(driver) });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ message: 'messages.validation', errors: { user_id: [NOT_YOUR_DRIVER] } });
    }
    const resting = drivers[drivers.length - 1]!;
    await t.db.query('update drivers set active = false where id = $1', [resting]);
    try {
      const response = await postForm(allocatePath(a2.id), { listing_id: String(a2.id), user_id: String(resting) });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        message: 'messages.validation',
        errors: { user_id: [DRIVER_DEACTIVATED] },
      });
    } finally {
      await t.db.query('update drivers set active = true where id = $1', [resting]);
    }
    expect((await jobRow(a2.id)).driver_id).toBe(drivers[0]);
  });

  it("is not found for another partner's job, and refused on a completed one", async () => {
    const a2 = job('allocated', 2);
    for (const who of ['starter', 'admin'] as const) {
      const response = await postForm(
        allocatePath(a2.id),
        { listing_id: String(a2.id), user_id: String(drivers[1]) },
        who,
      );
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
    const c2 = job('completed', 2);
    const done = await postForm(allocatePath(c2.id), { listing_id: String(c2.id), user_id: String(drivers[1]) });
    expect(done.status).toBe(409);
    expect((await refusalOf(done)).code).toBe('not_active');
    expect((await jobRow(a2.id)).driver_id).toBe(drivers[0]);
  });

  it('refuses a listing id that is not the one in the path, another action, and a body that is not a form', async () => {
    const a2 = job('allocated', 2);
    const mismatch = await postForm(allocatePath(a2.id), { listing_id: '1', user_id: String(drivers[1]) });
    expect(mismatch.status).toBe(422);
    expect(await mismatch.json()).toMatchObject({ errors: { listing_id: ['listing_id must be the id in the path'] } });
    const action = await postForm(`/ng/api/v3/listings/${a2.id}?action=deallocate`, { listing_id: String(a2.id) });
    expect(action.status).toBe(422);
    expect(await action.json()).toMatchObject({ errors: { action: ['The action must be allocate-driver'] } });
    const text = await t.app.request(allocatePath(a2.id), {
      method: 'POST',
      headers: auth('partner', { 'content-type': 'text/plain' }),
      body: `listing_id=${a2.id}&user_id=${drivers[1]}`,
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual(FORM_MEDIA_TYPE);
  });
});

describe('POST /ng/api/v3/actions/listings/{id}/complete', () => {
  it('refuses to complete a job before its pickup, up to the last millisecond, then completes it (realised)', async () => {
    const a3 = job('allocated', 3);
    t.clock.now = new Date(a3.pickup_date_start.getTime() - 1);
    const early = await post(completePath(a3.id), { listing_id: a3.id });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({
      message: BEFORE_PICKUP_MESSAGE,
      code: 'before_pickup',
      completable_from: a3.pickup_date_start.toISOString(),
    });
    expect((await jobRow(a3.id)).status).toBe('allocated');
    t.clock.now = a3.pickup_date_start;
    const response = await post(completePath(a3.id), { listing_id: a3.id });
    expect(response.status).toBe(200);
    expect(await wonJobOf(response)).toMatchObject({
      job_status: 'realised',
      realised_at: a3.pickup_date_start.toISOString(),
    });
  });

  it('completes a job under way; it moves to the completed tab; a second completion is refused', async () => {
    const i3 = job('in_realisation', 3);
    const response = await post(completePath(i3.id), { payload: { listing_id: i3.id } });
    expect(response.status).toBe(200);
    expect(await wonJobOf(response)).toMatchObject({
      listing_id: i3.id,
      job_status: 'realised',
      listing_status: 'ALLOCATED',
      realised_at: TEST_NOW.toISOString(),
      extra_charge: null,
      issue_text: null,
      can: { allocate_driver: false, complete: false, archive: true, request_feedback: true },
    });
    expect((await list()).rows.map((r) => r.listing_id)).not.toContain(i3.id);
    // Newest completion first: only job A3, completed above on a clock moved to its pickup days ahead, comes before.
    expect((await list('?tab=completed')).rows.slice(0, 2).map((r) => r.listing_id)).toEqual([
      job('allocated', 3).id,
      i3.id,
    ]);
    const again = await post(completePath(i3.id), { listing_id: i3.id });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: ALREADY_COMPLETED_MESSAGE, code: 'already_completed' });
  });

  it('honours Idempotency-Key: the same request twice makes one completion and the same answer', async () => {
    const i4 = job('in_realisation', 4);
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await post(completePath(i4.id), { listing_id: i4.id }, 'partner', headers);
    expect(first.status).toBe(200);
    const body = await first.text();
    t.clock.advance(60);
    const second = await post(completePath(i4.id), { listing_id: i4.id }, 'partner', headers);
    expect(second.status).toBe(200);
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await second.text()).toBe(body);
    expect((await jobRow(i4.id)).realised_at?.toISOString()).toBe(TEST_NOW.toISOString());
    const fresh = await post(completePath(i4.id), { listing_id: i4.id }, 'partner', {
      'Idempotency-Key': randomUUID(),
    });
    expect(fresh.status).toBe(409);
  });

  it('lets only one of two simultaneous completions through', async () => {
    const a1 = job('allocated', 1);
    t.clock.now = a1.pickup_date_start;
    const answers = await Promise.all([0, 1].map(() => post(completePath(a1.id), { listing_id: a1.id })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("is not found for another partner's job, whatever it sends", async () => {
    const i1 = job('in_realisation', 1);
    for (const who of ['starter', 'admin'] as const) {
      const response = await post(completePath(i1.id), { listing_id: i1.id }, who);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
    expect((await jobRow(i1.id)).status).toBe('in_realisation');
  });

  it('refuses a body without the job, or naming another, with 422', async () => {
    const i1 = job('in_realisation', 1);
    for (const [body, field] of [
      [{}, 'listing_id'],
      [{ listing_id: i1.id + 1 }, 'listing_id'],
    ] as const) {
      const response = await post(completePath(i1.id), body);
      expect(response.status).toBe(422);
      expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual([field]);
    }
    expect((await jobRow(i1.id)).status).toBe('in_realisation');
  });
});

describe('POST /ng/api/v3/actions/listings/{id}/complete-with-issue', () => {
  it('completes with an issue: the text is recorded, no cost', async () => {
    const i1 = job('in_realisation', 1);
    const response = await post(issuePath(i1.id), issueBody(i1.id, { text: '  Gate locked, left with neighbour  ' }));
    expect(response.status).toBe(200);
    expect(await wonJobOf(response)).toMatchObject({
      job_status: 'realised',
      issue_text: 'Gate locked, left with neighbour',
      extra_charge: null,
    });
    expect((await jobRow(i1.id)).completion_issue).toEqual({
      text: 'Gate locked, left with neighbour',
      sub_type: null,
      extra_charge: null,
    });
  });

  it('completes with an additional cost (charge_customer_extra), once per Idempotency-Key', async () => {
    const i2 = job('in_realisation', 2);
    const body = {
      payload: issueBody(i2.id, {
        text: 'Two extra flights of stairs',
        sub_type: 'charge_customer_extra',
        extra_charge: { amount: 2500 },
      }),
    };
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await post(issuePath(i2.id), body, 'partner', headers);
    expect(first.status).toBe(200);
    expect(await wonJobOf(first)).toMatchObject({
      job_status: 'realised',
      extra_charge: { amount: 2500 },
      issue_text: 'Two extra flights of stairs',
    });
    const second = await post(issuePath(i2.id), body, 'partner', headers);
    expect([second.status, second.headers.get(REPLAYED_HEADER)]).toEqual([200, 'true']);
    const completed = await list('?tab=completed');
    expect(completed.rows.find((r) => r.listing_id === i2.id)?.extra_charge).toEqual({ amount: 2500 });
  });

  it('refuses every broken body with 422 naming the field, and changes nothing', async () => {
    const a2 = job('allocated', 2);
    for (const [fields, field] of [
      [{ sub_type: 'charge_customer_extra' }, 'extra_charge'],
      [{ extra_charge: { amount: 500 } }, 'extra_charge'],
      [{ sub_type: 'charge_customer_extra', extra_charge: { amount: 50_001 } }, 'extra_charge.amount'],
      [{ sub_type: 'charge_customer_extra', extra_charge: { amount: 0 } }, 'extra_charge.amount'],
      [{ text: '' }, 'text'],
      [{ text: 'x'.repeat(1001) }, 'text'],
      [{ type: 4 }, 'type'],
      [{ responsible: 1 }, 'responsible'],
    ] as const) {
      const response = await post(issuePath(a2.id), issueBody(a2.id, fields));
      expect(response.status).toBe(422);
      expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual([field]);
    }
    expect((await jobRow(a2.id)).status).toBe('allocated');
  });

  it('refuses a job already completed, and one whose pickup is ahead', async () => {
    const c1 = job('completed', 1);
    const done = await post(issuePath(c1.id), issueBody(c1.id));
    expect(done.status).toBe(409);
    expect((await refusalOf(done)).code).toBe('already_completed');
    const a2 = job('allocated', 2);
    const early = await post(issuePath(a2.id), issueBody(a2.id));
    expect(early.status).toBe(409);
    expect(await refusalOf(early)).toMatchObject({ code: 'before_pickup', message: BEFORE_PICKUP_MESSAGE });
  });
});

describe('POST /ajax-dashboard-provider-listing-won', () => {
  const activeCount = async () =>
    (
      await t.db.query<{ n: number }>(
        "select count(*)::int as n from jobs where provider_id = $1 and status in ('allocated', 'in_realisation')",
        [userId.partner],
      )
    ).rows[0]!.n;

  it('answers the count of active won jobs to the form, to JSON and under payload', async () => {
    const expected = { count: await activeCount() };
    expect(await decode(WonCountResponse)(await postForm(WON, { countOnly: '1' }))).toEqual(expected);
    expect(await (await post(WON, { countOnly: true })).json()).toEqual(expected);
    expect(await (await post(WON, { payload: { countOnly: 1 } })).json()).toEqual(expected);
    expect(await (await postForm(WON, { countOnly: '1' }, 'starter')).json()).toEqual({ count: 1 });
  });

  it('archives a completed job, which leaves the tabs; archiving it again changes nothing', async () => {
    const c7 = job('completed', 7);
    const before = await list('?tab=completed');
    const response = await postForm(WON, { listing_id: String(c7.id), action: 'archive', countOnly: '1' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ count: await activeCount() });
    const archivedAt = (await jobRow(c7.id)).archived_at;
    expect(archivedAt?.toISOString()).toBe(TEST_NOW.toISOString());
    const after = await list('?tab=completed');
    expect(after.rows.map((r) => r.listing_id)).not.toContain(c7.id);
    expect(after.counts.completed).toBe(before.counts.completed - 1);
    const sheet = await decode(WonJobSheet)(await get(`/ng/api/v3/provider/won-work/${c7.id}`));
    expect(sheet.listing_status).toBe('HIDDEN');
    t.clock.advance(3600);
    const again = await postForm(WON, { listing_id: String(c7.id), action: 'archive' });
    expect(again.status).toBe(200);
    expect((await jobRow(c7.id)).archived_at).toEqual(archivedAt);
  });

  it("refuses to archive an active job, and does not find another partner's", async () => {
    const a2 = job('allocated', 2);
    const active = await postForm(WON, { listing_id: String(a2.id), action: 'archive', countOnly: '1' });
    expect(active.status).toBe(409);
    expect(await active.json()).toEqual({ message: 'Only completed jobs can be archived.', code: 'not_completed' });
    const theirs = await postForm(WON, { listing_id: String(job('completed', 6).id), action: 'archive' }, 'starter');
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual(NOT_FOUND);
    expect((await jobRow(job('completed', 6).id)).archived_at).toBeNull();
  });

  it('refuses another action, an action without a job, and a body that is neither a form nor JSON', async () => {
    for (const [form, field] of [
      [{ listing_id: '5', action: 'delete' }, 'action'],
      [{ listing_id: '5' }, 'action'],
      [{ action: 'archive' }, 'listing_id'],
    ] as const) {
      const response = await postForm(WON, form);
      expect(response.status).toBe(422);
      expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual([field]);
    }
    const response = await t.app.request(WON, {
      method: 'POST',
      headers: auth('partner', { 'content-type': 'multipart/form-data; boundary=x' }),
      body: '--x--',
    });
    expect(response.status).toBe(415);
  });
});

describe('GET /ajax-provider-do-dash-option/request-feedback/{id}', () => {
  it('asks for feedback once: the second request is refused and the card shows it asked', async () => {
    const c6 = job('completed', 6);
    const response = await get(feedbackPath(c6.id));
    expect(response.status).toBe(200);
    expect(await decode(FeedbackRequestedResponse)(response)).toEqual({
      listing_id: c6.id,
      requested_at: TEST_NOW.toISOString(),
    });
    const again = await get(feedbackPath(c6.id));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: FEEDBACK_ALREADY_REQUESTED_MESSAGE, code: 'already_requested' });
    const row = (await list('?tab=completed')).rows.find((r) => r.listing_id === c6.id)!;
    expect(row.feedback).toEqual({ requested_at: TEST_NOW.toISOString(), rating: null });
    expect(row.can.request_feedback).toBe(false);
  });

  it('lets only one of two simultaneous requests through', async () => {
    const f2 = job('finalised', 2);
    const answers = await Promise.all([get(feedbackPath(f2.id)), get(feedbackPath(f2.id))]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const { rows } = await t.db.query<{ n: number }>(
      'select count(*)::int as n from job_feedback_requests where job_id = $1',
      [f2.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("refuses an active job, and does not find another partner's or a malformed id", async () => {
    const active = await get(feedbackPath(job('allocated', 2).id));
    expect(active.status).toBe(409);
    expect((await refusalOf(active)).code).toBe('not_completed');
    for (const [path, who] of [
      [feedbackPath(job('completed', 4).id), 'starter'],
      ['/ajax-provider-do-dash-option/request-feedback/x1', 'partner'],
    ] as const) {
      const response = await get(path, who);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('the admin tools', () => {
  const rating = { punctuality: 5, communication: 4, care_of_goods: 5, presentation: 3, comment: 'Very careful' };
  const ratePath = (id: number) => `/v1/admin/listings/${id}/rating`;
  const falsePath = (id: number) => `/v1/admin/listings/${id}/false-completion`;

  it("record the customer's rating once, for a job whose feedback was requested", async () => {
    const c2 = job('completed', 2);
    const partner = await post(ratePath(c2.id), rating, 'partner');
    expect(partner.status).toBe(403);
    expect(await partner.json()).toEqual({ message: 'This action is for admins only.' });
    const response = await post(ratePath(c2.id), rating, 'admin');
    expect(response.status).toBe(201);
    expect(await decode(JobFeedback)(response)).toMatchObject({
      rating: { ...rating, rated_at: TEST_NOW.toISOString() },
    });
    const again = await post(ratePath(c2.id), rating, 'admin');
    expect([again.status, (await refusalOf(again)).code]).toEqual([409, 'already_rated']);
    const unasked = await post(ratePath(job('finalised', 3).id), rating, 'admin');
    expect([unasked.status, (await refusalOf(unasked)).code]).toEqual([409, 'feedback_not_requested']);
    expect((await post(ratePath(999_999), rating, 'admin')).status).toBe(404);
    expect((await post(ratePath(c2.id), { ...rating, punctuality: 6 }, 'admin')).status).toBe(422);
    const row = (await list('?tab=completed')).rows.find((r) => r.listing_id === c2.id)!;
    expect(row.feedback.rating).toMatchObject({ punctuality: 5, comment: 'Very careful' });
  });

  it('turn a false completion back to allocated and suspend the partner for 7 days, who then cannot complete', async () => {
    const f1 = job('finalised', 1);
    expect((await post(falsePath(f1.id), {}, 'partner')).status).toBe(403);
    const active = await post(falsePath(job('allocated', 2).id), {}, 'admin');
    expect([active.status, (await refusalOf(active)).code]).toEqual([409, 'not_completed']);

    const response = await post(falsePath(f1.id), {}, 'admin');
    expect(response.status).toBe(200);
    const until = new Date(TEST_NOW.getTime() + 7 * DAY_MS);
    expect(await response.json()).toEqual({
      listing_id: f1.id,
      job_status: 'allocated',
      suspended_until: until.toISOString(),
    });
    expect(await jobRow(f1.id)).toMatchObject({ status: 'allocated', realised_at: null, completion_issue: null });
    const feedback = await t.db.query('select 1 from job_feedback_requests where job_id = $1', [f1.id]);
    expect(feedback.rows).toEqual([]);

    const user = Schema.decodeUnknownSync(User)(await (await get('/v1/user-info')).json());
    expect(user.suspended_until).toBe(until.toISOString());
    const active_rows = (await list()).rows;
    expect(active_rows.map((r) => r.listing_id)).toContain(f1.id);
    expect(active_rows.every((r) => !r.can.complete && r.can.allocate_driver)).toBe(true);

    const refused = await post(completePath(f1.id), { listing_id: f1.id });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: suspendedMessage(until),
      code: 'suspended',
      suspended_until: until.toISOString(),
    });
    expect((await jobRow(f1.id)).status).toBe('allocated');

    t.clock.now = until;
    expect((await post(completePath(f1.id), { listing_id: f1.id })).status).toBe(200);
    const after = Schema.decodeUnknownSync(User)(await (await get('/v1/user-info')).json());
    expect(after.suspended_until).toBeNull();
  });

  it('keep a longer suspension already running', async () => {
    const later = new Date(TEST_NOW.getTime() + 30 * DAY_MS);
    await t.db.query('update users set suspended_until = $2 where id = $1', [userId.partner, later]);
    try {
      const response = await post(falsePath(job('finalised', 4).id), {}, 'admin');
      expect(await response.json()).toMatchObject({ suspended_until: later.toISOString() });
    } finally {
      await t.db.query('update users set suspended_until = null where id = $1', [userId.partner]);
    }
  });
});
