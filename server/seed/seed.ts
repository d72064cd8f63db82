import { FEATURE_FLAGS } from '@/schemas/app-init';
import { hashPassword } from '@/server/auth/passwords';
import type { Db, SqlParam } from '@/server/db/db';
import { METRES_PER_MILE } from '@/server/geo/distance';
import { loadTowns, type Town } from '@/server/geo/towns';
import { DEMO_PASSWORD, type AccountPlan, type ReservationPlan, type WonJobPlan } from '@/server/seed/account-plan';
import { emailLocalPart, seedMobile, seedPersonName } from '@/server/seed/british-names';
import { DEMO_ACCOUNTS } from '@/server/seed/demo-accounts';
import { seedVehicleSpec } from '@/server/seed/fleet';
import { seedFleetAccounts, seedFleetDocuments } from '@/server/seed/fleet-accounts';
import { insertRows } from '@/server/seed/insert-rows';
import { attachSampleFiles, seedDocuments } from '@/server/seed/documents';
import { seedJourneyDetails } from '@/server/seed/journeys';
import { seedJob, seedJourney, type JobOutcome, type MarketplaceContext } from '@/server/seed/marketplace';
import { seedPartnerPlans } from '@/server/seed/partner-plans';
import { seedPayments } from '@/server/seed/payments';
import { seedPostcode } from '@/server/seed/postcodes';
import { seedPrivateJobs } from '@/server/seed/private-jobs';
import { seedProfiles } from '@/server/seed/profile';
import { Random, SEED } from '@/server/seed/random';
import { seedRegistration } from '@/server/seed/registrations';
import { seedReservationLifecycle } from '@/server/seed/reservations';
import { seedSavedSearches } from '@/server/seed/saved-searches';
import { seedSignUpAccounts } from '@/server/seed/sign-up';
import { TownPicker } from '@/server/seed/town-picker';
import {
  SUSPENDED_PARTNER,
  SUSPENSION_DAYS_LEFT,
  TEST_ACCOUNTS,
  WORK_RULE_ACCOUNTS,
} from '@/server/seed/test-accounts';
import { seedEveryPartner, seedWonWork } from '@/server/seed/won-work';
import { addDays, londonDate, londonInstant, startOfLondonWeek } from '@/server/time/london';

/** How much demo data to make. One code path for every size: the demo, the tests, and a later 20,000-job load. */
export interface SeedScale {
  /** Partners beyond the five demo sign-ins. */
  readonly partners: number;
  /** Open marketplace jobs (instant and auction). */
  readonly jobs: number;
  /** Open journeys. */
  readonly journeys: number;
}

/** The marketplace of the find-work budget (ARCHITECTURE.md: search p95 under 50 ms with the full demo seed). */
export const DEMO_SCALE: SeedScale = { partners: 40, jobs: 20_000, journeys: 1_000 };
/** Small enough that every test file can seed its own in-memory database in well under a second. */
export const TEST_SCALE: SeedScale = { partners: 6, jobs: 300, journeys: 20 };

export interface SeedSummary {
  readonly users: number;
  readonly vehicles: number;
  readonly jobs: number;
  readonly journeys: number;
  readonly reservations: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const RESERVATION_BASE_PENCE = { '1': 15000, '2': 25000, flexible: 20000 } as const;

/** Fills an empty, migrated database with the demo data, relative to `now` (London calendar). */
export const seedDatabase = async (db: Db, options: { now: Date; scale: SeedScale }): Promise<SeedSummary> => {
  const { now, scale } = options;
  const random = new Random(SEED);
  const towns = new TownPicker(loadTowns(), random);
  const today = londonDate(now);
  const ctx: MarketplaceContext = { random, towns, now, today };
  const plans = [...DEMO_ACCOUNTS, ...seedPartnerPlans(random, towns, scale.partners)];
  // Every seeded account has the same published password, so one salted scrypt hash serves them all (a hash per
  // account would cost ~2 s of scrypt here and protect nothing). Real sign-ups hash each password with its own salt.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const summary = await db.transaction(async (tx) => {
    const accounts = await seedAccounts(tx, ctx, plans, passwordHash);
    const { idOf, homes } = accounts;
    const { reservations } = accounts;
    const jobs = [...accounts.wonJobs];
    for (let i = 0; i < scale.jobs; i++) jobs.push(seedJob(ctx));
    const journeys = Array.from({ length: scale.journeys }, () => seedJourney(ctx));
    await insertRows(tx, 'reservations', reservations);
    await insertRows(tx, 'jobs', jobs);
    await insertRows(tx, 'journeys', journeys);
    await seedJourneyDetails(tx, now);
    await seedWonWork(tx, now);
    const demoPartner = plans.find((plan) => plan.email === 'partner@example.com');
    const demoHome = demoPartner ? homes.get(demoPartner.email) : null;
    if (demoPartner && demoHome)
      await insertRows(tx, 'saved_searches', seedSavedSearches(idOf(demoPartner), demoHome, now));
    await seedReservationLifecycle(tx, now);
    await seedPrivateJobs(tx, now);
    await seedTestAccounts(tx, now, passwordHash);
    await seedFleetAccounts(tx, now);
    await seedDocuments(tx, now);
    await seedPayments(tx, now);
    await seedProfiles(tx, now);
    await seedSignUpAccounts(tx, now);
    await seedWorkRuleAccounts(tx, now, passwordHash);
    await seedFleetDocuments(tx, now);

    return {
      users: plans.length,
      vehicles: accounts.vehicles,
      jobs: jobs.length,
      journeys: journeys.length,
      reservations: reservations.length,
    };
  });
  // Fresh planner statistics: without them the planner guesses a handful of rows and picks the wrong index for a
  // radius search (PGlite has no autovacuum; on PostgreSQL autovacuum would get there, later).
  await db.exec('analyze');
  return summary;
};

/** What seedAccounts made: the accounts' ids and homes, and the rows the caller inserts in its own order. */
interface SeededAccounts {
  readonly idOf: (plan: AccountPlan) => number;
  readonly homes: ReadonlyMap<string, Town | null>;
  readonly vehicles: number;
  /** The accounts' reservations, for the caller to insert. */
  readonly reservations: Record<string, SqlParam>[];
  /** The accounts' won jobs, for the caller to insert (before the marketplace's, so job 1 is the demo partner's). */
  readonly wonJobs: Record<string, SqlParam>[];
}

/**
 * Inserts the accounts of `plans` (users, documents, vans, drivers, feature flags, counters) and makes their
 * reservation and won-job rows from `ctx`'s random stream. The demo seed calls it first for every account; the test
 * accounts of later features (TEST_ACCOUNTS) go through it last with a random stream of their own, so nothing
 * seeded before them moves.
 */
const seedAccounts = async (
  tx: Db,
  ctx: MarketplaceContext,
  plans: readonly AccountPlan[],
  passwordHash: string,
): Promise<SeededAccounts> => {
  const { random, towns, today, now } = ctx;
  const homes = new Map(plans.map((plan) => [plan.email, plan.home ? towns.named(plan.home.town) : null]));
  await insertRows(
    tx,
    'users',
    plans.map((plan) => userRow(ctx, plan, passwordHash, homes.get(plan.email) ?? null)),
  );
  const ids = new Map(
    (await tx.query<{ id: number; email: string }>('select id, email from users')).rows.map((r) => [r.email, r.id]),
  );
  const idOf = (plan: AccountPlan) => {
    const id = ids.get(plan.email);
    if (id === undefined) throw new Error(`user ${plan.email} was not inserted`);
    return id;
  };

  const documents: Record<string, SqlParam>[] = [];
  const vehicles: Record<string, SqlParam>[] = [];
  const drivers: Record<string, SqlParam>[] = [];
  const flags: Record<string, SqlParam>[] = [];
  const counters: Record<string, SqlParam>[] = [];
  for (const plan of plans) {
    const userId = idOf(plan);
    const home = homes.get(plan.email) ?? null;
    for (const doc of plan.documents) {
      documents.push({
        user_id: userId,
        type: doc.type,
        status: doc.status,
        expires_at: addDays(today, doc.expiresInDays),
        uploaded_at: new Date(now.getTime() - random.int(2, 300) * DAY_MS),
      });
    }
    for (const size of plan.vehicles) vehicles.push(vehicleRow(ctx, userId, size, home));
    for (let i = 0; i < plan.drivers; i++) drivers.push(driverRow(ctx, userId));
    for (const flag of FEATURE_FLAGS) flags.push({ user_id: userId, flag, enabled: !plan.flagsOff.includes(flag) });
    if (plan.counters) counters.push({ user_id: userId, ...plan.counters });
  }
  await insertRows(tx, 'documents', documents);
  await insertRows(tx, 'vehicles', vehicles);
  await insertRows(tx, 'drivers', drivers);
  await insertRows(tx, 'feature_flags', flags);
  await insertRows(tx, 'notification_counters', counters);

  const fleet = new Map<number, { id: number; capacity: number }[]>();
  const vehicleRows = await tx.query<{ id: number; user_id: number; loading_capacity_m3: number }>(
    'select id, user_id, loading_capacity_m3 from vehicles order by id',
  );
  for (const v of vehicleRows.rows)
    fleet.set(v.user_id, [...(fleet.get(v.user_id) ?? []), { id: v.id, capacity: v.loading_capacity_m3 }]);

  const reservations: Record<string, SqlParam>[] = [];
  const wonJobs: Record<string, SqlParam>[] = [];
  for (const plan of plans) {
    const userId = idOf(plan);
    const home = homes.get(plan.email) ?? null;
    const vans = fleet.get(userId) ?? [];
    if (home && vans.length > 0) {
      plan.reservations.forEach((r, i) => {
        const van = vans[i % vans.length];
        if (van) reservations.push(reservationRow(ctx, userId, van, home, r));
      });
    }
    for (const won of plan.wonJobs) wonJobs.push(seedJob(ctx, wonOutcome(ctx, userId, won)));
  }
  return { idOf, homes, vehicles: vehicles.length, reservations, wonJobs };
};

/** TEST_ACCOUNTS, after everything else and from a random stream of their own: no row seeded before them moves. */
const seedTestAccounts = async (tx: Db, now: Date, passwordHash: string): Promise<void> => {
  const random = new Random(SEED + 1_001);
  const ctx: MarketplaceContext = { random, towns: new TownPicker(loadTowns(), random), now, today: londonDate(now) };
  const accounts = await seedAccounts(tx, ctx, TEST_ACCOUNTS, passwordHash);
  await insertRows(tx, 'reservations', accounts.reservations);
  await insertRows(tx, 'jobs', accounts.wonJobs);
  await seedEveryPartner(tx, random, now);
};

/**
 * WORK_RULE_ACCOUNTS, last of all and each from a random stream of its own. Their one driver each is active (a claim
 * needs one), and the suspended partner's suspension runs for SUSPENSION_DAYS_LEFT more days. Their documents get
 * sample files like every other seeded document.
 */
const seedWorkRuleAccounts = async (tx: Db, now: Date, passwordHash: string): Promise<void> => {
  // a stream each, so that an account added to the list changes none of those before it
  for (const [i, plan] of WORK_RULE_ACCOUNTS.entries()) {
    const random = new Random(SEED + 2_002 + i);
    const ctx: MarketplaceContext = { random, towns: new TownPicker(loadTowns(), random), now, today: londonDate(now) };
    await seedAccounts(tx, ctx, [plan], passwordHash);
  }
  const emails = WORK_RULE_ACCOUNTS.map((plan) => plan.email);
  await tx.query('update drivers set active = true where user_id in (select id from users where email = any($1))', [
    emails,
  ]);
  await tx.query('update users set suspended_until = $2 where email = $1', [
    SUSPENDED_PARTNER,
    new Date(now.getTime() + SUSPENSION_DAYS_LEFT * DAY_MS),
  ]);
  await attachSampleFiles(tx);
};

const userRow = (
  ctx: MarketplaceContext,
  plan: AccountPlan,
  passwordHash: string,
  home: Town | null,
): Record<string, SqlParam> => {
  const { random, now } = ctx;
  const createdAt = new Date(now.getTime() - random.int(30, 900) * DAY_MS);
  const withCoordinates = home !== null && plan.home?.withCoordinates === true;
  return {
    email: plan.email,
    password_hash: passwordHash,
    full_name: plan.fullName,
    role: plan.role,
    account_type: plan.accountType,
    chameleon_uuid: random.uuid(),
    address_town: home?.name ?? null,
    address_postcode: home ? (plan.home?.postcode ?? seedPostcode(random, home.postcodeArea)) : null,
    address_lat: withCoordinates ? home.lat : null,
    address_lon: withCoordinates ? home.lng : null,
    ip_journey_ready: plan.journeyReady,
    email_verified_at: plan.emailVerified ? new Date(createdAt.getTime() + HOUR_MS) : null,
    terms_accepted_at: plan.termsAccepted ? new Date(createdAt.getTime() + 2 * HOUR_MS) : null,
    created_at: createdAt,
  };
};

const vehicleRow = (
  ctx: MarketplaceContext,
  userId: number,
  size: Parameters<typeof seedVehicleSpec>[1],
  home: Town | null,
): Record<string, SqlParam> => {
  const { random, now } = ctx;
  const spec = seedVehicleSpec(random, size);
  return {
    user_id: userId,
    category: 'van',
    type: spec.type,
    make: spec.make,
    model: spec.model,
    registration_number: seedRegistration(random),
    seats: spec.seats,
    has_tail_lift: spec.hasTailLift,
    use_trailer: random.chance(0.05),
    is_branded: random.chance(0.3),
    loading_capacity_m3: spec.loadingCapacityM3,
    total_payload_kg: spec.totalPayloadKg,
    place_town: home?.name ?? null,
    place_postcode: home ? seedPostcode(random, home.postcodeArea) : null,
    place_lat: home?.lat ?? null,
    place_lng: home?.lng ?? null,
    status: 'APPROVED',
    created_at: new Date(now.getTime() - random.int(10, 700) * DAY_MS),
    deleted_at: null,
  };
};

const driverRow = (ctx: MarketplaceContext, userId: number): Record<string, SqlParam> => {
  const { random, now } = ctx;
  const name = seedPersonName(random);
  return {
    user_id: userId,
    full_name: name.full,
    email: `${emailLocalPart(name)}@drivers.example.co.uk`,
    phone: seedMobile(random),
    active: random.chance(0.85),
    created_at: new Date(now.getTime() - random.int(5, 500) * DAY_MS),
  };
};

const reservationRow = (
  ctx: MarketplaceContext,
  userId: number,
  van: { id: number; capacity: number },
  home: Town,
  plan: ReservationPlan,
): Record<string, SqlParam> => {
  const { random, towns, now, today } = ctx;
  const date = addDays(today, plan.inDays);
  const start = towns.scatter(home);
  const end = plan.type === 'national' ? towns.pickAround(home, random.float(110, 250) * METRES_PER_MILE) : home;
  const endPoint = end === home ? towns.scatter(home) : { lat: end.lat, lng: end.lng };
  const [startHour, endHour] = plan.type === 'custom' ? [10, 16] : [8, 18];
  const base = RESERVATION_BASE_PENCE[plan.people] + (plan.type === 'national' ? random.int(50, 60) * 100 : 0);
  const createdAt = new Date(Math.min(now.getTime(), londonInstant(date, 0).getTime()) - random.int(1, 7) * DAY_MS);
  return {
    user_id: userId,
    vehicle_id: van.id,
    date,
    type: plan.type,
    people: plan.people,
    capacity_m3: Math.min(40, Math.floor(van.capacity)),
    status: plan.status,
    start_time: plan.anywhere ? null : londonInstant(date, startHour),
    start_town: home.name,
    start_postcode: seedPostcode(random, home.postcodeArea),
    start_lat: start.lat,
    start_lng: start.lng,
    end_time: plan.anywhere ? null : londonInstant(date, endHour),
    end_town: plan.anywhere ? null : end.name,
    end_postcode: plan.anywhere ? null : seedPostcode(random, end.postcodeArea),
    end_lat: plan.anywhere ? null : endPoint.lat,
    end_lng: plan.anywhere ? null : endPoint.lng,
    min_price: plan.unpriced ? null : Math.round((base * 0.8) / 100) * 100,
    max_price: plan.unpriced ? null : Math.round((base * 1.1) / 100) * 100,
    offer_expires_at:
      plan.status === 'return_offer' && plan.inDays >= 0 ? new Date(now.getTime() + 20 * HOUR_MS) : null,
    created_at: createdAt,
  };
};

const wonOutcome = (ctx: MarketplaceContext, providerId: number, plan: WonJobPlan): JobOutcome => {
  const { random, now, today } = ctx;
  const monday = startOfLondonWeek(now).getTime();
  const done = plan.status === 'completed' || plan.status === 'finalised';
  switch (plan.timing) {
    case 'upcoming':
      return {
        status: plan.status,
        providerId,
        pickupAt: londonInstant(addDays(today, random.int(1, 7)), random.pick([8, 9, 10, 13])),
        completedAt: null,
      };
    case 'today':
      return {
        status: plan.status,
        providerId,
        pickupAt: new Date(now.getTime() - random.int(1, 4) * HOUR_MS),
        completedAt: null,
      };
    case 'this_week': {
      const completedAt = new Date(monday + (now.getTime() - monday) * random.float(0.05, 0.95));
      return {
        status: plan.status,
        providerId,
        pickupAt: new Date(completedAt.getTime() - random.int(2, 6) * HOUR_MS),
        completedAt: done ? completedAt : null,
      };
    }
    case 'weeks_ago': {
      const completedAt = new Date(monday - random.int(1, 45) * DAY_MS - random.int(1, 12) * HOUR_MS);
      return {
        status: plan.status,
        providerId,
        pickupAt: new Date(completedAt.getTime() - random.int(2, 6) * HOUR_MS),
        completedAt: done ? completedAt : null,
      };
    }
  }
};

/** Seeds only a database with no users yet (the server's first start). Returns null when it left the data alone. */
export const seedIfEmpty = async (db: Db, options: { now: Date; scale: SeedScale }): Promise<SeedSummary | null> => {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
  return rows[0]?.n === 0 ? seedDatabase(db, options) : null;
};
