/**
 * The demo partner's won work as the portal and its browser tests rely on it (server/seed/won-work.ts has the
 * table): the counts per status, the tabs, who has a driver, what can and cannot be completed now, the extra charge,
 * feedback and ratings, the archived job, the job inside its tracking window, the live quotes, and that another
 * partner has some of the same.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import { SEEDED_EXTRA_CHARGE, SEEDED_ISSUE } from '@/server/seed/won-work';
import { seedDatabase, TEST_SCALE } from '@/server/seed/seed';
import { SETUP_TIMEOUT_MS, TEST_NOW } from '@/server/testing/seeded-app';
import { openTestDb } from '@/server/testing/test-db';
import { londonDate, londonInstant } from '@/server/time/london';

const HOUR_MS = 3_600_000;

interface Job {
  id: number;
  status: string;
  pickup_date_start: Date;
  driver_id: number | null;
  provider_vehicle_id: number | null;
  archived_at: Date | null;
  realised_at: Date | null;
  completed_at: Date | null;
  completion_issue: unknown;
  customer_first_name: string | null;
  customer_phone: string | null;
  requested_at: Date | null;
  rated_at: Date | null;
}

let db: Db;
let partnerId: number;
let jobs: Job[];
const ofStatus = (status: string) => jobs.filter((j) => j.status === status);

beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  await seedDatabase(db, { now: TEST_NOW, scale: TEST_SCALE });
  partnerId = (await db.query<{ id: number }>("select id from users where email = 'partner@example.com'")).rows[0]!.id;
  jobs = (
    await db.query<Job>(
      `select j.id, j.status, j.pickup_date_start, j.driver_id, j.provider_vehicle_id, j.archived_at, j.realised_at,
              j.completed_at, j.completion_issue, j.customer_first_name, j.customer_phone, f.requested_at, r.rated_at
         from jobs j left join job_feedback_requests f on f.job_id = j.id left join job_ratings r on r.job_id = j.id
        where j.provider_id = $1 order by j.id`,
      [partnerId],
    )
  ).rows;
}, SETUP_TIMEOUT_MS);

describe("the demo partner's won work", () => {
  it('has 3 allocated, 4 in realisation, 1 realised, 7 completed and 5 finalised jobs; job 1 is allocated', () => {
    const counts = Object.fromEntries(
      ['allocated', 'in_realisation', 'realised', 'completed', 'finalised'].map((s) => [s, ofStatus(s).length]),
    );
    expect(counts).toEqual({ allocated: 3, in_realisation: 4, realised: 1, completed: 7, finalised: 5 });
    expect(jobs).toHaveLength(20);
    expect(jobs[0]).toMatchObject({ id: 1, status: 'allocated' });
  });

  it('fills the tabs: 7 active, 12 completed (one finalised job archived)', () => {
    const archived = jobs.filter((j) => j.archived_at !== null);
    expect(archived.map((j) => j.id)).toEqual([ofStatus('finalised').at(-1)!.id]);
    const active = jobs.filter((j) => ['allocated', 'in_realisation'].includes(j.status) && !j.archived_at);
    const done = jobs.filter((j) => ['realised', 'completed', 'finalised'].includes(j.status) && !j.archived_at);
    expect([active.length, done.length]).toEqual([7, 12]);
  });

  it('has every job under way picked up earlier today, and the allocated ones ahead (completion refused)', () => {
    const midnight = londonInstant(londonDate(TEST_NOW), 0);
    for (const job of ofStatus('in_realisation')) {
      expect(job.pickup_date_start.getTime()).toBeLessThanOrEqual(TEST_NOW.getTime());
      expect(job.pickup_date_start.getTime()).toBeGreaterThanOrEqual(midnight.getTime());
    }
    for (const job of ofStatus('allocated'))
      expect(job.pickup_date_start.getTime()).toBeGreaterThan(TEST_NOW.getTime());
  });

  it('puts job 1 inside its tracking window with a driver, and leaves four active jobs without one', () => {
    const first = jobs[0]!;
    expect(first.pickup_date_start.getTime() - TEST_NOW.getTime()).toBeLessThan(24 * HOUR_MS);
    expect(first.driver_id).not.toBeNull();
    const [a1, a2, a3] = ofStatus('allocated');
    const [i1, i2, i3, i4] = ofStatus('in_realisation');
    expect([a1, i1, i2].map((j) => j!.driver_id !== null)).toEqual([true, true, true]);
    expect([a2, a3, i3, i4].map((j) => j!.driver_id)).toEqual([null, null, null, null]);
  });

  it("uses only the partner's active drivers, and a vehicle of theirs on every job", async () => {
    const own = await db.query<{ id: number }>('select id from drivers where user_id = $1 and active', [partnerId]);
    const ids = new Set(own.rows.map((d) => d.id));
    for (const job of jobs) if (job.driver_id !== null) expect(ids.has(job.driver_id)).toBe(true);
    const vans = await db.query<{ id: number }>('select id from vehicles where user_id = $1', [partnerId]);
    for (const job of jobs) expect(vans.rows.map((v) => v.id)).toContain(job.provider_vehicle_id);
  });

  it('shows customers on active jobs only, and a realisation time on every done job', () => {
    for (const job of jobs) {
      const active = ['allocated', 'in_realisation'].includes(job.status);
      expect(job.customer_first_name !== null && job.customer_phone !== null).toBe(active);
      expect(job.realised_at !== null).toBe(!active);
      if (job.realised_at && job.completed_at)
        expect(job.realised_at.getTime()).toBeLessThanOrEqual(job.completed_at.getTime());
    }
  });

  it('has one completion with an additional cost (C1) and one with an issue (C4)', () => {
    const completed = ofStatus('completed');
    expect(completed[0]!.completion_issue).toEqual(SEEDED_EXTRA_CHARGE);
    expect(completed[3]!.completion_issue).toEqual(SEEDED_ISSUE);
    expect(jobs.filter((j) => j.completion_issue !== null)).toHaveLength(2);
  });

  it('asked for feedback on C2, C3, C5 and F1, and has ratings on C3, C5 and F1', () => {
    const [, c2, c3, , c5] = ofStatus('completed');
    const f1 = ofStatus('finalised')[0];
    expect(jobs.filter((j) => j.requested_at !== null).map((j) => j.id)).toEqual([c2!.id, c3!.id, c5!.id, f1!.id]);
    expect(jobs.filter((j) => j.rated_at !== null).map((j) => j.id)).toEqual([c3!.id, c5!.id, f1!.id]);
    for (const job of jobs.filter((j) => j.requested_at !== null)) {
      expect(job.requested_at!.getTime()).toBeLessThanOrEqual(TEST_NOW.getTime());
      if (job.rated_at) expect(job.rated_at.getTime()).toBeGreaterThanOrEqual(job.requested_at!.getTime());
    }
  });

  it('quotes on three open auctions, the highest ids, which nobody has won', async () => {
    const { rows } = await db.query<{ job_id: number; amount: number; price: number }>(
      `select q.job_id, q.amount, j.price from listing_quotes q join jobs j on j.id = q.job_id
        where q.user_id = $1 and j.kind = 'auction' and j.provider_id is null and j.pickup_date_end > $2
        order by q.job_id desc`,
      [partnerId, TEST_NOW],
    );
    expect(rows).toHaveLength(3);
    const top = await db.query<{ id: number }>(
      `select id from jobs where kind = 'auction' and status = 'pending_allocation' and provider_id is null
        order by id desc limit 3`,
    );
    expect(rows.map((r) => r.job_id)).toEqual(top.rows.map((r) => r.id));
    for (const row of rows) expect(row.amount).toBeLessThan(row.price);
  });
});

describe('the other partners', () => {
  it('have some of the same: a customer on the starter’s job, its live quotes, drivers and vehicles elsewhere', async () => {
    const starter = await db.query<{ customer_first_name: string | null; quotes: number }>(
      `select j.customer_first_name,
              (select count(*)::int from listing_quotes q join users u on u.id = q.user_id
                where u.email = 'starter@example.com') as quotes
         from jobs j join users u on u.id = j.provider_id where u.email = 'starter@example.com'`,
    );
    expect(starter.rows).toHaveLength(1);
    expect(starter.rows[0]!.customer_first_name).not.toBeNull();
    expect(starter.rows[0]!.quotes).toBe(2);
    const others = await db.query<{ driven: number; unvehicled: number }>(
      `select count(*) filter (where j.driver_id is not null)::int as driven,
              count(*) filter (where j.provider_vehicle_id is null)::int as unvehicled
         from jobs j join users u on u.id = j.provider_id where u.email not like '%@example.com'`,
    );
    expect(others.rows[0]!.driven).toBeGreaterThan(0);
    expect(others.rows[0]!.unvehicled).toBe(0);
  });
});
