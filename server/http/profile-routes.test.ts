import { Schema } from 'effect';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HistoryResponse,
  PROFILE_MESSAGES,
  ProfileResponse,
  RATING_CRITERIA,
  RatingsResponse,
  StatisticsResponse,
} from '@/schemas/profile';
import {
  DEFAULT_NOTIFICATION_MATRIX,
  NOTIFICATION_MESSAGES,
  NotificationPreferencesResponse,
  type NotificationMatrix,
} from '@/schemas/notification-preferences';
import { POOR_OLDEST, PROFILE_EMAIL, REVIEWS_EMAIL, REVIEWS_RATED } from '@/server/seed/profile';
import { createSeededApp, jsonPost, SETUP_TIMEOUT_MS, signIn, type SeededApp } from '@/server/testing/seeded-app';
import { londonDate } from '@/server/time/london';

/**
 * The profile, ratings, statistics, history and notification-preference endpoints against the seeded demo
 * (TEST_NOW is Wednesday 18 November 2026): each reads and writes the signed-in partner only, the rating shows from
 * 5 ratings on and averages exactly the last 25, and every refusal comes with its field and message.
 */

type Who = 'partner' | 'starter' | 'expiring' | 'reviews' | 'profile';
const EMAILS: Record<Who, string> = {
  partner: 'partner@example.com',
  starter: 'starter@example.com',
  expiring: 'expiring@example.com',
  reviews: REVIEWS_EMAIL,
  profile: PROFILE_EMAIL,
};
let t: SeededApp;
const token = {} as Record<Who, string>;
const userId = {} as Record<Who, number>;

beforeAll(async () => {
  t = await createSeededApp({ tokenTtlS: 365 * 86_400, sessionTtlS: 365 * 86_400 });
  for (const who of Object.keys(EMAILS) as Who[]) {
    token[who] = (await signIn(t.app, EMAILS[who])).token;
    const { rows } = await t.db.query<{ id: number }>('select id from users where email = $1', [EMAILS[who]]);
    userId[who] = rows[0]!.id;
  }
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});
afterEach(() => {
  expect(t.errors).toEqual([]);
});

const auth = (who: Who) => ({ authorization: `Bearer ${token[who]}` });
const get = (path: string, who: Who) => t.app.request(path, { headers: auth(who) });
const put = (path: string, who: Who, payload: unknown) =>
  t.app.request(path, { ...jsonPost({ payload }, auth(who)), method: 'PUT' });
const decode =
  <A, I>(schema: Schema.Codec<A, I>) =>
  async (response: Response): Promise<A> => {
    expect(response.status).toBe(200);
    return Schema.decodeUnknownSync(schema)(await response.json());
  };

describe('GET /v1/profile', () => {
  it("answers the caller's own account with the address short form", async () => {
    const { data } = await decode(ProfileResponse)(await get('/v1/profile', 'reviews'));
    expect(data).toMatchObject({
      full_name: 'Tom Fletcher',
      email: REVIEWS_EMAIL,
      phone: '07700 900451',
      account_type: 'business',
      company_name: 'Fletcher Removals Ltd',
      company_number: '09876543',
      address: { town: 'Norwich', postcode: 'NR1 3JU', short: 'Norwich NR1' },
      language: 'en',
      default_search_radius: 20,
      week_start: 'monday',
    });
    const other = await decode(ProfileResponse)(await get('/v1/profile', 'starter'));
    expect(other.data.email).toBe('starter@example.com');
  });

  it('is 401 without a token', async () => {
    expect((await t.app.request('/v1/profile')).status).toBe(401);
  });
});

describe('PUT /v1/profile', () => {
  const edit = {
    full_name: 'Hannah Price-Jones',
    phone: '07700 900777',
    company_name: '',
    company_number: '',
    postcode: 'ex4 3sr',
  };

  it('saves the edit, places the postcode at its post town, and changes only the caller', async () => {
    const starterBefore = await (await get('/v1/profile', 'starter')).json();
    const { data } = await decode(ProfileResponse)(await put('/v1/profile', 'profile', edit));
    expect(data).toMatchObject({
      full_name: 'Hannah Price-Jones',
      phone: '07700 900777',
      company_name: null,
      company_number: null,
      address: { town: 'Exeter', postcode: 'EX4 3SR', short: 'Exeter EX4' },
    });
    const { rows } = await t.db.query<{ address_lat: number; address_lon: number }>(
      'select address_lat, address_lon from users where id = $1',
      [userId.profile],
    );
    expect(rows[0]?.address_lat).toBeCloseTo(50.72, 1);
    expect(rows[0]?.address_lon).toBeCloseTo(-3.53, 1);
    expect(await (await get('/v1/profile', 'starter')).json()).toEqual(starterBefore);
    // the user-info the top bar reads follows
    const info = (await (await get('/v1/user-info', 'profile')).json()) as { full_name: string };
    expect(info.full_name).toBe('Hannah Price-Jones');
  });

  it('refuses an empty postcode: the registered address is required', async () => {
    const response = await put('/v1/profile', 'profile', { ...edit, postcode: ' ' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'messages.validation',
      errors: { postcode: [PROFILE_MESSAGES.postcode] },
    });
  });

  it('refuses each bad field with its message, and stores nothing', async () => {
    const before = await (await get('/v1/profile', 'profile')).json();
    const response = await put('/v1/profile', 'profile', {
      full_name: ' ',
      phone: 'call me',
      company_name: 'x'.repeat(121),
      company_number: '123',
      postcode: 'EX1',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'messages.validation',
      errors: {
        full_name: [PROFILE_MESSAGES.fullNameRequired],
        phone: [PROFILE_MESSAGES.phone],
        company_name: [PROFILE_MESSAGES.companyNameTooLong],
        company_number: [PROFILE_MESSAGES.companyNumber],
        postcode: [PROFILE_MESSAGES.postcode],
      },
    });
    expect(await (await get('/v1/profile', 'profile')).json()).toEqual(before);
  });

  it('refuses a postcode of the right shape in no postcode area', async () => {
    const response = await put('/v1/profile', 'profile', { ...edit, postcode: 'QQ1 1AA' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'messages.validation',
      errors: { postcode: ['Please Enter a Valid UK Postcode'] },
    });
  });
});

describe('PUT /v1/profile/preferences', () => {
  it("saves the caller's language, radius and week start", async () => {
    const { data } = await decode(ProfileResponse)(
      await put('/v1/profile/preferences', 'profile', {
        language: 'es',
        default_search_radius: 50,
        week_start: 'sunday',
      }),
    );
    expect(data).toMatchObject({ language: 'es', default_search_radius: 50, week_start: 'sunday' });
    const starter = await decode(ProfileResponse)(await get('/v1/profile', 'starter'));
    expect(starter.data).toMatchObject({ language: 'en', default_search_radius: 20, week_start: 'monday' });
    await put('/v1/profile/preferences', 'profile', {
      language: 'en',
      default_search_radius: 20,
      week_start: 'monday',
    });
  });

  it('refuses a radius that is not one of the options, and an unknown language', async () => {
    const response = await put('/v1/profile/preferences', 'profile', {
      language: 'fr',
      default_search_radius: 30,
      week_start: 'monday',
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['default_search_radius', 'language']);
  });
});

/** The seeded ratings of a partner, newest first, straight from the tables. */
const ratingsOf = async (who: Who) =>
  (
    await t.db.query<{ punctuality: number; communication: number; care_of_goods: number; presentation: number }>(
      `select r.punctuality, r.communication, r.care_of_goods, r.presentation
         from job_ratings r join jobs j on j.id = r.job_id where j.provider_id = $1
        order by r.rated_at desc, r.job_id desc`,
      [userId[who]],
    )
  ).rows;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const round2 = (n: number) => Math.round(n * 100) / 100;

describe('GET /v1/ratings', () => {
  it('averages exactly the last 25 of 30 ratings, whose 5 oldest differ', async () => {
    const all = await ratingsOf('reviews');
    expect(all).toHaveLength(REVIEWS_RATED);
    const last25 = all.slice(0, 25);
    const expected = round2(mean(last25.map((r) => mean(RATING_CRITERIA.map((c) => r[c])))));
    const overAll = round2(mean(all.map((r) => mean(RATING_CRITERIA.map((c) => r[c])))));
    // the 5 oldest are the poor ones: counting them would lower the average
    expect(overAll).toBeLessThan(expected);
    expect(all.slice(25).every((r) => RATING_CRITERIA.every((c) => r[c] <= 2))).toBe(true);
    expect(POOR_OLDEST).toBe(all.length - 25);

    const { data } = await decode(RatingsResponse)(await get('/v1/ratings', 'reviews'));
    expect(data.count).toBe(30);
    expect(data.shown).toBe(true);
    expect(data.average).toBe(expected);
    for (const c of RATING_CRITERIA) expect(data.criteria?.[c]).toBe(round2(mean(last25.map((r) => r[c]))));
  });

  it('answers reviews newest first, 20 to a page, with the job each is about', async () => {
    const first = await decode(RatingsResponse)(await get('/v1/ratings', 'reviews'));
    expect(first.data.reviews).toHaveLength(20);
    expect(first.data.last_page).toBe(2);
    const times = first.data.reviews.map((r) => r.rated_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.data.reviews[0]?.job.from_town).toEqual(expect.any(String));
    const second = await decode(RatingsResponse)(await get('/v1/ratings?page=2', 'reviews'));
    expect(second.data.reviews).toHaveLength(10);
    expect(second.data.page).toBe(2);
    expect((await get('/v1/ratings?page=0', 'reviews')).status).toBe(422);
  });

  it('gives the monthly history of the last 12 months, for the chart', async () => {
    const { data } = await decode(RatingsResponse)(await get('/v1/ratings', 'reviews'));
    expect(data.history.length).toBeGreaterThanOrEqual(10);
    expect(data.history.length).toBeLessThanOrEqual(12);
    expect(data.history.reduce((n, m) => n + m.count, 0)).toBe(30);
    expect(data.history.at(-1)?.month).toBe(londonDate(t.clock.now).slice(0, 7));
    // the oldest months hold the poor ratings
    expect(data.history[0]!.average).toBeLessThan(data.history.at(-1)!.average);
  });

  it('shows no rating until 5: 3 ratings are counted, listed, and not averaged', async () => {
    for (const who of ['profile', 'partner'] as const) {
      const { data } = await decode(RatingsResponse)(await get('/v1/ratings', who));
      expect(data).toMatchObject({ count: 3, shown: false, average: null, criteria: null, history: [] });
      expect(data.reviews).toHaveLength(3);
    }
  });

  it('shows the rating from the fifth rating on', async () => {
    // rated jobs for a partner who had none (expiring@): 4 is not enough, 5 is
    const rate = async (n: number) => {
      const jobs = await t.db.query<{ id: number }>(
        `insert into jobs (kind, category, status, pickup_town, pickup_postcode, pickup_lat, pickup_lng, delivery_town,
            delivery_postcode, delivery_lat, delivery_lng, pickup_date_start, pickup_date_end, price, volume_m3,
            distance_m, provider_id, completed_at, created_at)
         select 'instant', 'piano', 'finalised', 'Leeds', 'LS1 1AA', 53.8, -1.55, 'York', 'YO1 7HH', 53.96, -1.08,
                $2::timestamptz - interval '5 days', $2::timestamptz - interval '5 days' + interval '2 hours', 9000, 2,
                40000, $1, $2::timestamptz - interval '4 days', $2::timestamptz - interval '9 days'
           from generate_series(1, $3) returning id`,
        [userId.expiring, t.clock.now, n],
      );
      for (const { id } of jobs.rows) {
        await t.db.query('insert into job_feedback_requests (job_id, user_id, requested_at) values ($1, $2, $3)', [
          id,
          userId.expiring,
          t.clock.now,
        ]);
        await t.db.query(
          `insert into job_ratings (job_id, punctuality, communication, care_of_goods, presentation, comment, rated_at)
           values ($1, 4, 5, 4, 5, null, $2)`,
          [id, t.clock.now],
        );
      }
    };
    await rate(4);
    expect((await decode(RatingsResponse)(await get('/v1/ratings', 'expiring'))).data).toMatchObject({
      count: 4,
      shown: false,
      average: null,
    });
    await rate(1);
    expect((await decode(RatingsResponse)(await get('/v1/ratings', 'expiring'))).data).toMatchObject({
      count: 5,
      shown: true,
      average: 4.5,
      criteria: { punctuality: 4, communication: 5, care_of_goods: 4, presentation: 5 },
    });
  });
});

describe('GET /v1/statistics and /v1/history', () => {
  it('counts jobs and earnings per London month over the last 12 months', async () => {
    const { data } = await decode(StatisticsResponse)(await get('/v1/statistics', 'reviews'));
    expect(data.months).toHaveLength(12);
    expect(data.months.at(-1)?.month).toBe('2026-11');
    expect(data.months[0]?.month).toBe('2025-12');
    const { rows } = await t.db.query<{ n: number; pence: number }>(
      `select count(*)::int as n, sum(price)::int as pence from jobs
        where provider_id = $1 and status in ('realised', 'completed', 'finalised')
          and coalesce(realised_at, completed_at) >= '2025-12-01T00:00:00Z'`,
      [userId.reviews],
    );
    expect(data.totals).toEqual({ jobs: rows[0]?.n, earnings: rows[0]?.pence });
    expect(data.months.reduce((n, m) => n + m.jobs, 0)).toBe(data.totals.jobs);
    expect(data.totals.jobs).toBeGreaterThanOrEqual(29);
  });

  it("lists the caller's done jobs newest first, archived ones included", async () => {
    const { data } = await decode(HistoryResponse)(await get('/v1/history', 'partner'));
    // partner@: 1 realised, 7 completed, 5 finalised (one archived), server/seed/won-work.ts
    expect(data.total).toBe(13);
    expect(data.rows.filter((r) => r.archived)).toHaveLength(1);
    const done = data.rows.map((r) => r.done_at ?? '');
    expect([...done].sort().reverse()).toEqual(done);
    const reviews = await decode(HistoryResponse)(await get('/v1/history?page=2', 'reviews'));
    expect(reviews.data).toMatchObject({ total: 30, page: 2, last_page: 2 });
    expect(reviews.data.rows).toHaveLength(10);
  });

  it('is empty for a partner with no done work, and counts nothing in the statistics', async () => {
    const history = await decode(HistoryResponse)(await get('/v1/history', 'starter'));
    expect(history.data).toMatchObject({ rows: [], total: 0, page: 1, last_page: 1 });
    const statistics = await decode(StatisticsResponse)(await get('/v1/statistics', 'starter'));
    expect(statistics.data.totals).toEqual({ jobs: 0, earnings: 0 });
    expect(statistics.data.months.every((m) => m.jobs === 0 && m.earnings === 0)).toBe(true);
  });
});

describe('notification preferences', () => {
  const changed: NotificationMatrix = {
    ...DEFAULT_NOTIFICATION_MATRIX,
    payments: { email: false, sms: true, in_app: true },
    messages: { email: true, sms: true, in_app: false },
  };

  it('answers the defaults until saved', async () => {
    const { data } = await decode(NotificationPreferencesResponse)(
      await get('/v1/notification-preferences', 'reviews'),
    );
    expect(data).toEqual({ preferences: DEFAULT_NOTIFICATION_MATRIX, updated_at: null });
  });

  it('saves the whole matrix for the caller only, and reads it back', async () => {
    const saved = await decode(NotificationPreferencesResponse)(
      await put('/v1/notification-preferences', 'profile', { preferences: changed }),
    );
    expect(saved.data.preferences).toEqual(changed);
    expect(saved.data.updated_at).toBe(t.clock.now.toISOString());
    const again = await decode(NotificationPreferencesResponse)(await get('/v1/notification-preferences', 'profile'));
    expect(again.data.preferences).toEqual(changed);
    const other = await decode(NotificationPreferencesResponse)(await get('/v1/notification-preferences', 'starter'));
    expect(other.data.preferences).toEqual(DEFAULT_NOTIFICATION_MATRIX);
    await put('/v1/notification-preferences', 'profile', { preferences: DEFAULT_NOTIFICATION_MATRIX });
  });

  it('refuses an unknown event or channel, and changes nothing', async () => {
    const before = await (await get('/v1/notification-preferences', 'profile')).json();
    const response = await put('/v1/notification-preferences', 'profile', {
      preferences: { ...DEFAULT_NOTIFICATION_MATRIX, fax_alerts: { email: true, sms: true, in_app: true } },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'messages.validation',
      errors: { 'preferences.fax_alerts': [NOTIFICATION_MESSAGES.unknownEvent] },
    });
    const channel = await put('/v1/notification-preferences', 'profile', {
      preferences: { ...DEFAULT_NOTIFICATION_MATRIX, payments: { email: true, sms: true, in_app: true, pigeon: true } },
    });
    expect(channel.status).toBe(422);
    expect(await channel.json()).toMatchObject({
      errors: { 'preferences.payments.pigeon': [NOTIFICATION_MESSAGES.unknownChannel] },
    });
    expect(await (await get('/v1/notification-preferences', 'profile')).json()).toEqual(before);
  });
});
