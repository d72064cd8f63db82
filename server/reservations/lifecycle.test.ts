import { Schema } from 'effect';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CreatedReservationsResponse,
  RESERVATION_REFUSALS,
  RESERVATION_STATUSES,
  ReservationActionResponse,
  ReservationDraftsResponse,
  ReservationListResponse,
  type AllowedActions,
  type ReservationInput,
  type ReservationStatus,
} from '@/schemas/reservation';
import { readConfig } from '@/server/config';
import { runReservationJob, startReservationJob } from '@/server/reservations/decision-job';
import { lifecycleClockOf } from '@/server/reservations/decision-policy';
import {
  DAY_HOLDING_STATUSES,
  movesOn,
  nextStatus,
  statusUpdateSql,
  type LifecycleEventType,
} from '@/server/reservations/lifecycle';
import { nodes, PLACES, reservationInput } from '@/server/reservations/reservation-test-inputs';
import { createSeededApp, jsonPost, SETUP_TIMEOUT_MS, signIn, type SeededApp } from '@/server/testing/seeded-app';
import { addDays, londonDate, londonInstant } from '@/server/time/london';

/**
 * The lifecycle machine as the server uses it (lifecycle.ts): every status change it allows, the partner's actions it
 * refuses when the flags do not allow them, the clock sped up by configuration, and the reservation team's return
 * offer with a short expiry, which the decision job then times out.
 */

const NONE: AllowedActions = {
  cancel_request: false,
  cancel_immediately: false,
  update_request: false,
  update_immediately: false,
};
const only = (flag: keyof AllowedActions): AllowedActions => ({ ...NONE, [flag]: true });

describe('the lifecycle machine, as the server reads it', () => {
  it('moves each status on the team’s and the clock’s events as spec §4 and the issue say, and nothing else', () => {
    const table = (event: LifecycleEventType) => Object.fromEntries(movesOn(event));
    expect(table('team.accepted')).toEqual({ pending: 'accepted' });
    expect(table('team.unsuccessful')).toEqual({ pending: 'unsuccessful' });
    expect(table('team.offered')).toEqual({ pending: 'return_offer' });
    expect(table('offer.expired')).toEqual({ return_offer: 'timed_out' });
    expect(table('offer.accepted')).toEqual({ return_offer: 'accepted' });
    expect(table('offer.rejected')).toEqual({ return_offer: 'tp_rejected' });
    expect(table('rival.accepted')).toEqual({
      pending: 'superseded',
      return_offer: 'superseded',
      accepted: 'superseded',
      pending_modification: 'superseded',
    });
    expect(table('team.cancel.granted')).toEqual({ pending_cancellation: 'tp_cancelled' });
    expect(table('team.edit.decided')).toEqual({ pending_modification: 'accepted' });
    expect(table('day.over')).toEqual({ accepted: 'no_match', journey_associated: 'completed' });
    // without a flag the partner can do nothing anywhere
    expect(table('partner.cancelled')).toEqual({});
    expect(table('partner.edited')).toEqual({});
  });

  it("holds a vehicle's day in every live status but a return offer, which an acceptance then makes the only one", () => {
    const live = RESERVATION_STATUSES.filter((status) => (DAY_HOLDING_STATUSES as readonly string[]).includes(status));
    expect(live).toEqual(['pending', 'accepted', 'journey_associated', 'pending_cancellation', 'pending_modification']);
    // every status an accepted offer supersedes holds the day, except the offers themselves
    expect([...movesOn('rival.accepted').keys()].filter((s) => !live.includes(s))).toEqual(['return_offer']);
  });

  it('lets the partner cancel or edit only where a flag of meta.allowed_actions allows, at once or as a request', () => {
    const outcomes = (event: 'partner.cancelled' | 'partner.edited', allowed: AllowedActions) =>
      Object.fromEntries(
        RESERVATION_STATUSES.flatMap((s) => {
          const to = nextStatus(s, event, allowed);
          return to === null ? [] : [[s, to]];
        }),
      );
    expect(outcomes('partner.cancelled', only('cancel_immediately'))).toEqual({
      pending: 'tp_withdrawn',
      return_offer: 'tp_withdrawn',
      accepted: 'tp_cancelled',
    });
    expect(outcomes('partner.cancelled', only('cancel_request'))).toEqual({ accepted: 'pending_cancellation' });
    expect(outcomes('partner.cancelled', { ...only('update_immediately'), update_request: true })).toEqual({});
    expect(outcomes('partner.edited', only('update_immediately'))).toEqual({ pending: 'pending' });
    expect(outcomes('partner.edited', only('update_request'))).toEqual({ accepted: 'pending_modification' });
    expect(outcomes('partner.edited', { ...only('cancel_immediately'), cancel_request: true })).toEqual({});
  });

  it('writes the statuses of a bulk update from the machine, never from input', () => {
    expect(statusUpdateSql('day.over', 'r.status')).toEqual({
      where: "r.status in ('accepted', 'journey_associated')",
      set: "case r.status when 'accepted' then 'no_match' when 'journey_associated' then 'completed' end",
    });
    expect(() => statusUpdateSql('partner.cancelled')).toThrow(/moves no status/);
  });

  it('resumes in every stored status; the finished ones take nothing', () => {
    const finished: ReservationStatus[] = RESERVATION_STATUSES.filter(
      (s) => !['pending', 'return_offer', 'accepted', 'pending_cancellation', 'pending_modification'].includes(s),
    ).filter((s) => s !== 'journey_associated');
    const events: LifecycleEventType[] = [
      'team.accepted',
      'team.unsuccessful',
      'team.offered',
      'offer.expired',
      'offer.accepted',
      'offer.rejected',
      'rival.accepted',
      'partner.cancelled',
      'partner.edited',
      'team.cancel.granted',
      'team.edit.decided',
      'day.over',
    ];
    const all: AllowedActions = {
      cancel_request: true,
      cancel_immediately: true,
      update_request: true,
      update_immediately: true,
    };
    for (const status of finished) for (const event of events) expect(nextStatus(status, event, all)).toBeNull();
  });
});

describe('the lifecycle clock from the environment', () => {
  it('reads RESERVATION_JOB_EVERY_S, RESERVATION_DECISION_AFTER_S and RESERVATION_OFFER_LIFETIME_S with defaults', () => {
    expect(readConfig({})).toMatchObject({
      reservationJobEveryS: 60,
      reservationDecisionAfterS: 7200,
      reservationOfferLifetimeS: 43200,
    });
    expect(
      readConfig({
        RESERVATION_JOB_EVERY_S: '2',
        RESERVATION_DECISION_AFTER_S: '30',
        RESERVATION_OFFER_LIFETIME_S: '20',
      }),
    ).toMatchObject({ reservationJobEveryS: 2, reservationDecisionAfterS: 30, reservationOfferLifetimeS: 20 });
  });

  it('refuses a malformed value, and a decision later than the 24 hours of spec §9', () => {
    expect(() => readConfig({ RESERVATION_JOB_EVERY_S: '0' })).toThrow(/RESERVATION_JOB_EVERY_S/);
    expect(() => readConfig({ RESERVATION_JOB_EVERY_S: '1.5' })).toThrow(/RESERVATION_JOB_EVERY_S/);
    expect(() => readConfig({ RESERVATION_OFFER_LIFETIME_S: 'soon' })).toThrow(/RESERVATION_OFFER_LIFETIME_S/);
    expect(readConfig({ RESERVATION_DECISION_AFTER_S: '86400' }).reservationDecisionAfterS).toBe(86_400);
    expect(() => readConfig({ RESERVATION_DECISION_AFTER_S: '86401' })).toThrow(/at most 86400/);
  });
});

let t: SeededApp;
const token = {} as Record<'partner' | 'starter' | 'admin', string>;
let userId: number;
let vans: number[];
let today: string;
const DECISION_AFTER_S = 60;
const OFFER_LIFETIME_S = 30;

beforeAll(async () => {
  t = await createSeededApp({
    tokenTtlS: 365 * 86_400,
    sessionTtlS: 365 * 86_400,
    reservationDecisionAfterS: DECISION_AFTER_S,
    reservationOfferLifetimeS: OFFER_LIFETIME_S,
  });
  for (const who of ['partner', 'starter', 'admin'] as const)
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
  const { rows } = await t.db.query<{ id: number; vans: number[] }>(
    `select u.id, array_agg(v.id order by v.id) as vans from users u join vehicles v on v.user_id = u.id
      where u.email = 'partner@example.com' group by u.id`,
  );
  userId = rows[0]!.id;
  vans = rows[0]!.vans;
  today = londonDate(t.clock.now);
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});

const auth = (who: keyof typeof token) => ({ authorization: `Bearer ${token[who]}` });
const post = (path: string, body: unknown, who: keyof typeof token = 'partner') =>
  t.app.request(path, body === undefined ? { method: 'POST', headers: auth(who) } : jsonPost(body, auth(who)));
const decode = async <A, I>(response: Response, schema: Schema.Codec<A, I>) =>
  Schema.decodeUnknownSync(schema)(await response.json());
const statusOf = async (id: number) =>
  (await t.db.query<{ status: string }>('select status from reservations where id = $1', [id])).rows[0]?.status;

/** A Thurso day (no open work there in the seed): pending until decided, then unsuccessful. */
const thursoDay = (inDays: number): ReservationInput =>
  reservationInput({ date: addDays(today, inDays), nodes: nodes(PLACES.thurso, 'anytime', PLACES.thurso, 'anytime') });

const create = async (input: ReservationInput, vehicleId = vans[0]!) => {
  const drafts = await decode(
    await post('/v1/reservations', { payload: { user_id: userId, vehicle_id: vehicleId, reservations: [input] } }),
    ReservationDraftsResponse,
  );
  const created = await post('/v1/reservations/accept-drafts', { payload: { reservations: [drafts.data[0]!.id] } });
  return (await decode(created, CreatedReservationsResponse)).data[0]!;
};

describe('a lifecycle sped up by configuration', () => {
  it('decides RESERVATION_DECISION_AFTER_S after the request; the job runs on its own period', async () => {
    const made = await create(thursoDay(20));
    expect(made.decision_due_at).toBe(new Date(t.clock.now.getTime() + DECISION_AFTER_S * 1000).toISOString());
    t.clock.advance(DECISION_AFTER_S - 1);
    await runReservationJob(t.db, t.clock.now, { clock: lifecycleClockOf(t.config) });
    expect(await statusOf(made.id)).toBe('pending');
    t.clock.advance(1);
    const job = startReservationJob(t.db, () => t.clock.now, { intervalMs: 5, onError: (e) => t.errors.push(e) });
    for (let i = 0; i < 200 && (await statusOf(made.id)) === 'pending'; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await job.stop();
    expect(await statusOf(made.id)).toBe('unsuccessful');
    expect(t.errors).toEqual([]);
  });
});

describe('POST /v1/admin/reservations/{id}/return-offer (the reservation team)', () => {
  const offer = (id: number, body: unknown, who: keyof typeof token = 'admin') =>
    post(`/v1/admin/reservations/${id}/return-offer`, body, who);

  it('is for admins only', async () => {
    const made = await create(thursoDay(21), vans[1]);
    for (const who of ['partner', 'starter'] as const) {
      const refused = await offer(made.id, { payload: { expires_in_s: 20 } }, who);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: 'This action is for admins only.' });
    }
    expect(await statusOf(made.id)).toBe('pending');
  });

  it('names a bad expiry, and answers an unknown reservation with 404', async () => {
    const made = await create(thursoDay(22), vans[2]);
    for (const expires of [4, 86_401, 12.5, '20']) {
      const bad = await offer(made.id, { payload: { expires_in_s: expires } });
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as { errors: object }).errors).toHaveProperty(['expires_in_s']);
    }
    expect((await offer(9_999_999, { payload: { expires_in_s: 20 } })).status).toBe(404);
    expect((await offer(0, { payload: { expires_in_s: 20 } })).status).toBe(404);
  });

  it('offers a pending reservation back with a short countdown, which the job then times out', async () => {
    const made = await create(thursoDay(23), vans[3]);
    const answer = await offer(made.id, { payload: { expires_in_s: 18 } });
    expect(answer.status).toBe(200);
    const body = await decode(answer, ReservationActionResponse);
    expect(body.message).toBe('messages.reservation_offer_made');
    expect(body.data).toMatchObject({
      id: made.id,
      status: 'return_offer',
      type: 'return',
      offer_expires_at: new Date(t.clock.now.getTime() + 18_000).toISOString(),
      min_price: made.min_price,
      max_price: { amount: Math.round((made.min_price!.amount + made.max_price!.amount) / 2) },
      meta: { allowed_actions: { cancel_immediately: true, update_immediately: false } },
    });
    // the partner sees it counting down in the current list
    const list = await decode(
      await t.app.request('/v1/reservations?order=date_asc', { headers: auth('partner') }),
      ReservationListResponse,
    );
    expect(list.data.find((r) => r.id === made.id)?.status).toBe('return_offer');
    // only a pending reservation can be offered back: the machine refuses it now
    const again = await offer(made.id, { payload: { expires_in_s: 18 } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: RESERVATION_REFUSALS.notPending });

    t.clock.advance(17);
    expect((await runReservationJob(t.db, t.clock.now)).expired).toBe(0);
    t.clock.advance(1);
    expect((await runReservationJob(t.db, t.clock.now, { userId })).expired).toBe(1);
    expect(await statusOf(made.id)).toBe('timed_out');
    const late = await post(`/v1/reservations/${made.id}/accept-offer`, undefined);
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ message: RESERVATION_REFUSALS.offerExpired });
    expect(t.errors).toEqual([]);
  });

  it('never lets an offer outlast the reservation’s start, and refuses once it has started', async () => {
    const date = addDays(today, 24);
    const start = londonInstant(date, 8);
    const made = await create(
      reservationInput({ date, nodes: nodes(PLACES.thurso, start.toISOString(), PLACES.thurso, 'anytime') }),
      vans[4],
    );
    // the team has not decided yet when the clock reaches the start (as if the decision were due later)
    const undecided = async () =>
      t.db.query("update reservations set status = 'pending', offer_expires_at = null, decide_at = $2 where id = $1", [
        made.id,
        new Date(start.getTime() + 3_600_000),
      ]);
    await undecided();
    t.clock.now = new Date(start.getTime() - 10 * 60_000);
    const body = await decode(await offer(made.id, { payload: { expires_in_s: 3600 } }), ReservationActionResponse);
    expect(body.data.offer_expires_at).toBe(start.toISOString());
    await undecided();
    t.clock.now = new Date(start.getTime() + 60_000);
    const late = await offer(made.id, { payload: { expires_in_s: 60 } });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ message: RESERVATION_REFUSALS.started });
  });
});
