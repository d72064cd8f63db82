import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { migrate, migrationFiles } from '@/server/db/migrate';
import { sqlList } from '@/server/db/sql-list';
import { DAY_HOLDING_STATUSES } from '@/server/reservations/lifecycle';
import { openTestDb } from '@/server/testing/test-db';
import { haversineMetres } from '@/server/geo/distance';
import { loadTowns } from '@/server/geo/towns';
import { JOB_CATEGORIES } from '@/server/jobs/job-categories';
import { seedDatabase, seedIfEmpty, TEST_SCALE } from '@/server/seed/seed';
import { addDays, londonDate } from '@/server/time/london';
import { SETUP_TIMEOUT_MS, TEST_NOW } from '@/server/testing/seeded-app';
import { DEMO_ACCOUNTS } from '@/server/seed/demo-accounts';
import { DOCUMENTS_ACCOUNT } from '@/server/seed/documents';
import { FLEET_EMAIL } from '@/server/seed/fleet-accounts';
import { PROFILE_EMAIL, REVIEWS_EMAIL } from '@/server/seed/profile';
import { RESET_EMAIL } from '@/server/seed/sign-up';
import { TEST_ACCOUNTS, WORK_RULE_ACCOUNTS } from '@/server/seed/test-accounts';

/** Spec §5: 1-3 letters, optional digit, optional letter or digit, a space, a digit and two letters. */
const UK_POSTCODE = /^[A-Z]{1,3}[0-9]?[A-Z0-9]? [0-9][A-Z]{2}$/i;
const SCALE = { partners: 10, jobs: 1500, journeys: 30 };

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  await seedDatabase(db, { now: TEST_NOW, scale: SCALE });
}, SETUP_TIMEOUT_MS);

describe('migrations', () => {
  it('are recorded and not applied twice', async () => {
    const { rows } = await db.query<{ version: string }>('select version from schema_migrations order by version');
    expect(rows.map((r) => r.version)).toEqual(migrationFiles().map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
  });
});

/**
 * Accounts seeded for the browser tests of one feature each: suspension, fleet, documents, reviews, profile, reset, and
 * the work rule's (a second partner who may work, a suspended one).
 */
const FEATURE_TEST_ACCOUNTS = [
  ...TEST_ACCOUNTS.map((a) => a.email),
  FLEET_EMAIL,
  DOCUMENTS_ACCOUNT,
  REVIEWS_EMAIL,
  PROFILE_EMAIL,
  RESET_EMAIL,
  ...WORK_RULE_ACCOUNTS.map((a) => a.email),
];

describe('the demo seed', () => {
  it('makes the accounts, jobs and journeys of its scale', async () => {
    const counts = await db.query<{ users: number; open: number; journeys: number }>(
      `select (select count(*)::int from users) as users,
              (select count(*)::int from jobs where provider_id is null) as open,
              (select count(*)::int from journeys where status = 'open' and first_pickup_at > $1) as journeys`,
      [TEST_NOW],
    );
    expect(counts.rows[0]).toEqual({
      users: DEMO_ACCOUNTS.length + SCALE.partners + FEATURE_TEST_ACCOUNTS.length,
      open: SCALE.jobs,
      journeys: SCALE.journeys,
    });
    // beyond the demo sign-ins, the accounts the browser tests of single features change (test-accounts.ts and the
    // features' own seeds); generated partners are @example.co.uk
    const { rows } = await db.query<{ email: string }>(
      `select email from users where email like '%@example.com' order by email`,
    );
    expect(rows.map((r) => r.email)).toEqual([...DEMO_ACCOUNTS.map((a) => a.email), ...FEATURE_TEST_ACCOUNTS].sort());
  });

  it('does not seed a database that already has users', async () => {
    expect(await seedIfEmpty(db, { now: TEST_NOW, scale: TEST_SCALE })).toBeNull();
  });

  it('gives the partner one van of each size with UK registrations', async () => {
    const { rows } = await db.query<{ type: string; registration_number: string; status: string }>(
      "select v.type, v.registration_number, v.status from vehicles v join users u on u.id = v.user_id where u.email = 'partner@example.com' order by v.id",
    );
    expect(rows.map((r) => r.type)).toEqual(['swb', 'mwb', 'lwb', 'xlwb', 'luton_van']);
    for (const row of rows) {
      expect(row.registration_number).toMatch(/^[A-Z]{2}\d{2} [A-HJ-PR-Y]{3}$/);
      expect(row.status).toBe('APPROVED');
    }
    const drivers = await db.query<{ n: number }>(
      "select count(*)::int as n from drivers d join users u on u.id = d.user_id where u.email = 'partner@example.com'",
    );
    expect(drivers.rows[0]?.n).toBe(4);
  });

  it("puts the partner's reservations in the planned statuses, upcoming and historic", async () => {
    const today = londonDate(TEST_NOW);
    const { rows } = await db.query<{ status: string; date: string }>(
      "select r.status, r.date::text as date from reservations r join users u on u.id = r.user_id where u.email = 'partner@example.com'",
    );
    const upcoming = new Set(rows.filter((r) => r.date >= today).map((r) => r.status));
    for (const status of ['pending', 'accepted', 'return_offer', 'pending_cancellation'])
      expect(upcoming).toContain(status);
    expect(rows.filter((r) => r.date < today).length).toBeGreaterThanOrEqual(5);
  });

  it("holds each vehicle's day with one live reservation at most", async () => {
    const { rows } = await db.query<{ vehicle_id: number; date: string; n: number }>(
      `select vehicle_id, date::text as date, count(*)::int as n from reservations
        where status in ${sqlList(DAY_HOLDING_STATUSES)} group by vehicle_id, date having count(*) > 1`,
    );
    expect(rows).toEqual([]);
    const { rows: all } = await db.query<{ n: number }>(
      `select count(*)::int as n from reservations where status in ${sqlList(DAY_HOLDING_STATUSES)}`,
    );
    expect(all[0]?.n).toBeGreaterThan(5);
  });

  it('places every open job at a real town, with a matching postcode, a pickup in the next 30 days and a price', async () => {
    const towns = new Map(loadTowns().map((town) => [`${town.name}|${town.postcodeArea}`, town]));
    const areaOf = new Map(loadTowns().map((town) => [town.name, new Set<string>()]));
    for (const town of loadTowns()) areaOf.get(town.name)?.add(town.postcodeArea);
    const { rows } = await db.query<{
      pickup_town: string;
      pickup_postcode: string;
      pickup_lat: number;
      pickup_lng: number;
      delivery_postcode: string;
      delivery_lat: number;
      delivery_lng: number;
      distance_m: number;
      price: number;
      pickup_date_start: Date;
      category: string;
    }>('select * from jobs where provider_id is null');
    const lastDay = addDays(londonDate(TEST_NOW), 31);
    for (const job of rows) {
      expect(job.pickup_postcode).toMatch(UK_POSTCODE);
      expect(job.delivery_postcode).toMatch(UK_POSTCODE);
      const area = /^[A-Z]+/.exec(job.pickup_postcode)?.[0] ?? '';
      const town = towns.get(`${job.pickup_town}|${area}`);
      expect(town, `${job.pickup_town} ${job.pickup_postcode}`).toBeDefined();
      if (town) expect(haversineMetres(town, { lat: job.pickup_lat, lng: job.pickup_lng })).toBeLessThan(6_100);
      const straight = haversineMetres(
        { lat: job.pickup_lat, lng: job.pickup_lng },
        { lat: job.delivery_lat, lng: job.delivery_lng },
      );
      expect(Math.abs(job.distance_m - straight * 1.2)).toBeLessThan(2);
      expect(job.price).toBeGreaterThanOrEqual(1000);
      expect(job.price % 100).toBe(0);
      expect(job.pickup_date_start.getTime()).toBeGreaterThan(TEST_NOW.getTime());
      expect(londonDate(job.pickup_date_start) <= lastDay).toBe(true);
    }
    const categories = new Set(rows.map((r) => r.category));
    expect([...categories].sort()).toEqual([...JOB_CATEGORIES].sort());
  });

  it(
    'is deterministic: the same clock and scale give the same marketplace',
    async () => {
      const again = await openTestDb();
      try {
        await migrate(again);
        await seedDatabase(again, { now: TEST_NOW, scale: SCALE });
        const snapshot = (d: Db) =>
          d
            .query(
              'select id, category, pickup_town, pickup_postcode, price, distance_m, attributes from jobs order by id',
            )
            .then((r) => r.rows);
        expect(await snapshot(again)).toEqual(await snapshot(db));
      } finally {
        await again.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
