import { FEATURE_FLAGS } from '@/schemas/app-init';
import { hashPassword } from '@/server/auth/passwords';
import type { Db, SqlParam } from '@/server/db/db';
import { loadTowns } from '@/server/geo/towns';
import { placeOfPostcode } from '@/server/profile/profile-store';
import { DEMO_PASSWORD } from '@/server/seed/account-plan';
import { insertRows } from '@/server/seed/insert-rows';
import { seedJob, type MarketplaceContext } from '@/server/seed/marketplace';
import { Random, SEED } from '@/server/seed/random';
import { TownPicker } from '@/server/seed/town-picker';
import { londonDate } from '@/server/time/london';

/**
 * The profile slice's own accounts (issue 8: profile, ratings and reviews, statistics, notification preferences),
 * seeded after everything else with their own random stream, so no row made before changes. partner@example.com
 * keeps the 3 ratings of server/seed/won-work.ts.
 *
 * | account                                  | what                                                                 |
 * |------------------------------------------|----------------------------------------------------------------------|
 * | reviews@example.com, Tom Fletcher,       | 30 finalised jobs over the last 11 months, each rated: the rating    |
 * | business, Norwich NR1 3JU                | shows, and "the last 25" matters — the 5 oldest are poor (1–2 stars), |
 * |                                          | the 25 newest good (3–5); a phone and a company                       |
 * | profile@example.com, Hannah Price,       | 3 finalised rated jobs in the last two months: "not enough ratings   |
 * | individual, Exeter EX1 1GE               | yet (3 of 5)". The browser tests edit its profile and preferences    |
 *
 * Both sign in with the demo password, every feature flag on, e-mail verified, terms accepted.
 */
export const REVIEWS_EMAIL = 'reviews@example.com';
export const PROFILE_EMAIL = 'profile@example.com';
/** How many rated jobs each account gets, and how many of reviews@'s oldest are the poor ones. */
export const REVIEWS_RATED = 30;
export const PROFILE_RATED = 3;
export const POOR_OLDEST = 5;

const PROFILE_SEED = SEED + 1313;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const COMMENTS = [
  'Arrived on time and wrapped everything with care.',
  'Kept me updated all day, very professional.',
  'Friendly and quick, would book again.',
  'Careful with the piano on the stairs.',
  null,
  'Great job, nothing scratched.',
];
const POOR_COMMENTS = ['Two hours late and no call.', 'A chair leg was broken on arrival.', null];

interface AccountSeed {
  readonly email: string;
  readonly fullName: string;
  readonly accountType: 'individual' | 'business';
  readonly postcode: string;
  readonly phone: string | null;
  readonly company: { name: string; number: string } | null;
  readonly joinedDaysAgo: number;
}

const ACCOUNTS: readonly AccountSeed[] = [
  {
    email: REVIEWS_EMAIL,
    fullName: 'Tom Fletcher',
    accountType: 'business',
    postcode: 'NR1 3JU',
    phone: '07700 900451',
    company: { name: 'Fletcher Removals Ltd', number: '09876543' },
    joinedDaysAgo: 420,
  },
  {
    email: PROFILE_EMAIL,
    fullName: 'Hannah Price',
    accountType: 'individual',
    postcode: 'EX1 1GE',
    phone: null,
    company: null,
    joinedDaysAgo: 120,
  },
];

/** Seeds the accounts above; run once, after every other seed step (server/seed/seed.ts). */
export const seedProfiles = async (db: Db, now: Date): Promise<void> => {
  const random = new Random(PROFILE_SEED);
  const ctx: MarketplaceContext = { random, towns: new TownPicker(loadTowns(), random), now, today: londonDate(now) };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, number>();
  for (const account of ACCOUNTS) ids.set(account.email, await insertAccount(db, account, passwordHash, random, now));

  const reviews = ids.get(REVIEWS_EMAIL)!;
  // Completed every ~11 days from 330 days ago; the first POOR_OLDEST are the oldest.
  await seedRatedJobs(
    db,
    ctx,
    reviews,
    REVIEWS_RATED,
    (i) => 330 - i * 11,
    (i) => i < POOR_OLDEST,
  );
  await seedRatedJobs(
    db,
    ctx,
    ids.get(PROFILE_EMAIL)!,
    PROFILE_RATED,
    (i) => 50 - i * 15,
    () => false,
  );
};

const insertAccount = async (
  db: Db,
  account: AccountSeed,
  passwordHash: string,
  random: Random,
  now: Date,
): Promise<number> => {
  const joined = new Date(now.getTime() - account.joinedDaysAgo * DAY_MS);
  const home = placeOfPostcode(account.postcode);
  const { rows } = await db.query<{ id: number }>(
    `insert into users (email, password_hash, full_name, role, account_type, chameleon_uuid, address_town,
        address_postcode, address_lat, address_lon, ip_journey_ready, email_verified_at, terms_accepted_at, created_at,
        phone, company_name, company_number)
     values ($1, $2, $3, 'transport_partner', $4, $5, $6, $7, $8, $9, true, $10, $11, $12, $13, $14, $15)
     returning id`,
    [
      account.email,
      passwordHash,
      account.fullName,
      account.accountType,
      random.uuid(),
      home.town,
      home.postcode,
      home.lat,
      home.lon,
      new Date(joined.getTime() + HOUR_MS),
      new Date(joined.getTime() + 2 * HOUR_MS),
      joined,
      account.phone,
      account.company?.name ?? null,
      account.company?.number ?? null,
    ],
  );
  const userId = rows[0]!.id;
  await insertRows(
    db,
    'feature_flags',
    FEATURE_FLAGS.map((flag) => ({ user_id: userId, flag, enabled: true })),
  );
  return userId;
};

/** `count` finalised jobs of the partner, done `daysAgo(i)` days ago, each asked for feedback and rated a day later. */
const seedRatedJobs = async (
  db: Db,
  ctx: MarketplaceContext,
  userId: number,
  count: number,
  daysAgo: (i: number) => number,
  isPoor: (i: number) => boolean,
): Promise<void> => {
  const { random, now } = ctx;
  const done = Array.from({ length: count }, (_, i) => {
    const completedAt = new Date(now.getTime() - daysAgo(i) * DAY_MS - random.int(2, 10) * HOUR_MS);
    return {
      ...seedJob(ctx, {
        status: 'finalised',
        providerId: userId,
        pickupAt: new Date(completedAt.getTime() - random.int(4, 8) * HOUR_MS),
        completedAt,
      }),
      realised_at: new Date(completedAt.getTime() - random.int(1, 3) * HOUR_MS),
    };
  });
  await insertRows(db, 'jobs', done);
  const jobs = (
    await db.query<{ id: number; completed_at: Date }>(
      'select id, completed_at from jobs where provider_id = $1 order by completed_at, id',
      [userId],
    )
  ).rows;
  const requests: Record<string, SqlParam>[] = [];
  const ratings: Record<string, SqlParam>[] = [];
  jobs.forEach((job, i) => {
    const requestedAt = new Date(job.completed_at.getTime() + HOUR_MS);
    requests.push({ job_id: job.id, user_id: userId, requested_at: requestedAt });
    const poor = isPoor(i);
    const stars = () => (poor ? random.int(1, 2) : random.int(3, 5));
    ratings.push({
      job_id: job.id,
      punctuality: stars(),
      communication: stars(),
      care_of_goods: stars(),
      presentation: stars(),
      comment: random.pick(poor ? POOR_COMMENTS : COMMENTS),
      rated_at: new Date(Math.min(now.getTime() - HOUR_MS, requestedAt.getTime() + random.int(6, 30) * HOUR_MS)),
    });
  });
  await insertRows(db, 'job_feedback_requests', requests);
  await insertRows(db, 'job_ratings', ratings);
};
