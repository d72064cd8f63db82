import {
  canonicalPlate,
  capacityMessage,
  CAPACITY_BOUNDS_M3,
  DUPLICATE_REGISTRATION,
  VEHICLE_IN_USE,
  VEHICLE_NOT_FOUND,
  type VehicleInput,
} from '@/schemas/fleet';
import type { ProviderVehicle, VehicleStatus } from '@/schemas/vehicle';
import { ACTIVE_JOB_STATUSES } from '@/schemas/work';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { ok, refused, type FleetOutcome } from '@/server/fleet/fleet-outcome';
import { lookUpPlaces } from '@/server/geo/place-lookup';
import { ValidationError } from '@/server/http/api-errors';
import { toProviderVehicle, type VehicleRow } from '@/server/reservations/provider-vehicles';
import { outwardCode } from '@/server/reservations/mainland-postcodes';
import { londonDate } from '@/server/time/london';

/**
 * Adding, editing, removing and reviewing the partner's vehicles (issue 8 "Vehicles"; spec §3 Vehicle). Rules:
 *
 * - A new vehicle is PENDING: the team approves or rejects it (POST /v1/admin/vehicles/{id}/review stands in for the
 *   team), as it reviews documents (spec §4, within 72 hours). Only APPROVED vehicles reach the reservation wizard.
 * - An edit of the registration or the size sends an APPROVED vehicle back to PENDING (the team checked that plate
 *   and size; make, model, seats, equipment and base are the partner's to keep current). Any edit of a REJECTED
 *   vehicle sends it back to PENDING: editing is how a partner answers a rejection.
 * - The registration is stored in its canonical form and is unique among the partner's vehicles that are not deleted.
 * - The capacity must suit the size (CAPACITY_BOUNDS_M3); the base postcode is placed at its area's post town.
 * - Removing is a soft delete (deleted_at), refused (409) while the vehicle has a reservation from today on that may
 *   still happen, an active won job, or a journey it holds; a removed vehicle's driver is unassigned.
 */

/** Reservation statuses that still put the vehicle on the road on their date. */
const LIVE_RESERVATION_STATUSES = [
  'pending',
  'accepted',
  'return_offer',
  'pending_cancellation',
  'pending_modification',
  'journey_associated',
] as const;

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** The size's capacity bound and the base postcode's place; throws a ValidationError naming the field. */
const checkedBase = (input: VehicleInput) => {
  const [min, max] = CAPACITY_BOUNDS_M3[input.type];
  if (input.loading_capacity_m3 < min || input.loading_capacity_m3 > max)
    throw new ValidationError({ loading_capacity_m3: [capacityMessage(input.type)] });
  // The offline data places a postcode district at its area's post town (server/geo/place-lookup.ts).
  const place = lookUpPlaces(outwardCode(input.postcode), 1)[0];
  if (!place) throw new ValidationError({ postcode: ['We cannot place this postcode: enter a UK postcode'] });
  return { town: place.town, lat: place.lat, lng: place.lng };
};

const duplicate = () => new ValidationError({ registration_number: [DUPLICATE_REGISTRATION] });

const hasPlate = async (db: Db, userId: number, plate: string, exceptId: number | null) => {
  const { rows } = await db.query<{ id: number }>(
    `select id from vehicles where user_id = $1 and deleted_at is null
        and upper(replace(registration_number, ' ', '')) = $2 and id <> $3`,
    [userId, plate.replace(/\s/g, ''), exceptId ?? 0],
  );
  return rows.length > 0;
};

/** The partner's vehicle (not deleted), or null: another partner's reads as missing. */
export const loadOwnVehicle = async (db: Db, userId: number, id: number): Promise<VehicleRow | null> =>
  (
    await db.query<VehicleRow>('select * from vehicles where id = $1 and user_id = $2 and deleted_at is null', [
      id,
      userId,
    ])
  ).rows[0] ?? null;

const columnsOf = (input: VehicleInput, plate: string, base: ReturnType<typeof checkedBase>) => [
  input.category,
  input.type,
  input.make,
  input.model,
  plate,
  input.seats,
  input.haveTailLift,
  input.useTrailer,
  input.isBranded,
  input.isBrandingRequested,
  input.loading_capacity_m3,
  input.totalPayloadKg,
  base.town,
  input.postcode,
  base.lat,
  base.lng,
];

/** POST /ts/public/v1/vehicles: a new PENDING vehicle of the caller's. */
export const createVehicle = async (
  db: Db,
  input: { userId: number; vehicle: VehicleInput; now: Date },
): Promise<typeof ProviderVehicle.Encoded> => {
  const { userId, vehicle, now } = input;
  const base = checkedBase(vehicle);
  const plate = canonicalPlate(vehicle.registration_number);
  if (await hasPlate(db, userId, plate, null)) throw duplicate();
  try {
    const { rows } = await db.query<VehicleRow>(
      `insert into vehicles (category, type, make, model, registration_number, seats, has_tail_lift, use_trailer,
          is_branded, is_branding_requested, loading_capacity_m3, total_payload_kg, place_town, place_postcode,
          place_lat, place_lng, user_id, status, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 'PENDING', $18)
       returning *`,
      [...columnsOf(vehicle, plate, base), userId, now],
    );
    return toProviderVehicle(rows[0]!, true);
  } catch (error) {
    // A second add of the same plate at the same moment: the unique index has the last word.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
};

/** The status after an edit (see the rules above). */
export const statusAfterEdit = (
  before: { status: VehicleStatus; registration_number: string; type: string },
  after: { registration_number: string; type: string },
): VehicleStatus => {
  if (before.status === 'REJECTED') return 'PENDING';
  const reviewedChanged =
    canonicalPlate(before.registration_number) !== canonicalPlate(after.registration_number) ||
    before.type !== after.type;
  return before.status === 'APPROVED' && reviewedChanged ? 'PENDING' : before.status;
};

/** PUT /ts/public/v1/vehicles/{id}: every field replaced; the status as statusAfterEdit says. */
export const updateVehicle = async (
  db: Db,
  input: { userId: number; id: number; vehicle: VehicleInput },
): Promise<FleetOutcome<typeof ProviderVehicle.Encoded>> => {
  const { userId, id, vehicle } = input;
  const before = await loadOwnVehicle(db, userId, id);
  if (!before) return refused(404, VEHICLE_NOT_FOUND);
  const base = checkedBase(vehicle);
  const plate = canonicalPlate(vehicle.registration_number);
  if (await hasPlate(db, userId, plate, id)) throw duplicate();
  const status = statusAfterEdit(before, { registration_number: plate, type: vehicle.type });
  try {
    const { rows } = await db.query<VehicleRow>(
      `update vehicles set category = $1, type = $2, make = $3, model = $4, registration_number = $5, seats = $6,
          has_tail_lift = $7, use_trailer = $8, is_branded = $9, is_branding_requested = $10,
          loading_capacity_m3 = $11, total_payload_kg = $12, place_town = $13, place_postcode = $14,
          place_lat = $15, place_lng = $16, status = $17,
          reviewed_at = case when $17 = 'PENDING' then null else reviewed_at end
        where id = $18 and user_id = $19 and deleted_at is null
        returning *`,
      [...columnsOf(vehicle, plate, base), status, id, userId],
    );
    return rows[0] ? ok(toProviderVehicle(rows[0], true)) : refused(404, VEHICLE_NOT_FOUND);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
};

/** Whether the vehicle still has work ahead: a live reservation from today on, an active job, a held journey. */
const isInUse = async (db: Db, id: number, now: Date): Promise<boolean> => {
  const { rows } = await db.query<{ used: boolean }>(
    `select exists (select 1 from reservations where vehicle_id = $1 and date >= $2::date
                       and status in ${sqlList(LIVE_RESERVATION_STATUSES)})
         or exists (select 1 from jobs where provider_vehicle_id = $1 and status in ${sqlList(ACTIVE_JOB_STATUSES)})
         or exists (select 1 from journey_allocations a join journeys j on j.id = a.journey_id
                     where a.provider_vehicle_id = $1 and a.deallocated_at is null and j.status = 'allocated')
         as used`,
    [id, londonDate(now)],
  );
  return rows[0]?.used === true;
};

/** DELETE /ts/public/v1/vehicles/{id}: soft delete, its driver unassigned; 409 while it has work ahead. */
export const deleteVehicle = async (
  db: Db,
  input: { userId: number; id: number; now: Date },
): Promise<FleetOutcome<typeof ProviderVehicle.Encoded>> => {
  const { userId, id, now } = input;
  return db.transaction(async (tx) => {
    const vehicle = await loadOwnVehicle(tx, userId, id);
    if (!vehicle) return refused(404, VEHICLE_NOT_FOUND);
    if (await isInUse(tx, id, now)) return refused(409, VEHICLE_IN_USE);
    await tx.query('update drivers set vehicle_id = null where vehicle_id = $1', [id]);
    const { rows } = await tx.query<VehicleRow>(
      'update vehicles set deleted_at = $2 where id = $1 and deleted_at is null returning *',
      [id, now],
    );
    return ok(toProviderVehicle(rows[0]!, true));
  });
};

/** POST /v1/admin/vehicles/{id}/review: the team's decision on any partner's vehicle (not deleted). */
export const reviewVehicle = async (
  db: Db,
  input: { id: number; status: 'APPROVED' | 'REJECTED'; now: Date },
): Promise<FleetOutcome<typeof ProviderVehicle.Encoded>> => {
  const { rows } = await db.query<VehicleRow>(
    `update vehicles set status = $2, reviewed_at = $3 where id = $1 and deleted_at is null returning *`,
    [input.id, input.status, input.now],
  );
  return rows[0] ? ok(toProviderVehicle(rows[0], true)) : refused(404, VEHICLE_NOT_FOUND);
};
