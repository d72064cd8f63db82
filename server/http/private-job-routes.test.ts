import { randomUUID } from 'node:crypto';
import { Schema } from 'effect';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PRIVATE_WORK_PREFERENCES,
  PRIVATE_JOB_MESSAGES as SAY,
  PRIVATE_JOB_REFUSALS,
  PrivateJob,
  PrivateJobList,
  PrivateWorkPreferences,
  type PrivateJobPayload,
} from '@/schemas/private-job';
import { CalendarFeed, driverColour, ICS_CONTENT_TYPE, vehicleColour, WorkCalendar } from '@/schemas/work-calendar';
import { EXCLUDED_RESERVATION_STATUSES } from '@/server/calendar/calendar-entries';
import { icsInstant, readIcs } from '@/server/calendar/ics-test-reader';
import { at, PLACES, privateJobPayload } from '@/server/private-jobs/private-job-test-inputs';
import { createSeededApp, jsonPost, SETUP_TIMEOUT_MS, signIn, type SeededApp } from '@/server/testing/seeded-app';
import { addDays, londonDate, londonInstant } from '@/server/time/london';

/**
 * The private-job, preferences, work-calendar and calendar-feed endpoints against the seeded demo (TEST_NOW is
 * Wednesday 18 November 2026, 14:30 GMT): the owner's data only, every refusal with its message, uuid idempotency,
 * London day boundaries (GMT and BST), the .ics read back, and the subscription secret and its reset.
 */

type Who = 'partner' | 'starter' | 'admin';
/** The portal's public origin in these tests: the calendar's links and UIDs are on it. */
const ORIGIN = 'https://partners.example.com';
let t: SeededApp;
const token = {} as Record<Who, string>;
const userId = {} as Record<Who, number>;
let vans: number[];
let activeDrivers: number[];
let inactiveDriver: number | undefined;
let starterVan: number;
let today: string;

beforeAll(async () => {
  t = await createSeededApp({ tokenTtlS: 365 * 86_400, sessionTtlS: 365 * 86_400, publicOrigin: ORIGIN });
  for (const who of ['partner', 'starter', 'admin'] as const) {
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
    const { rows } = await t.db.query<{ id: number }>('select id from users where email = $1', [`${who}@example.com`]);
    userId[who] = rows[0]!.id;
  }
  const ids = async (sql: string, id: number) => (await t.db.query<{ id: number }>(sql, [id])).rows.map((r) => r.id);
  vans = await ids('select id from vehicles where user_id = $1 order by id', userId.partner);
  activeDrivers = await ids('select id from drivers where user_id = $1 and active order by id', userId.partner);
  inactiveDriver = (
    await ids('select id from drivers where user_id = $1 and not active order by id', userId.partner)
  )[0];
  starterVan = (await ids('select id from vehicles where user_id = $1 order by id', userId.starter))[0]!;
  today = londonDate(t.clock.now);
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});
afterEach(() => {
  expect(t.errors).toEqual([]);
});

const auth = (who: Who) => ({ authorization: `Bearer ${token[who]}` });
const get = (path: string, who: Who = 'partner') => t.app.request(path, { headers: auth(who) });
const post = (path: string, body: unknown, who: Who = 'partner') => t.app.request(path, jsonPost(body, auth(who)));
const put = (path: string, body: unknown, who: Who = 'partner') =>
  t.app.request(path, { ...jsonPost(body, auth(who)), method: 'PUT' });
const del = (path: string, who: Who = 'partner') => t.app.request(path, { method: 'DELETE', headers: auth(who) });
const decode = async <A, I>(response: Response, schema: Schema.Codec<A, I>) =>
  Schema.decodeUnknownSync(schema)(await response.json());

const JOBS = '/ng/api/v3/provider/private-jobs';
const PREFERENCES = '/ng/api/v3/provider/private-work-preferences';
const CALENDAR = '/ng/api/v3/provider/work-calendar';

/** A new payload with its own uuid. */
const fresh = (overrides: Parameters<typeof privateJobPayload>[0] = {}): PrivateJobPayload =>
  privateJobPayload({ uuid: randomUUID(), ...overrides });
const create = async (payload: PrivateJobPayload, who: Who = 'partner') => {
  const response = await post(JOBS, { payload }, who);
  expect(response.status).toBe(201);
  return decode(response, PrivateJob);
};
const refusal = async (response: Response) => {
  expect(response.status).toBe(422);
  const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
  expect(body.message).toBe('messages.validation');
  return body.errors;
};
const rowsOf = async (uuid: string, who: Who = 'partner') =>
  (
    await t.db.query<{ n: number }>('select count(*)::int as n from private_jobs where uuid = $1 and user_id = $2', [
      uuid,
      userId[who],
    ])
  ).rows[0]!.n;
const calendar = async (query: string, who: Who = 'partner') => {
  const response = await get(`${CALENDAR}?${query}`, who);
  expect(response.status).toBe(200);
  return decode(response, WorkCalendar);
};

/** A won job of the partner, inserted as the marketplace would leave it. */
const insertWonJob = async (fields: {
  start: Date;
  end: Date;
  vehicleId?: number | null;
  status?: string;
  from?: string;
  to?: string;
}): Promise<number> => {
  const { rows } = await t.db.query<{ id: number }>(
    `insert into jobs (kind, category, status, pickup_town, pickup_postcode, pickup_lat, pickup_lng, delivery_town,
                       delivery_postcode, delivery_lat, delivery_lng, pickup_date_start, pickup_date_end, price,
                       volume_m3, distance_m, provider_id, provider_vehicle_id, allocated_at, created_at)
     values ('instant', 'parcels', $1, $2, 'LS1 4AB', 53.8, -1.55, $3, 'YO1 7HH', 53.96, -1.08, $4, $5, 4500, 2,
             40000, $6, $7, $8, $8)
     returning id`,
    [
      fields.status ?? 'allocated',
      fields.from ?? 'Leeds',
      fields.to ?? 'York',
      fields.start,
      fields.end,
      userId.partner,
      fields.vehicleId ?? null,
      t.clock.now,
    ],
  );
  return rows[0]!.id;
};

describe('private jobs: create, read, list', () => {
  it('lists the seeded private jobs of the partner and of nobody else', async () => {
    const range = `from=${addDays(today, -7)}&to=${addDays(today, 7)}`;
    const { rows } = await decode(await get(`${JOBS}?${range}`), PrivateJobList);
    expect(rows.map((r) => londonDate(new Date(r.nodes[0].timeWindowStart)))).toEqual(
      [-7, 1, 3, 7].map((d) => addDays(today, d)),
    );
    for (const row of rows) expect(vans).toContain(row.vehicle_id);
    expect((await decode(await get(`${JOBS}?${range}`, 'starter'), PrivateJobList)).rows).toEqual([]);
  });

  it('creates a private job (201) that reads back by uuid, times in UTC and the postcode as a postcode', async () => {
    const payload = fresh({
      pickup: {
        timeWindowStart: '2026-11-20T10:00:00+00:00',
        place: { ...PLACES.stockport, postcode: ' sk1 3ta ' },
      },
      vehicle_id: vans[1]!,
      driver_id: activeDrivers[0]!,
      title: ' Piano ',
    });
    const job = await create(payload);
    expect(job).toMatchObject({
      uuid: payload.uuid,
      volumeInM3: 4,
      nodes: [
        {
          place: { ...PLACES.stockport, postcode: 'SK1 3TA' },
          sortOrder: 1,
          nodeType: 'pickup',
          timeWindowStart: '2026-11-20T10:00:00.000Z',
          timeWindowEnd: '2026-11-20T12:00:00.000Z',
          durationOnSiteInSeconds: 1800,
        },
        { place: PLACES.bolton, sortOrder: 2, nodeType: 'delivery', timeWindowEnd: '2026-11-20T15:00:00.000Z' },
      ],
      vehicle_id: vans[1],
      driver_id: activeDrivers[0],
      title: 'Piano',
      vehicle: { id: vans[1], colour: vehicleColour(vans[1]!) },
      driver: { id: activeDrivers[0], user_id: activeDrivers[0], colour: driverColour(activeDrivers[0]!) },
      created_at: t.clock.now.toISOString(),
    });
    expect(await decode(await get(`${JOBS}/${payload.uuid}`), PrivateJob)).toEqual(job);
    expect(await decode(await get(`${JOBS}/${payload.uuid.toUpperCase()}`), PrivateJob)).toEqual(job);
    const { rows } = await decode(await get(`${JOBS}?from=2026-11-20&to=2026-11-20`), PrivateJobList);
    expect(rows.map((r) => r.uuid)).toContain(payload.uuid);
  });

  it('replays the same uuid and body: the same 201 answer, one row; another body is a 409', async () => {
    const payload = fresh();
    const first = await create(payload);
    t.clock.advance(60);
    const again = await post(JOBS, { payload }, 'partner');
    expect(again.status).toBe(201);
    expect(await decode(again, PrivateJob)).toEqual(first);
    // The same job written another way (offset, key order) is the same request.
    const rewritten = {
      ...payload,
      nodes: payload.nodes
        .map((n) => ({ ...n }))
        .reverse()
        .reverse(),
    };
    rewritten.nodes[0] = { ...rewritten.nodes[0]!, timeWindowStart: '2026-11-20T11:00:00+01:00' };
    expect((await post(JOBS, { payload: rewritten })).status).toBe(201);
    expect(await rowsOf(payload.uuid)).toBe(1);

    const other = await post(JOBS, { payload: { ...payload, volumeInM3: 5 } });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ message: PRIVATE_JOB_REFUSALS.uuidTaken });
    const invalid = await post(JOBS, { payload: { ...payload, volumeInM3: 0 } });
    expect(invalid.status).toBe(409);
    expect(await decode(await get(`${JOBS}/${payload.uuid}`), PrivateJob)).toEqual(first);
    expect(await rowsOf(payload.uuid)).toBe(1);
  });

  it('makes one row of two identical POSTs sent at once', async () => {
    const payload = fresh();
    const answers = await Promise.all([post(JOBS, { payload }), post(JOBS, { payload })]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const [a, b] = await Promise.all(answers.map((r) => decode(r, PrivateJob)));
    expect(a).toEqual(b);
    expect(await rowsOf(payload.uuid)).toBe(1);
  });

  it('keeps uuids per partner: another partner using the same uuid makes its own job and sees none of ours', async () => {
    const payload = fresh();
    const ours = await create(payload);
    const theirs = await create({ ...payload, vehicle_id: starterVan, volumeInM3: 9 }, 'starter');
    expect(theirs.volumeInM3).toBe(9);
    expect(await decode(await get(`${JOBS}/${payload.uuid}`), PrivateJob)).toEqual(ours);
    expect(await decode(await get(`${JOBS}/${payload.uuid}`, 'starter'), PrivateJob)).toEqual(theirs);
  });
});

describe("another partner's private job", () => {
  it('is 404 to read, change and delete, and stays as it was', async () => {
    const payload = fresh();
    const job = await create(payload);
    const path = `${JOBS}/${payload.uuid}`;
    for (const who of ['starter', 'admin'] as const) {
      expect((await get(path, who)).status).toBe(404);
      expect((await put(path, { payload: { ...payload, volumeInM3: 9 } }, who)).status).toBe(404);
      expect((await del(path, who)).status).toBe(404);
    }
    expect(await decode(await get(path), PrivateJob)).toEqual(job);
  });

  it('is 404 for a uuid that is not one, without a database error', async () => {
    for (const raw of ['not-a-uuid', '123', '6f0d7c4e-8a1b-4c2d-9e3f-5a6b7c8d9e0g', "x'or'1'='1"]) {
      expect((await get(`${JOBS}/${encodeURIComponent(raw)}`)).status).toBe(404);
      expect((await del(`${JOBS}/${encodeURIComponent(raw)}`)).status).toBe(404);
    }
  });
});

describe('private jobs: change and delete', () => {
  it('replaces every field with PUT (200); the uuid in the body must be the address’s', async () => {
    const payload = fresh({ vehicle_id: vans[0]! });
    const job = await create(payload);
    t.clock.advance(120);
    const change = { ...payload, volumeInM3: 12, vehicle_id: null, title: 'Sofa', delivery: undefined };
    const response = await put(`${JOBS}/${payload.uuid}`, {
      payload: { ...change, nodes: [payload.nodes[0], { ...payload.nodes[1], place: PLACES.manchester }] },
    });
    expect(response.status).toBe(200);
    const changed = await decode(response, PrivateJob);
    expect(changed).toMatchObject({ volumeInM3: 12, vehicle_id: null, vehicle: null, title: 'Sofa' });
    expect(changed.nodes[1].place).toEqual(PLACES.manchester);
    expect(changed.created_at).toBe(job.created_at);
    expect(changed.updated_at).toBe(t.clock.now.toISOString());

    expect(
      await refusal(await put(`${JOBS}/${payload.uuid}`, { payload: { ...payload, uuid: randomUUID() } })),
    ).toEqual({ uuid: [SAY.uuidMismatch] });
    expect((await put(`${JOBS}/${randomUUID()}`, { payload })).status).toBe(404);
    expect(await refusal(await put(`${JOBS}/${payload.uuid}`, { payload: { ...payload, volumeInM3: 41 } }))).toEqual({
      volumeInM3: [SAY.volumeTooLarge],
    });
  });

  it('deletes softly (204): gone from reads, lists and the calendar; its uuid stays used', async () => {
    const payload = fresh();
    await create(payload);
    const path = `${JOBS}/${payload.uuid}`;
    expect((await del(path)).status).toBe(204);
    expect((await get(path)).status).toBe(404);
    expect((await del(path)).status).toBe(404);
    expect((await put(path, { payload })).status).toBe(404);
    const { rows } = await decode(await get(`${JOBS}?from=2026-11-20&to=2026-11-20`), PrivateJobList);
    expect(rows.map((r) => r.uuid)).not.toContain(payload.uuid);
    const { entries } = await calendar('from=2026-11-20&to=2026-11-20');
    expect(entries.map((e) => e.ref)).not.toContain(payload.uuid);
    const again = await post(JOBS, { payload });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: PRIVATE_JOB_REFUSALS.uuidDeleted });
    expect(await rowsOf(payload.uuid)).toBe(1);
  });
});

describe('private job rules, each refused with its message', () => {
  const refused = async (payload: PrivateJobPayload) => refusal(await post(JOBS, { payload }));

  it('wants a pickup then a delivery', async () => {
    expect(await refused(fresh({ nodes: [privateJobPayload().nodes[0]!] }))).toEqual({ nodes: [SAY.nodesCount] });
    const [pickup, delivery] = privateJobPayload().nodes;
    expect(await refused(fresh({ nodes: [delivery!, pickup!] }))).toMatchObject({
      'nodes.0.nodeType': [SAY.pickupFirst],
      'nodes.1.nodeType': [SAY.deliverySecond],
    });
  });

  it('wants every window set, closing after it opens, at least 2 hours; delivery not closing before pickup opens', async () => {
    expect(await refused(fresh({ pickup: { timeWindowStart: 'anytime' }, delivery: { timeWindowEnd: null } }))).toEqual(
      {
        'nodes.0.timeWindowStart': [SAY.windowStartMissing],
        'nodes.1.timeWindowEnd': [SAY.windowEndMissing],
      },
    );
    expect(await refused(fresh({ pickup: { timeWindowEnd: at(11, 59) } }))).toEqual({
      'nodes.0.timeWindowEnd': [SAY.windowTooShort],
    });
    expect(await refused(fresh({ delivery: { timeWindowStart: at(15), timeWindowEnd: at(14) } }))).toEqual({
      'nodes.1.timeWindowEnd': [SAY.windowEndBeforeStart],
    });
    expect(await refused(fresh({ delivery: { timeWindowStart: at(7), timeWindowEnd: at(9) } }))).toEqual({
      'nodes.1.timeWindowEnd': [SAY.deliveryBeforePickup],
    });
    await create(fresh({ delivery: { timeWindowStart: at(8), timeWindowEnd: at(10) } }));
  });

  it('wants a time on site from the options, never negative', async () => {
    expect(
      await refused(fresh({ pickup: { durationOnSiteInSeconds: -300 }, delivery: { durationOnSiteInSeconds: 1000 } })),
    ).toEqual({
      'nodes.0.durationOnSiteInSeconds': [SAY.onSiteNegative],
      'nodes.1.durationOnSiteInSeconds': [SAY.onSiteNotAnOption],
    });
    expect(await refused(fresh({ pickup: { durationOnSiteInSeconds: null } }))).toEqual({
      'nodes.0.durationOnSiteInSeconds': [SAY.onSiteMissing],
    });
  });

  it('wants a volume over 0 and at most 40 m³', async () => {
    expect(await refused(fresh({ volumeInM3: 0 }))).toEqual({ volumeInM3: [SAY.volumeNotPositive] });
    expect(await refused(fresh({ volumeInM3: 40.5 }))).toEqual({ volumeInM3: [SAY.volumeTooLarge] });
    await create(fresh({ volumeInM3: 40 }));
  });

  it('wants a full mainland UK postcode at each place', async () => {
    expect(await refused(fresh({ delivery: { place: { ...PLACES.bolton, postcode: 'BL1' } } }))).toEqual({
      'nodes.1.place.postcode': [SAY.postcodeFormat],
    });
    expect(
      await refused(fresh({ pickup: { place: { lat: 58.98, lng: -2.96, town: 'Kirkwall', postcode: 'KW15 1AA' } } })),
    ).toEqual({ 'nodes.0.place.postcode': [SAY.postcodeOutOfRange] });
    expect(await refused(fresh({ pickup: { place: null } }))).toEqual({ 'nodes.0.place': [SAY.placeMissing] });
  });

  it("wants the partner's own vehicle and an active driver of its own", async () => {
    expect(await refused(fresh({ vehicle_id: starterVan }))).toEqual({ vehicle_id: [SAY.vehicleNotOwn] });
    // Past an integer column, no vehicle has the id: the shared id type (schemas/common.ts positiveId) refuses it.
    expect(await refused(fresh({ vehicle_id: 2_147_483_648 }))).toEqual({
      vehicle_id: ['A vehicle id is at most 2147483647'],
    });
    const { rows } = await t.db.query<{ id: number }>('select id from drivers where user_id <> $1 limit 1', [
      userId.partner,
    ]);
    expect(await refused(fresh({ driver_id: rows[0]!.id }))).toEqual({ driver_id: [SAY.driverNotOwn] });
    if (inactiveDriver !== undefined)
      expect(await refused(fresh({ driver_id: inactiveDriver }))).toEqual({ driver_id: [SAY.driverNotOwn] });
  });

  it('answers a body of the wrong shape by field, never a 500', async () => {
    const response = await post(JOBS, { payload: { uuid: 'x', volumeInM3: '4', nodes: 'two' } });
    expect(Object.keys(await refusal(response)).sort()).toEqual(['nodes', 'uuid', 'volumeInM3']);
  });
});

describe('private work preferences', () => {
  it('answers the defaults until saved, then what was saved, for the partner only', async () => {
    expect(await decode(await get(PREFERENCES, 'starter'), PrivateWorkPreferences)).toEqual(
      DEFAULT_PRIVATE_WORK_PREFERENCES,
    );
    const saved = {
      default_volume_m3: 12.5,
      pickup_on_site_s: 900,
      delivery_on_site_s: 4500,
      block_marketplace_overlap: false,
      calendar_colour_by: 'driver',
    } as const;
    const response = await put(PREFERENCES, { payload: saved }, 'starter');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(saved);
    expect(await (await get(PREFERENCES, 'starter')).json()).toEqual(saved);
    expect(await (await get(PREFERENCES, 'admin')).json()).toEqual(DEFAULT_PRIVATE_WORK_PREFERENCES);
  });

  it('refuses bad values by field', async () => {
    const errors = await refusal(
      await put(PREFERENCES, {
        payload: { ...DEFAULT_PRIVATE_WORK_PREFERENCES, default_volume_m3: 50, pickup_on_site_s: -1 },
      }),
    );
    expect(errors).toEqual({
      default_volume_m3: [SAY.volumeTooLarge],
      pickup_on_site_s: [SAY.onSiteNotAnOption],
    });
  });

  it('with block_marketplace_overlap on, refuses a private job on a vehicle busy with marketplace work then', async () => {
    // A day with no other work of the partner: a won job 11:00–13:00 on one van.
    const day = '2026-12-15';
    const window = (from: number, to: number) => ({ timeWindowStart: at(from, 0, day), timeWindowEnd: at(to, 0, day) });
    const onDay = (vehicleId: number, pickup = window(10, 12), delivery = window(13, 15)) =>
      fresh({ vehicle_id: vehicleId, pickup, delivery });
    await insertWonJob({ start: new Date(at(11, 0, day)), end: new Date(at(13, 0, day)), vehicleId: vans[3]! });
    const busy = onDay(vans[3]!);
    await create(onDay(vans[3]!));
    await put(PREFERENCES, { payload: { ...DEFAULT_PRIVATE_WORK_PREFERENCES, block_marketplace_overlap: true } });
    expect(await refusal(await post(JOBS, { payload: busy }))).toEqual({ vehicle_id: [SAY.vehicleBusy] });
    // Another van, no van, or the same van once the job is over, are fine.
    await create(onDay(vans[4]!));
    await create({ ...onDay(vans[3]!), vehicle_id: null });
    await create(onDay(vans[3]!, window(16, 18), window(18, 20)));
    await put(PREFERENCES, { payload: DEFAULT_PRIVATE_WORK_PREFERENCES });
    await create(busy);
  });
});

describe('the work calendar', () => {
  it('holds listings, journeys, private jobs and reservations of the partner, with vehicles and drivers coloured', async () => {
    const { entries, vehicles, drivers } = await calendar(`from=${today}&to=${addDays(today, 13)}`);
    expect(new Set(entries.map((e) => e.kind))).toEqual(new Set(['listing', 'journey', 'private', 'reservation']));
    expect(vehicles.map((v) => v.id)).toEqual(vans);
    for (const v of vehicles) expect(v.colour).toBe(vehicleColour(v.id));
    expect(drivers.length).toBe(4);
    for (const d of drivers) expect(d.colour).toBe(driverColour(d.user_id));
    const sorted = [...entries].sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
    expect(entries.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);

    const listings = entries.filter((e) => e.kind === 'listing').map((e) => Number(e.ref));
    const owners = await t.db.query<{ provider_id: number; status: string }>(
      'select provider_id, status from jobs where id = any($1::int[])',
      [listings],
    );
    for (const row of owners.rows) {
      expect(row.provider_id).toBe(userId.partner);
      expect(['allocated', 'in_realisation', 'realised', 'completed', 'finalised']).toContain(row.status);
    }
    for (const e of entries.filter((x) => x.kind === 'reservation'))
      expect(EXCLUDED_RESERVATION_STATUSES as readonly string[]).not.toContain(e.status);
  });

  it('shows none of the partner’s work to another partner', async () => {
    const theirs = await calendar(`from=${today}&to=${addDays(today, 13)}`, 'starter');
    expect(theirs.vehicles.map((v) => v.id)).toEqual([starterVan]);
    expect(theirs.drivers).toEqual([]);
    expect(theirs.entries.length).toBeGreaterThan(0);
    for (const entry of theirs.entries) expect([starterVan, null]).toContain(entry.vehicle_id);
    const listings = theirs.entries.filter((e) => e.kind === 'listing').map((e) => Number(e.ref));
    const { rows } = await t.db.query<{ provider_id: number }>(
      'select provider_id from jobs where id = any($1::int[])',
      [listings],
    );
    expect(rows.map((r) => r.provider_id)).toEqual(listings.map(() => userId.starter));
    // Their private jobs are their own rows, whatever uuid they chose.
    for (const entry of theirs.entries.filter((e) => e.kind === 'private'))
      expect(await rowsOf(entry.ref, 'starter')).toBe(1);
  });

  it('times a journey from its first pickup to its last planned stop, and a private job from pickup to delivery', async () => {
    const { entries } = await calendar(`from=${today}&to=${addDays(today, 13)}`);
    const journey = entries.find((e) => e.kind === 'journey')!;
    const { rows } = await t.db.query<{ first: Date; last: Date }>(
      `select j.first_pickup_at as first, max(n.scheduled_at) as last from journeys j
         join journey_nodes n on n.journey_id = j.id and n.deactivated_at is null where j.id = $1 group by j.id`,
      [Number(journey.ref)],
    );
    expect(journey.start).toBe(new Date(rows[0]!.first).toISOString());
    expect(journey.end).toBe(new Date(rows[0]!.last).toISOString());
    expect(journey.stops[0]!.type).toBe('start');
    const privateJob = entries.find((e) => e.kind === 'private')!;
    const job = await decode(await get(`${JOBS}/${privateJob.ref}`), PrivateJob);
    expect([privateJob.start, privateJob.end]).toEqual([job.nodes[0].timeWindowStart, job.nodes[1].timeWindowEnd]);
    expect(privateJob.stops).toEqual([
      { type: 'pickup', town: job.nodes[0].place.town },
      { type: 'delivery', town: job.nodes[1].place.town },
    ]);
  });

  it('places an anytime reservation on 08:00–18:00 London of its day', async () => {
    const { rows } = await t.db.query<{ id: number; date: string }>(
      `select id, date::text as date from reservations where user_id = $1 and start_time is null and end_time is null
          and status = 'accepted' order by date limit 1`,
      [userId.partner],
    );
    const anytime = rows[0]!;
    const { entries } = await calendar(`from=${anytime.date}&to=${anytime.date}`);
    const entry = entries.find((e) => e.id === `reservation-${anytime.id}`)!;
    expect([entry.start, entry.end]).toEqual([
      londonInstant(anytime.date, 8).toISOString(),
      londonInstant(anytime.date, 18).toISOString(),
    ]);
  });

  it('reads the driver on a won job and leaves out archived and unwon jobs', async () => {
    const day = '2026-12-03';
    const assigned = await insertWonJob({ start: londonInstant(day, 9), end: londonInstant(day, 12) });
    await t.db.query('update jobs set driver_id = $1 where id = $2', [activeDrivers[0]!, assigned]);
    const done = await insertWonJob({
      status: 'completed',
      start: londonInstant(day, 13),
      end: londonInstant(day, 14),
    });
    const archived = await insertWonJob({
      status: 'completed',
      start: londonInstant(day, 15),
      end: londonInstant(day, 16),
    });
    await t.db.query('update jobs set archived_at = $1 where id = $2', [t.clock.now, archived]);
    const disbanded = await insertWonJob({
      status: 'disbanded',
      start: londonInstant(day, 9),
      end: londonInstant(day, 10),
    });
    const { entries } = await calendar(`from=${day}&to=${day}`);
    expect(entries.find((e) => e.id === `listing-${assigned}`)).toMatchObject({
      driver_user_id: activeDrivers[0],
      status: 'allocated',
      title: 'Leeds → York',
    });
    const ids = entries.map((e) => e.id);
    expect(ids).toContain(`listing-${done}`);
    expect(ids).not.toContain(`listing-${archived}`);
    expect(ids).not.toContain(`listing-${disbanded}`);
  });

  it('filters by vehicle and by driver', async () => {
    const range = `from=${addDays(today, -7)}&to=${addDays(today, 13)}`;
    const all = await calendar(range);
    const vehicleId = all.entries.find((e) => e.vehicle_id !== null)!.vehicle_id!;
    const byVehicle = await calendar(`${range}&vehicle_id=${vehicleId}&driver_id=`);
    expect(byVehicle.entries.length).toBeGreaterThan(0);
    expect(byVehicle.entries.every((e) => e.vehicle_id === vehicleId)).toBe(true);
    expect(byVehicle.entries.length).toBe(all.entries.filter((e) => e.vehicle_id === vehicleId).length);
    const driverId = all.entries.find((e) => e.driver_user_id !== null)!.driver_user_id!;
    const byDriver = await calendar(`${range}&driver_id=${driverId}`);
    expect(byDriver.entries.length).toBe(all.entries.filter((e) => e.driver_user_id === driverId).length);
    expect(byDriver.entries.length).toBeGreaterThan(0);
  });

  it('counts London days: 23:30 on the last day is in, 00:30 the next day is not (GMT)', async () => {
    const inside = await insertWonJob({
      start: londonInstant('2026-11-30', 23, 30),
      end: londonInstant('2026-12-01', 1),
    });
    const after = await insertWonJob({
      start: londonInstant('2026-12-01', 0, 30),
      end: londonInstant('2026-12-01', 2),
    });
    const before = await insertWonJob({
      start: londonInstant('2026-11-26', 21),
      end: londonInstant('2026-11-26', 23, 59),
    });
    const { entries } = await calendar('from=2026-11-27&to=2026-11-30');
    const ids = entries.map((e) => e.id);
    expect(ids).toContain(`listing-${inside}`);
    expect(ids).not.toContain(`listing-${after}`);
    expect(ids).not.toContain(`listing-${before}`);
    expect((await calendar('from=2026-12-01&to=2026-12-01')).entries.map((e) => e.id)).toEqual(
      expect.arrayContaining([`listing-${inside}`, `listing-${after}`]),
    );
  });

  it('counts London days on a BST date too: 23:30 BST is 22:30 UTC, 00:30 BST the next day 23:30 UTC', async () => {
    const inside = await insertWonJob({
      start: new Date('2027-06-30T22:30:00Z'),
      end: new Date('2027-06-30T22:50:00Z'),
    });
    const after = await insertWonJob({
      start: new Date('2027-06-30T23:30:00Z'),
      end: new Date('2027-07-01T01:00:00Z'),
    });
    const first = await insertWonJob({
      start: new Date('2027-05-31T23:30:00Z'),
      end: new Date('2027-05-31T23:45:00Z'),
    });
    const late = await create(
      fresh({
        pickup: { timeWindowStart: '2027-06-30T22:30:00Z', timeWindowEnd: '2027-07-01T00:30:00Z' },
        delivery: { timeWindowStart: '2027-07-01T00:30:00Z', timeWindowEnd: '2027-07-01T02:30:00Z' },
      }),
    );
    const ids = (await calendar('from=2027-06-01&to=2027-06-30')).entries.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([`listing-${inside}`, `listing-${first}`, `private-${late.uuid}`]));
    expect(ids).not.toContain(`listing-${after}`);
    const july = (await calendar('from=2027-07-01&to=2027-07-01')).entries.map((e) => e.id);
    expect(july).toEqual(expect.arrayContaining([`listing-${after}`, `private-${late.uuid}`]));
    expect(july).not.toContain(`listing-${inside}`);
  });

  it('refuses a range over 62 days, backwards, or a bad filter (422 by field)', async () => {
    expect(await refusal(await get(`${CALENDAR}?from=2026-11-01&to=2027-01-02`))).toEqual({
      to: ['A range is at most 62 days'],
    });
    expect(await refusal(await get(`${CALENDAR}?from=2026-11-02&to=2026-11-01`))).toEqual({
      to: ['The end date is before the start date'],
    });
    expect(Object.keys(await refusal(await get(`${CALENDAR}?from=2026-11-01&to=2026-11-02&vehicle_id=x`)))).toEqual([
      'vehicle_id',
    ]);
    expect(Object.keys(await refusal(await get(CALENDAR))).sort()).toEqual(['from', 'to']);
    expect((await t.app.request(`${CALENDAR}?from=2026-11-01&to=2026-11-02`)).status).toBe(401);
  });
});

describe('the work calendar as iCalendar', () => {
  it('downloads the range as text/calendar and reads back with one event per calendar entry', async () => {
    const payload = fresh({ title: 'Sofa, two chairs; a long title that will be folded over more than one line' });
    await create(payload);
    const range = `from=${today}&to=${addDays(today, 13)}`;
    const response = await get(`${CALENDAR}.ics?${range}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(ICS_CONTENT_TYPE);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="work-calendar-${today}-to-${addDays(today, 13)}.ics"`,
    );
    const { events } = readIcs(await response.text());
    const { entries } = await calendar(range);
    expect(events.map((e) => e['UID'])).toEqual(entries.map((e) => `${e.id}@partners.example.com`));
    for (const [i, entry] of entries.entries()) {
      const event = events[i]!;
      // iCalendar times are whole seconds.
      const second = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000;
      expect(icsInstant(event['DTSTART']!).getTime()).toBe(second(entry.start));
      if (entry.end > entry.start) expect(icsInstant(event['DTEND']!).getTime()).toBe(second(entry.end));
      expect(event['CATEGORIES']).toBe(entry.kind);
      expect(icsInstant(event['DTSTAMP']!)).toEqual(t.clock.now);
    }
    const ours = events.find((e) => e['UID'] === `private-${payload.uuid}@partners.example.com`)!;
    expect(ours['SUMMARY']).toBe(`Private job: ${payload.title}`);
    expect(ours['LOCATION']).toBe('Stockport');
    expect(ours['DTSTART']).toBe('20261120T100000Z');
    expect(ours['DTEND']).toBe('20261120T150000Z');
    expect(ours['URL']).toBe(`${ORIGIN}/tpp/work-calendar/external/${payload.uuid}`);
  });

  it('needs a token and the same query as the calendar', async () => {
    expect((await t.app.request(`${CALENDAR}.ics?from=${today}&to=${today}`)).status).toBe(401);
    expect((await get(`${CALENDAR}.ics?from=${today}&to=${addDays(today, 70)}`)).status).toBe(422);
  });
});

describe('the calendar subscription', () => {
  const feed = async (who: Who = 'partner') => decode(await get(`${CALENDAR}/feed`, who), CalendarFeed);
  const pathOf = (url: string) => new URL(url).pathname;

  it('gives each partner its own unguessable address, the same on every call', async () => {
    const first = await feed();
    expect(first.url).toMatch(/^https:\/\/partners\.example\.com\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.webcal_url).toBe(first.url.replace('https:', 'webcal:'));
    // on the configured origin, whatever Host the request names
    const hostile = await t.app.request(`http://attacker.example${CALENDAR}/feed`, {
      headers: { ...auth('partner'), host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
    });
    expect((await decode(hostile, CalendarFeed)).url).toBe(first.url);
    expect(await feed()).toEqual(first);
    expect((await feed('starter')).url).not.toBe(first.url);
  });

  it('serves the last 30 and next 90 days without a token, and 404 for an unknown secret', async () => {
    const { url } = await feed();
    const response = await t.app.request(pathOf(url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(ICS_CONTENT_TYPE);
    const { events } = readIcs(await response.text());
    const uids = events.map((e) => e['UID']);
    const seeded = await decode(
      await get(`${JOBS}?from=${addDays(today, -7)}&to=${addDays(today, 7)}`),
      PrivateJobList,
    );
    for (const job of seeded.rows) expect(uids).toContain(`private-${job.uuid}@partners.example.com`);
    const starts = events.map((e) => icsInstant(e['DTSTART']!).getTime());
    // Nothing before 30 days ago began and ended before the window: the earliest event still ends inside it.
    const windowStart = londonInstant(addDays(today, -30), 0).getTime();
    const windowEnd = londonInstant(addDays(today, 91), 0).getTime();
    for (const [i, start] of starts.entries()) {
      expect(start).toBeLessThan(windowEnd);
      const end = events[i]!['DTEND'] ? icsInstant(events[i]!['DTEND']!).getTime() : start;
      expect(Math.max(start, end)).toBeGreaterThanOrEqual(windowStart);
    }
    expect(new Set(events.map((e) => e['CATEGORIES']))).toEqual(
      new Set(['listing', 'journey', 'private', 'reservation']),
    );

    expect((await t.app.request(`/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await t.app.request('/calendar/short.ics')).status).toBe(404);
    expect((await t.app.request(pathOf(url).replace('.ics', ''))).status).toBe(404);
  });

  it('makes a new secret on reset: the old address stops working, the new one works', async () => {
    const before = await feed();
    const response = await t.app.request(`${CALENDAR}/feed/reset`, { method: 'POST', headers: auth('partner') });
    expect(response.status).toBe(200);
    const after = await decode(response, CalendarFeed);
    expect(after.url).not.toBe(before.url);
    expect(await feed()).toEqual(after);
    expect((await t.app.request(pathOf(before.url))).status).toBe(404);
    expect((await t.app.request(pathOf(after.url))).status).toBe(200);
    // Another partner's reset leaves ours alone.
    await t.app.request(`${CALENDAR}/feed/reset`, { method: 'POST', headers: auth('starter') });
    expect((await t.app.request(pathOf(after.url))).status).toBe(200);
  });

  it('answers the feed address calls with 401 without a token', async () => {
    expect((await t.app.request(`${CALENDAR}/feed`)).status).toBe(401);
    expect((await t.app.request(`${CALENDAR}/feed/reset`, { method: 'POST' })).status).toBe(401);
  });
});
