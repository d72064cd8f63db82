import { createHash } from 'node:crypto';
import {
  PRIVATE_JOB_MESSAGES as SAY,
  PRIVATE_JOB_REFUSALS,
  type PrivateJob,
  type PrivateJobInput,
} from '@/schemas/private-job';
import { driverColour, vehicleColour } from '@/schemas/work-calendar';
import { journeyEntries, listingEntries } from '@/server/calendar/calendar-entries';
import type { InstantRange } from '@/server/calendar/calendar-range';
import type { Db } from '@/server/db/db';
import { NotFoundError, ValidationError } from '@/server/http/api-errors';
import {
  canonicalPayload,
  resolvePrivateJob,
  type FieldErrors,
  type ResolvedPrivateJob,
} from '@/server/private-jobs/private-job-rules';
import { loadPreferences } from '@/server/private-jobs/private-work-preferences';

/**
 * Private jobs in the database (migration 0008 private_jobs): create, read, list, update, soft delete, always within
 * one partner's rows — another partner's uuid reads exactly like a missing one (NotFoundError → 404).
 *
 * Creating is idempotent on the client's uuid: the canonical form of the creating payload is hashed and kept, and a
 * POST with a uuid the partner already used answers the same 201 with the private job as it is now when its payload
 * is the same, 409 PRIVATE_JOB_REFUSALS.uuidTaken when it is not (uuidDeleted once deleted). Two identical POSTs at
 * once make one row: the insert that loses the race on (user_id, uuid) reads the winner's.
 *
 * The rules that need the database, after the payload's own (private-job-rules.ts):
 * - `vehicle_id` is one of the partner's vehicles, not deleted; `driver_id` one of its drivers, active;
 * - with the preference block_marketplace_overlap on, the vehicle has no marketplace work (a won job or a journey
 *   on that vehicle, calendar-entries.ts) overlapping the private job's time, pickup opening to delivery closing.
 */

/** Outcome of a create or update that was not refused by a rule (those throw ValidationError). */
export type PrivateJobAnswer =
  | { readonly status: 200 | 201; readonly body: PrivateJob }
  | { readonly status: 409; readonly body: { readonly message: string } };

interface PrivateJobRow {
  uuid: string;
  title: string | null;
  volume_m3: number;
  pickup_town: string;
  pickup_postcode: string;
  pickup_lat: number;
  pickup_lng: number;
  pickup_window_start: Date;
  pickup_window_end: Date;
  pickup_on_site_s: number;
  delivery_town: string;
  delivery_postcode: string;
  delivery_lat: number;
  delivery_lng: number;
  delivery_window_start: Date;
  delivery_window_end: Date;
  delivery_on_site_s: number;
  vehicle_id: number | null;
  vehicle_registration: string | null;
  driver_id: number | null;
  driver_full_name: string | null;
  request_sha256: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

const SELECT = `
  select p.uuid::text as uuid, p.title, p.volume_m3,
         p.pickup_town, p.pickup_postcode, p.pickup_lat, p.pickup_lng, p.pickup_window_start, p.pickup_window_end,
         p.pickup_on_site_s, p.delivery_town, p.delivery_postcode, p.delivery_lat, p.delivery_lng,
         p.delivery_window_start, p.delivery_window_end, p.delivery_on_site_s,
         p.vehicle_id, v.registration_number as vehicle_registration, p.driver_id, d.full_name as driver_full_name,
         p.request_sha256, p.created_at, p.updated_at, p.deleted_at
    from private_jobs p
    left join vehicles v on v.id = p.vehicle_id
    left join drivers d on d.id = p.driver_id`;

const iso = (at: Date) => new Date(at).toISOString();

/** A stored row as the API answers it (schemas/private-job.ts PrivateJob). */
export const privateJobView = (row: PrivateJobRow): PrivateJob =>
  ({
    uuid: row.uuid,
    volumeInM3: Number(row.volume_m3),
    nodes: [
      {
        place: { lat: row.pickup_lat, lng: row.pickup_lng, town: row.pickup_town, postcode: row.pickup_postcode },
        sortOrder: 1,
        nodeType: 'pickup',
        timeWindowStart: iso(row.pickup_window_start),
        timeWindowEnd: iso(row.pickup_window_end),
        durationOnSiteInSeconds: row.pickup_on_site_s,
      },
      {
        place: {
          lat: row.delivery_lat,
          lng: row.delivery_lng,
          town: row.delivery_town,
          postcode: row.delivery_postcode,
        },
        sortOrder: 2,
        nodeType: 'delivery',
        timeWindowStart: iso(row.delivery_window_start),
        timeWindowEnd: iso(row.delivery_window_end),
        durationOnSiteInSeconds: row.delivery_on_site_s,
      },
    ],
    vehicle_id: row.vehicle_id,
    driver_id: row.driver_id,
    title: row.title,
    vehicle:
      row.vehicle_id === null
        ? null
        : { id: row.vehicle_id, registration: row.vehicle_registration ?? '', colour: vehicleColour(row.vehicle_id) },
    driver:
      row.driver_id === null
        ? null
        : {
            id: row.driver_id,
            // A driver's user id is its id in the reference server (schemas/journey.ts JourneyDriver).
            user_id: row.driver_id,
            full_name: row.driver_full_name ?? '',
            colour: driverColour(row.driver_id),
          },
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }) as PrivateJob;

/** A uuid in a path: the canonical 8-4-4-4-12 hex form, else null (answered 404 without a query). */
export const pathUuid = (raw: string): string | null =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw) ? raw.toLowerCase() : null;

/** The partner's row of that uuid, deleted or not. */
const findRow = async (db: Db, userId: number, uuid: string): Promise<PrivateJobRow | null> => {
  const { rows } = await db.query<PrivateJobRow>(`${SELECT} where p.user_id = $1 and p.uuid = $2`, [userId, uuid]);
  return rows[0] ?? null;
};

/** GET …/private-jobs/{uuid}: the partner's live private job, else NotFoundError. */
export const loadPrivateJob = async (db: Db, userId: number, uuid: string): Promise<PrivateJob> => {
  const row = await findRow(db, userId, uuid);
  if (!row || row.deleted_at) throw new NotFoundError('private job');
  return privateJobView(row);
};

/** GET …/private-jobs?from&to: the live private jobs overlapping the range, by pickup opening then creation. */
export const listPrivateJobs = async (db: Db, userId: number, range: InstantRange): Promise<PrivateJob[]> => {
  const { rows } = await db.query<PrivateJobRow>(
    `${SELECT}
      where p.user_id = $1 and p.deleted_at is null and p.pickup_window_start < $3 and p.delivery_window_end > $2
      order by p.pickup_window_start, p.created_at, p.id`,
    [userId, range.start, range.end],
  );
  return rows.map(privateJobView);
};

const MAX_INT = 2_147_483_647;

/** The vehicle is the partner's (not deleted) and the driver the partner's (active). */
export const checkOwnFleet = async (db: Db, userId: number, job: ResolvedPrivateJob): Promise<FieldErrors> => {
  const errors: FieldErrors = {};
  if (job.vehicleId !== null) {
    const { rows } =
      job.vehicleId <= MAX_INT
        ? await db.query('select 1 from vehicles where id = $1 and user_id = $2 and deleted_at is null', [
            job.vehicleId,
            userId,
          ])
        : { rows: [] };
    if (rows.length === 0) errors.vehicle_id = [SAY.vehicleNotOwn];
  }
  if (job.driverId !== null) {
    const { rows } =
      job.driverId <= MAX_INT
        ? await db.query('select 1 from drivers where id = $1 and user_id = $2 and active', [job.driverId, userId])
        : { rows: [] };
    if (rows.length === 0) errors.driver_id = [SAY.driverNotOwn];
  }
  return errors;
};

/** The private job's time on the calendar: pickup window opening to delivery window closing. */
export const privateJobSpan = (job: ResolvedPrivateJob): InstantRange => ({
  start: job.pickup.windowStart,
  end: job.delivery.windowEnd,
});

/** With block_marketplace_overlap on: the vehicle has no marketplace work at the private job's time. */
export const checkMarketplaceOverlap = async (
  db: Db,
  userId: number,
  job: ResolvedPrivateJob,
): Promise<FieldErrors> => {
  if (job.vehicleId === null) return {};
  const { block_marketplace_overlap } = await loadPreferences(db, userId);
  if (!block_marketplace_overlap) return {};
  const span = privateJobSpan(job);
  const work = [...(await listingEntries(db, userId, span)), ...(await journeyEntries(db, userId, span))];
  return work.some((entry) => entry.vehicle_id === job.vehicleId) ? { vehicle_id: [SAY.vehicleBusy] } : {};
};

/** Every rule, the payload's own and the database's; throws the 422 with all the fields that failed. */
const checkedJob = async (db: Db, userId: number, input: PrivateJobInput): Promise<ResolvedPrivateJob> => {
  const { errors, job } = resolvePrivateJob(input);
  if (!job) throw new ValidationError(errors);
  const fleet = await checkOwnFleet(db, userId, job);
  if (Object.keys(fleet).length > 0) throw new ValidationError(fleet);
  const overlap = await checkMarketplaceOverlap(db, userId, job);
  if (Object.keys(overlap).length > 0) throw new ValidationError(overlap);
  return job;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const jobColumns = (job: ResolvedPrivateJob) => [
  job.title,
  job.volumeM3,
  job.pickup.place.town,
  job.pickup.place.postcode,
  job.pickup.place.lat,
  job.pickup.place.lng,
  job.pickup.windowStart,
  job.pickup.windowEnd,
  job.pickup.onSiteS,
  job.delivery.place.town,
  job.delivery.place.postcode,
  job.delivery.place.lat,
  job.delivery.place.lng,
  job.delivery.windowStart,
  job.delivery.windowEnd,
  job.delivery.onSiteS,
  job.vehicleId,
  job.driverId,
];

/** A POST with a uuid already used: the same payload is a replay (201, the job as it is now), another a 409. */
const replayOrConflict = (existing: PrivateJobRow, input: PrivateJobInput): PrivateJobAnswer => {
  if (existing.deleted_at) return { status: 409, body: { message: PRIVATE_JOB_REFUSALS.uuidDeleted } };
  const { job } = resolvePrivateJob(input);
  if (job && sha256(canonicalPayload(job)) === existing.request_sha256)
    return { status: 201, body: privateJobView(existing) };
  return { status: 409, body: { message: PRIVATE_JOB_REFUSALS.uuidTaken } };
};

/** POST …/private-jobs. */
export const createPrivateJob = async (
  db: Db,
  request: { readonly userId: number; readonly input: PrivateJobInput; readonly now: Date },
): Promise<PrivateJobAnswer> => {
  const { userId, input, now } = request;
  const uuid = input.uuid.toLowerCase();
  const existing = await findRow(db, userId, uuid);
  if (existing) return replayOrConflict(existing, input);
  const job = await checkedJob(db, userId, input);
  const { rows } = await db.query<{ uuid: string }>(
    `insert into private_jobs (title, volume_m3, pickup_town, pickup_postcode, pickup_lat, pickup_lng,
                               pickup_window_start, pickup_window_end, pickup_on_site_s, delivery_town,
                               delivery_postcode, delivery_lat, delivery_lng, delivery_window_start,
                               delivery_window_end, delivery_on_site_s, vehicle_id, driver_id,
                               user_id, uuid, request_sha256, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $22)
     on conflict (user_id, uuid) do nothing
     returning uuid::text as uuid`,
    [...jobColumns(job), userId, uuid, sha256(canonicalPayload(job)), now],
  );
  const row = await findRow(db, userId, uuid);
  if (!row) throw new Error(`private job ${uuid} vanished after its insert`);
  return rows.length > 0 ? { status: 201, body: privateJobView(row) } : replayOrConflict(row, input);
};

/** PUT …/private-jobs/{uuid}: every field replaced; the uuid in the body must be the one in the path. */
export const updatePrivateJob = async (
  db: Db,
  request: { readonly userId: number; readonly uuid: string; readonly input: PrivateJobInput; readonly now: Date },
): Promise<PrivateJobAnswer> => {
  const { userId, uuid, input, now } = request;
  const existing = await findRow(db, userId, uuid);
  if (!existing || existing.deleted_at) throw new NotFoundError('private job');
  if (input.uuid.toLowerCase() !== uuid) throw new ValidationError({ uuid: [SAY.uuidMismatch] });
  const job = await checkedJob(db, userId, input);
  const { rows } = await db.query(
    `update private_jobs set title = $1, volume_m3 = $2, pickup_town = $3, pickup_postcode = $4, pickup_lat = $5,
            pickup_lng = $6, pickup_window_start = $7, pickup_window_end = $8, pickup_on_site_s = $9,
            delivery_town = $10, delivery_postcode = $11, delivery_lat = $12, delivery_lng = $13,
            delivery_window_start = $14, delivery_window_end = $15, delivery_on_site_s = $16, vehicle_id = $17,
            driver_id = $18, updated_at = $19
      where user_id = $20 and uuid = $21 and deleted_at is null
      returning id`,
    [...jobColumns(job), now, userId, uuid],
  );
  if (rows.length === 0) throw new NotFoundError('private job');
  return { status: 200, body: await loadPrivateJob(db, userId, uuid) };
};

/** DELETE …/private-jobs/{uuid}: marks it deleted (its uuid stays used); a second delete is 404. */
export const deletePrivateJob = async (db: Db, userId: number, uuid: string, now: Date): Promise<void> => {
  const { rows } = await db.query(
    'update private_jobs set deleted_at = $1 where user_id = $2 and uuid = $3 and deleted_at is null returning id',
    [now, userId, uuid],
  );
  if (rows.length === 0) throw new NotFoundError('private job');
};
