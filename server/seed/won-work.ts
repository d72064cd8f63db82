import { ACTIVE_JOB_STATUSES, DONE_JOB_STATUSES } from '@/schemas/work';
import type { Db, SqlParam } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { loadTowns } from '@/server/geo/towns';
import { seedMobile, seedPersonName } from '@/server/seed/british-names';
import { insertRows } from '@/server/seed/insert-rows';
import { seedJob, type MarketplaceContext } from '@/server/seed/marketplace';
import { Random, SEED } from '@/server/seed/random';
import { TownPicker } from '@/server/seed/town-picker';
import { londonDate, londonInstant } from '@/server/time/london';

/**
 * Won work made useful for the portal and its browser tests (issue 7; migration 0007, server/work/), seeded after the
 * marketplace and the journeys with its own random stream, so every row made before stays as it was (ids, prices,
 * the open marketplace). Deterministic for a clock and scale.
 *
 * The demo partner (partner@example.com) ends with, in job-id order within each status (pinned by won-work.test.ts):
 *
 * | status         | n | what                                                                                     |
 * |----------------|---|------------------------------------------------------------------------------------------|
 * | allocated      | 3 | A1 = job 1: pickup within the next 24 h, with a driver (tracking shows it at the pickup);|
 * |                |   | A2, A3: pickup 1 to 7 days ahead, no driver (completion refused: before pickup)          |
 * | in_realisation | 4 | I1, I2 (from demo-accounts.ts) with drivers; I3, I4 (added here, the last two job ids)   |
 * |                |   | without. All picked up earlier today: each browser test can complete its own             |
 * | realised       | 1 | completed by the partner today                                                          |
 * | completed      | 7 | C1 with an additional cost (£35) and its reason; C4 completed with an issue (text only); |
 * |                |   | feedback requested on C2, C3, C5, rated on C3 and C5                                     |
 * | finalised      | 5 | feedback requested and rated on F1; F5 archived (listing status HIDDEN, in no tab)       |
 *
 * so the active tab holds 7, the completed tab 12 (13 done, one archived), and 4 active jobs have no driver. Every
 * won job of every partner gets the vehicle it was booked with (the smallest approved van that holds it), every
 * active one a customer (first name and a drama-range phone; done jobs have none: erased, spec §6), every done one a
 * realised_at. Drivers: the demo partner's active drivers in turn, on A1, I1, I2 and every done job; each generated
 * partner's first active job gets its first active driver. Live quotes: the demo partner quotes on the three open
 * auctions with the highest ids (the listing tests take the lowest), the starter partner on the highest one and the
 * fourth. The four demo counts the dashboard and badges show stay as they were but for `active`, now 7.
 */
const WON_WORK_SEED = SEED + 808;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The extra cost and its reason on C1, and the plain issue on C4. */
export const SEEDED_EXTRA_CHARGE = {
  text: 'Customer added a wardrobe from the neighbour at the pickup',
  sub_type: 'charge_customer_extra',
  extra_charge: 3500,
} as const;
export const SEEDED_ISSUE = {
  text: 'No parking at the delivery address: waited 40 minutes for a space',
  sub_type: null,
  extra_charge: null,
} as const;

interface WonRow {
  id: number;
  status: string;
  pickup_date_start: Date;
  completed_at: Date | null;
}

const idOf = async (db: Db, email: string): Promise<number | null> =>
  (await db.query<{ id: number }>('select id from users where email = $1', [email])).rows[0]?.id ?? null;

const byStatus = (rows: readonly WonRow[], status: string) => rows.filter((r) => r.status === status);

/** Seeds the won work above; a database without the demo partner (a partial test seed) gets the shared parts only. */
export const seedWonWork = async (db: Db, now: Date): Promise<void> => {
  const random = new Random(WON_WORK_SEED);
  const today = londonDate(now);
  const partnerId = await idOf(db, 'partner@example.com');
  if (partnerId !== null) await seedDemoPartner(db, { random, now, today, partnerId });
  await seedEveryPartner(db, random, now);
  await seedLiveQuotes(db, random, now, partnerId, await idOf(db, 'starter@example.com'));
};

const seedDemoPartner = async (
  db: Db,
  input: { random: Random; now: Date; today: string; partnerId: number },
): Promise<void> => {
  const { random, now, today, partnerId } = input;
  const midnight = londonInstant(today, 0);

  // I3 and I4: two more jobs under way, picked up earlier today.
  const ctx: MarketplaceContext = { random, towns: new TownPicker(loadTowns(), random), now, today };
  await insertRows(
    db,
    'jobs',
    [1, 2].map(() =>
      seedJob(ctx, {
        status: 'in_realisation',
        providerId: partnerId,
        pickupAt: new Date(Math.max(midnight.getTime(), now.getTime() - random.int(1, 3) * HOUR_MS)),
        completedAt: null,
      }),
    ),
  );
  // Every job under way was picked up today (London), not last night: the window keeps its length.
  await db.query(
    `update jobs set pickup_date_end = pickup_date_end + (greatest(pickup_date_start, $2) - pickup_date_start),
                     pickup_date_start = greatest(pickup_date_start, $2)
      where provider_id = $1 and status = 'in_realisation'`,
    [partnerId, midnight],
  );

  const won = (
    await db.query<WonRow>(
      `select id, status, pickup_date_start, completed_at from jobs where provider_id = $1 order by id`,
      [partnerId],
    )
  ).rows;
  const drivers = (
    await db.query<{ id: number }>('select id from drivers where user_id = $1 and active order by id', [partnerId])
  ).rows.map((d) => d.id);
  const allocated = byStatus(won, 'allocated');
  const underWay = byStatus(won, 'in_realisation');
  const completed = byStatus(won, 'completed');
  const finalised = byStatus(won, 'finalised');
  const doneJobs = won.filter((r) => (DONE_JOB_STATUSES as readonly string[]).includes(r.status));

  // A1: pickup on the next whole hour but one, a three-hour window: inside tracking's 24 hours, ahead of now.
  const a1 = allocated[0];
  if (a1) {
    const start = new Date((Math.floor(now.getTime() / HOUR_MS) + 2) * HOUR_MS);
    await db.query('update jobs set pickup_date_start = $2, pickup_date_end = $3 where id = $1', [
      a1.id,
      start,
      new Date(start.getTime() + 3 * HOUR_MS),
    ]);
  }

  if (drivers.length > 0) {
    const driven = [a1, underWay[0], underWay[1], ...doneJobs].filter((r): r is WonRow => r !== undefined);
    for (const [i, job] of driven.entries())
      await db.query('update jobs set driver_id = $2 where id = $1', [job.id, drivers[i % drivers.length] ?? null]);
  }

  const issues: [WonRow | undefined, Record<string, SqlParam>][] = [
    [completed[0], { ...SEEDED_EXTRA_CHARGE }],
    [completed[3], { ...SEEDED_ISSUE }],
  ];
  for (const [job, issue] of issues)
    if (job) await db.query('update jobs set completion_issue = $2 where id = $1', [job.id, issue]);

  const asked = [completed[1], completed[2], completed[4], finalised[0]].filter((r): r is WonRow => r !== undefined);
  const rated = new Set([completed[2], completed[4], finalised[0]].map((r) => r?.id));
  const requests: Record<string, SqlParam>[] = [];
  const ratings: Record<string, SqlParam>[] = [];
  for (const job of asked) {
    const completedAt = job.completed_at ?? now;
    const requestedAt = new Date(Math.min(now.getTime(), completedAt.getTime() + random.int(1, 3) * HOUR_MS));
    requests.push({ job_id: job.id, user_id: partnerId, requested_at: requestedAt });
    if (!rated.has(job.id)) continue;
    ratings.push({
      job_id: job.id,
      punctuality: random.int(3, 5),
      communication: random.int(3, 5),
      care_of_goods: random.int(4, 5),
      presentation: random.int(3, 5),
      comment: random.pick([
        'Careful with everything and on time.',
        'Friendly driver, kept me posted all the way.',
        null,
      ]),
      rated_at: new Date(Math.min(now.getTime(), requestedAt.getTime() + random.int(2, 30) * HOUR_MS)),
    });
  }
  await insertRows(db, 'job_feedback_requests', requests);
  await insertRows(db, 'job_ratings', ratings);

  const archived = finalised[finalised.length - 1];
  if (archived)
    await db.query('update jobs set archived_at = $2 where id = $1', [
      archived.id,
      new Date(Math.min(now.getTime(), (archived.completed_at ?? now).getTime() + 2 * DAY_MS)),
    ]);
};

/**
 * The parts every partner's won work gets: vehicle, customer on active jobs, realised_at, a driver on one job. Only
 * jobs still without them change, so seed.ts runs it again for the test accounts seeded last.
 */
export const seedEveryPartner = async (db: Db, random: Random, now: Date): Promise<void> => {
  // The smallest approved van of the partner that holds the load, else the largest.
  await db.query(
    `update jobs j set provider_vehicle_id = (
       select v.id from vehicles v
        where v.user_id = j.provider_id and v.status = 'APPROVED' and v.deleted_at is null
        order by (v.loading_capacity_m3 >= j.volume_m3) desc,
                 case when v.loading_capacity_m3 >= j.volume_m3 then v.loading_capacity_m3 else -v.loading_capacity_m3 end,
                 v.id
        limit 1)
      where j.provider_id is not null and j.provider_vehicle_id is null`,
  );
  // Realised between the pickup and the platform's completion (now, for a job only realised).
  await db.query(
    `update jobs set realised_at = pickup_date_start + (coalesce(completed_at, $1) - pickup_date_start) * 0.6
      where provider_id is not null and status in ${sqlList(DONE_JOB_STATUSES)} and realised_at is null`,
    [now],
  );
  const active = await db.query<{ id: number }>(
    `select id from jobs where provider_id is not null and status in ${sqlList(ACTIVE_JOB_STATUSES)} order by id`,
  );
  for (const { id } of active.rows) {
    const name = seedPersonName(random);
    await db.query('update jobs set customer_first_name = $2, customer_phone = $3 where id = $1', [
      id,
      name.first,
      seedMobile(random),
    ]);
  }
  // Generated partners (not the demo sign-ins, whose drivers are placed above): one driven active job each.
  await db.query(
    `update jobs j set driver_id = first.driver_id
       from (select distinct on (jb.provider_id) jb.id as job_id, d.id as driver_id
               from jobs jb
               join users u on u.id = jb.provider_id and u.email not like '%@example.com'
               join lateral (select id from drivers where user_id = jb.provider_id and active order by id limit 1) d
                 on true
              where jb.status in ${sqlList(ACTIVE_JOB_STATUSES)} and jb.driver_id is null
              order by jb.provider_id, jb.id) as first
      where j.id = first.job_id`,
  );
};

/** Quotes on open auctions from the top of the id range (listing tests take open auctions from the bottom). */
const seedLiveQuotes = async (
  db: Db,
  random: Random,
  now: Date,
  partnerId: number | null,
  starterId: number | null,
): Promise<void> => {
  const { rows } = await db.query<{ id: number; price: number; created_at: Date }>(
    `select id, price, created_at from jobs
      where kind = 'auction' and status = 'pending_allocation' and provider_id is null and pickup_date_end > $1
      order by id desc limit 4`,
    [now],
  );
  const quote = (userId: number, job: { id: number; price: number; created_at: Date }, share: number) => {
    const at = new Date(Math.max(job.created_at.getTime(), now.getTime() - random.int(1, 48) * HOUR_MS));
    return {
      job_id: job.id,
      user_id: userId,
      amount: Math.max(100, Math.round((job.price * share) / 100) * 100),
      created_at: at,
      updated_at: at,
    };
  };
  const quotes: Record<string, SqlParam>[] = [];
  if (partnerId !== null) for (const job of rows.slice(0, 3)) quotes.push(quote(partnerId, job, 0.92));
  if (starterId !== null) for (const job of [rows[0], rows[3]]) if (job) quotes.push(quote(starterId, job, 0.95));
  await insertRows(db, 'listing_quotes', quotes);
};
