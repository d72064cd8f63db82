import { randomUUID } from 'node:crypto';
import { Schema } from 'effect';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CreatedReservationsResponse,
  RESERVATION_REFUSALS,
  RESERVATION_STATUSES,
  ReservationActionResponse,
  ReservationDraftsResponse,
  ReservationInfoResponse,
  ReservationListResponse,
  ReservationRulesFailure,
  type ReservationInput,
} from '@/schemas/reservation';
import { sqlList } from '@/server/db/sql-list';
import { REPLAYED_HEADER } from '@/server/http/idempotency';
import { DAY_HOLDING_STATUSES } from '@/server/reservations/lifecycle';
import { at, nodes, PLACES, privateJob, reservationInput } from '@/server/reservations/reservation-test-inputs';
import { createSeededApp, jsonPost, SETUP_TIMEOUT_MS, signIn, type SeededApp } from '@/server/testing/seeded-app';
import { putDocumentsInOrder } from '@/server/testing/work-ready';
import { addDays, londonDate, londonInstant } from '@/server/time/london';

type Who = 'partner' | 'starter' | 'expiring' | 'admin';
let t: SeededApp;
const token = {} as Record<Who, string>;
const userId = {} as Record<Who, number>;
let vans: number[];
let today: string;

beforeAll(async () => {
  t = await createSeededApp({ tokenTtlS: 365 * 86_400, sessionTtlS: 365 * 86_400 });
  for (const who of ['partner', 'starter', 'expiring', 'admin'] as const) {
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
    const { rows } = await t.db.query<{ id: number }>('select id from users where email = $1', [`${who}@example.com`]);
    userId[who] = rows[0]!.id;
  }
  // expiring@ is the other journey-ready partner here: the documents the seed leaves missing and expired for the
  // dashboard's banners are put in order, or the work rule would refuse it before any of the checks below
  await putDocumentsInOrder(t.db, userId.expiring, t.clock.now);
  const { rows } = await t.db.query<{ id: number }>('select id from vehicles where user_id = $1 order by id', [
    userId.partner,
  ]);
  vans = rows.map((r) => r.id);
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
const post = (path: string, body?: unknown, who: Who = 'partner', headers: Record<string, string> = {}) =>
  t.app.request(
    path,
    body === undefined
      ? { method: 'POST', headers: { ...auth(who), ...headers } }
      : jsonPost(body, { ...auth(who), ...headers }),
  );
const put = (path: string, body: unknown, who: Who = 'partner') =>
  t.app.request(path, { ...jsonPost(body, auth(who)), method: 'PUT' });
const decode = async <A, I>(response: Response, schema: Schema.Codec<A, I>) =>
  Schema.decodeUnknownSync(schema)(await response.json());

/** The partner's seeded reservation in `status` on today plus `inDays`. */
const seeded = async (status: string, inDays: number): Promise<number> => {
  const { rows } = await t.db.query<{ id: number }>(
    'select id from reservations where user_id = $1 and status = $2 and date = $3::date order by id',
    [userId.partner, status, addDays(today, inDays)],
  );
  if (!rows[0]) throw new Error(`no seeded ${status} reservation on day ${inDays}`);
  return rows[0].id;
};

const validate = (reservations: ReservationInput[], vehicleId = vans[0], who: Who = 'partner') =>
  post('/v1/reservations', { payload: { user_id: userId[who], vehicle_id: vehicleId, reservations } }, who);

/** Validates and creates a reservation through the API; returns its id. */
const createOne = async (input: ReservationInput, vehicleId = vans[1]): Promise<number> => {
  const drafts = await decode(await validate([input], vehicleId), ReservationDraftsResponse);
  const created = await post('/v1/reservations/accept-drafts', { payload: { reservations: [drafts.data[0]!.id] } });
  return (await decode(created, CreatedReservationsResponse)).data[0]!.id;
};

const statusOf = async (id: number) =>
  (await t.db.query<{ status: string }>('select status from reservations where id = $1', [id])).rows[0]?.status;

describe('GET /v1/reservation-info', () => {
  it('gives the reservation period, own windows, the vehicle types and eligibility', async () => {
    const response = await get('/v1/reservation-info');
    expect(response.status).toBe(200);
    expect((await decode(response, ReservationInfoResponse)).data).toEqual({
      reservation_period: { start: addDays(today, 1), end: addDays(today, 28) },
      custom_reservation: true,
      eligible_vehicle_types: ['swb', 'mwb', 'lwb', 'xlwb', 'luton_van'],
      eligible: true,
      work: { may_work: true, reasons: [], suspended_until: null, documents: { missing: [], expired: [] } },
    });
    expect((await decode(await get('/v1/reservation-info', 'starter'), ReservationInfoResponse)).data.eligible).toBe(
      false,
    );
  });
});

describe('GET /v1/reservations', () => {
  it('lists the current reservations from today on, by date, with an open return offer counting down', async () => {
    const response = await get('/v1/reservations?order=date_asc');
    expect(response.status).toBe(200);
    const { data, meta } = await decode(response, ReservationListResponse);
    expect(data.length).toBeGreaterThanOrEqual(10);
    expect(meta).toMatchObject({ page: 1, from: 1, to: data.length, total: data.length, last_page: 1 });
    expect(data.every((r) => r.date >= today && r.tp.email === 'partner@example.com')).toBe(true);
    expect(data.map((r) => r.date)).toEqual([...data.map((r) => r.date)].sort());
    const offer = data.find((r) => r.status === 'return_offer');
    expect(offer?.offer_expires_at).toBe(new Date(t.clock.now.getTime() + 3 * 3_600_000).toISOString());
    const cancelling = data.find((r) => r.status === 'pending_cancellation');
    expect(cancelling).toMatchObject({ pending_cancellation: true, pending_modification: false });
    expect(cancelling?.cancel_reason).not.toBeNull();
    expect(data.find((r) => r.externalJobs.length === 1)?.status).toBe('accepted');
  });

  it('pages the historic list (date_to yesterday, newest first) with meta.to and meta.total', async () => {
    const query = (page: number) =>
      `/v1/reservations?date_to=${addDays(today, -1)}&date_from=&order=date_desc&limit=20&page=${page}`;
    const first = await decode(await get(query(1)), ReservationListResponse);
    expect(first.meta).toEqual({ page: 1, limit: 20, from: 1, to: 20, total: 23, last_page: 2 });
    const second = await decode(await get(query(2)), ReservationListResponse);
    expect(second.meta).toEqual({ page: 2, limit: 20, from: 21, to: 23, total: 23, last_page: 2 });
    const dates = [...first.data, ...second.data].map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.every((d) => d < today)).toBe(true);
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(23);
    const beyond = await decode(await get(query(3)), ReservationListResponse);
    expect(beyond).toEqual({ data: [], meta: { page: 3, limit: 20, from: null, to: null, total: 23, last_page: 2 } });
  });

  it('has the partner reservations in every status of spec §4', async () => {
    const current = await decode(await get('/v1/reservations?order=date_asc'), ReservationListResponse);
    const historic = await decode(
      await get(`/v1/reservations?date_to=${addDays(today, -1)}&date_from=&order=date_desc&limit=200`),
      ReservationListResponse,
    );
    const statuses = new Set([...current.data, ...historic.data].map((r) => r.status));
    expect([...statuses].sort()).toEqual([...RESERVATION_STATUSES].sort());
  });

  it('answers a bad query with 422 and the parameter', async () => {
    for (const [query, field] of [
      ['order=sideways', 'order'],
      ['limit=0', 'limit'],
      ['page=x', 'page'],
      ['date_to=2026-02-30', 'date_to'],
    ] as const) {
      const response = await get(`/v1/reservations?${query}`);
      expect(response.status).toBe(422);
      expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual([field]);
    }
  });

  it('shows each partner only their own reservations', async () => {
    const current = await decode(await get('/v1/reservations?order=date_asc', 'starter'), ReservationListResponse);
    expect(current.data).toEqual([]);
    const historic = await decode(
      await get(`/v1/reservations?date_to=${addDays(today, -1)}&date_from=&order=date_desc`, 'starter'),
      ReservationListResponse,
    );
    expect(historic.data.map((r) => r.tp.email)).toEqual(Array(3).fill('starter@example.com'));
  });
});

describe('POST /v1/reservations (validate new)', () => {
  it('answers priced drafts, one per day, for the chosen vehicle', async () => {
    const response = await validate([
      reservationInput({ date: addDays(today, 5) }),
      reservationInput({ date: addDays(today, 6), people: 2 }),
    ]);
    expect(response.status).toBe(200);
    const { data } = await decode(response, ReservationDraftsResponse);
    expect(data.map((d) => [d.date, d.type, d.min_price.formatted, d.max_price.formatted])).toEqual([
      [addDays(today, 5), 'local', '£140', '£160'],
      [addDays(today, 6), 'local', '£233.33', '£266.67'],
    ]);
    expect(data[0]?.vehicle.id).toBe(vans[0]);
    expect(data[0]?.expires_at).toBe(new Date(t.clock.now.getTime() + 30 * 60_000).toISOString());
  });

  it('answers the form rules with 422 messages.validation by field', async () => {
    const badPostcode = reservationInput({
      nodes: nodes({ ...PLACES.manchester, postcode: 'M1' }, 'anytime', PLACES.manchester, 'anytime'),
    });
    const response = await validate([reservationInput({ date: today }), { ...badPostcode, date: addDays(today, 2) }]);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('messages.validation');
    expect(body.errors['reservations.1.nodes.0.place.postcode']).toEqual(['Please Enter a Valid UK Postcode']);
    const outside = (await (await validate([reservationInput({ date: today })])).json()) as {
      errors: Record<string, string[]>;
    };
    expect(Object.keys(outside.errors)).toEqual(['reservations.0.date']);
  });

  it('answers the reservation rules with code 101 and the errors list, and keeps no draft', async () => {
    const anytimeJob = privateJob({ from: 'anytime', to: 'anytime' }, { from: 'anytime', to: 'anytime' });
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from reservation_drafts');
    const belfast = { lat: 54.5968, lng: -5.9254, town: 'Belfast', postcode: 'BT1 1AA' };
    const date = addDays(today, 9);
    const response = await validate([
      reservationInput({ date: addDays(today, 8), capacity: { value: 40, unit: 'm3' } }),
      reservationInput({
        date,
        capacity: { value: 40.1, unit: 'm3' },
        nodes: nodes(belfast, 'anytime', PLACES.manchester, 'anytime'),
      }),
      reservationInput({ date: addDays(today, 10), people: 2, externalJobs: [anytimeJob, anytimeJob] }),
    ]);
    expect(response.status).toBe(422);
    const body = await decode(response, ReservationRulesFailure);
    expect(body.code).toBe(101);
    expect(body.errors).toEqual([
      {
        code: 'location_out_of_range',
        message: expect.stringContaining('mainland UK'),
        reservation: 1,
        date,
        field: 'nodes.0.place.postcode',
      },
      { code: 'capacity_too_large', message: expect.any(String), reservation: 1, date, field: 'capacity.value' },
      expect.objectContaining({ code: 'too_many_private_jobs', reservation: 2, field: 'externalJobs' }),
    ]);
    const after = await t.db.query<{ n: number }>('select count(*)::int as n from reservation_drafts');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it("refuses another partner's vehicle, someone else's user_id, and partners who may not reserve", async () => {
    const { rows } = await t.db.query<{ id: number }>('select id from vehicles where user_id = $1', [userId.starter]);
    const notMine = await validate([reservationInput({ date: addDays(today, 3) })], rows[0]!.id);
    expect(notMine.status).toBe(422);
    expect(await notMine.json()).toEqual({
      message: 'messages.validation',
      errors: { vehicle_id: ['Choose one of your approved vehicles'] },
    });
    const forSomeoneElse = await post('/v1/reservations', {
      payload: { user_id: userId.expiring, vehicle_id: vans[0], reservations: [reservationInput()] },
    });
    expect(forSomeoneElse.status).toBe(403);
    // starter@ may work but is not journey-ready; an admin may not work at all (the work rule's answer)
    const starter = await validate([reservationInput({ date: addDays(today, 3) })], vans[0], 'starter');
    expect(starter.status).toBe(403);
    expect(await starter.json()).toEqual({ message: RESERVATION_REFUSALS.notEligible });
    const admin = await validate([reservationInput({ date: addDays(today, 3) })], vans[0], 'admin');
    expect(admin.status).toBe(403);
    expect(await admin.json()).toMatchObject({ reason: 'not_a_partner', work: { may_work: false } });
  });
});

describe('POST /v1/reservations/accept-drafts (create)', () => {
  it('creates pending reservations from drafts, each draft once', async () => {
    const drafts = await decode(
      await validate(
        [reservationInput({ date: addDays(today, 11) }), reservationInput({ date: addDays(today, 12) })],
        vans[3],
      ),
      ReservationDraftsResponse,
    );
    const ids = drafts.data.map((d) => d.id);
    const response = await post('/v1/reservations/accept-drafts', { payload: { reservations: ids } });
    expect(response.status).toBe(201);
    const { data } = await decode(response, CreatedReservationsResponse);
    expect(data.map((r) => [r.status, r.date, r.min_price?.amount])).toEqual([
      ['pending', addDays(today, 11), 14000],
      ['pending', addDays(today, 12), 14000],
    ]);
    expect(data[0]?.decision_due_at).toBe(new Date(t.clock.now.getTime() + 2 * 3_600_000).toISOString());
    expect(data[0]?.meta.allowed_actions).toEqual({
      cancel_request: false,
      cancel_immediately: true,
      update_request: false,
      update_immediately: true,
    });
    const again = await post('/v1/reservations/accept-drafts', { payload: { reservations: ids } });
    expect(again.status).toBe(422);
    expect(Object.keys(((await again.json()) as { errors: object }).errors)).toEqual([
      'reservations.0',
      'reservations.1',
    ]);
  });

  it('makes one reservation from the same create sent twice with an Idempotency-Key', async () => {
    const date = addDays(today, 14);
    const drafts = await decode(await validate([reservationInput({ date })], vans[4]), ReservationDraftsResponse);
    const key = randomUUID();
    const body = { payload: { reservations: [drafts.data[0]!.id] } };
    const first = await post('/v1/reservations/accept-drafts', body, 'partner', { 'Idempotency-Key': key });
    const second = await post('/v1/reservations/accept-drafts', body, 'partner', { 'Idempotency-Key': key });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    const { rows } = await t.db.query<{ n: number }>(
      'select count(*)::int as n from reservations where vehicle_id = $1 and date = $2::date',
      [vans[4]!, date],
    );
    expect(rows[0]?.n).toBe(1);
    const reused = await post('/v1/reservations/accept-drafts', { payload: { reservations: [1] } }, 'partner', {
      'Idempotency-Key': key,
    });
    expect(reused.status).toBe(422);
  });

  it("refuses a draft that is another partner's, unknown or expired", async () => {
    const drafts = await decode(
      await validate([reservationInput({ date: addDays(today, 15) })]),
      ReservationDraftsResponse,
    );
    const id = drafts.data[0]!.id;
    const stolen = await post('/v1/reservations/accept-drafts', { payload: { reservations: [id] } }, 'expiring');
    expect(stolen.status).toBe(422);
    const unknown = await post('/v1/reservations/accept-drafts', { payload: { reservations: [999_999] } });
    expect(unknown.status).toBe(422);
    t.clock.advance(30 * 60);
    const expired = await post('/v1/reservations/accept-drafts', { payload: { reservations: [id] } });
    expect(expired.status).toBe(422);
    t.clock.advance(-30 * 60);
  });
});

describe('one live reservation per vehicle and day', () => {
  const alreadyReserved = (date: string, reservation = 0) => ({
    message: 'messages.reservation_errors',
    code: 101,
    errors: [
      {
        code: 'vehicle_already_reserved',
        message: 'This vehicle already has a reservation on this day',
        reservation,
        date,
        field: 'date',
      },
    ],
  });
  const liveCount = async (vehicleId: number, date: string) =>
    (
      await t.db.query<{ n: number }>(
        `select count(*)::int as n from reservations
          where vehicle_id = $1 and date = $2::date and status in ${sqlList(DAY_HOLDING_STATUSES)}`,
        [vehicleId, date],
      )
    ).rows[0]?.n;

  it('makes one reservation from three drafts of the same day accepted one after another', async () => {
    const date = addDays(today, 17);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const drafts = await decode(await validate([reservationInput({ date })], vans[2]), ReservationDraftsResponse);
      ids.push(drafts.data[0]!.id);
    }
    const answers = [];
    for (const id of ids)
      answers.push(await post('/v1/reservations/accept-drafts', { payload: { reservations: [id] } }));
    expect(answers.map((a) => a.status)).toEqual([201, 422, 422]);
    expect(Schema.decodeUnknownSync(ReservationRulesFailure)(await answers[1]!.json())).toEqual(alreadyReserved(date));
    expect(await liveCount(vans[2]!, date)).toBe(1);
  });

  it('refuses at validation a day the vehicle already holds (and, as before, the same day twice in one request)', async () => {
    const date = addDays(today, 18);
    await createOne(reservationInput({ date }), vans[2]);
    const again = await validate([reservationInput({ date })], vans[2]);
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual(alreadyReserved(date));
    const other = addDays(today, 19);
    const twice = await validate([reservationInput({ date: other }), reservationInput({ date: other })], vans[2]);
    expect(twice.status).toBe(422);
    expect(await twice.json()).toEqual({
      message: 'messages.validation',
      errors: { 'reservations.1.date': ['Each day can be reserved once per request'] },
    });
    // another vehicle is free that day
    expect((await validate([reservationInput({ date })], vans[3])).status).toBe(200);
  });

  it('lets a day with only a return offer be reserved: the offer, if accepted, replaces that reservation', async () => {
    const offer = await seeded('return_offer', 3);
    const { rows } = await t.db.query<{ vehicle_id: number; date: string }>(
      'select vehicle_id, date::text as date from reservations where id = $1',
      [offer],
    );
    const { vehicle_id, date } = rows[0]!;
    const others = await t.db.query<{ n: number }>(
      `select count(*)::int as n from reservations where vehicle_id = $1 and date = $2::date and id <> $3
          and status in ${sqlList(DAY_HOLDING_STATUSES)}`,
      [vehicle_id, date, offer],
    );
    expect(others.rows[0]?.n).toBe(0);
    expect((await validate([reservationInput({ date })], vehicle_id)).status).toBe(200);
  });

  it('frees the day once the reservation is cancelled', async () => {
    const date = addDays(today, 20);
    const id = await createOne(reservationInput({ date }), vans[2]);
    const cancelled = await post(`/v1/reservations/${id}/cancel`, {
      payload: { cancel_reason: 'vehicle_issues', cancel_note: '' },
    });
    expect(cancelled.status).toBe(200);
    expect(await statusOf(id)).toBe('tp_withdrawn');
    expect((await validate([reservationInput({ date })], vans[2])).status).toBe(200);
  });
});

describe('PUT /v1/reservations/{id} and POST …/validate (edit)', () => {
  it('validates an edit without storing it', async () => {
    const id = await createOne(reservationInput({ date: addDays(today, 16) }));
    const response = await post(`/v1/reservations/${id}/validate`, { payload: { ...reservationInput(), people: 2 } });
    expect(response.status).toBe(200);
    const body = await decode(response, ReservationActionResponse);
    expect(body.message).toBe('messages.reservation_valid');
    expect([body.data.people, body.data.min_price?.formatted]).toEqual([2, '£233.33']);
    const { rows } = await t.db.query<{ people: string }>('select people from reservations where id = $1', [id]);
    expect(rows[0]?.people).toBe('1');
  });

  it('changes a pending reservation at once and restarts its decision clock', async () => {
    const id = await createOne(reservationInput({ date: addDays(today, 17) }));
    t.clock.advance(60 * 60);
    const response = await put(`/v1/reservations/${id}`, {
      payload: { ...reservationInput(), nodes: nodes(PLACES.manchester, 'anytime', PLACES.stockport, 'anytime') },
    });
    const body = await decode(response, ReservationActionResponse);
    expect(body.message).toBe('messages.reservation_updated');
    expect(body.data.endNode.place?.town).toBe('Stockport');
    expect(body.data.decision_due_at).toBe(new Date(t.clock.now.getTime() + 2 * 3_600_000).toISOString());
    t.clock.advance(-60 * 60);
  });

  it('turns an edit of an accepted reservation into a request', async () => {
    const id = await seeded('accepted', 8);
    const response = await put(`/v1/reservations/${id}`, { payload: reservationInput({ people: 'flexible' }) });
    expect((await decode(response, ReservationActionResponse)).data).toMatchObject({
      status: 'pending_modification',
      pending_modification: true,
    });
  });

  it("refuses with the spec's text outside the statuses and windows that allow it", async () => {
    for (const id of [await seeded('pending_cancellation', 5), await seeded('completed', -1)]) {
      const response = await put(`/v1/reservations/${id}`, { payload: reservationInput() });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ message: 'You cannot edit or cancel this job at this time.' });
    }
  });

  it('answers broken rules with code 101 and form errors with 422 by field', async () => {
    const id = await createOne(reservationInput({ date: addDays(today, 18) }));
    const rules = await put(`/v1/reservations/${id}`, {
      payload: reservationInput({ capacity: { value: 41, unit: 'm3' } }),
    });
    expect(rules.status).toBe(422);
    expect((await decode(rules, ReservationRulesFailure)).errors).toEqual([
      expect.objectContaining({ code: 'capacity_too_large', reservation: 0, date: addDays(today, 18) }),
    ]);
    const form = await put(`/v1/reservations/${id}`, {
      payload: reservationInput({ people: 'flexible', externalJobs: [privateJob()] }),
    });
    expect(form.status).toBe(422);
    expect(((await form.json()) as { errors: object }).errors).toHaveProperty('externalJobs');
  });
});

describe('an edit of the time window and the finish, held to every time rule of spec §5 at its boundary', () => {
  let plain: number;
  let withJob: number;
  const day = () => addDays(today, 22);
  const edit = (id: number, change: Partial<ReservationInput>, save = false) =>
    save
      ? put(`/v1/reservations/${id}`, { payload: reservationInput({ date: day(), ...change }) })
      : post(`/v1/reservations/${id}/validate`, { payload: reservationInput({ date: day(), ...change }) });
  const window = (from: [number, number], to: [number, number] | 'anytime' | null, end = PLACES.manchester) =>
    nodes(
      PLACES.manchester,
      at(from[0], from[1], day()),
      to === null ? null : end,
      to === null ? null : to === 'anytime' ? 'anytime' : at(to[0], to[1], day()),
    );
  const job = () =>
    privateJob({ from: at(10, 0, day()), to: at(12, 0, day()) }, { from: at(13, 0, day()), to: at(15, 0, day()) });
  const ruleCodes = async (response: Response) => {
    expect(response.status).toBe(422);
    return (await decode(response, ReservationRulesFailure)).errors.map((e) => [e.code, e.field]);
  };
  const fieldErrors = async (response: Response) => {
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('messages.validation');
    return body.errors;
  };

  beforeAll(async () => {
    plain = await createOne(reservationInput({ date: day() }), vans[2]);
    withJob = await createOne(reservationInput({ date: day(), externalJobs: [job()] }), vans[3]);
  });

  it('takes an own window of exactly 10 hours (custom), not one minute more', async () => {
    const ten = await edit(plain, { nodes: window([8, 0], [18, 0]) });
    expect(ten.status).toBe(200);
    expect((await decode(ten, ReservationActionResponse)).data).toMatchObject({
      type: 'custom',
      start_time_type: 'fixed',
      startNode: { time: at(8, 0, day()) },
      endNode: { time: at(18, 0, day()) },
    });
    expect(await fieldErrors(await edit(plain, { nodes: window([8, 0], [18, 1]) }))).toEqual({
      'nodes.1.time': ['A reservation lasts at most 10 hours'],
    });
  });

  it('needs more than its two 20-minute buffers: 40 minutes is too early an end, 41 is not', async () => {
    expect(await ruleCodes(await edit(plain, { nodes: window([8, 0], [8, 40]) }))).toEqual([
      ['reservation_end_too_early', 'nodes.1.time'],
    ]);
    expect(await ruleCodes(await edit(plain, { nodes: window([8, 0], [7, 0]) }))).toEqual([
      ['reservation_end_too_early', 'nodes.1.time'],
    ]);
    expect((await edit(plain, { nodes: window([8, 0], [8, 41]) })).status).toBe(200);
  });

  it('keeps its times within the reservation day, 04:00 to 03:30 the next morning', async () => {
    expect((await edit(plain, { nodes: window([4, 0], 'anytime') })).status).toBe(200);
    expect(Object.keys(await fieldErrors(await edit(plain, { nodes: window([3, 59], 'anytime') })))).toEqual([
      'nodes.0.time',
    ]);
    expect((await edit(plain, { nodes: window([17, 30], [27, 30]) })).status).toBe(200);
    expect(Object.keys(await fieldErrors(await edit(plain, { nodes: window([17, 31], [27, 31]) })))).toEqual([
      'nodes.1.time',
    ]);
  });

  it("finishes 'anywhere' only with an anytime start, and not with a private job", async () => {
    expect(Object.keys(await fieldErrors(await edit(plain, { nodes: window([8, 0], null) })))).toEqual([
      'nodes.0.time',
    ]);
    const anywhere = await edit(plain, { nodes: nodes(PLACES.manchester, 'anytime', null, null) });
    expect((await decode(anywhere, ReservationActionResponse)).data.endNode).toEqual({ time: null, place: null });
    expect(
      Object.keys(
        await fieldErrors(
          await edit(withJob, { nodes: nodes(PLACES.manchester, 'anytime', null, null), externalJobs: [job()] }),
        ),
      ),
    ).toEqual(['externalJobs']);
  });

  it('keeps 20 minutes between the window and its private job, and the delivery inside it', async () => {
    const around = (from: [number, number], to: [number, number]) =>
      edit(withJob, { nodes: window(from, to), externalJobs: [job()] });
    expect((await around([9, 40], [15, 20])).status).toBe(200);
    expect(await ruleCodes(await around([9, 41], [15, 20]))).toEqual([
      ['private_job_too_close', 'externalJobs.0.nodes.0.timeWindowStart'],
    ]);
    expect(await ruleCodes(await around([9, 40], [15, 19]))).toEqual([
      ['private_job_too_close', 'externalJobs.0.nodes.1.timeWindowEnd'],
    ]);
    expect(await ruleCodes(await around([9, 40], [14, 59]))).toEqual([
      ['delivery_window_after_reservation_end', 'externalJobs.0.nodes.1.timeWindowEnd'],
    ]);
  });

  it('is too short for a far finish: the window less its buffers must cover the drive', async () => {
    // Manchester → Newcastle is about 150 road miles: 200 minutes at 45 mph, so 4 hours less 40 minutes is short
    const far = (to: [number, number]) => edit(plain, { nodes: window([8, 0], to, PLACES.newcastle) });
    expect(await ruleCodes(await far([11, 0]))).toEqual([['duration_too_short_for_distance', 'nodes.1.time']]);
    const body = await decode(await far([18, 0]), ReservationActionResponse);
    expect([body.data.type, body.data.endNode.place?.town]).toEqual(['national', 'Newcastle upon Tyne']);
  });

  it('stores a new window of a pending reservation at once, priced again', async () => {
    const saved = await edit(plain, { nodes: window([9, 0], [15, 0]) }, true);
    const body = await decode(saved, ReservationActionResponse);
    expect(body).toMatchObject({
      message: 'messages.reservation_updated',
      data: {
        status: 'pending',
        type: 'custom',
        startNode: { time: at(9, 0, day()) },
        endNode: { time: at(15, 0, day()) },
      },
    });
    const { rows } = await t.db.query<{ start_time: Date; end_time: Date }>(
      'select start_time, end_time from reservations where id = $1',
      [plain],
    );
    expect(rows[0]).toEqual({ start_time: new Date(at(9, 0, day())), end_time: new Date(at(15, 0, day())) });
  });
});

describe('POST /v1/reservations/{id}/cancel', () => {
  it('names the field of an unknown reason, and of a missing note for other', async () => {
    const id = await seeded('pending', 1);
    const unknown = await post(`/v1/reservations/${id}/cancel`, { payload: { cancel_reason: 'bored' } });
    expect(unknown.status).toBe(422);
    expect(Object.keys(((await unknown.json()) as { errors: object }).errors)).toEqual(['cancel_reason']);
    const noNote = await post(`/v1/reservations/${id}/cancel`, {
      payload: { cancel_reason: 'other', cancel_note: ' ' },
    });
    expect(noNote.status).toBe(422);
    expect(Object.keys(((await noNote.json()) as { errors: object }).errors)).toEqual(['cancel_note']);
    expect(await statusOf(id)).toBe('pending');
  });

  it('withdraws a pending reservation at once, with its reason and note', async () => {
    const id = await createOne(reservationInput({ date: addDays(today, 19) }));
    const response = await post(`/v1/reservations/${id}/cancel`, {
      payload: { cancel_reason: 'other', cancel_note: 'Wedding in the family' },
    });
    expect(await decode(response, ReservationActionResponse)).toMatchObject({
      message: 'messages.reservation_cancelled',
      data: { status: 'tp_withdrawn', cancel_reason: 'other', cancel_note: 'Wedding in the family' },
    });
  });

  it('cancels an accepted reservation at once with 48 hours notice, else asks the team', async () => {
    const later = await createOne(reservationInput({ date: addDays(today, 20) }));
    await t.db.query("update reservations set status = 'accepted' where id = $1", [later]);
    const now = await post(`/v1/reservations/${later}/cancel`, { payload: { cancel_reason: 'vehicle_issues' } });
    expect((await decode(now, ReservationActionResponse)).data.status).toBe('tp_cancelled');

    const soon = await seeded('accepted', 2);
    const asked = await post(`/v1/reservations/${soon}/cancel`, {
      payload: { cancel_reason: 'driver_unable_to_work' },
    });
    expect(await decode(asked, ReservationActionResponse)).toMatchObject({
      message: 'messages.reservation_cancellation_requested',
      data: { status: 'pending_cancellation', pending_cancellation: true, cancel_reason: 'driver_unable_to_work' },
    });
  });

  it('refuses once the reservation has started, and for a past or finished one', async () => {
    const id = await createOne(reservationInput({ date: addDays(today, 1) }));
    await t.db.query('update reservations set date = $2::date, start_time = $3 where id = $1', [
      id,
      today,
      londonInstant(today, 8),
    ]);
    for (const target of [id, await seeded('completed', -1), await seeded('tp_cancelled', -3)]) {
      const response = await post(`/v1/reservations/${target}/cancel`, {
        payload: { cancel_reason: 'other', cancel_note: 'x' },
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ message: 'You cannot edit or cancel this job at this time.' });
    }
  });
});

describe('POST /v1/reservations/{id}/accept-offer and reject-offer', () => {
  it('accepts the open return offer; answering again is refused', async () => {
    const id = await seeded('return_offer', 3);
    const response = await post(`/v1/reservations/${id}/accept-offer`);
    expect(await decode(response, ReservationActionResponse)).toMatchObject({
      message: 'messages.reservation_offer_accepted',
      data: { status: 'accepted', offer_expires_at: null },
    });
    const again = await post(`/v1/reservations/${id}/reject-offer`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: RESERVATION_REFUSALS.noOffer });
  });

  it('refuses an offer whose countdown has ended, which is then timed out', async () => {
    const id = await createOne(reservationInput({ date: addDays(today, 21) }));
    await t.db.query("update reservations set status = 'return_offer', offer_expires_at = $2 where id = $1", [
      id,
      t.clock.now,
    ]);
    const response = await post(`/v1/reservations/${id}/accept-offer`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: RESERVATION_REFUSALS.offerExpired });
    expect(await statusOf(id)).toBe('timed_out');
  });
});

describe("another partner's reservation", () => {
  it('is not found for any call, and stays as it was', async () => {
    const id = await seeded('pending', 13);
    const calls = [
      () => put(`/v1/reservations/${id}`, { payload: reservationInput() }, 'expiring'),
      () => post(`/v1/reservations/${id}/validate`, { payload: reservationInput() }, 'expiring'),
      () => post(`/v1/reservations/${id}/cancel`, { payload: { cancel_reason: 'vehicle_issues' } }, 'expiring'),
      () => post(`/v1/reservations/${id}/accept-offer`, undefined, 'expiring'),
      () => post(`/v1/reservations/${id}/reject-offer`, undefined, 'starter'),
      () => post('/v1/reservations/abc/cancel', { payload: { cancel_reason: 'vehicle_issues' } }),
      () => post('/v1/reservations/0/accept-offer'),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found' });
    }
    expect(await statusOf(id)).toBe('pending');
  });
});

describe('bad input', () => {
  it('answers 4xx with a message, never a 500', async () => {
    const pending = await seeded('pending', 1);
    const valid = reservationInput({ date: addDays(today, 3) });
    const bodies: [string, string, unknown][] = [
      [
        'POST',
        '/v1/reservations',
        { payload: { user_id: userId.partner, vehicle_id: 2 ** 40, reservations: [valid] } },
      ],
      ['POST', '/v1/reservations', { payload: { user_id: 'me' } }],
      [
        'POST',
        '/v1/reservations',
        { payload: { user_id: userId.partner, vehicle_id: vans[0], reservations: [{ ...valid, date: '9999-12-31' }] } },
      ],
      [
        'POST',
        '/v1/reservations',
        {
          payload: {
            user_id: userId.partner,
            vehicle_id: vans[0],
            reservations: [{ ...valid, capacity: { value: 1e308, unit: 'm3' } }],
          },
        },
      ],
      ['POST', '/v1/reservations/accept-drafts', { payload: { reservations: [2 ** 40] } }],
      ['POST', '/v1/reservations/accept-drafts', { reservations: [1] }],
      ['PUT', `/v1/reservations/${pending}`, { payload: 'x' }],
      ['PUT', '/v1/reservations/99999999999', { payload: valid }],
      [
        'POST',
        `/v1/reservations/${pending}/validate`,
        { payload: { ...valid, nodes: [{ place: { ...PLACES.manchester, lat: 1000 }, time: 'anytime' }, {}] } },
      ],
      [
        'POST',
        `/v1/reservations/${pending}/validate`,
        { payload: { ...valid, nodes: [{ place: PLACES.manchester, time: '2026-13-01T08:00:00Z' }, {}] } },
      ],
      [
        'POST',
        `/v1/reservations/${pending}/cancel`,
        { payload: { cancel_reason: 'other', cancel_note: 'x'.repeat(2000) } },
      ],
      ['POST', `/v1/reservations/${pending}/cancel`, 'not json'],
    ];
    for (const [method, path, body] of bodies) {
      const response = await t.app.request(path, {
        method,
        headers: { 'content-type': 'application/json', ...auth('partner') },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expect(((await response.json()) as { message: string }).message).toEqual(expect.any(String));
    }
    expect(await statusOf(pending)).toBe('pending');
  });
});
