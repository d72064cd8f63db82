import { Schema } from 'effect';
import { beforeAll, describe, expect, it } from 'vitest';
import { PrivateJob } from '@/schemas/private-job';
import type { Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import { isInRange } from '@/server/reservations/mainland-postcodes';
import { listPrivateJobs } from '@/server/private-jobs/private-job-store';
import { londonDaysRange } from '@/server/calendar/calendar-range';
import { DEMO_PRIVATE_JOBS, privateJobRows } from '@/server/seed/private-jobs';
import { seedDatabase, TEST_SCALE } from '@/server/seed/seed';
import { SETUP_TIMEOUT_MS, TEST_NOW } from '@/server/testing/seeded-app';
import { openTestDb } from '@/server/testing/test-db';
import { addDays, londonDate } from '@/server/time/london';

let db: Db;
let partnerId: number;
beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  await seedDatabase(db, { now: TEST_NOW, scale: TEST_SCALE });
  const { rows } = await db.query<{ id: number }>("select id from users where email = 'partner@example.com'");
  partnerId = rows[0]!.id;
}, SETUP_TIMEOUT_MS);

describe("the demo partner's private jobs", () => {
  it('are four: tomorrow, in 3 days, next week and last week (London days)', async () => {
    const today = londonDate(TEST_NOW);
    const jobs = await listPrivateJobs(db, partnerId, londonDaysRange(addDays(today, -30), addDays(today, 30)));
    expect(jobs.map((job) => londonDate(new Date(job.nodes[0].timeWindowStart)))).toEqual(
      [-7, 1, 3, 7].map((days) => addDays(today, days)),
    );
    for (const job of jobs) expect(() => Schema.decodeUnknownSync(PrivateJob)(job)).not.toThrow();
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from private_jobs');
    expect(rows[0]?.n).toBe(4);
  });

  it('are on its own vehicles and active drivers, at mainland postcodes', async () => {
    const { rows } = await db.query<{
      vehicle_owner: number;
      driver_owner: number | null;
      driver_active: boolean | null;
      pickup_postcode: string;
      pickup_lat: number;
      pickup_lng: number;
      delivery_postcode: string;
      delivery_lat: number;
      delivery_lng: number;
    }>(
      `select v.user_id as vehicle_owner, d.user_id as driver_owner, d.active as driver_active, p.pickup_postcode,
              p.pickup_lat, p.pickup_lng, p.delivery_postcode, p.delivery_lat, p.delivery_lng
         from private_jobs p join vehicles v on v.id = p.vehicle_id left join drivers d on d.id = p.driver_id`,
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.vehicle_owner).toBe(partnerId);
      if (row.driver_owner !== null) {
        expect(row.driver_owner).toBe(partnerId);
        expect(row.driver_active).toBe(true);
      }
      expect(isInRange({ postcode: row.pickup_postcode, lat: row.pickup_lat, lng: row.pickup_lng })).toBe(true);
      expect(isInRange({ postcode: row.delivery_postcode, lat: row.delivery_lat, lng: row.delivery_lng })).toBe(true);
    }
    expect(rows.filter((r) => r.driver_owner !== null)).toHaveLength(3);
  });

  it('are the same for the same clock (deterministic uuids and postcodes)', () => {
    const fleet = { userId: 1, vehicles: [1, 2, 3, 4, 5], drivers: [1, 2] };
    const once = privateJobRows(DEMO_PRIVATE_JOBS, fleet, TEST_NOW);
    const twice = privateJobRows(DEMO_PRIVATE_JOBS, fleet, TEST_NOW);
    expect(twice).toEqual(once);
    expect(new Set(once.map((r) => r['uuid'])).size).toBe(4);
  });
});
