import { randomUUID } from 'node:crypto';
import { Schema } from 'effect';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ListingActionError, ListingDetailResponse, MAX_QUOTE_MINOR_UNITS } from '@/schemas/listing';
import { JobsResponse } from '@/schemas/search';
import { REPLAYED_HEADER } from '@/server/http/idempotency';
import { NO_APPROVED_VEHICLE, NOT_A_PARTNER } from '@/server/listings/eligibility';
import { listingEvents, type TakenListing } from '@/server/listings/listing-events';
import {
  createSeededApp,
  getWithToken,
  jsonPost,
  SETUP_TIMEOUT_MS,
  signIn,
  type SeededApp,
} from '@/server/testing/seeded-app';

let t: SeededApp;
const token = {} as Record<'partner' | 'starter' | 'expiring' | 'unverified' | 'admin', string>;
const userId = {} as Record<keyof typeof token, number>;
const vehicles = {} as Record<keyof typeof token, number[]>;

beforeAll(async () => {
  t = await createSeededApp();
  for (const who of Object.keys({ partner: 1, starter: 1, expiring: 1, unverified: 1, admin: 1 }) as Array<
    keyof typeof token
  >) {
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
    const { rows } = await t.db.query<{ id: number; vehicle_ids: number[] }>(
      `select u.id, coalesce(array_agg(v.id order by v.id) filter (where v.id is not null), '{}') as vehicle_ids
         from users u left join vehicles v on v.user_id = u.id and v.status = 'APPROVED'
        where u.email = $1 group by u.id`,
      [`${who}@example.com`],
    );
    userId[who] = rows[0]!.id;
    vehicles[who] = rows[0]!.vehicle_ids;
  }
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});

/** Open jobs of one kind, first ids first, that no test has used yet (each test takes its own). */
const used = new Set<number>();
const openJob = async (kind: 'instant' | 'auction' | 'express_interest'): Promise<number> => {
  const where =
    kind === 'instant'
      ? `kind = 'instant' and status = 'click_and_claim'`
      : kind === 'auction'
        ? `kind = 'auction' and status = 'pending_allocation'`
        : `kind = 'instant' and allocation_method = 'express_interest'`;
  const { rows } = await t.db.query<{ id: number }>(
    `select id from jobs where ${where} and provider_id is null and pickup_date_end > $1 order by id`,
    [t.clock.now],
  );
  const id = rows.map((r) => r.id).find((candidate) => !used.has(candidate));
  if (id === undefined) throw new Error(`no open ${kind} job left`);
  used.add(id);
  return id;
};

/** A job the seed gave to `who` (won work). */
const wonJob = async (who: keyof typeof token): Promise<number> => {
  const { rows } = await t.db.query<{ id: number }>(
    `select id from jobs where provider_id = $1 and status = 'allocated' order by id limit 1`,
    [userId[who]],
  );
  return rows[0]!.id;
};

const read = (id: number | string, who: keyof typeof token = 'partner') =>
  getWithToken(t.app, `/v1/listings/${id}`, token[who]);
const act = (
  action: 'book' | 'quote',
  id: number,
  payload: unknown,
  who: keyof typeof token = 'partner',
  headers: Record<string, string> = {},
) =>
  t.app.request(
    `/v1/listings/${id}/${action}`,
    jsonPost({ payload }, { authorization: `Bearer ${token[who]}`, ...headers }),
  );

const detailOf = async (response: Response) =>
  Schema.decodeUnknownSync(ListingDetailResponse)(await response.json()).data;
const refusalOf = async (response: Response) => Schema.decodeUnknownSync(ListingActionError)(await response.json());

const jobRow = async (id: number) =>
  (
    await t.db.query<{ status: string; provider_id: number | null; provider_vehicle_id: number | null }>(
      'select status, provider_id, provider_vehicle_id from jobs where id = $1',
      [id],
    )
  ).rows[0]!;

describe('GET /v1/listings/{id}', () => {
  it('shows an open instant job with the public facts of its search result, and no full postcode', async () => {
    const id = await openJob('instant');
    const response = await read(id);
    expect(response.status).toBe(200);
    const detail = await detailOf(response);

    const search = await t.app.request(
      '/v1/jobs',
      jsonPost(
        { payload: { type: 'instant', categories: [detail.category], limit: 100, page: 1, order: 'created_at_asc' } },
        { authorization: `Bearer ${token.partner}` },
      ),
    );
    const rows = Schema.decodeUnknownSync(JobsResponse)(await search.json()).data;
    let result = rows.find((row) => row.id === detail.id);
    for (let page = 2; !result; page++) {
      const next = await t.app.request(
        '/v1/jobs',
        jsonPost(
          { payload: { type: 'instant', categories: [detail.category], limit: 100, page, order: 'created_at_asc' } },
          { authorization: `Bearer ${token.partner}` },
        ),
      );
      const data = Schema.decodeUnknownSync(JobsResponse)(await next.json()).data;
      if (data.length === 0) throw new Error('not in the search');
      result = data.find((row) => row.id === detail.id);
    }
    for (const field of [
      'kind',
      'category',
      'title',
      'status',
      'pickup',
      'delivery',
      'pickup_date',
      'price',
      'volume_m3',
      'distance_m',
      'allocation_method',
      'attributes',
      'created_at',
      'activated_at',
    ] as const)
      expect(detail[field]).toEqual(result[field]);

    expect(detail).toMatchObject({ kind: 'instant', eligible: true, actions: { book: true, quote: false } });
    expect(detail.auction).toBeNull();
    expect(detail.allocation).toBeNull();
    expect(detail.description).toContain(`from ${detail.pickup.town} to ${detail.delivery.town}`);
    // Distances from the partner's registered address (Manchester).
    expect(detail.pickup_distance_m).toBeGreaterThan(0);
    const { rows: postcodes } = await t.db.query<{ pickup_postcode: string; delivery_postcode: string }>(
      'select pickup_postcode, delivery_postcode from jobs where id = $1',
      [id],
    );
    const text = JSON.stringify(detail);
    expect(text).not.toContain(postcodes[0]!.pickup_postcode);
    expect(text).not.toContain(postcodes[0]!.delivery_postcode);
    expect(detail.pickup.short_postcode).toBe(postcodes[0]!.pickup_postcode.split(' ')[0]);
  });

  it('shows an auction with its bidding, and whether the caller may act', async () => {
    const id = await openJob('auction');
    const detail = await detailOf(await read(id));
    expect(detail).toMatchObject({
      kind: 'auction',
      actions: { book: false, quote: true },
      auction: { lowest_quote: null, quote_count: 0, my_quote: null },
    });
    const unverified = await detailOf(await read(id, 'unverified'));
    expect(unverified).toMatchObject({ eligible: false, actions: { book: false, quote: false } });
    // The caller has no coordinates: no distances.
    expect(unverified.pickup_distance_m).toBeNull();
  });

  it('shows the winner its won job with the allocation and the full postcodes', async () => {
    const id = await wonJob('partner');
    const detail = await detailOf(await read(id));
    const { rows } = await t.db.query<{ pickup_postcode: string; delivery_postcode: string }>(
      'select pickup_postcode, delivery_postcode from jobs where id = $1',
      [id],
    );
    expect(detail.status).toBe('allocated');
    expect(detail.actions).toEqual({ book: false, quote: false });
    expect(detail.allocation).toMatchObject({
      pickup_postcode: rows[0]!.pickup_postcode,
      delivery_postcode: rows[0]!.delivery_postcode,
    });
  });

  it("answers 'Listing not found' for a job another partner has, to everyone else", async () => {
    const id = await wonJob('partner');
    for (const who of ['starter', 'admin'] as const) {
      const response = await read(id, who);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Listing not found' });
    }
  });

  it('answers 404 for an unknown id, an id that is not a number, and an id only a journey has', async () => {
    await t.db.query(
      `insert into journeys (id, status, allocation_method, first_pickup_at, start_town, start_lat, start_lng,
         end_town, end_lat, end_lng, tp_quote, created_at)
       values (900001, 'open', 'CLICK_AND_CLAIM', $1, 'Leeds', 53.8, -1.55, 'York', 53.96, -1.08, 9000, $1)`,
      [new Date(t.clock.now.getTime() + 3 * 86_400_000)],
    );
    for (const id of ['900001', '999999999', '0', '-3', 'abc', '1e3', '12345678901']) {
      const response = await read(id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Listing not found' });
    }
  });

  it('hides a job whose pickup window has passed, like a search does', async () => {
    const id = await openJob('instant');
    await t.db.query('update jobs set pickup_date_end = $2 where id = $1', [id, new Date(t.clock.now.getTime() - 1)]);
    expect((await read(id)).status).toBe(404);
  });
});

describe('POST /v1/listings/{id}/book', () => {
  it('allocates an open instant job to the caller with the chosen vehicle, and everyone else loses sight of it', async () => {
    const id = await openJob('instant');
    const heard: TakenListing[] = [];
    const unsubscribe = listingEvents.subscribe((event) => heard.push(event));
    const response = await act('book', id, { provider_vehicle_id: vehicles.starter[0] }, 'starter');
    unsubscribe();
    expect(response.status).toBe(200);
    const detail = await detailOf(response);
    expect(detail).toMatchObject({ id, status: 'allocated', actions: { book: false, quote: false } });
    expect(detail.allocation).toMatchObject({
      provider_vehicle_id: vehicles.starter[0],
      allocated_at: t.clock.now.toISOString(),
    });
    expect(await jobRow(id)).toEqual({
      status: 'allocated',
      provider_id: userId.starter,
      provider_vehicle_id: vehicles.starter[0],
    });
    expect(heard).toEqual([{ id, kind: 'instant' }]);
    expect((await read(id, 'partner')).status).toBe(404);
    expect((await read(id, 'starter')).status).toBe(200);
  });

  it('books without a vehicle when none is given', async () => {
    const id = await openJob('instant');
    const response = await act('book', id, {}, 'starter');
    expect(response.status).toBe(200);
    expect((await detailOf(response)).allocation?.provider_vehicle_id).toBeNull();
    expect(await jobRow(id)).toMatchObject({ provider_id: userId.starter, provider_vehicle_id: null });
  });

  it('gives one of two partners booking at the same moment the job, and the other a 409', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await openJob('instant');
      const answers = await Promise.all([
        act('book', id, { provider_vehicle_id: vehicles.partner[0] }, 'partner'),
        act('book', id, { provider_vehicle_id: vehicles.starter[0] }, 'starter'),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const loser = answers.find((r) => r.status === 409)!;
      expect(await refusalOf(loser)).toEqual({
        message: 'Sorry, another partner has already taken this job.',
        code: 'taken',
      });
      const winner = answers[0]!.status === 200 ? 'partner' : 'starter';
      const row = await jobRow(id);
      expect(row).toEqual({
        status: 'allocated',
        provider_id: userId[winner],
        provider_vehicle_id: vehicles[winner][0],
      });
    }
    expect(t.errors).toEqual([]);
  });

  it('answers a repeated book by the winner with the job, unchanged', async () => {
    const id = await openJob('instant');
    expect((await act('book', id, { provider_vehicle_id: vehicles.partner[1] })).status).toBe(200);
    const again = await act('book', id, { provider_vehicle_id: vehicles.partner[2] });
    expect(again.status).toBe(200);
    expect((await detailOf(again)).allocation?.provider_vehicle_id).toBe(vehicles.partner[1]);
    expect((await jobRow(id)).provider_vehicle_id).toBe(vehicles.partner[1]);
  });

  it('refuses a job taken by another partner, an auction, an express-interest job and a closed job with 409', async () => {
    const cases: Array<[number, string]> = [
      [await wonJob('starter'), 'taken'],
      [await openJob('auction'), 'wrong_kind'],
      [await openJob('express_interest'), 'wrong_kind'],
    ];
    const closed = await openJob('instant');
    await t.db.query('update jobs set pickup_date_end = $2 where id = $1', [closed, t.clock.now]);
    cases.push([closed, 'closed']);
    for (const [id, code] of cases) {
      const before = await jobRow(id);
      const response = await act('book', id, {});
      expect(response.status).toBe(409);
      expect((await refusalOf(response)).code).toBe(code);
      expect(await jobRow(id)).toEqual(before);
    }
  });

  it('refuses a vehicle that is not one of the caller’s approved vehicles with 422 on provider_vehicle_id', async () => {
    const id = await openJob('instant');
    for (const vehicle of [vehicles.starter[0], 999_999]) {
      const response = await act('book', id, { provider_vehicle_id: vehicle });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        message: 'messages.validation',
        errors: { provider_vehicle_id: ['Choose one of your approved vehicles'] },
      });
    }
    const malformed = await act('book', id, { provider_vehicle_id: 'van' });
    expect(malformed.status).toBe(422);
    expect(Object.keys(((await malformed.json()) as { errors: object }).errors)).toEqual(['provider_vehicle_id']);
    expect((await jobRow(id)).provider_id).toBeNull();
  });

  it('refuses callers who may not work: a partner without an approved vehicle, an admin', async () => {
    const id = await openJob('instant');
    // starter@ meets every other requirement: with its one van no longer approved, the vehicle is the reason
    await t.db.query("update vehicles set status = 'PENDING' where id = $1", [vehicles.starter[0]!]);
    try {
      const starter = await act('book', id, {}, 'starter');
      expect(starter.status).toBe(403);
      expect(await refusalOf(starter)).toMatchObject({
        message: NO_APPROVED_VEHICLE,
        code: 'not_eligible',
        reason: 'no_approved_vehicle',
        work: { may_work: false, reasons: ['no_approved_vehicle'] },
      });
    } finally {
      await t.db.query("update vehicles set status = 'APPROVED' where id = $1", [vehicles.starter[0]!]);
    }
    // unverified@ has no documents either: those come first, and every reason is listed
    const unverified = await act('book', id, {}, 'unverified');
    expect(unverified.status).toBe(403);
    expect(await refusalOf(unverified)).toMatchObject({
      code: 'not_eligible',
      reason: 'documents',
      work: { reasons: ['documents', 'no_approved_vehicle', 'terms'] },
    });
    const admin = await act('book', id, {}, 'admin');
    expect(admin.status).toBe(403);
    expect(await refusalOf(admin)).toMatchObject({ message: NOT_A_PARTNER, reason: 'not_a_partner' });
    expect((await jobRow(id)).provider_id).toBeNull();
  });

  it('answers 404 for an unknown job', async () => {
    const response = await act('book', 999_999, {});
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Listing not found' });
  });
});

describe('POST /v1/listings/{id}/quote', () => {
  const quoteRows = async (id: number) =>
    (
      await t.db.query<{ user_id: number; amount: number }>(
        'select user_id, amount from listing_quotes where job_id = $1 order by user_id',
        [id],
      )
    ).rows;

  it('creates the caller’s quote (201), changes it (200), and shows the lowest quote and the count', async () => {
    const id = await openJob('auction');
    const created = await act('quote', id, { amount: 12_500 });
    expect(created.status).toBe(201);
    expect((await detailOf(created)).auction).toEqual({
      lowest_quote: { amount: 12_500 },
      quote_count: 1,
      my_quote: {
        amount: { amount: 12_500 },
        created_at: t.clock.now.toISOString(),
        updated_at: t.clock.now.toISOString(),
      },
    });

    t.clock.advance(60);
    const changed = await act('quote', id, { amount: 11_000 });
    expect(changed.status).toBe(200);
    const mine = (await detailOf(changed)).auction?.my_quote;
    expect(mine?.amount).toEqual({ amount: 11_000 });
    expect(mine?.updated_at).toBe(t.clock.now.toISOString());
    expect(mine?.created_at).not.toBe(mine?.updated_at);

    expect((await act('quote', id, { amount: 10_000 }, 'starter')).status).toBe(201);
    const seenByPartner = await detailOf(await read(id));
    expect(seenByPartner.auction).toMatchObject({
      lowest_quote: { amount: 10_000 },
      quote_count: 2,
      my_quote: { amount: { amount: 11_000 } },
    });
    expect(await quoteRows(id)).toEqual([
      { user_id: userId.partner, amount: 11_000 },
      { user_id: userId.starter, amount: 10_000 },
    ]);
  });

  it.each([
    [0, 'The amount must be more than 0'],
    [-500, 'The amount must be more than 0'],
    [12.5, 'The amount is a whole number of pence'],
    [MAX_QUOTE_MINOR_UNITS + 1, `The amount is at most ${MAX_QUOTE_MINOR_UNITS} pence (£50000)`],
  ])('refuses an amount of %s with 422 on amount', async (amount, message) => {
    const id = await openJob('auction');
    const response = await act('quote', id, { amount });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: 'messages.validation', errors: { amount: [message] } });
    expect(await quoteRows(id)).toEqual([]);
  });

  it('refuses a missing or non-numeric amount with 422 on amount, and accepts the maximum', async () => {
    const id = await openJob('auction');
    for (const payload of [{}, { amount: '100' }, { amount: null }]) {
      const response = await act('quote', id, payload);
      expect(response.status).toBe(422);
      expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual(['amount']);
    }
    expect((await act('quote', id, { amount: MAX_QUOTE_MINOR_UNITS })).status).toBe(201);
  });

  it('refuses an allocated job, an instant job and a closed auction with 409, and writes nothing', async () => {
    const closed = await openJob('auction');
    await t.db.query('update jobs set pickup_date_end = $2 where id = $1', [closed, t.clock.now]);
    const cases: Array<[number, string]> = [
      [await wonJob('starter'), 'taken'],
      [await wonJob('partner'), 'closed'],
      [await openJob('instant'), 'wrong_kind'],
      [closed, 'closed'],
    ];
    for (const [id, code] of cases) {
      const response = await act('quote', id, { amount: 5_000 });
      expect(response.status).toBe(409);
      expect((await refusalOf(response)).code).toBe(code);
      expect(await quoteRows(id)).toEqual([]);
    }
    expect((await act('quote', 999_999, { amount: 5_000 })).status).toBe(404);
    expect((await act('quote', await openJob('auction'), { amount: 5_000 }, 'unverified')).status).toBe(403);
  });
});

describe('Idempotency-Key on book and quote', () => {
  it('answers a repeated quote with the first answer and writes one quote', async () => {
    const id = await openJob('auction');
    const key = randomUUID();
    const first = await act('quote', id, { amount: 9_000 }, 'partner', { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    t.clock.advance(5);
    const second = await act('quote', id, { amount: 9_000 }, 'partner', { 'idempotency-key': key });
    expect(second.status).toBe(201);
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await second.text()).toBe(firstBody);
    const { rows } = await t.db.query<{ n: number; updated_at: Date }>(
      'select count(*)::int as n, max(updated_at) as updated_at from listing_quotes where job_id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ n: 1, updated_at: new Date(t.clock.now.getTime() - 5000) });
  });

  it('answers a repeated book with the first answer, allocates once and announces once', async () => {
    const id = await openJob('instant');
    const key = randomUUID();
    const heard: TakenListing[] = [];
    const unsubscribe = listingEvents.subscribe((event) => heard.push(event));
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(
        await act('book', id, { provider_vehicle_id: vehicles.partner[0] }, 'partner', { 'idempotency-key': key }),
      );
    unsubscribe();
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.headers.get(REPLAYED_HEADER))).toEqual([null, 'true', 'true']);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(heard).toEqual([{ id, kind: 'instant' }]);
    expect(await jobRow(id)).toMatchObject({ provider_id: userId.partner });
  });

  it('replays a refusal too: the loser of a booking hears 409 again, not a new answer', async () => {
    const id = await wonJob('starter');
    const key = randomUUID();
    const first = await act('book', id, {}, 'partner', { 'idempotency-key': key });
    const second = await act('book', id, {}, 'partner', { 'idempotency-key': key });
    expect([first.status, second.status]).toEqual([409, 409]);
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
  });

  it('refuses the same key with another body or another listing with 422, and does nothing', async () => {
    const id = await openJob('auction');
    const other = await openJob('auction');
    const key = randomUUID();
    expect((await act('quote', id, { amount: 9_000 }, 'partner', { 'idempotency-key': key })).status).toBe(201);
    for (const [job, amount] of [
      [id, 8_000],
      [other, 9_000],
    ] as const) {
      const response = await act('quote', job, { amount }, 'partner', { 'idempotency-key': key });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        message: 'messages.validation',
        errors: {
          'Idempotency-Key': ['This Idempotency-Key was already used for a different request. Send a new key.'],
        },
      });
    }
    const { rows } = await t.db.query<{ job_id: number; amount: number }>(
      'select job_id, amount from listing_quotes where job_id = any($1::int[]) and user_id = $2',
      [[id, other], userId.partner],
    );
    expect(rows).toEqual([{ job_id: id, amount: 9_000 }]);
  });

  it('keeps keys per partner: another partner’s request with the same key is its own', async () => {
    const id = await openJob('auction');
    const key = randomUUID();
    expect((await act('quote', id, { amount: 9_000 }, 'partner', { 'idempotency-key': key })).status).toBe(201);
    const starter = await act('quote', id, { amount: 9_000 }, 'starter', { 'idempotency-key': key });
    expect(starter.status).toBe(201);
    expect(starter.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it('refuses a key that is not a UUID with 422', async () => {
    const id = await openJob('auction');
    const response = await act('quote', id, { amount: 9_000 }, 'partner', { 'idempotency-key': 'twice' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'messages.validation',
      errors: { 'Idempotency-Key': ['The Idempotency-Key header must be a UUID.'] },
    });
  });
});
