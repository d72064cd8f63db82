import type { PostJob } from '@/schemas/alert';
import type { Listing } from '@/schemas/search';
import type { Db, SqlParam } from '@/server/db/db';
import { METRES_PER_MILE } from '@/server/geo/distance';
import { lookUpPlaces } from '@/server/geo/place-lookup';
import { loadTowns } from '@/server/geo/towns';
import { ValidationError } from '@/server/http/api-errors';
import type { ListingEventBus } from '@/server/listings/listing-events';
import { roadMiles } from '@/server/reservations/road-distance';
import { LISTING_COLUMNS, toListing, type ListingRow } from '@/server/search/listing-row';
import { seedJob } from '@/server/seed/marketplace';
import { seedPostcode } from '@/server/seed/postcodes';
import { Random } from '@/server/seed/random';
import { TownPicker } from '@/server/seed/town-picker';
import { londonDate } from '@/server/time/london';

/**
 * New work arriving on the marketplace: a job posted as a customer would (POST /v1/admin/jobs), or a random one every
 * NEW_WORK_EVERY_S seconds in development. Either way the job is inserted open (nobody has it, activated now) and a
 * `posted` event goes on the listing bus once it is committed, so the GET /v1/jobs/events streams carry it and the
 * portals refresh their alerts counter.
 */

/** Lower case, letters and digits only: `Stoke on Trent` is `Stoke-on-Trent`. */
const townKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** The town of that name in the offline towns data (the most populous of that name), or null. */
const findTown = (name: string) => {
  const key = townKey(name);
  const place = lookUpPlaces(name, 25).find((p) => p.id.startsWith('town:') && townKey(p.town) === key);
  return place && place.shortPostalCode ? { ...place, area: place.shortPostalCode } : null;
};

const insertJob = async (db: Db, row: Record<string, SqlParam>): Promise<ListingRow> => {
  const columns = Object.keys(row);
  const { rows } = await db.query<ListingRow>(
    `insert into jobs (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     returning ${LISTING_COLUMNS}, null::float8 as pickup_distance_m, null::float8 as delivery_distance_m`,
    columns.map((c) => row[c] ?? null),
  );
  return rows[0] as ListingRow;
};

/** Inserts an open job and announces it on the bus. */
const openJob = async (db: Db, events: ListingEventBus, row: Record<string, SqlParam>) => {
  const inserted = await insertJob(db, row);
  events.publish({ id: inserted.id, kind: inserted.kind === 'auction' ? 'auction' : 'instant' }, 'posted');
  return toListing(inserted);
};

/**
 * POST /v1/admin/jobs: a new open job from what a customer gives. Both towns must be in the towns data and the pickup
 * window must end after `now` (else 422 with the field). A postcode left out is made up in the town's postcode area,
 * as the demo seed does. Road distance is estimated as every server rule does (reservations/road-distance.ts).
 */
export const postJob = async (
  db: Db,
  events: ListingEventBus,
  job: PostJob,
  now: Date,
  random = new Random(now.getTime() % 2 ** 32),
): Promise<typeof Listing.Encoded> => {
  const pickup = findTown(job.pickup.town);
  const delivery = findTown(job.delivery.town);
  const errors: Record<string, string[]> = {};
  if (!pickup) errors['pickup.town'] = ['Unknown town'];
  if (!delivery) errors['delivery.town'] = ['Unknown town'];
  if (Date.parse(job.pickup_date.end) <= now.getTime()) errors['pickup_date.end'] = ['The pickup window has passed'];
  if (!pickup || !delivery || Object.keys(errors).length > 0) throw new ValidationError(errors);
  const method = job.kind === 'auction' ? null : (job.allocation_method ?? 'click_and_claim');
  return openJob(db, events, {
    kind: job.kind,
    category: job.category,
    status: method === 'click_and_claim' ? 'click_and_claim' : 'pending_allocation',
    pickup_town: pickup.town,
    pickup_postcode: job.pickup.postcode ?? seedPostcode(random, pickup.area),
    pickup_lat: pickup.lat,
    pickup_lng: pickup.lng,
    delivery_town: delivery.town,
    delivery_postcode: job.delivery.postcode ?? seedPostcode(random, delivery.area),
    delivery_lat: delivery.lat,
    delivery_lng: delivery.lng,
    pickup_date_start: new Date(job.pickup_date.start),
    pickup_date_end: new Date(job.pickup_date.end),
    price: job.price.amount,
    volume_m3: job.volume_m3,
    distance_m: Math.round(roadMiles(pickup, delivery) * METRES_PER_MILE),
    allocation_method: method,
    attributes: {},
    created_at: now,
    activated_at: now,
  });
};

/**
 * A random open job like the demo seed's (server/seed/marketplace.ts: a real town weighted by population, a category,
 * its usual distance, volume and price, a pickup in the next 30 days), posted at `now`.
 */
export const postRandomJob = async (db: Db, events: ListingEventBus, now: Date, random: Random) => {
  const row = seedJob({ random, towns: new TownPicker(loadTowns(), random), now, today: londonDate(now) });
  return openJob(db, events, { ...row, created_at: now, activated_at: now });
};

/**
 * Development only (NEW_WORK_EVERY_S, server/config.ts): posts a random job every `everyS` seconds on the server's
 * clock, so new-work alerts arrive live from `npm start`. Like the reservation job: the timer does not keep the
 * process alive, a failed post is reported and the next one tries again, posts never overlap.
 */
export const startNewWorkPoster = (
  db: Db,
  events: ListingEventBus,
  now: () => Date,
  everyS: number,
  options: { readonly onPosted?: (job: typeof Listing.Encoded) => void; readonly onError?: (e: unknown) => void } = {},
) => {
  const { onPosted = () => {}, onError = (error: unknown) => console.error(error) } = options;
  const random = new Random(now().getTime() % 2 ** 32);
  let running: Promise<unknown> | null = null;
  const postNow = () =>
    (running ??= postRandomJob(db, events, now(), random)
      .then(onPosted, onError)
      .finally(() => {
        running = null;
      }));
  const timer = setInterval(() => void postNow(), everyS * 1000);
  timer.unref();
  return {
    postNow,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
