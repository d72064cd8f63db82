import { createHash } from 'node:crypto';
import { Schema } from 'effect';
import { PrivateJobInput, type OnSiteOption } from '@/schemas/private-job';
import type { Db, SqlParam } from '@/server/db/db';
import { loadTowns, type Town } from '@/server/geo/towns';
import { canonicalPayload, resolvePrivateJob } from '@/server/private-jobs/private-job-rules';
import { insertRows } from '@/server/seed/insert-rows';
import { seedPostcode } from '@/server/seed/postcodes';
import { Random, SEED } from '@/server/seed/random';
import { addDays, londonDate, londonInstant } from '@/server/time/london';

/**
 * The demo partner's private jobs (migration 0008, issue 7 "private jobs of its own"), seeded after the rest: four
 * jobs around Manchester — tomorrow, in 3 days, next week (in 7 days) and last week (7 days ago) — on its vehicles,
 * three of them with one of its active drivers and two with a title. Each goes through the same schema and rules
 * as a private job made in the portal (server/private-jobs/private-job-rules.ts), so a rule change that the seed
 * breaks fails here rather than in a demo. Its own random stream: the rest of the seed is the same without it.
 */

const STREAM = SEED + 707;
const DAY_MS = 86_400_000;
const PARTNER = 'partner@example.com';

interface PrivateJobPlan {
  readonly inDays: number;
  readonly from: string;
  readonly to: string;
  /** London hours: the pickup window opens, the delivery window opens; each lasts `windowHours`. */
  readonly pickupHour: number;
  readonly deliveryHour: number;
  readonly windowHours: number;
  readonly volumeM3: number;
  readonly onSiteS: readonly [OnSiteOption, OnSiteOption];
  /** Index into the partner's vehicles (by id) and active drivers (null: no driver yet). */
  readonly vehicle: number;
  readonly driver: number | null;
  readonly title: string | null;
}

export const DEMO_PRIVATE_JOBS: readonly PrivateJobPlan[] = [
  {
    inDays: 1,
    from: 'Stockport',
    to: 'Bolton',
    pickupHour: 9,
    deliveryHour: 12,
    windowHours: 2,
    volumeM3: 6,
    onSiteS: [1800, 1800],
    vehicle: 0,
    driver: 0,
    title: 'Office move for a regular customer',
  },
  {
    inDays: 3,
    from: 'Salford',
    to: 'Oldham',
    pickupHour: 13,
    deliveryHour: 15,
    windowHours: 3,
    volumeM3: 12.5,
    onSiteS: [2400, 3600],
    vehicle: 2,
    driver: 1,
    title: null,
  },
  {
    inDays: 7,
    from: 'Wigan',
    to: 'Warrington',
    pickupHour: 8,
    deliveryHour: 10,
    windowHours: 2,
    volumeM3: 3,
    onSiteS: [900, 600],
    vehicle: 4,
    driver: null,
    title: 'Piano for the school hall',
  },
  {
    inDays: -7,
    from: 'Bury',
    to: 'Rochdale',
    pickupHour: 10,
    deliveryHour: 13,
    windowHours: 2,
    volumeM3: 8,
    onSiteS: [1200, 1200],
    vehicle: 1,
    driver: 0,
    title: null,
  },
];

const named = (towns: readonly Town[], name: string): Town => {
  const town = towns.find((t) => t.name === name);
  if (!town) throw new Error(`no town named ${name}`);
  return town;
};

/** The rows of the demo partner's private jobs, relative to `now` (London calendar). */
export const privateJobRows = (
  plans: readonly PrivateJobPlan[],
  fleet: { readonly userId: number; readonly vehicles: readonly number[]; readonly drivers: readonly number[] },
  now: Date,
): Record<string, SqlParam>[] => {
  const random = new Random(STREAM);
  const towns = loadTowns();
  const today = londonDate(now);
  return plans.map((plan) => {
    const date = addDays(today, plan.inDays);
    const node = (town: Town, hour: number, onSiteS: number, sortOrder: 1 | 2, nodeType: 'pickup' | 'delivery') => ({
      place: { lat: town.lat, lng: town.lng, town: town.name, postcode: seedPostcode(random, town.postcodeArea) },
      sortOrder,
      nodeType,
      timeWindowStart: londonInstant(date, hour).toISOString(),
      timeWindowEnd: londonInstant(date, hour + plan.windowHours).toISOString(),
      durationOnSiteInSeconds: onSiteS,
    });
    const vehicleId = fleet.vehicles[plan.vehicle % Math.max(1, fleet.vehicles.length)] ?? null;
    const driverId =
      plan.driver === null ? null : (fleet.drivers[plan.driver % Math.max(1, fleet.drivers.length)] ?? null);
    const input = Schema.decodeUnknownSync(PrivateJobInput)({
      uuid: random.uuid(),
      volumeInM3: plan.volumeM3,
      nodes: [
        node(named(towns, plan.from), plan.pickupHour, plan.onSiteS[0], 1, 'pickup'),
        node(named(towns, plan.to), plan.deliveryHour, plan.onSiteS[1], 2, 'delivery'),
      ],
      vehicle_id: vehicleId,
      driver_id: driverId,
      title: plan.title,
    });
    const { errors, job } = resolvePrivateJob(input);
    if (!job) throw new Error(`seeded private job on day ${plan.inDays} breaks the rules: ${JSON.stringify(errors)}`);
    const createdAt = new Date(Math.min(now.getTime(), job.pickup.windowStart.getTime()) - random.int(1, 6) * DAY_MS);
    return {
      user_id: fleet.userId,
      uuid: job.uuid,
      title: job.title,
      volume_m3: job.volumeM3,
      pickup_town: job.pickup.place.town,
      pickup_postcode: job.pickup.place.postcode,
      pickup_lat: job.pickup.place.lat,
      pickup_lng: job.pickup.place.lng,
      pickup_window_start: job.pickup.windowStart,
      pickup_window_end: job.pickup.windowEnd,
      pickup_on_site_s: job.pickup.onSiteS,
      delivery_town: job.delivery.place.town,
      delivery_postcode: job.delivery.place.postcode,
      delivery_lat: job.delivery.place.lat,
      delivery_lng: job.delivery.place.lng,
      delivery_window_start: job.delivery.windowStart,
      delivery_window_end: job.delivery.windowEnd,
      delivery_on_site_s: job.delivery.onSiteS,
      vehicle_id: job.vehicleId,
      driver_id: job.driverId,
      request_sha256: createHash('sha256').update(canonicalPayload(job)).digest('hex'),
      created_at: createdAt,
      updated_at: createdAt,
      deleted_at: null,
    };
  });
};

/** Seeds the demo partner's private jobs; nothing when the partner or its vehicles are missing. Returns the count. */
export const seedPrivateJobs = async (db: Db, now: Date): Promise<number> => {
  const { rows: users } = await db.query<{ id: number }>('select id from users where email = $1', [PARTNER]);
  const userId = users[0]?.id;
  if (userId === undefined) return 0;
  const [vehicles, drivers] = await Promise.all([
    db.query<{ id: number }>('select id from vehicles where user_id = $1 and deleted_at is null order by id', [userId]),
    db.query<{ id: number }>('select id from drivers where user_id = $1 and active order by id', [userId]),
  ]);
  if (vehicles.rows.length === 0) return 0;
  const rows = privateJobRows(
    DEMO_PRIVATE_JOBS,
    { userId, vehicles: vehicles.rows.map((v) => v.id), drivers: drivers.rows.map((d) => d.id) },
    now,
  );
  await insertRows(db, 'private_jobs', rows);
  return rows.length;
};
