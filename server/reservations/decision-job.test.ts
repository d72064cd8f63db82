import { Schema } from 'effect';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CreatedReservationsResponse,
  RESERVATION_REFUSALS,
  ReservationActionResponse,
  ReservationDraftsResponse,
  ReservationListResponse,
  type Reservation,
  type ReservationInput,
} from '@/schemas/reservation';
import type { LatLng } from '@/server/geo/distance';
import { demandFor, planOfRow, runReservationJob, startReservationJob } from '@/server/reservations/decision-job';
import { OFFER_LIFETIME_HOURS } from '@/server/reservations/decision-policy';
import { planReservation } from '@/server/reservations/reservation-plan';
import { loadOwnReservation } from '@/server/reservations/reservation-store';
import { nodes, PLACES, reservationInput } from '@/server/reservations/reservation-test-inputs';
import { sqlList } from '@/server/db/sql-list';
import { DAY_HOLDING_STATUSES } from '@/server/reservations/lifecycle';
import { createSeededApp, jsonPost, SETUP_TIMEOUT_MS, signIn, type SeededApp } from '@/server/testing/seeded-app';
import { londonInstant } from '@/server/time/london';

/**
 * The decision lifecycle (decision-policy.ts, decision-job.ts) on a seeded database, driven by the test clock.
 * Demand is steered by placing open jobs at Thurso, where the seed has none (checked in beforeAll).
 */
let t: SeededApp;
let token: string;
let userId: number;
let vans: number[];

beforeAll(async () => {
  // The clock moves weeks ahead: a sign-in that outlasts it.
  t = await createSeededApp({ tokenTtlS: 365 * 86_400, sessionTtlS: 365 * 86_400 });
  token = (await signIn(t.app, 'partner@example.com')).token;
  const { rows } = await t.db.query<{ id: number; vans: number[] }>(
    `select u.id, array_agg(v.id order by v.id) as vans from users u join vehicles v on v.user_id = u.id
      where u.email = 'partner@example.com' group by u.id`,
  );
  userId = rows[0]!.id;
  vans = rows[0]!.vans;
  const plan = planReservation(thursoDay('2026-11-24'), { customWindows: true, period: null }).plan;
  expect(await demandFor(t.db, plan)).toBe(0);
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});

const thursoDay = (date: string): ReservationInput =>
  reservationInput({ date, nodes: nodes(PLACES.thurso, 'anytime', PLACES.thurso, 'anytime') });

const auth = () => ({ authorization: `Bearer ${token}` });
const post = (path: string, body?: unknown) =>
  t.app.request(path, body === undefined ? { method: 'POST', headers: auth() } : jsonPost(body, auth()));
const decode = async <A, I>(response: Response, schema: Schema.Codec<A, I>) =>
  Schema.decodeUnknownSync(schema)(await response.json());

/** Validates and creates one reservation through the API; returns it as created. */
const create = async (input: ReservationInput, vehicleId = vans[1]!): Promise<Reservation> => {
  const validated = await post('/v1/reservations', {
    payload: { user_id: userId, vehicle_id: vehicleId, reservations: [input] },
  });
  expect(validated.status).toBe(200);
  const drafts = await decode(validated, ReservationDraftsResponse);
  const created = await post('/v1/reservations/accept-drafts', { payload: { reservations: [drafts.data[0]!.id] } });
  expect(created.status).toBe(201);
  return (await decode(created, CreatedReservationsResponse)).data[0]!;
};

/**
 * A second live reservation of the vehicle on the same day. The API refuses one (one live reservation per vehicle and
 * day), so it is made on another of the partner's vans that has that day free and moved onto this one, as data from
 * before that rule may still hold.
 */
const createRival = async (input: ReservationInput, vehicleId: number): Promise<Reservation> => {
  const { rows } = await t.db.query<{ id: number }>(
    `select v.id from vehicles v
      where v.user_id = $1 and v.id <> $2 and v.status = 'APPROVED' and v.deleted_at is null
        and not exists (select 1 from reservations r where r.vehicle_id = v.id and r.date = $3::date
                          and r.status in ${sqlList(DAY_HOLDING_STATUSES)})
      order by v.id limit 1`,
    [userId, vehicleId, input.date],
  );
  const rival = await create(input, rows[0]!.id);
  await t.db.query('update reservations set vehicle_id = $2 where id = $1', [rival.id, vehicleId]);
  return rival;
};

/** Open jobs picked up near `at` on `date` (London 09:00–17:00), copied from seeded open jobs; returns their ids. */
const placeJobs = async (at: LatLng, date: string, count: number): Promise<number[]> => {
  const { rows } = await t.db.query<{ id: number }>(
    `insert into jobs (kind, category, status, pickup_town, pickup_postcode, pickup_lat, pickup_lng, delivery_town,
                       delivery_postcode, delivery_lat, delivery_lng, pickup_date_start, pickup_date_end, price,
                       volume_m3, distance_m, allocation_method, attributes, created_at, activated_at)
     select kind, category, status, 'Thurso', 'KW14 7AA', $1, $2, delivery_town, delivery_postcode, delivery_lat,
            delivery_lng, $3, $4, price, 2, distance_m, allocation_method, attributes, created_at, activated_at
       from jobs where provider_id is null and status in ('pending_allocation', 'click_and_claim')
      order by id limit $5
     returning id`,
    [at.lat + 0.01, at.lng + 0.01, londonInstant(date, 9), londonInstant(date, 17), count],
  );
  return rows.map((r) => r.id);
};

const statusOf = async (id: number) => (await loadOwnReservation(t.db, userId, id))?.status;
const HOUR = 3600;

describe('a new reservation', () => {
  it('is pending, due for a decision 2 hours later, and unsuccessful with no work nearby', async () => {
    const reservation = await create(thursoDay('2026-11-23'));
    expect(reservation.status).toBe('pending');
    expect(reservation.decision_due_at).toBe(new Date(t.clock.now.getTime() + 2 * HOUR * 1000).toISOString());
    t.clock.advance(2 * HOUR - 60);
    await runReservationJob(t.db, t.clock.now);
    expect(await statusOf(reservation.id)).toBe('pending');
    t.clock.advance(60);
    const summary = await runReservationJob(t.db, t.clock.now);
    expect(summary.decided).toBeGreaterThanOrEqual(1);
    expect(await statusOf(reservation.id)).toBe('unsuccessful');
    expect(t.errors).toEqual([]);
  });

  it("is accepted with 3 open jobs nearby, superseding the vehicle's other reservations of that date", async () => {
    await placeJobs(PLACES.thurso, '2026-11-24', 3);
    const first = await create(thursoDay('2026-11-24'), vans[2]);
    const second = await createRival(thursoDay('2026-11-24'), vans[2]!);
    const otherVan = await create(thursoDay('2026-11-24'), vans[3]);
    t.clock.advance(2 * HOUR);
    await runReservationJob(t.db, t.clock.now);
    expect(await statusOf(first.id)).toBe('accepted');
    expect(await statusOf(second.id)).toBe('superseded');
    expect(await statusOf(otherVan.id)).toBe('accepted');
  });
});

describe('a return offer', () => {
  it('comes with 1 or 2 jobs nearby: type return, a narrower band, 12 hours to answer; accepting it supersedes', async () => {
    await placeJobs(PLACES.thurso, '2026-11-25', 1);
    const offered = await create(thursoDay('2026-11-25'), vans[0]);
    const rival = await createRival(thursoDay('2026-11-25'), vans[0]!);
    t.clock.advance(2 * HOUR);
    const decidedAt = t.clock.now;
    // The list brings the caller's reservations up to the clock before it answers.
    const list = await decode(
      await t.app.request('/v1/reservations?order=date_asc', { headers: auth() }),
      ReservationListResponse,
    );
    const offer = list.data.find((r) => r.id === offered.id)!;
    expect(offer.status).toBe('return_offer');
    expect(offer.type).toBe('return');
    expect(offer.offer_expires_at).toBe(
      new Date(decidedAt.getTime() + OFFER_LIFETIME_HOURS * HOUR * 1000).toISOString(),
    );
    expect(offer.min_price).toEqual(offered.min_price);
    expect(offer.max_price!.amount).toBe(Math.round((offered.min_price!.amount + offered.max_price!.amount) / 2));
    expect(list.data.find((r) => r.id === rival.id)?.status).toBe('return_offer');

    const accepted = await post(`/v1/reservations/${offered.id}/accept-offer`);
    expect(accepted.status).toBe(200);
    const body = await decode(accepted, ReservationActionResponse);
    expect(body).toMatchObject({ message: 'messages.reservation_offer_accepted', data: { status: 'accepted' } });
    expect(await statusOf(rival.id)).toBe('superseded');
  });

  it('can be rejected (tp_rejected); an answer to a reservation without an offer is refused', async () => {
    await placeJobs(PLACES.thurso, '2026-11-28', 2);
    const offered = await create(thursoDay('2026-11-28'), vans[4]);
    const notYet = await post(`/v1/reservations/${offered.id}/reject-offer`);
    expect(notYet.status).toBe(409);
    expect(await notYet.json()).toEqual({ message: RESERVATION_REFUSALS.noOffer });
    t.clock.advance(2 * HOUR);
    const rejected = await post(`/v1/reservations/${offered.id}/reject-offer`);
    expect(rejected.status).toBe(200);
    expect((await decode(rejected, ReservationActionResponse)).data.status).toBe('tp_rejected');
  });

  it('times out when its countdown ends, and accepting it then is refused', async () => {
    await placeJobs(PLACES.thurso, '2026-11-27', 2);
    const offered = await create(thursoDay('2026-11-27'), vans[3]);
    t.clock.advance(2 * HOUR);
    await runReservationJob(t.db, t.clock.now);
    expect(await statusOf(offered.id)).toBe('return_offer');
    t.clock.advance(OFFER_LIFETIME_HOURS * HOUR - 1);
    expect(await statusOf(offered.id)).toBe('return_offer');
    t.clock.advance(1);
    const late = await post(`/v1/reservations/${offered.id}/accept-offer`);
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ message: RESERVATION_REFUSALS.offerExpired });
    expect(await statusOf(offered.id)).toBe('timed_out');
    expect(t.errors).toEqual([]);
  });
});

describe('requests the team decides', () => {
  it('grants a pending cancellation when it is due', async () => {
    const soon = await create(thursoDay('2026-12-01'), vans[0]);
    await placeJobs(PLACES.thurso, '2026-12-01', 3);
    t.clock.advance(2 * HOUR);
    await runReservationJob(t.db, t.clock.now);
    expect(await statusOf(soon.id)).toBe('accepted');
    // Within 48 hours of its start, an accepted reservation is cancelled only on request.
    const start = londonInstant('2026-12-01', 8).getTime();
    t.clock.now = new Date(start - 47 * HOUR * 1000);
    const asked = await post(`/v1/reservations/${soon.id}/cancel`, { payload: { cancel_reason: 'vehicle_issues' } });
    expect((await decode(asked, ReservationActionResponse)).data.status).toBe('pending_cancellation');
    t.clock.advance(2 * HOUR);
    await runReservationJob(t.db, t.clock.now);
    expect(await statusOf(soon.id)).toBe('tp_cancelled');
  });

  it('applies a requested edit when the new reservation would be accepted, and drops it otherwise', async () => {
    const jobs = await placeJobs(PLACES.thurso, '2026-12-03', 3);
    const kept = await create(thursoDay('2026-12-03'), vans[1]);
    const changed = await create(thursoDay('2026-12-03'), vans[2]);
    t.clock.advance(2 * HOUR);
    await runReservationJob(t.db, t.clock.now);
    expect([await statusOf(kept.id), await statusOf(changed.id)]).toEqual(['accepted', 'accepted']);

    const edit = (id: number, capacity: number) =>
      t.app.request(`/v1/reservations/${id}`, {
        ...jsonPost({ payload: { ...thursoDay('2026-12-03'), capacity: { value: capacity, unit: 'm3' } } }, auth()),
        method: 'PUT',
      });
    const requested = await edit(changed.id, 8);
    expect(await decode(requested, ReservationActionResponse)).toMatchObject({
      message: 'messages.reservation_update_requested',
      data: { status: 'pending_modification', pending_modification: true, capacity: { value: 10 } },
    });
    t.clock.advance(2 * HOUR);
    await runReservationJob(t.db, t.clock.now);
    const applied = await loadOwnReservation(t.db, userId, changed.id);
    expect([applied?.status, applied?.capacity_m3]).toEqual(['accepted', 8]);

    await edit(kept.id, 6);
    await t.db.query(`update jobs set status = 'allocated' where id in (${jobs.join(', ')})`);
    t.clock.advance(2 * HOUR);
    await runReservationJob(t.db, t.clock.now);
    const dropped = await loadOwnReservation(t.db, userId, kept.id);
    expect([dropped?.status, dropped?.capacity_m3, dropped?.requested_change]).toEqual(['accepted', 10, null]);
  });
});

describe('the job', () => {
  it('runs for one partner only when scoped, and closes days that are over', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `select id from reservations where user_id = $1 and status = 'accepted' and date > $2::date order by date, id`,
      [userId, '2026-12-01'],
    );
    const [accepted, associated] = rows;
    expect(associated).toBeDefined();
    await t.db.query("update reservations set status = 'journey_associated' where id = $1", [associated!.id]);
    t.clock.now = new Date('2026-12-20T12:00:00Z');
    const { rows: starter } = await t.db.query<{ id: number }>(
      "select id from users where email = 'starter@example.com'",
    );
    await runReservationJob(t.db, t.clock.now, { userId: starter[0]!.id });
    expect(await statusOf(associated!.id)).toBe('journey_associated');
    const summary = await runReservationJob(t.db, t.clock.now);
    expect(summary.closed).toBeGreaterThanOrEqual(2);
    expect(await statusOf(associated!.id)).toBe('completed');
    expect(await statusOf(accepted!.id)).toBe('no_match');
    const stale = await t.db.query<{ n: number }>(
      `select count(*)::int as n from reservations
        where status in ('pending', 'pending_cancellation', 'pending_modification', 'return_offer', 'accepted',
                         'journey_associated') and date < '2026-12-20'`,
    );
    expect(stale.rows[0]?.n).toBe(0);
  });

  it('runs on an interval on the given clock, and stops', async () => {
    t.clock.now = new Date('2026-12-21T09:00:00Z');
    const pending = await create(thursoDay('2026-12-30'), vans[4]);
    t.clock.advance(3 * HOUR);
    const job = startReservationJob(t.db, () => t.clock.now, { intervalMs: 10, onError: (e) => t.errors.push(e) });
    for (let i = 0; i < 200 && (await statusOf(pending.id)) === 'pending'; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await job.stop();
    expect(await statusOf(pending.id)).toBe('unsuccessful');
    expect(t.errors).toEqual([]);
  });

  it('plans every stored reservation again without a form error', async () => {
    const { rows } = await t.db.query<{ id: number }>('select id from reservations where user_id = $1', [userId]);
    for (const { id } of rows) {
      const row = (await loadOwnReservation(t.db, userId, id))!;
      expect(() => planOfRow(row)).not.toThrow();
    }
  });
});
