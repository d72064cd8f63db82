import fc from 'fast-check';
import { Schema } from 'effect';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AlertsResponse, AlertsSeenResponse, PostedJobResponse, type PostJob } from '@/schemas/alert';
import { BadgeCountersResponse } from '@/schemas/app-init';
import { SavedSearchResponse, type SavedSearch } from '@/schemas/saved-search';
import { JobsResponse, type Listing, type SearchCriteria } from '@/schemas/search';
import { postRandomJob, startNewWorkPoster } from '@/server/alerts/posted-jobs';
import { ListingEventBus, listingEvents, type ListingEventName } from '@/server/listings/listing-events';
import { Random } from '@/server/seed/random';
import { hostileJson, hugeInteger, unstorableText } from '@/server/testing/hostile-values';
import {
  createSeededApp,
  getWithToken,
  jsonPost,
  SETUP_TIMEOUT_MS,
  signIn,
  TEST_NOW,
  type SeededApp,
} from '@/server/testing/seeded-app';

/**
 * New-work alerts end to end through the HTTP API (schemas/alert.ts has the rules). The clock starts 40 days after the
 * seed's "now", when every seeded job's pickup window has closed: the only open jobs are those the tests post, so
 * every expectation is exact.
 */

let t: SeededApp;
const token = {} as Record<'partner' | 'starter' | 'admin', string>;
const HOUR = 3_600_000;
const START = new Date(TEST_NOW.getTime() + 40 * 24 * HOUR);

const at = (ms: number) => new Date(START.getTime() + ms);
const signInAll = async () => {
  for (const who of ['partner', 'starter', 'admin'] as const)
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
};

beforeAll(async () => {
  t = await createSeededApp();
  t.clock.now = START;
  await signInAll();
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});

/** Moves the clock (and signs in again: tokens live 15 minutes). */
const setClock = async (now: Date) => {
  t.clock.now = now;
  await signInAll();
};

const post = (path: string, body: unknown, bearer: string) =>
  t.app.request(path, jsonPost(body, { authorization: `Bearer ${bearer}` }));
const read = async <A, I>(path: string, bearer: string, schema: Schema.Codec<A, I>): Promise<A> => {
  const response = await getWithToken(t.app, path, bearer);
  expect(response.status).toBe(200);
  return Schema.decodeUnknownSync(schema)(await response.json());
};
const alertsOf = (bearer: string) => read('/v1/alerts', bearer, AlertsResponse);
const unseenBadge = async (bearer: string) =>
  (await read('/v1/badge-counters', bearer, BadgeCountersResponse)).data['new-work-alerts'];

const LEEDS = { name: 'Leeds', lat: 53.79648, lon: -1.54785 };
const aroundLeeds = (overrides: Partial<SearchCriteria> = {}) => ({
  type: 'instant',
  pickup: { location: LEEDS, radius: { value: 20, unit: 'mi' } },
  categories: ['parcels', 'piano'],
  ...overrides,
});

const saveSearch = async (bearer: string, name: string, criteria: unknown): Promise<SavedSearch> => {
  const response = await post('/v1/saved-searches', { payload: { name, criteria } }, bearer);
  expect(response.status).toBe(201);
  return Schema.decodeUnknownSync(SavedSearchResponse)(await response.json()).data;
};
const switchAlert = (bearer: string, id: number, alert: boolean) =>
  post(`/v1/saved-searches/${id}/alert`, { payload: { alert } }, bearer);

let jobs = 0;
/** A job as a customer posts it, from Leeds unless told otherwise, picked up two days after the clock. */
const job = (overrides: Partial<typeof PostJob.Encoded> = {}): typeof PostJob.Encoded => {
  jobs += 1;
  const start = new Date(t.clock.now.getTime() + 48 * HOUR);
  return {
    kind: 'instant',
    category: 'parcels',
    pickup: { town: 'Leeds', postcode: 'LS1 4AP' },
    delivery: { town: 'York', postcode: 'YO1 7HH' },
    pickup_date: { start: start.toISOString(), end: new Date(start.getTime() + 4 * HOUR).toISOString() },
    volume_m3: 2,
    price: { amount: 5000 + jobs },
    ...overrides,
  };
};
const postJob = async (overrides: Partial<typeof PostJob.Encoded> = {}): Promise<Listing> => {
  const response = await post('/v1/admin/jobs', { payload: job(overrides) }, token.admin);
  expect(response.status).toBe(201);
  return Schema.decodeUnknownSync(PostedJobResponse)(await response.json()).data;
};

/** Each describe block starts from a partner with no alerting search and everything seen. */
const resetAlerts = async () => {
  await t.db.query('update saved_searches set alert = false, alert_since = null');
  await t.db.query('update users set alerts_seen_at = null');
};

describe('POST /v1/saved-searches/{id}/alert', () => {
  beforeAll(resetAlerts);

  it('switches an own search on from now, keeps that time when asked again, and off', async () => {
    const search = await saveSearch(token.partner, 'Leeds parcels (switch)', aroundLeeds());
    expect(search).toMatchObject({ alert: false, alert_since: null });

    const on = await switchAlert(token.partner, search.id, true);
    expect(on.status).toBe(200);
    const { data } = Schema.decodeUnknownSync(SavedSearchResponse)(await on.json());
    expect(data).toMatchObject({ id: search.id, alert: true, alert_since: t.clock.now.toISOString() });

    const started = t.clock.now;
    await setClock(at(5 * 60_000));
    const again = Schema.decodeUnknownSync(SavedSearchResponse)(
      await (await switchAlert(token.partner, search.id, true)).json(),
    );
    expect(again.data.alert_since).toBe(started.toISOString());

    const listed = await read('/v1/saved-searches', token.partner, Schema.Struct({ data: Schema.Array(Schema.Any) }));
    expect(listed.data.find((s: SavedSearch) => s.id === search.id)).toMatchObject({ alert: true });

    const off = Schema.decodeUnknownSync(SavedSearchResponse)(
      await (await switchAlert(token.partner, search.id, false)).json(),
    );
    expect(off.data).toMatchObject({ alert: false, alert_since: null });
    await setClock(START);
  });

  it("answers another partner's search, a missing one and a malformed id as not found, changing nothing", async () => {
    const owners = await saveSearch(token.partner, 'Leeds parcels (not yours)', aroundLeeds());
    for (const [id, bearer] of [
      [String(owners.id), token.starter],
      [String(owners.id), token.admin],
      ['999999', token.partner],
      ['0', token.partner],
      ['abc', token.partner],
    ] as const) {
      const response = await post(`/v1/saved-searches/${id}/alert`, { payload: { alert: true } }, bearer);
      expect(response.status).toBe(404);
    }
    const { rows } = await t.db.query<{ alert: boolean }>('select alert from saved_searches where id = $1', [
      owners.id,
    ]);
    expect(rows[0]?.alert).toBe(false);
  });

  it('refuses to switch on a journey or recommended search (422 on alert) but lets it be switched off', async () => {
    for (const criteria of [
      aroundLeeds({ type: 'journey', categories: ['journey_general_goods_move'] }),
      { type: 'recommended' },
    ]) {
      const search = await saveSearch(token.partner, `Not alertable ${String(criteria.type)}`, criteria);
      const on = await switchAlert(token.partner, search.id, true);
      expect(on.status).toBe(422);
      expect(await on.json()).toEqual({
        message: 'messages.validation',
        errors: { alert: ['Alerts are for instant and auction searches'] },
      });
      expect((await switchAlert(token.partner, search.id, false)).status).toBe(200);
    }
  });

  it('answers a body that is not a switch with 422 and the failing field', async () => {
    const search = await saveSearch(token.partner, 'Leeds parcels (bad body)', aroundLeeds());
    for (const body of [{ payload: { alert: 'yes' } }, { payload: {} }, { alert: true }]) {
      const response = await post(`/v1/saved-searches/${search.id}/alert`, body, token.partner);
      expect(response.status).toBe(422);
      const { errors } = (await response.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(errors)).toEqual([body.payload ? 'alert' : 'payload']);
    }
  });
});

describe('GET /v1/alerts', () => {
  beforeAll(resetAlerts);

  it('is empty, with nothing unseen, for a partner with no alerting search', async () => {
    const alerts = await alertsOf(token.starter);
    expect(alerts.data).toEqual([]);
    expect(alerts.meta).toMatchObject({ total: 0, unseen: 0, seen_at: null, searches: [] });
    expect(await unseenBadge(token.starter)).toBe(0);
  });

  it('lists the open jobs of the search posted in the day before it was switched on and since, and no other', async () => {
    await setClock(at(0));
    const edge = await postJob({ category: 'piano' });
    await setClock(at(1000));
    const inside = await postJob();
    const otherCategory = await postJob({ category: 'house_move' });
    const farAway = await postJob({ pickup: { town: 'London' }, delivery: { town: 'Brighton' } });
    const auction = await postJob({ kind: 'auction' });
    const taken = await postJob();
    // exactly 24 hours after the first job: the window starts at its activation, which is not after itself
    await setClock(at(24 * HOUR));
    const search = await saveSearch(token.partner, 'Leeds parcels and pianos', aroundLeeds());
    expect((await switchAlert(token.partner, search.id, true)).status).toBe(200);
    const later = await postJob({ pickup: { town: 'Bradford' } });
    expect((await post(`/v1/listings/${taken.id}/book`, { payload: {} }, token.starter)).status).toBe(200);

    const alerts = await alertsOf(token.partner);
    expect(alerts.data.map((a) => a.listing.id)).toEqual([later.id, inside.id]);
    for (const left of [edge, otherCategory, farAway, auction, taken])
      expect(alerts.data.some((a) => a.listing.id === left.id)).toBe(false);
    expect(alerts.data.every((a) => a.saved_searches.length === 1 && a.saved_searches[0].id === search.id)).toBe(true);
    expect(alerts.data[0]).toMatchObject({ matched_at: later.activated_at, unseen: true });
    expect(alerts.meta).toMatchObject({
      total: 2,
      unseen: 2,
      seen_at: null,
      as_of: t.clock.now.toISOString(),
      searches: [{ id: search.id, name: 'Leeds parcels and pianos', alert_since: at(24 * HOUR).toISOString() }],
    });
  });

  it('gives each job the row POST /v1/jobs gives it for the same criteria, with no full address', async () => {
    const alerts = await alertsOf(token.partner);
    const response = await post('/v1/jobs', { payload: { ...aroundLeeds(), limit: 100 } }, token.partner);
    const searched = Schema.decodeUnknownSync(JobsResponse)(await response.json()).data;
    expect(alerts.data.length).toBeGreaterThan(0);
    for (const alert of alerts.data) {
      expect(alert.listing).toEqual(searched.find((row) => row.id === alert.listing.id));
      expect(JSON.stringify(alert)).not.toMatch(/LS1 4AP|YO1 7HH/);
      expect(alert.listing.pickup.short_postcode).toMatch(/^[A-Z]{1,2}\d/);
    }
  });

  it('lists a job matching two alerting searches once, naming both, oldest search first', async () => {
    const first = (await alertsOf(token.partner)).meta.searches[0]!;
    const pianos = await saveSearch(token.partner, 'Pianos around Leeds', aroundLeeds({ categories: ['piano'] }));
    await switchAlert(token.partner, pianos.id, true);
    const piano = await postJob({ category: 'piano' });
    const alerts = await alertsOf(token.partner);
    expect(alerts.data[0]?.listing.id).toBe(piano.id);
    expect(alerts.data[0]?.saved_searches).toEqual([
      { id: first.id, name: first.name },
      { id: pianos.id, name: 'Pianos around Leeds' },
    ]);
    expect(alerts.data.filter((a) => a.listing.id === piano.id)).toHaveLength(1);
    expect(alerts.meta.total).toBe(alerts.data.length);
    await switchAlert(token.partner, pianos.id, false);
  });

  it("shows a partner only their own searches' alerts", async () => {
    expect((await alertsOf(token.partner)).data.length).toBeGreaterThan(0);
    const starters = await alertsOf(token.starter);
    expect(starters.data).toEqual([]);
    expect(starters.meta.searches).toEqual([]);
    expect(await unseenBadge(token.starter)).toBe(0);
  });

  it('counts the unseen matches in the badge, and none once the search is switched off', async () => {
    const alerts = await alertsOf(token.partner);
    expect(await unseenBadge(token.partner)).toBe(alerts.meta.unseen);
    expect(alerts.meta.unseen).toBe(alerts.data.length);
    const id = alerts.meta.searches[0]!.id;
    await switchAlert(token.partner, id, false);
    expect(await alertsOf(token.partner)).toMatchObject({ data: [], meta: { total: 0, unseen: 0, searches: [] } });
    expect(await unseenBadge(token.partner)).toBe(0);
    await switchAlert(token.partner, id, true);
  });
});

describe('POST /v1/alerts/seen', () => {
  it('marks every match seen: the badge drops to 0 and the list keeps them without the mark', async () => {
    const before = await alertsOf(token.partner);
    expect(before.meta.unseen).toBeGreaterThan(0);
    const response = await post('/v1/alerts/seen', { payload: {} }, token.partner);
    expect(response.status).toBe(200);
    const { data } = Schema.decodeUnknownSync(AlertsSeenResponse)(await response.json());
    expect(data.seen_at).toBe(t.clock.now.toISOString());

    const after = await alertsOf(token.partner);
    expect(after.data.map((a) => a.listing.id)).toEqual(before.data.map((a) => a.listing.id));
    expect(after.data.every((a) => !a.unseen)).toBe(true);
    expect(after.meta).toMatchObject({ unseen: 0, seen_at: data.seen_at });
    expect(await unseenBadge(token.partner)).toBe(0);
  });

  it('marks a job posted after the look unseen again', async () => {
    await setClock(at(25 * HOUR));
    const fresh = await postJob();
    const alerts = await alertsOf(token.partner);
    expect(alerts.data[0]).toMatchObject({ listing: { id: fresh.id }, unseen: true });
    expect(alerts.data.slice(1).every((a) => !a.unseen)).toBe(true);
    expect(alerts.meta.unseen).toBe(1);
    expect(await unseenBadge(token.partner)).toBe(1);
  });

  it('marks seen up to the as_of of the list the partner saw, never later than now and never back', async () => {
    const seen = (await alertsOf(token.partner)).meta.as_of;
    await setClock(at(25 * HOUR + 60_000));
    const meanwhile = await postJob();
    const marked = await post('/v1/alerts/seen', { payload: { as_of: seen } }, token.partner);
    expect(Schema.decodeUnknownSync(AlertsSeenResponse)(await marked.json()).data.seen_at).toBe(seen);
    const alerts = await alertsOf(token.partner);
    expect(alerts.data.filter((a) => a.unseen).map((a) => a.listing.id)).toEqual([meanwhile.id]);
    expect(await unseenBadge(token.partner)).toBe(1);

    // an older look changes nothing; a look from the future counts as now
    const old = await post('/v1/alerts/seen', { payload: { as_of: START.toISOString() } }, token.partner);
    expect(Schema.decodeUnknownSync(AlertsSeenResponse)(await old.json()).data.seen_at).toBe(seen);
    const future = new Date(t.clock.now.getTime() + 24 * HOUR).toISOString();
    const ahead = await post('/v1/alerts/seen', { payload: { as_of: future } }, token.partner);
    expect(Schema.decodeUnknownSync(AlertsSeenResponse)(await ahead.json()).data.seen_at).toBe(
      t.clock.now.toISOString(),
    );
    expect(await unseenBadge(token.partner)).toBe(0);
  });

  it('answers an as_of that is not an instant with 422 on as_of', async () => {
    const response = await post('/v1/alerts/seen', { payload: { as_of: 'yesterday' } }, token.partner);
    expect(response.status).toBe(422);
    expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual(['as_of']);
  });
});

describe('POST /v1/admin/jobs', () => {
  it('is for admins only: a partner gets 403 and no job is made', async () => {
    const { rows: before } = await t.db.query<{ n: number }>('select count(*)::int as n from jobs');
    const response = await post('/v1/admin/jobs', { payload: job() }, token.partner);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'This action is for admins only.' });
    const { rows: after } = await t.db.query<{ n: number }>('select count(*)::int as n from jobs');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('opens the job as a customer posted it, and announces it as posted on the listing bus', async () => {
    const heard: Array<{ id: number; name: ListingEventName }> = [];
    const unsubscribe = listingEvents.subscribe((event, name) => heard.push({ id: event.id, name }), ['posted']);
    const posted = await postJob({
      kind: 'instant',
      category: 'piano',
      allocation_method: 'express_interest',
      volume_m3: 3.5,
      price: { amount: 12_500 },
    });
    unsubscribe();
    expect(heard).toEqual([{ id: posted.id, name: 'posted' }]);
    expect(posted).toMatchObject({
      kind: 'instant',
      category: 'piano',
      status: 'pending_allocation',
      pickup: { town: 'Leeds', short_postcode: 'LS1' },
      delivery: { town: 'York', short_postcode: 'YO1' },
      volume_m3: 3.5,
      price: { amount: 12_500 },
      allocation_method: 'express_interest',
      activated_at: t.clock.now.toISOString(),
    });
    // Leeds to York is about 20 miles as the crow flies; the road estimate is 1.2 times that
    expect(posted.distance_m / 1609.344).toBeGreaterThan(20);
    expect(posted.distance_m / 1609.344).toBeLessThan(35);
    const { rows } = await t.db.query<{ provider_id: number | null; pickup_postcode: string }>(
      'select provider_id, pickup_postcode from jobs where id = $1',
      [posted.id],
    );
    expect(rows[0]).toEqual({ provider_id: null, pickup_postcode: 'LS1 4AP' });

    const auction = await postJob({ kind: 'auction', pickup: { town: 'stoke on trent' } });
    expect(auction).toMatchObject({ status: 'pending_allocation', allocation_method: null });
    expect(auction.pickup.town).toBe('Stoke-on-Trent');
    expect(auction.pickup.short_postcode).toMatch(/^ST\d{1,2}$/);
    const instant = await postJob();
    expect(instant).toMatchObject({ status: 'click_and_claim', allocation_method: 'click_and_claim' });
  });

  it('answers bad input with 422 and the failing fields, making no job', async () => {
    const { rows: before } = await t.db.query<{ n: number }>('select count(*)::int as n from jobs');
    const past = new Date(t.clock.now.getTime() - HOUR);
    const cases: Array<[unknown, string[]]> = [
      [
        { ...job(), pickup: { town: 'Atlantis' }, delivery: { town: 'Nowhere-on-Sea' } },
        ['pickup.town', 'delivery.town'],
      ],
      [
        { ...job(), pickup_date: { start: new Date(past.getTime() - HOUR).toISOString(), end: past.toISOString() } },
        ['pickup_date.end'],
      ],
      [{ ...job(), pickup_date: { start: '2027-01-02T10:00:00Z', end: '2027-01-02T09:00:00Z' } }, ['pickup_date.end']],
      [{ ...job(), kind: 'auction', allocation_method: 'click_and_claim' }, ['allocation_method']],
      [{ ...job(), price: { amount: 0 }, volume_m3: 0 }, ['volume_m3', 'price.amount']],
      [{ ...job(), category: 'spaceships', kind: 'journey' }, ['kind', 'category']],
      [{ ...job(), pickup: { town: 'Leeds', postcode: '12345' } }, ['pickup.postcode']],
      [{ ...job(), pickup: { town: '   ' } }, ['pickup.town']],
    ];
    for (const [payload, fields] of cases) {
      const response = await post('/v1/admin/jobs', { payload }, token.admin);
      expect(response.status, JSON.stringify(payload)).toBe(422);
      const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe('messages.validation');
      expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
    }
    const { rows: after } = await t.db.query<{ n: number }>('select count(*)::int as n from jobs');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('is carried by the GET /v1/jobs/events stream as `event: posted`', async () => {
    const stop = new AbortController();
    const response = await t.app.request('/v1/jobs/events', {
      headers: { authorization: `Bearer ${token.partner}` },
      signal: stop.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${needle}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    await until('event: ready');
    const posted = await postJob();
    await until(`data: {"id":${posted.id},"kind":"instant"}`);
    expect(text).toContain(`event: posted\ndata: {"id":${posted.id},"kind":"instant"}`);
    stop.abort();
    await reader.cancel();
  });

  it('never answers a fuzzed body with a 500', async () => {
    // Any JSON, and the hostile values (server/testing/hostile-values.ts) in each field of a job or an alert switch.
    const field = fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileJson);
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({ payload: fc.record({ alert: fc.oneof(fc.jsonValue({ maxDepth: 1 }), hostileJson) }) }),
      fc.record({ payload: fc.record({ as_of: fc.oneof(fc.string(), unstorableText, hostileJson) }) }),
      fc.record({ payload: fc.dictionary(fc.constantFrom(...Object.keys(job())), field) }),
      fc
        .tuple(fc.constantFrom('town', 'postcode'), fc.constantFrom('pickup', 'delivery'), unstorableText)
        .map(([key, end, text]) => ({ payload: job({ [end]: { town: 'Leeds', postcode: 'LS1 4AP', [key]: text } }) })),
      fc
        .tuple(fc.constantFrom('volume_m3', 'price'), hugeInteger)
        .map(([key, n]) => ({ payload: job(key === 'price' ? { price: { amount: n } } : { volume_m3: n }) })),
    );
    const search = (await alertsOf(token.partner)).meta.searches[0]!;
    const paths = [`/v1/saved-searches/${search.id}/alert`, '/v1/alerts/seen', '/v1/admin/jobs'];
    await fc.assert(
      fc.asyncProperty(value, fc.constantFrom(...paths), async (body, path) => {
        const response = await post(path, body, token.admin);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400)
          expect(typeof ((await response.json()) as { message: unknown }).message).toBe('string');
      }),
      { numRuns: 120 },
    );
    expect(t.errors).toEqual([]);
  });
});

describe('new work in development (NEW_WORK_EVERY_S)', () => {
  it('posts a realistic open job, activated now, and announces it', async () => {
    const bus = new ListingEventBus();
    const heard: number[] = [];
    bus.subscribe((event) => heard.push(event.id), ['posted']);
    const listing = await postRandomJob(t.db, bus, t.clock.now, new Random(7));
    expect(heard).toEqual([listing.id]);
    expect(listing.activated_at).toBe(t.clock.now.toISOString());
    expect(['instant', 'auction']).toContain(listing.kind);
    expect(Date.parse(listing.pickup_date.end)).toBeGreaterThan(t.clock.now.getTime());
    expect(listing.price.amount).toBeGreaterThanOrEqual(1000);
    const { rows } = await t.db.query<{ status: string; provider_id: number | null }>(
      'select status, provider_id from jobs where id = $1',
      [listing.id],
    );
    expect(rows[0]?.provider_id).toBeNull();
    expect(['click_and_claim', 'pending_allocation']).toContain(rows[0]?.status);
  });

  it('posts on its timer until stopped, and reports a failure without stopping', async () => {
    const bus = new ListingEventBus();
    const posted: number[] = [];
    const errors: unknown[] = [];
    let calls = 0;
    const failingOnce = {
      ...t.db,
      query: ((sql: string, params?: never) => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('database away')) : t.db.query(sql, params);
      }) as typeof t.db.query,
    };
    const poster = startNewWorkPoster(failingOnce, bus, () => t.clock.now, 1, {
      onPosted: (job) => posted.push(job.id),
      onError: (error) => errors.push(error),
    });
    await poster.postNow();
    await poster.postNow();
    await poster.stop();
    expect(errors).toHaveLength(1);
    expect(posted).toHaveLength(1);
  });
});
