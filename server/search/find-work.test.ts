import { Schema } from 'effect';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlacesResponse } from '@/schemas/place';
import { SavedSearchesResponse, SavedSearchResponse } from '@/schemas/saved-search';
import {
  CategoryCountsResponse,
  JobsResponse,
  SEARCH_CATEGORIES,
  SearchInfoResponse,
  TabCountsResponse,
  type Listing,
  type SearchCategory,
} from '@/schemas/search';
import { haversineMetres, METRES_PER_MILE } from '@/server/geo/distance';
import { loadTowns } from '@/server/geo/towns';
import {
  createSeededApp,
  getWithToken,
  jsonPost,
  SETUP_TIMEOUT_MS,
  signIn,
  type SeededApp,
} from '@/server/testing/seeded-app';

let t: SeededApp;
let partner: string;
let starter: string;
let admin: string;

beforeAll(async () => {
  t = await createSeededApp();
  partner = (await signIn(t.app, 'partner@example.com')).token;
  starter = (await signIn(t.app, 'starter@example.com')).token;
  admin = (await signIn(t.app, 'admin@example.com')).token;
}, SETUP_TIMEOUT_MS);

const ALL = [...SEARCH_CATEGORIES];
const town = (name: string) => {
  const found = loadTowns().find((x) => x.name === name);
  if (!found) throw new Error(name);
  return { name, lat: found.lat, lon: found.lng };
};
const MANCHESTER = town('Manchester');
const LONDON = town('London');

const post = (path: string, payload: unknown, token = partner) =>
  t.app.request(path, jsonPost({ payload }, { authorization: `Bearer ${token}` }));

const search = async (payload: Record<string, unknown>, token = partner) => {
  const response = await post('/v1/jobs', payload, token);
  expect(response.status).toBe(200);
  return Schema.decodeUnknownSync(JobsResponse)(await response.json());
};

/** Every page of a search, with the page size given. */
const allPages = async (payload: Record<string, unknown>, limit = 100) => {
  const rows: Listing[] = [];
  for (let page = 1; ; page++) {
    const { data, meta } = await search({ ...payload, page, limit });
    rows.push(...data);
    if (data.length < limit) return { rows, total: meta.total };
  }
};

/** Open instant jobs straight from the table, for checks independent of the search SQL. */
const openJobs = async () =>
  (
    await t.db.query<{ id: number; pickup_lat: number; pickup_lng: number; kind: string; category: string }>(
      `select id, pickup_lat, pickup_lng, kind, category from jobs
        where provider_id is null and status in ('pending_allocation', 'click_and_claim') and pickup_date_end > $1`,
      [t.clock.now],
    )
  ).rows;

describe('POST /v1/jobs radius', () => {
  it('returns exactly the open jobs whose pickup lies within the radius (haversine), for each radius option', async () => {
    const jobs = await openJobs();
    for (const miles of [5, 20, 50, 200] as const) {
      const { rows, total } = await allPages({
        type: 'instant',
        categories: ALL,
        pickup: { location: MANCHESTER, radius: { value: miles, unit: 'mi' } },
      });
      const expected = jobs
        .filter((j) => j.kind === 'instant')
        .filter(
          (j) =>
            haversineMetres({ lat: MANCHESTER.lat, lng: MANCHESTER.lon }, { lat: j.pickup_lat, lng: j.pickup_lng }) <=
            miles * METRES_PER_MILE,
        )
        .map((j) => j.id)
        .sort((a, b) => a - b);
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected);
      expect(total).toBe(expected.length);
      for (const row of rows) expect(row.pickup_distance_m).toBeLessThanOrEqual(miles * METRES_PER_MILE);
    }
  });

  it('excludes a job just outside the radius and includes one just inside', async () => {
    const metres = 20 * METRES_PER_MILE;
    // Due north of Manchester: one degree of latitude is EARTH_RADIUS × π / 180 metres.
    const degrees = (m: number) => (m / 6_371_008.8) * (180 / Math.PI);
    const { rows } = await t.db.query<{ id: number }>(
      `insert into jobs (kind, category, status, pickup_town, pickup_postcode, pickup_lat, pickup_lng, delivery_town,
         delivery_postcode, delivery_lat, delivery_lng, pickup_date_start, pickup_date_end, price, volume_m3,
         distance_m, allocation_method, created_at, activated_at)
       select 'instant', 'parcels', 'click_and_claim', 'Edge', 'M1 1AA', $1 + d, $2, 'Edge', 'M1 1AA', $1, $2,
              $3, $4, 1000, 0.1, 100, 'click_and_claim', $5, $5
         from unnest($6::float8[]) as d
       returning id`,
      [
        MANCHESTER.lat,
        MANCHESTER.lon,
        new Date(t.clock.now.getTime() + 86_400_000),
        new Date(t.clock.now.getTime() + 90_000_000),
        t.clock.now,
        [degrees(metres - 30), degrees(metres + 30)],
      ],
    );
    const [inside, outside] = rows.map((r) => r.id);
    const { rows: found } = await allPages({
      type: 'instant',
      categories: ['parcels'],
      pickup: { location: MANCHESTER, radius: { value: 20, unit: 'mi' } },
    });
    const ids = found.map((r) => r.id);
    expect(ids).toContain(inside);
    expect(ids).not.toContain(outside);
    await t.db.query('delete from jobs where id = any($1::int[])', [[inside, outside]]);
  });

  it('filters on the delivery area too, 20 miles when a location comes without a radius', async () => {
    const { rows } = await allPages({ type: 'instant', categories: ALL, delivery: { location: LONDON } });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(
        haversineMetres({ lat: LONDON.lat, lng: LONDON.lon }, { lat: row.delivery.lat, lng: row.delivery.lng }),
      ).toBeLessThanOrEqual(20 * METRES_PER_MILE + 1);
      expect(row.delivery_distance_m).not.toBeNull();
    }
  });
});

describe('POST /v1/jobs journeys', () => {
  it("gives a journey's window as its schedule, first stop to last, and offers it until its first pickup", async () => {
    const { rows } = await allPages({ type: 'journey', categories: ALL, limit: 100 });
    expect(rows.length).toBeGreaterThan(3);
    const ids = rows.map((r) => r.id);
    const schedule = await t.db.query<{ id: number; first: Date; last: Date; first_pickup_at: Date }>(
      `select j.id, min(n.scheduled_at) as first, max(n.scheduled_at) as last, j.first_pickup_at
         from journeys j join journey_nodes n on n.journey_id = j.id
        where j.id in (select (jsonb_array_elements_text($1::jsonb))::int) group by j.id`,
      [JSON.stringify(ids)],
    );
    expect(schedule.rows).toHaveLength(rows.length);
    const byId = new Map(schedule.rows.map((r) => [r.id, r]));
    for (const row of rows) {
      const known = byId.get(row.id)!;
      expect([row.pickup_date.start, row.pickup_date.end]).toEqual([
        known.first.toISOString(),
        known.last.toISOString(),
      ]);
      expect(Date.parse(row.pickup_date.end)).toBeGreaterThan(Date.parse(row.pickup_date.start));
      expect(known.first_pickup_at.getTime()).toBeGreaterThan(t.clock.now.getTime());
    }
  });
});

describe('POST /v1/jobs sorts', () => {
  const value: Record<string, (l: Listing) => number> = {
    activated_at: (l) => Date.parse(l.activated_at ?? ''),
    payout: (l) => l.price.amount,
    volume: (l) => l.volume_m3,
    distance: (l) => l.distance_m,
    date: (l) => Date.parse(l.pickup_date.start),
    created_at: (l) => Date.parse(l.created_at),
    pickup_proximity: (l) => l.pickup_distance_m ?? NaN,
    delivery_proximity: (l) => l.delivery_distance_m ?? NaN,
  };
  it.each(Object.keys(value).flatMap((id) => [`${id}_asc`, `${id}_desc`]))('orders by %s', async (order) => {
    for (const type of ['instant', 'journey'] as const) {
      const { rows } = await allPages(
        { type, categories: ALL, order, pickup: { location: MANCHESTER, radius: { value: 200, unit: 'mi' } } },
        40,
      );
      expect(rows.length).toBeGreaterThan(1);
      const key = value[order.replace(/_(asc|desc)$/, '')] as (l: Listing) => number;
      const values = rows.map(key);
      for (const v of values) expect(Number.isNaN(v)).toBe(false);
      const sorted = [...values].sort((a, b) => (order.endsWith('_asc') ? a - b : b - a));
      expect(values).toEqual(sorted);
    }
  });

  it('measures proximity from the registered address when the search has no location', async () => {
    const { data } = await search({ type: 'instant', categories: ALL, order: 'pickup_proximity_asc', limit: 5 });
    for (const row of data)
      expect(row.pickup_distance_m).toBeCloseTo(
        haversineMetres({ lat: MANCHESTER.lat, lng: MANCHESTER.lon }, row.pickup),
        -1,
      );
  });

  it('refuses a proximity sort with no point to measure from (admin has an address; unverified has none)', async () => {
    const unverified = (await signIn(t.app, 'unverified@example.com')).token;
    const response = await post(
      '/v1/jobs',
      { type: 'instant', categories: ALL, order: 'delivery_proximity_asc' },
      unverified,
    );
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: object }).errors).toHaveProperty('order');
    expect(
      (await post('/v1/jobs', { type: 'instant', categories: ALL, order: 'delivery_proximity_asc' }, admin)).status,
    ).toBe(200);
  });
});

describe('POST /v1/jobs pages, categories and sub-filters', () => {
  it('pages through the results: meta, page sizes, no row twice', async () => {
    const payload = { type: 'instant', categories: ALL, order: 'payout_desc' };
    const first = await search({ ...payload });
    expect(first.meta).toMatchObject({ page: 1, limit: 20 });
    expect(first.data).toHaveLength(20);
    const { rows, total } = await allPages(payload, 30);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(total);
    expect(total).toBe(first.meta.total);
    const last = Math.ceil(total / 30);
    const tail = await search({ ...payload, page: last, limit: 30 });
    expect(tail.data).toHaveLength(total - (last - 1) * 30);
    const beyond = await search({ ...payload, page: last + 1, limit: 30 });
    expect(beyond).toEqual({ data: [], meta: { page: last + 1, limit: 30, total } });
  });

  it('returns only the chosen categories and kind', async () => {
    const categories: SearchCategory[] = ['house_move', 'piano'];
    for (const type of ['instant', 'auction'] as const) {
      const { rows, total } = await allPages({ type, categories });
      expect(total).toBeGreaterThan(0);
      for (const row of rows) {
        expect(categories).toContain(row.category);
        expect(row.kind).toBe(type);
      }
      const jobs = (await openJobs()).filter(
        (j) => j.kind === type && categories.includes(j.category as SearchCategory),
      );
      expect(total).toBe(jobs.length);
    }
  });

  it('narrows by sub-filters only the listings that carry the attribute', async () => {
    const { rows } = await allPages({
      type: 'instant',
      categories: ['house_move', 'parcels'],
      filters: { property_type: ['flat'], package: ['premium'] },
    });
    expect(rows.some((r) => r.category === 'parcels')).toBe(true);
    const moves = rows.filter((r) => r.category === 'house_move');
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) expect(move.attributes).toMatchObject({ property_type: 'flat', package: 'premium' });
  });

  it('filters allocation method, capacity and pickup dates', async () => {
    const today = '2026-11-18';
    const { rows } = await allPages({
      type: 'instant',
      categories: ALL,
      filters: { allocation_method: ['express_interest'] },
      capacity: { min: 2, max: 10 },
      pickup: { date: { start: '2026-11-25', end: '2026-11-30' } },
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.allocation_method).toBe('express_interest');
      expect(row.volume_m3).toBeGreaterThanOrEqual(2);
      expect(row.volume_m3).toBeLessThanOrEqual(10);
      const day = new Date(row.pickup_date.start).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
      expect(day >= '2026-11-25' && day <= '2026-11-30').toBe(true);
      expect(day > today).toBe(true);
    }
  });
});

describe('counts', () => {
  it('category counts add up to the total of a search over every category, and match per-category searches', async () => {
    const criteria = {
      type: 'instant',
      categories: ['parcels'],
      pickup: { location: MANCHESTER, radius: { value: 100, unit: 'mi' } },
    };
    const response = await post('/v1/jobs/counts', criteria);
    expect(response.status).toBe(200);
    const { data } = Schema.decodeUnknownSync(CategoryCountsResponse)(await response.json());
    expect(Object.keys(data).sort()).toEqual([...ALL].sort());
    const all = await search({ ...criteria, categories: ALL });
    expect(Object.values(data).reduce((a, b) => a + b, 0)).toBe(all.meta.total);
    for (const category of ['general_goods_move', 'house_move', 'piano'] as const)
      expect((await search({ ...criteria, categories: [category] })).meta.total).toBe(data[category]);
  });

  it('tab counts equal the totals of a search of each type with the same criteria', async () => {
    const criteria = {
      type: 'instant',
      categories: ALL,
      pickup: { location: LONDON, radius: { value: 100, unit: 'mi' } },
    };
    const response = await post('/v1/jobs/tab-counts', criteria);
    expect(response.status).toBe(200);
    const { data } = Schema.decodeUnknownSync(TabCountsResponse)(await response.json());
    for (const type of ['instant', 'auction', 'journey', 'recommended'] as const)
      expect((await search({ ...criteria, type })).meta.total).toBe(data[type]);
    expect(data.instant + data.auction + data.journey).toBeGreaterThan(0);
  });
});

describe('recommended', () => {
  it('uses only type, page and limit: other criteria change nothing', async () => {
    const plain = await search({ type: 'recommended' });
    const noisy = await search({
      type: 'recommended',
      categories: ['boat_move'],
      pickup: { location: LONDON, radius: { value: 5, unit: 'mi' } },
      order: 'payout_asc',
      filters: { allocation_method: ['express_interest'] },
    });
    expect(noisy).toEqual(plain);
    expect(plain.meta.total).toBeGreaterThan(0);
  });

  it('fits the biggest van, stays near home and ranks by score', async () => {
    const { rows, total } = await allPages({ type: 'recommended' });
    expect(rows).toHaveLength(total);
    const scores = rows.map((r) => r.score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const { rows: vans } = await t.db.query<{ cap: number }>(
      "select max(loading_capacity_m3) as cap from vehicles v join users u on u.id = v.user_id where u.email = 'partner@example.com'",
    );
    for (const row of rows) {
      expect(row.volume_m3).toBeLessThanOrEqual(vans[0]?.cap ?? 0);
      expect(row.pickup_distance_m).toBeLessThanOrEqual(50 * METRES_PER_MILE);
      expect(row.kind).not.toBe('journey');
    }
  });

  it('is empty for a partner without vehicles', async () => {
    expect((await search({ type: 'recommended' }, admin)).meta.total).toBe(0);
  });
});

describe('bad criteria', () => {
  const refused = async (payload: unknown, field: string) => {
    const response = await post('/v1/jobs', payload);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('messages.validation');
    expect(Object.keys(body.errors)).toContain(field);
    return body.errors;
  };
  it('answers 422 with the field for each kind of bad input', async () => {
    expect((await refused({ type: 'instant' }, 'categories')).categories).toEqual([
      'At least one category must be selected',
    ]);
    await refused({ type: 'instant', categories: [] }, 'categories');
    await refused(
      { type: 'instant', categories: ALL, pickup: { location: MANCHESTER, radius: { value: 7, unit: 'mi' } } },
      'pickup.radius.value',
    );
    await refused({ type: 'instant', categories: ALL, pickup: { date: { start: '2026-02-30' } } }, 'pickup.date.start');
    await refused({ type: 'instant', categories: ALL, pickup: { date: { start: '18/11/2026' } } }, 'pickup.date.start');
    await refused(
      { type: 'instant', categories: ALL, pickup: { date: { start: '2026-12-02', end: '2026-12-01' } } },
      'pickup.date.end',
    );
    await refused({ type: 'instant', categories: ALL, limit: 101 }, 'limit');
    await refused({ type: 'instant', categories: ALL, page: 0 }, 'page');
    await refused({ type: 'instant', categories: ['sofa'] }, 'categories.0');
    await refused({ type: 'instant', categories: ALL, order: 'price_asc' }, 'order');
    await refused({ type: 'other', categories: ALL }, 'type');
    await refused({ type: 'instant', categories: ALL, capacity: { min: 10, max: 2 } }, 'capacity.max');
  });
});

describe('saved searches', () => {
  const list = async (token: string) =>
    Schema.decodeUnknownSync(SavedSearchesResponse)(
      await (await getWithToken(t.app, '/v1/saved-searches', token)).json(),
    ).data;

  it('creates, lists and deletes the partner’s own searches; another partner’s id is not found', async () => {
    const before = await list(starter);
    const created = await post(
      '/v1/saved-searches',
      { name: '  Leeds pianos ', criteria: { type: 'instant', categories: ['piano'] } },
      starter,
    );
    expect(created.status).toBe(201);
    const { data } = Schema.decodeUnknownSync(SavedSearchResponse)(await created.json());
    expect(data).toMatchObject({
      name: 'Leeds pianos',
      is_default: false,
      criteria: { type: 'instant', categories: ['piano'], page: 1, limit: 20 },
    });
    expect((await list(starter)).map((s) => s.id)).toEqual([data.id, ...before.map((s) => s.id)]);
    expect((await list(partner)).map((s) => s.id)).not.toContain(data.id);

    const del = (id: number | string, token: string) =>
      t.app.request(`/v1/saved-searches/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect((await del(data.id, partner)).status).toBe(404);
    expect((await del('abc', starter)).status).toBe(404);
    expect((await del(data.id, starter)).status).toBe(200);
    expect((await del(data.id, starter)).status).toBe(404);
    expect(await list(starter)).toEqual(before);
  });

  it('keeps one default search, which search-info then offers', async () => {
    const info = async () =>
      Schema.decodeUnknownSync(SearchInfoResponse)(await (await getWithToken(t.app, '/v1/search-info', starter)).json())
        .data;
    const builtIn = (await info()).default_search;
    expect(builtIn).toMatchObject({
      type: 'instant',
      order: 'date_asc',
      pickup: { location: { name: 'Leeds' }, radius: { value: 20 } },
    });
    for (const categories of [['piano'], ['parcels']] as const) {
      const response = await post('/v1/saved-searches/default', { type: 'auction', categories }, starter);
      expect(response.status).toBe(200);
    }
    expect((await info()).default_search).toMatchObject({ type: 'auction', categories: ['parcels'] });
    expect((await list(starter)).filter((s) => s.is_default)).toHaveLength(1);
  });

  it('refuses a nameless search and criteria without categories', async () => {
    expect(
      (await post('/v1/saved-searches', { name: '  ', criteria: { type: 'instant', categories: ['piano'] } })).status,
    ).toBe(422);
    expect((await post('/v1/saved-searches', { name: 'x', criteria: { type: 'instant' } })).status).toBe(422);
  });
});

describe('GET /v1/search-info recent places', () => {
  it('remembers the places of first-page searches, newest first, per partner', async () => {
    const leeds = town('Leeds');
    await search(
      { type: 'instant', categories: ALL, pickup: { location: MANCHESTER }, delivery: { location: LONDON } },
      admin,
    );
    t.clock.advance(60);
    await search({ type: 'instant', categories: ALL, pickup: { location: leeds } }, admin);
    await search({ type: 'instant', categories: ALL, pickup: { location: town('York') }, page: 2 }, admin);
    const { data } = Schema.decodeUnknownSync(SearchInfoResponse)(
      await (await getWithToken(t.app, '/v1/search-info', admin)).json(),
    );
    expect(data.most_recent_searches.pickup.map((p) => p.name)).toEqual(['Leeds', 'Manchester']);
    expect(data.most_recent_searches.delivery.map((p) => p.name)).toEqual(['London']);
    expect(t.errors).toEqual([]);
  });
});

describe('GET /v1/places', () => {
  const places = async (query: string) => {
    const response = await getWithToken(t.app, `/v1/places?${query}`, partner);
    expect(response.status).toBe(200);
    return Schema.decodeUnknownSync(PlacesResponse)(await response.json()).data;
  };
  it('finds towns by name prefix, most populous first, with their region', async () => {
    const found = await places('q=leed&limit=3');
    expect(found[0]).toMatchObject({
      town: 'Leeds',
      shortPostalCode: 'LS',
      nuts1: { code: 'UKE', short_name: 'Yorkshire' },
    });
    expect(found.length).toBeLessThanOrEqual(3);
    for (const place of found) expect(place.town.toLowerCase().startsWith('leed')).toBe(true);
    expect((await places('q=stoke%20on%20t'))[0]?.town).toBe('Stoke-on-Trent');
  });
  it('finds postcode districts and areas', async () => {
    expect(await places('q=m1')).toEqual([
      expect.objectContaining({
        id: 'district:M1',
        shortPostalCode: 'M1',
        postalTown: 'Manchester',
        town: 'Manchester',
      }),
    ]);
    const sw = await places('q=SW');
    expect(sw[0]).toMatchObject({ id: 'area:SW', postalTown: 'London', nuts1: { code: 'UKI' } });
    expect((await places('q=LS6%202'))[0]?.shortPostalCode).toBe('LS6');
    expect(await places('q=QQ1')).toEqual([]);
  });
  it('answers 422 for a missing query or a bad limit', async () => {
    for (const query of ['', 'q=', 'q=x&limit=0', 'q=x&limit=51', 'q=x&limit=two'])
      expect((await getWithToken(t.app, `/v1/places?${query}`, partner)).status).toBe(422);
  });
});
