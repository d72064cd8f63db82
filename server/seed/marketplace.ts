import { haversineMetres, METRES_PER_MILE } from '@/server/geo/distance';
import { JOB_CATEGORIES, type JobCategory } from '@/server/jobs/job-categories';
import type { SqlParam } from '@/server/db/db';
import { JOB_PROFILES } from '@/server/seed/job-profiles';
import { seedPostcode } from '@/server/seed/postcodes';
import type { Random } from '@/server/seed/random';
import type { TownPicker } from '@/server/seed/town-picker';
import { addDays, londonInstant } from '@/server/time/london';

/** Roads wind: the seed estimates road distance as 1.2 × the straight line (a usual circuity factor for UK roads). */
const ROAD_FACTOR = 1.2;
const HOUR_MS = 3_600_000;

export interface MarketplaceContext {
  readonly random: Random;
  readonly towns: TownPicker;
  readonly now: Date;
  /** Today in London, yyyy-MM-dd. */
  readonly today: string;
}

/** What sets a job apart from an open marketplace listing: who won it and where it stands. */
export interface JobOutcome {
  readonly status: 'allocated' | 'in_realisation' | 'realised' | 'completed' | 'finalised';
  readonly providerId: number;
  readonly pickupAt: Date;
  readonly completedAt: Date | null;
}

const CATEGORY_WEIGHTS = JOB_CATEGORIES.map((category) => [category, JOB_PROFILES[category].weight] as const);

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** A draw from the profile's usual range most of the time, and now and then up to three times further. */
const typicalMiles = (random: Random, [min, max]: readonly [number, number]) =>
  random.chance(0.85) ? random.float(min, max) : random.float(max, max * 3);

/**
 * One job row. Open (no outcome): an instant or auction listing with a pickup in the next 30 days. With an outcome:
 * work a partner won, in the given status, picked up at `pickupAt`.
 */
export const seedJob = (ctx: MarketplaceContext, outcome?: JobOutcome): Record<string, SqlParam> => {
  const { random, towns } = ctx;
  const category: JobCategory = random.weighted(CATEGORY_WEIGHTS);
  const profile = JOB_PROFILES[category];
  const pickupTown = towns.pick();
  const deliveryTown = towns.pickAround(pickupTown, typicalMiles(random, profile.miles) * METRES_PER_MILE);
  const pickup = towns.scatter(pickupTown);
  const delivery = towns.scatter(deliveryTown);
  const distanceM = Math.round(haversineMetres(pickup, delivery) * ROAD_FACTOR);
  const volume = Math.round(random.float(...profile.volumeM3) * 10) / 10;
  const pence =
    (profile.basePence + (profile.pencePerMile * distanceM) / METRES_PER_MILE + profile.pencePerM3 * volume) *
    random.float(0.85, 1.15);
  const kind = random.chance(0.65) ? 'instant' : 'auction';
  const expressInterest = kind === 'instant' && random.chance(0.25);

  const pickupStart = outcome
    ? outcome.pickupAt
    : londonInstant(
        addDays(ctx.today, random.int(0, 29)),
        random.weighted([
          [7, 3],
          [8, 4],
          [9, 3],
          [10, 2],
          [12, 2],
          [14, 1],
          [16, 1],
        ]),
      );
  // A listing that would already be under way today is pushed to tomorrow: open work is always ahead.
  const start =
    !outcome && pickupStart.getTime() < ctx.now.getTime() + HOUR_MS
      ? new Date(pickupStart.getTime() + 24 * HOUR_MS)
      : pickupStart;
  const windowHours = random.pick([2, 3, 4, 4, 6, 8, 10]);
  const createdAt = new Date(Math.min(ctx.now.getTime(), start.getTime()) - random.int(1, 240) * HOUR_MS);

  return {
    kind,
    category,
    status: outcome ? outcome.status : expressInterest || kind === 'auction' ? 'pending_allocation' : 'click_and_claim',
    pickup_town: pickupTown.name,
    pickup_postcode: seedPostcode(random, pickupTown.postcodeArea),
    pickup_lat: pickup.lat,
    pickup_lng: pickup.lng,
    delivery_town: deliveryTown.name,
    delivery_postcode: seedPostcode(random, deliveryTown.postcodeArea),
    delivery_lat: delivery.lat,
    delivery_lng: delivery.lng,
    pickup_date_start: start,
    pickup_date_end: new Date(start.getTime() + windowHours * HOUR_MS),
    price: Math.max(1000, roundTo(pence, 100)),
    volume_m3: volume,
    distance_m: distanceM,
    allocation_method: kind === 'auction' ? null : expressInterest ? 'express_interest' : 'click_and_claim',
    attributes: profile.attributes(random),
    provider_id: outcome ? outcome.providerId : null,
    allocated_at: outcome
      ? new Date(Math.min(ctx.now.getTime(), start.getTime(), createdAt.getTime() + random.int(1, 48) * HOUR_MS))
      : null,
    completed_at: outcome ? outcome.completedAt : null,
    created_at: createdAt,
    activated_at: new Date(createdAt.getTime() + random.int(5, 60) * 60_000),
  };
};

/**
 * Journey pay of spec §9: £15 an hour for one person (£25 for two) plus mileage, 25p a mile up to 100 miles and
 * 30p a mile beyond. Hours are driving at an average 35 mph plus half an hour at each stop.
 */
const journeyQuotePence = (miles: number, stops: number, twoPeople: boolean) => {
  const hours = miles / 35 + stops * 0.5;
  const mileage = Math.min(miles, 100) * 25 + Math.max(0, miles - 100) * 30;
  return Math.round(hours * (twoPeople ? 2500 : 1500) + mileage);
};

/** Journeys carry the journey categories of spec §3, mostly goods. */
const JOURNEY_CATEGORY_WEIGHTS = [
  ['journey_general_goods_move', 5],
  ['journey_vehicle_move', 2],
  ['virtual_journey_furniture', 2],
  ['virtual_journey_car', 1],
] as const satisfies readonly (readonly [JobCategory, number])[];

/** One open journey: a multi-stop run between two real towns, first pickup in the next 30 days. */
export const seedJourney = (ctx: MarketplaceContext): Record<string, SqlParam> => {
  const { random, towns } = ctx;
  const startTown = towns.pick();
  const endTown = towns.pickAround(startTown, random.float(40, 280) * METRES_PER_MILE);
  const miles = (haversineMetres(startTown, endTown) * ROAD_FACTOR) / METRES_PER_MILE;
  const day = addDays(ctx.today, random.int(1, 30));
  const createdAt = new Date(ctx.now.getTime() - random.int(1, 120) * HOUR_MS);
  const stops = random.int(3, 8);
  const twoPeople = random.chance(0.3);
  const category = random.weighted(JOURNEY_CATEGORY_WEIGHTS);
  const cars = category === 'journey_vehicle_move' || category === 'virtual_journey_car';
  return {
    status: 'open',
    allocation_method: random.chance(0.5) ? 'CLICK_AND_CLAIM' : 'EXPRESS_INTEREST',
    first_pickup_at: londonInstant(day, random.pick([6, 7, 8, 9])),
    start_town: startTown.name,
    start_lat: startTown.lat,
    start_lng: startTown.lng,
    end_town: endTown.name,
    end_lat: endTown.lat,
    end_lng: endTown.lng,
    tp_quote: journeyQuotePence(miles, stops, twoPeople),
    provider_id: null,
    created_at: createdAt,
    category,
    volume_m3: Math.round((cars ? random.float(8, 14) : random.float(2, 18)) * 10) / 10,
    distance_m: Math.round(miles * METRES_PER_MILE),
    stops,
    start_postcode: seedPostcode(random, startTown.postcodeArea),
    end_postcode: seedPostcode(random, endTown.postcodeArea),
  };
};
