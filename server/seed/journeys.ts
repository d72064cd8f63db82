import type { CompletionOutcome } from '@/schemas/journey-status-code';
import type { Db, SqlParam } from '@/server/db/db';
import { haversineMetres, type LatLng } from '@/server/geo/distance';
import { loadTowns, type Town } from '@/server/geo/towns';
import type { JobCategory } from '@/server/jobs/job-categories';
import { seedPersonName, seedMobile } from '@/server/seed/british-names';
import { insertRows } from '@/server/seed/insert-rows';
import { seedJourney, type MarketplaceContext } from '@/server/seed/marketplace';
import { seedPostcode } from '@/server/seed/postcodes';
import { Random, SEED } from '@/server/seed/random';
import { TownPicker } from '@/server/seed/town-picker';
import { londonDate } from '@/server/time/london';

/**
 * The inside of every journey (migration 0004, schemas/journey.ts), seeded after the marketplace's open journeys:
 *
 * - every journey gets its stops — start, pickups and deliveries of its customer jobs along the way, end — with
 *   planned times (35 mph between stops, 30 minutes at each), its customer jobs (category, volume, special
 *   requirements, a customer with a name and a phone) and, now and then, one job cancelled (its stops deactivated);
 *   `stops` of the journey is its number of pickups and deliveries. A third of journeys offer a return leg.
 * - journeys held by partners, none of them open (so the marketplace's open count stays the seed scale's): for the
 *   demo partner one claimed for tomorrow with a confirmed driver and two private-job stops, one given through
 *   expressed interest the day after with a planned driver, one next week with no driver yet, one under way, and two
 *   completed (customer details erased); one for each of two other journey-ready partners.
 * - pending interest of the demo partner in two open express-interest journeys (spec §4 EXPRESSED_INTEREST), and of
 *   a few other partners in others.
 * - one open journey whose first pickup passed unclaimed (spec §4 "undefined": no allocation details), so that every
 *   allocation state of spec §4 has a seeded journey (the last id before the next point's); the open marketplace
 *   (pickups ahead) stays the seed scale's.
 * - then, on a random stream of their own (everything above stays as it was), the demo partner's journeys in the
 *   spec §4 IP_ codes the others leave out (migration 0018): completed with a refund, unpaid and with a failed
 *   payment (its first two completed ones have an issue and are paid), one cancelled while it held it, one cancelled
 *   and one expired while its interest waited.
 *
 * Its own random stream (the marketplace draws stay as they were) and explicit ids: deterministic for a clock and
 * scale. One pass over the journeys and a handful of inserts: about 0.1 s at the test scale, about 1 s for the demo's
 * 1,000 journeys (7,500 stops).
 */
const JOURNEY_SEED = SEED + 4;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ROAD_FACTOR = 1.2;
const METRES_PER_HOUR = 35 * 1609.344;
const ON_SITE_MS = 30 * 60_000;
const FIVE_MINUTES = 5 * 60_000;

const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Mill Lane',
  'Park Avenue',
  'Queen Street',
  'Manor Road',
  'The Green',
  'Kings Road',
  'Albert Street',
  'Orchard Close',
  'Springfield Road',
  'York Road',
  'Chapel Street',
] as const;

const SPECIAL_REQUIREMENTS = [
  'Two-person lift for the sofa',
  'Fragile: glass-topped table',
  'Narrow staircase at delivery, no lift',
  'Call the customer 30 minutes before arrival',
  'Parking permit needed at the pickup',
  'Blankets and straps for an antique wardrobe',
] as const;

/** The job categories a journey's customer jobs come from (spec §3 ids), by journey category. */
const JOB_TYPES: Readonly<Record<string, readonly JobCategory[]>> = {
  journey_general_goods_move: ['general_goods_move', 'house_move', 'office_move', 'ebay'],
  virtual_journey_furniture: ['general_goods_move', 'antiques', 'house_move'],
  journey_vehicle_move: ['vehicle_move', 'vehicle-parts'],
  virtual_journey_car: ['vehicle_move'],
};
const jobTypesOf = (category: string): readonly JobCategory[] => JOB_TYPES[category] ?? ['general_goods_move'];

/** Nearest town to a point, through a grid of 0.25° cells searched ring by ring. */
class TownGrid {
  private readonly cells = new Map<string, Town[]>();
  constructor(towns: readonly Town[]) {
    for (const town of towns) {
      const key = this.key(Math.floor(town.lat * 4), Math.floor(town.lng * 4));
      const cell = this.cells.get(key);
      if (cell) cell.push(town);
      else this.cells.set(key, [town]);
    }
  }

  nearest(point: LatLng): Town {
    const [row, col] = [Math.floor(point.lat * 4), Math.floor(point.lng * 4)];
    let best: Town | null = null;
    let bestD = Infinity;
    for (let ring = 0; ring < 40 && (best === null || ring < 2); ring++) {
      for (let r = row - ring; r <= row + ring; r++)
        for (let c = col - ring; c <= col + ring; c++) {
          if (Math.max(Math.abs(r - row), Math.abs(c - col)) !== ring) continue;
          for (const town of this.cells.get(this.key(r, c)) ?? []) {
            const d = (town.lat - point.lat) ** 2 + ((town.lng - point.lng) * 0.6) ** 2;
            if (d < bestD) [best, bestD] = [town, d];
          }
        }
    }
    if (!best) throw new Error('no town near the route');
    return best;
  }

  private key(row: number, col: number) {
    return `${row}:${col}`;
  }
}

interface JourneyRow {
  id: number;
  status: string;
  first_pickup_at: Date;
  start_lat: number;
  start_lng: number;
  start_town: string;
  start_postcode: string | null;
  end_lat: number;
  end_lng: number;
  end_town: string;
  end_postcode: string | null;
  stops: number;
  category: string;
  volume_m3: number;
  created_at: Date;
}

/** A journey some partner holds, before it has ids. */
interface HeldPlan {
  readonly email: string | null;
  /** `cancelled`: called off by the platform while the partner held it (migration 0018). */
  readonly status: 'allocated' | 'completed' | 'cancelled';
  /** How a completed journey ended for the pay (migration 0018); completed plans only. */
  readonly outcome?: CompletionOutcome;
  /** First pickup, hours from now (negative: in the past). */
  readonly pickupInHours: number;
  readonly method: 'CLICK_AND_CLAIM' | 'EXPRESS_INTEREST';
  readonly driver: 'confirmed' | 'planned' | 'none';
  readonly withReturn: boolean;
  readonly privateJob: boolean;
}

const DEMO = 'partner@example.com';
const DEMO_HELD: readonly HeldPlan[] = [
  {
    email: DEMO,
    status: 'allocated',
    pickupInHours: 18,
    method: 'CLICK_AND_CLAIM',
    driver: 'confirmed',
    withReturn: false,
    privateJob: true,
  },
  {
    email: DEMO,
    status: 'allocated',
    pickupInHours: 40,
    method: 'EXPRESS_INTEREST',
    driver: 'planned',
    withReturn: true,
    privateJob: false,
  },
  {
    email: DEMO,
    status: 'allocated',
    pickupInHours: 6 * 24,
    method: 'CLICK_AND_CLAIM',
    driver: 'none',
    withReturn: false,
    privateJob: false,
  },
  {
    email: DEMO,
    status: 'allocated',
    pickupInHours: -3,
    method: 'CLICK_AND_CLAIM',
    driver: 'confirmed',
    withReturn: false,
    privateJob: false,
  },
  {
    email: DEMO,
    status: 'completed',
    outcome: 'issue',
    pickupInHours: -9 * 24,
    method: 'CLICK_AND_CLAIM',
    driver: 'confirmed',
    withReturn: false,
    privateJob: false,
  },
  {
    email: DEMO,
    status: 'completed',
    outcome: 'paid',
    pickupInHours: -23 * 24,
    method: 'EXPRESS_INTEREST',
    driver: 'confirmed',
    withReturn: true,
    privateJob: false,
  },
];
/** Held by the first journey-ready partners other than the demo accounts (email filled in at seed time). */
const OTHER_HELD: HeldPlan = {
  email: null,
  status: 'allocated',
  pickupInHours: 30,
  method: 'CLICK_AND_CLAIM',
  driver: 'confirmed',
  withReturn: false,
  privateJob: false,
};

interface Fleet {
  readonly userId: number;
  readonly email: string;
  readonly journeyReady: boolean;
  /** Approved vans, largest first. */
  readonly vans: readonly { id: number; capacity: number }[];
  readonly drivers: readonly number[];
}

/** The columns of journey_jobs and journey_nodes the seed writes, with their SQL types (insertColumns). */
const JOB_COLUMNS = {
  id: 'int',
  journey_id: 'int',
  category: 'text',
  volume_m3: 'float8',
  special_requirements: 'text',
  customer_name: 'text',
  customer_phone: 'text',
} as const;
const NODE_COLUMNS = {
  journey_id: 'int',
  action: 'text',
  sort_order: 'int',
  town: 'text',
  postcode: 'text',
  address_line: 'text',
  lat: 'float8',
  lng: 'float8',
  scheduled_at: 'timestamptz',
  journey_job_id: 'int',
  private_job_id: 'uuid',
  deactivated_at: 'timestamptz',
} as const;

/**
 * Inserts many rows in one statement, a typed array per column through `unnest` (the SQL types name the arrays):
 * about ten times faster than multi-row VALUES for the thousands of stops, which would otherwise be 12 parameters a
 * row. Instants travel as ISO strings.
 */
const insertColumns = async (
  db: Db,
  table: string,
  types: Readonly<Record<string, string>>,
  rows: readonly Record<string, SqlParam>[],
): Promise<void> => {
  if (rows.length === 0) return;
  const columns = Object.keys(types);
  const arrays = columns.map((column) =>
    rows.map((row) => {
      const value = row[column];
      if (value === undefined) throw new Error(`${table} row is missing ${column}`);
      return value instanceof Date ? value.toISOString() : value;
    }),
  );
  const unnest = columns.map((column, i) => `$${i + 1}::${types[column]}[]`).join(', ');
  await db.query(`insert into ${table} (${columns.join(', ')}) select * from unnest(${unnest})`, arrays);
};

const onTheHour = (ms: number) => new Date(Math.floor(ms / HOUR_MS) * HOUR_MS);
const roundTo5Minutes = (ms: number) => Math.round(ms / FIVE_MINUTES) * FIVE_MINUTES;

const loadFleets = async (db: Db): Promise<Fleet[]> => {
  const [users, vans, drivers] = await Promise.all([
    db.query<{ id: number; email: string; ip_journey_ready: boolean }>(
      "select id, email, ip_journey_ready from users where role = 'transport_partner' order by id",
    ),
    db.query<{ id: number; user_id: number; loading_capacity_m3: number }>(
      "select id, user_id, loading_capacity_m3 from vehicles where status = 'APPROVED' and deleted_at is null order by id",
    ),
    db.query<{ id: number; user_id: number }>('select id, user_id from drivers where active order by id'),
  ]);
  return users.rows.map((u) => ({
    userId: u.id,
    email: u.email,
    journeyReady: u.ip_journey_ready,
    vans: vans.rows
      .filter((v) => v.user_id === u.id)
      .map((v) => ({ id: v.id, capacity: v.loading_capacity_m3 }))
      .sort((a, b) => b.capacity - a.capacity || a.id - b.id),
    drivers: drivers.rows.filter((d) => d.user_id === u.id).map((d) => d.id),
  }));
};

const returnQuote = (tpQuote: number) => Math.round(tpQuote * 0.55);

/**
 * A journey a partner holds or held (`plan`), with the id given, and its live allocation (kept on a cancelled
 * journey). Its route from the marketplace's journey maker; its load fits the van.
 */
const heldJourney = (
  ctx: MarketplaceContext,
  plan: HeldPlan,
  fleet: Fleet,
  van: Fleet['vans'][number],
  id: number,
  index: number,
): { journey: Record<string, SqlParam>; allocation: Record<string, SqlParam> } => {
  const { random, now } = ctx;
  const row = seedJourney(ctx);
  const firstPickup = onTheHour(now.getTime() + plan.pickupInHours * HOUR_MS);
  const createdAt = new Date(Math.min(now.getTime(), firstPickup.getTime()) - random.int(3, 10) * DAY_MS);
  const allocatedAt = new Date(createdAt.getTime() + random.int(2, 30) * HOUR_MS);
  const tpQuote = Number(row.tp_quote);
  const journey = {
    ...row,
    id,
    status: plan.status,
    allocation_method: plan.method,
    first_pickup_at: firstPickup,
    provider_id: fleet.userId,
    created_at: createdAt,
    volume_m3: Math.min(Number(row.volume_m3), Math.floor(van.capacity * 10) / 10),
    tp_quote_return: plan.withReturn ? returnQuote(tpQuote) : null,
    completed_at: plan.status === 'completed' ? new Date(firstPickup.getTime() + random.int(6, 12) * HOUR_MS) : null,
    completion_outcome: plan.status === 'completed' ? (plan.outcome ?? 'paid') : null,
  };
  const driver = plan.driver === 'none' ? null : (fleet.drivers[index % Math.max(1, fleet.drivers.length)] ?? null);
  const allocation = {
    journey_id: id,
    provider_id: fleet.userId,
    provider_vehicle_id: van.id,
    driver_id: driver,
    driver_confirmed_at: driver !== null && plan.driver === 'confirmed' ? allocatedAt : null,
    method: plan.method,
    with_return: plan.withReturn,
    allocated_at: allocatedAt,
  };
  return { journey, allocation };
};

/** Fills in the journeys (see the comment at the top). Runs inside the seed's transaction. */
export const seedJourneyDetails = async (db: Db, now: Date): Promise<void> => {
  const random = new Random(JOURNEY_SEED);
  const towns = new TownPicker(loadTowns(), random);
  const grid = new TownGrid(loadTowns());
  const ctx: MarketplaceContext = { random, towns, now, today: londonDate(now) };
  const fleets = await loadFleets(db);
  const fleetOf = new Map(fleets.map((f) => [f.email, f]));
  const others = fleets.filter((f) => f.journeyReady && !f.email.endsWith('@example.com') && f.vans.length > 0);

  // A third of the journeys offer a return leg, at 55% of the outbound pay.
  await db.query(
    "update journeys set tp_quote_return = round(tp_quote * 0.55)::int where id % 3 = 0 and status = 'open'",
  );

  // Journeys held by partners.
  const plans = [
    ...(fleetOf.has(DEMO) ? DEMO_HELD : []),
    ...others.slice(0, 2).map((f) => ({ ...OTHER_HELD, email: f.email })),
  ];
  const maxId = (await db.query<{ n: number }>('select coalesce(max(id), 0)::int as n from journeys')).rows[0]?.n ?? 0;
  const held: Record<string, SqlParam>[] = [];
  const allocations: Record<string, SqlParam>[] = [];
  const privateJobs = new Set<number>();
  plans.forEach((plan, i) => {
    const fleet = plan.email ? fleetOf.get(plan.email) : undefined;
    const van = fleet?.vans[0];
    if (!fleet || !van) return;
    const id = maxId + 1 + i;
    const { journey, allocation } = heldJourney(ctx, plan, fleet, van, id, i);
    held.push(journey);
    allocations.push(allocation);
    if (plan.privateJob) privateJobs.add(id);
  });
  await insertRows(db, 'journeys', held);
  await insertRows(db, 'journey_allocations', allocations);
  await db.query("select setval(pg_get_serial_sequence('journeys', 'id'), (select max(id) from journeys))");

  // The spec's "undefined" allocation (§4): a journey nobody took before its first pickup, which passed three hours
  // ago; still open, with no allocation details and nothing to do. A copy of the first open journey's route made
  // without a random draw (the marketplace's journeys stay as they were), with the last id; its stops are planned
  // below from its own time. Search and the dashboard count only journeys still ahead, so neither counts it.
  await db.query(
    `insert into journeys (status, allocation_method, first_pickup_at, start_town, start_lat, start_lng, end_town,
       end_lat, end_lng, tp_quote, tp_quote_return, provider_id, created_at, category, volume_m3, distance_m, stops,
       start_postcode, end_postcode)
     select status, allocation_method, $1, start_town, start_lat, start_lng, end_town, end_lat, end_lng, tp_quote,
            tp_quote_return, null, $1::timestamptz - interval '4 days', category, volume_m3, distance_m, stops,
            start_postcode, end_postcode
       from journeys where status = 'open' and provider_id is null order by id limit 1`,
    [onTheHour(now.getTime() - 3 * HOUR_MS)],
  );

  // Stops and customer jobs of every journey.
  const { rows: journeys } = await db.query<JourneyRow>(
    `select id, status, first_pickup_at, start_lat, start_lng, start_town, start_postcode, end_lat, end_lng,
            end_town, end_postcode, stops, category, volume_m3, created_at
       from journeys order by id`,
  );
  const jobs: Record<string, SqlParam>[] = [];
  const nodes: Record<string, SqlParam>[] = [];
  for (const journey of journeys) {
    const built = buildJourney(ctx, grid, journey, jobs.length + 1, privateJobs.has(journey.id));
    jobs.push(...built.jobs);
    nodes.push(...built.nodes);
  }
  await insertColumns(db, 'journey_jobs', JOB_COLUMNS, jobs);
  await db.query(
    "select setval(pg_get_serial_sequence('journey_jobs', 'id'), greatest(1, (select max(id) from journey_jobs)))",
  );
  await insertColumns(db, 'journey_nodes', NODE_COLUMNS, nodes);

  // Pending interest: the demo partner in two open express-interest journeys at least two days ahead (still
  // cancellable) that one of its vans holds; a few other partners in others.
  const open = journeys.filter(
    (j) => j.status === 'open' && j.first_pickup_at.getTime() > now.getTime() + 48 * HOUR_MS,
  );
  const { rows: methods } = await db.query<{
    id: number;
    allocation_method: string;
    tp_quote: number;
    tp_quote_return: number | null;
  }>(
    "select id, allocation_method, tp_quote, tp_quote_return from journeys where status = 'open' and allocation_method = 'EXPRESS_INTEREST'",
  );
  const expressInterest = new Map(methods.map((m) => [m.id, m]));
  const interests: Record<string, SqlParam>[] = [];
  const addInterest = (fleet: Fleet, journey: JourneyRow) => {
    const van = fleet.vans.find((v) => v.capacity >= journey.volume_m3);
    const offer = expressInterest.get(journey.id);
    if (!van || !offer) return false;
    interests.push({
      journey_id: journey.id,
      user_id: fleet.userId,
      provider_vehicle_id: van.id,
      tp_quote: offer.tp_quote,
      tp_quote_return: offer.tp_quote_return,
      men: random.pick([1, 2]),
      expressed_at: new Date(Math.max(journey.created_at.getTime(), now.getTime() - random.int(1, 48) * HOUR_MS)),
    });
    return true;
  };
  const demo = fleetOf.get(DEMO);
  const candidates = open.filter((j) => expressInterest.has(j.id));
  if (demo) {
    let added = 0;
    for (const journey of candidates) if (added < 2 && addInterest(demo, journey)) added++;
  }
  others.slice(0, 6).forEach((fleet, i) => {
    const journey = candidates[(i * 3 + 1) % Math.max(1, candidates.length)];
    if (journey && !interests.some((r) => r.journey_id === journey.id && r.user_id === fleet.userId))
      addInterest(fleet, journey);
  });
  await insertRows(db, 'journey_interests', interests);

  await seedDemoJourneyStatuses(db, demo, grid, now);
};

/** A journey the demo partner expressed interest in that nobody holds, before it has ids. */
interface InterestPlan {
  readonly status: 'open' | 'cancelled';
  /** First pickup, hours from now (negative: in the past). */
  readonly pickupInHours: number;
  readonly withReturn: boolean;
}

/**
 * The demo partner's journeys in the spec §4 IP_ codes its other journeys leave out (migration 0018), so that its
 * journeys page shows every one a partner can meet: completed with a refund, not paid yet and with a failed payment
 * (besides the completed ones above, with an issue and paid); one called off while it held it; one called off while
 * its interest waited; one whose first pickup passed while its interest waited, nobody allocated (expired).
 */
const DEMO_STATUS_HELD: readonly HeldPlan[] = [
  {
    email: DEMO,
    status: 'completed',
    outcome: 'refund',
    pickupInHours: -5 * 24,
    method: 'CLICK_AND_CLAIM',
    driver: 'confirmed',
    withReturn: false,
    privateJob: false,
  },
  {
    email: DEMO,
    status: 'completed',
    outcome: 'unpaid',
    pickupInHours: -2 * 24,
    method: 'EXPRESS_INTEREST',
    driver: 'confirmed',
    withReturn: true,
    privateJob: false,
  },
  {
    email: DEMO,
    status: 'completed',
    outcome: 'payment_failed',
    pickupInHours: -16 * 24,
    method: 'CLICK_AND_CLAIM',
    driver: 'confirmed',
    withReturn: false,
    privateJob: false,
  },
  {
    email: DEMO,
    status: 'cancelled',
    pickupInHours: 4 * 24,
    method: 'CLICK_AND_CLAIM',
    driver: 'planned',
    withReturn: false,
    privateJob: false,
  },
];
const DEMO_STATUS_INTERESTS: readonly InterestPlan[] = [
  { status: 'cancelled', pickupInHours: 5 * 24, withReturn: true },
  { status: 'open', pickupInHours: -50, withReturn: false },
];
/** Their own random stream: every journey, stop, job and interest seeded before them stays as it was. */
const DEMO_STATUS_SEED = SEED + 18;

/**
 * Seeds DEMO_STATUS_HELD and DEMO_STATUS_INTERESTS, with their stops and customer jobs, after every other journey (ids
 * after the lapsed one, which stays the last of the marketplace's).
 */
const seedDemoJourneyStatuses = async (db: Db, demo: Fleet | undefined, grid: TownGrid, now: Date): Promise<void> => {
  const van = demo?.vans[0];
  if (!demo || !van) return;
  const random = new Random(DEMO_STATUS_SEED);
  const ctx: MarketplaceContext = { random, towns: new TownPicker(loadTowns(), random), now, today: londonDate(now) };
  const maxId = (await db.query<{ n: number }>('select coalesce(max(id), 0)::int as n from journeys')).rows[0]?.n ?? 0;
  const journeys: Record<string, SqlParam>[] = [];
  const allocations: Record<string, SqlParam>[] = [];
  const interests: Record<string, SqlParam>[] = [];
  DEMO_STATUS_HELD.forEach((plan, i) => {
    const { journey, allocation } = heldJourney(ctx, plan, demo, van, maxId + 1 + i, i);
    journeys.push(journey);
    allocations.push(allocation);
  });
  DEMO_STATUS_INTERESTS.forEach((plan, k) => {
    const id = maxId + 1 + DEMO_STATUS_HELD.length + k;
    const row = seedJourney(ctx);
    const firstPickup = onTheHour(now.getTime() + plan.pickupInHours * HOUR_MS);
    const createdAt = new Date(Math.min(now.getTime(), firstPickup.getTime()) - random.int(3, 10) * DAY_MS);
    const tpQuote = Number(row.tp_quote);
    const tpQuoteReturn = plan.withReturn ? returnQuote(tpQuote) : null;
    journeys.push({
      ...row,
      id,
      status: plan.status,
      allocation_method: 'EXPRESS_INTEREST',
      first_pickup_at: firstPickup,
      created_at: createdAt,
      volume_m3: Math.min(Number(row.volume_m3), Math.floor(van.capacity * 10) / 10),
      tp_quote_return: tpQuoteReturn,
      completed_at: null,
      completion_outcome: null,
    });
    interests.push({
      journey_id: id,
      user_id: demo.userId,
      provider_vehicle_id: van.id,
      tp_quote: tpQuote,
      tp_quote_return: tpQuoteReturn,
      men: random.pick([1, 2]),
      expressed_at: new Date(createdAt.getTime() + random.int(2, 30) * HOUR_MS),
    });
  });
  await insertRows(db, 'journeys', journeys);
  await insertRows(db, 'journey_allocations', allocations);
  await insertRows(db, 'journey_interests', interests);
  await db.query("select setval(pg_get_serial_sequence('journeys', 'id'), (select max(id) from journeys))");

  const firstJobId =
    ((await db.query<{ n: number }>('select coalesce(max(id), 0)::int as n from journey_jobs')).rows[0]?.n ?? 0) + 1;
  const jobs: Record<string, SqlParam>[] = [];
  const nodes: Record<string, SqlParam>[] = [];
  for (const journey of journeys) {
    // the row as inserted: its instants are Dates and its measures numbers, as a JourneyRow read back would hold
    const built = buildJourney(ctx, grid, journey as unknown as JourneyRow, firstJobId + jobs.length, false);
    jobs.push(...built.jobs);
    nodes.push(...built.nodes);
  }
  await insertColumns(db, 'journey_jobs', JOB_COLUMNS, jobs);
  await db.query("select setval(pg_get_serial_sequence('journey_jobs', 'id'), (select max(id) from journey_jobs))");
  await insertColumns(db, 'journey_nodes', NODE_COLUMNS, nodes);
};

interface Stop {
  readonly fraction: number;
  readonly action: 'pickup' | 'delivery';
  readonly jobId: number | null;
  readonly privateJobId: string | null;
}

/**
 * One journey's customer jobs and stops. `stops` pickups and deliveries in `floor(stops / 2)` jobs (an odd count
 * gives the first job a second pickup), each job picked up before it is delivered, all along the line from start to
 * end; private-job stops on top when asked.
 */
const buildJourney = (
  ctx: MarketplaceContext,
  grid: TownGrid,
  journey: JourneyRow,
  firstJobId: number,
  withPrivateJob: boolean,
) => {
  const { random, towns } = ctx;
  const count = Math.max(1, Math.floor(journey.stops / 2));
  // A journey carried out or called off keeps no customer details (data protection).
  const completed = journey.status === 'completed' || journey.status === 'cancelled';
  const jobs: Record<string, SqlParam>[] = [];
  const stops: Stop[] = [];
  const weights = Array.from({ length: count }, () => random.float(0.5, 1.5));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  let volumeLeft = journey.volume_m3;
  for (let k = 0; k < count; k++) {
    const id = firstJobId + k;
    const share =
      k === count - 1
        ? Math.max(0, Math.round(volumeLeft * 10) / 10)
        : Math.round(((journey.volume_m3 * (weights[k] ?? 1)) / weightSum) * 10) / 10;
    volumeLeft -= share;
    const customer = seedPersonName(random).full;
    const phone = seedMobile(random);
    jobs.push({
      id,
      journey_id: journey.id,
      category: random.pick(jobTypesOf(journey.category)),
      volume_m3: share,
      special_requirements: random.chance(0.35) ? random.pick(SPECIAL_REQUIREMENTS) : null,
      // Erased when the journey was completed or cancelled (data protection).
      customer_name: completed ? null : customer,
      customer_phone: completed ? null : phone,
    });
    const pickup = random.float(0.04, 0.6);
    const delivery = random.float(pickup + 0.15, 0.97);
    stops.push({ fraction: pickup, action: 'pickup', jobId: id, privateJobId: null });
    if (k === 0 && journey.stops % 2 === 1)
      stops.push({ fraction: random.float(pickup, delivery - 0.05), action: 'pickup', jobId: id, privateJobId: null });
    stops.push({ fraction: delivery, action: 'delivery', jobId: id, privateJobId: null });
  }
  if (withPrivateJob) {
    const uuid = random.uuid();
    const pickup = random.float(0.3, 0.5);
    stops.push({ fraction: pickup, action: 'pickup', jobId: null, privateJobId: uuid });
    stops.push({ fraction: random.float(pickup + 0.1, 0.9), action: 'delivery', jobId: null, privateJobId: uuid });
  }
  stops.sort((a, b) => a.fraction - b.fraction);

  const start: LatLng = { lat: journey.start_lat, lng: journey.start_lng };
  const end: LatLng = { lat: journey.end_lat, lng: journey.end_lng };
  const placed = stops.map((stop) => {
    const town = grid.nearest({
      lat: start.lat + (end.lat - start.lat) * stop.fraction + random.float(-0.08, 0.08),
      lng: start.lng + (end.lng - start.lng) * stop.fraction + random.float(-0.12, 0.12),
    });
    const point = towns.scatter(town);
    const customerStop = stop.jobId !== null;
    return {
      stop,
      town: town.name,
      point,
      postcode: seedPostcode(random, town.postcodeArea),
      address: completed && customerStop ? null : `${random.int(1, 180)} ${random.pick(STREETS)}`,
    };
  });

  // Planned times: the first pickup at the journey's first pickup, then 30 minutes on site and the drive to the next.
  const legMs = (a: LatLng, b: LatLng) => ((haversineMetres(a, b) * ROAD_FACTOR) / METRES_PER_HOUR) * HOUR_MS;
  const firstPickup = journey.first_pickup_at.getTime();
  const startAt = roundTo5Minutes(firstPickup - legMs(start, placed[0]?.point ?? end));
  const times: number[] = [];
  let clock = firstPickup;
  placed.forEach((p, i) => {
    const before = placed[i - 1];
    if (before) clock += ON_SITE_MS + legMs(before.point, p.point);
    times.push(i === 0 ? clock : roundTo5Minutes(clock));
  });
  const last = placed[placed.length - 1];
  const endAt = roundTo5Minutes(clock + (last ? ON_SITE_MS + legMs(last.point, end) : 0));

  // Now and then a customer cancelled one job (not the first): its stops stay on the list, deactivated.
  const cancelled = count >= 2 && !completed && random.chance(0.08) ? firstJobId + count - 1 : null;
  const deactivatedAt = new Date(
    Math.min(ctx.now.getTime(), journey.created_at.getTime() + random.int(2, 20) * HOUR_MS),
  );
  const node = (
    sortOrder: number,
    action: 'start' | 'end' | 'pickup' | 'delivery',
    place: { town: string; postcode: string | null; address: string | null; point: LatLng },
    at: number,
    stop: Stop | null,
  ): Record<string, SqlParam> => ({
    journey_id: journey.id,
    action,
    sort_order: sortOrder,
    town: place.town,
    postcode: place.postcode,
    address_line: place.address,
    lat: place.point.lat,
    lng: place.point.lng,
    scheduled_at: new Date(at),
    journey_job_id: stop?.jobId ?? null,
    private_job_id: stop?.privateJobId ?? null,
    deactivated_at: stop?.jobId !== undefined && stop.jobId !== null && stop.jobId === cancelled ? deactivatedAt : null,
  });
  const nodes = [
    node(
      1,
      'start',
      { town: journey.start_town, postcode: journey.start_postcode, address: null, point: start },
      startAt,
      null,
    ),
    ...placed.map((p, i) => node(i + 2, p.stop.action, p, times[i] ?? endAt, p.stop)),
    node(
      placed.length + 2,
      'end',
      { town: journey.end_town, postcode: journey.end_postcode, address: null, point: end },
      endAt,
      null,
    ),
  ];
  return { jobs, nodes };
};
