import {
  canonicalMobile,
  DRIVER_DEACTIVATED_ASSIGN,
  DRIVER_NOT_FOUND,
  DRIVER_ON_WORK,
  VEHICLE_HAS_DRIVER,
  VEHICLE_NOT_FOUND,
  type DriverInput,
  type FleetDriver,
  type FleetDriversResponse,
} from '@/schemas/fleet';
import type { DriversQuery } from '@/schemas/journey';
import { vehicleColour, type VehicleStatus, type VehicleType } from '@/schemas/vehicle';
import { ACTIVE_JOB_STATUSES } from '@/schemas/work';
import { driverColour } from '@/schemas/work-calendar';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { ok, refused, type FleetOutcome } from '@/server/fleet/fleet-outcome';
import { driverInvitationMail } from '@/server/fleet/driver-invitation';
import { loadOwnVehicle } from '@/server/fleet/vehicle-store';
import { ValidationError } from '@/server/http/api-errors';
import { sendMail, type OutboxOptions } from '@/server/mail/outbox';

/**
 * The partner's drivers (issue 8 "Drivers"; spec §4 "Driver and vehicle: can be assigned, unassigned, deactivated,
 * reactivated"; §6 drivers are managed by the partner). Rules:
 *
 * - One driver per vehicle at a time (a partial unique index, 0009_fleet.sql): assigning a vehicle that has another
 *   driver is refused (409), not silently moved. The vehicle must be the caller's and not deleted (else 404).
 * - A deactivated driver has no vehicle (deactivation unassigns) and cannot be given one until reactivated (409).
 *   Every allocation path already refuses a driver whose `active` is false (server/work/driver-allocation.ts,
 *   server/journeys/journey-drivers.ts).
 * - Deactivation is refused (409) while the driver is on work that is still to be done: an active won job, a journey
 *   the partner holds, or a private job whose delivery window has not closed. The partner gives that work to another
 *   driver first; otherwise the job would keep a driver who may no longer drive.
 * - "Invite": the driver is recorded with invited_at and gets an invitation mail through the server's outbox
 *   (server/mail/outbox.ts; driver-invitation.ts has its words), in the same transaction as the driver.
 */

interface DriverRow {
  id: number;
  user_id: number;
  full_name: string;
  email: string;
  phone: string;
  active: boolean;
  created_at: Date;
  invited_at: Date | null;
  deactivated_at: Date | null;
  vehicle_id: number | null;
  v_registration_number: string | null;
  v_make: string | null;
  v_model: string | null;
  v_type: VehicleType | null;
  v_status: VehicleStatus | null;
}

const SELECT_DRIVERS = `select d.id, d.user_id, d.full_name, d.email, d.phone, d.active, d.created_at, d.invited_at,
         d.deactivated_at, d.vehicle_id, v.registration_number as v_registration_number, v.make as v_make,
         v.model as v_model, v.type as v_type, v.status as v_status
    from drivers d left join vehicles v on v.id = d.vehicle_id and v.deleted_at is null`;

/**
 * One driver as the list sends it: the spec's row (schemas/journey.ts ProviderDriver) and the page's extras. Drivers
 * have no sign-in of their own in the reference server, so `user_id` is the driver's id, the key of their colour.
 */
const toFleetDriver = (d: DriverRow): typeof FleetDriver.Encoded => ({
  id: d.id,
  user_id: d.id,
  provider_id: d.user_id,
  full_name: d.full_name,
  email: d.email,
  phone: d.phone,
  active: d.active,
  created_at: d.created_at.toISOString(),
  colour: driverColour(d.id),
  vehicle:
    d.vehicle_id !== null && d.v_registration_number !== null && d.v_type !== null && d.v_status !== null
      ? {
          id: d.vehicle_id,
          registration_number: d.v_registration_number,
          make: d.v_make ?? '',
          model: d.v_model ?? '',
          type: d.v_type,
          status: d.v_status,
          color: vehicleColour(d.vehicle_id),
        }
      : null,
  invited_at: d.invited_at?.toISOString() ?? null,
  deactivated_at: d.deactivated_at?.toISOString() ?? null,
});

/** GET /ng/api/v3/provider/drivers: the caller's drivers, active or not, oldest first, one page; rows_total all. */
export const listFleetDrivers = async (
  db: Db,
  userId: number,
  query: DriversQuery,
): Promise<typeof FleetDriversResponse.Encoded> => {
  const { page, limit } = query;
  const [rows, total] = await Promise.all([
    db.query<DriverRow>(`${SELECT_DRIVERS} where d.user_id = $1 order by d.id limit $2 offset $3`, [
      userId,
      limit,
      (page - 1) * limit,
    ]),
    db.query<{ n: number }>('select count(*)::int as n from drivers where user_id = $1', [userId]),
  ]);
  return { data: { rows: rows.rows.map(toFleetDriver), rows_total: total.rows[0]?.n ?? 0, page, limit } };
};

const loadDriver = async (db: Db, userId: number, id: number): Promise<DriverRow | null> =>
  (await db.query<DriverRow>(`${SELECT_DRIVERS} where d.id = $1 and d.user_id = $2`, [id, userId])).rows[0] ?? null;

const answer = async (db: Db, userId: number, id: number): Promise<FleetOutcome<typeof FleetDriver.Encoded>> => {
  const row = await loadDriver(db, userId, id);
  return row ? ok(toFleetDriver(row)) : refused(404, DRIVER_NOT_FOUND);
};

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** The id of the driver already on the vehicle, if any. */
const driverOnVehicle = async (db: Db, vehicleId: number): Promise<number | null> =>
  (await db.query<{ id: number }>('select id from drivers where vehicle_id = $1', [vehicleId])).rows[0]?.id ?? null;

/** POST /ng/api/v3/provider/drivers: a new active driver, invited or not, with a vehicle when one is named. */
export const createDriver = async (
  db: Db,
  input: { userId: number; driver: DriverInput; now: Date; outbox: OutboxOptions },
): Promise<typeof FleetDriver.Encoded> => db.transaction((tx) => insertDriver(tx, input));

const insertDriver = async (
  db: Db,
  input: { userId: number; driver: DriverInput; now: Date; outbox: OutboxOptions },
): Promise<typeof FleetDriver.Encoded> => {
  const { userId, driver, now } = input;
  const email = driver.email.toLowerCase();
  const same = await db.query<{ id: number }>('select id from drivers where user_id = $1 and lower(email) = $2', [
    userId,
    email,
  ]);
  if (same.rows.length > 0) throw new ValidationError({ email: ['You already have a driver with this email'] });
  const vehicleId = driver.vehicle_id ?? null;
  if (vehicleId !== null) {
    if (!(await loadOwnVehicle(db, userId, vehicleId)))
      throw new ValidationError({ vehicle_id: ['Choose one of your vehicles'] });
    if ((await driverOnVehicle(db, vehicleId)) !== null)
      throw new ValidationError({ vehicle_id: [VEHICLE_HAS_DRIVER] });
  }
  try {
    const { rows } = await db.query<{ id: number }>(
      `insert into drivers (user_id, full_name, email, phone, active, created_at, invited_at, vehicle_id)
       values ($1, $2, $3, $4, true, $5, $6, $7) returning id`,
      [userId, driver.full_name, email, canonicalMobile(driver.phone), now, driver.invite ? now : null, vehicleId],
    );
    const row = (await loadDriver(db, userId, rows[0]!.id))!;
    if (driver.invite) {
      const partner = await db.query<{ full_name: string }>('select full_name from users where id = $1', [userId]);
      await sendMail(
        db,
        input.outbox,
        driverInvitationMail({ to: email, driverName: row.full_name, partnerName: partner.rows[0]?.full_name ?? '' }),
      );
    }
    return toFleetDriver(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ vehicle_id: [VEHICLE_HAS_DRIVER] });
    throw error;
  }
};

/** POST …/drivers/{id}/assign-vehicle: see the rules above. Assigning the vehicle the driver has already is a no-op. */
export const assignVehicle = async (
  db: Db,
  input: { userId: number; driverId: number; vehicleId: number },
): Promise<FleetOutcome<typeof FleetDriver.Encoded>> => {
  const { userId, driverId, vehicleId } = input;
  const driver = await loadDriver(db, userId, driverId);
  if (!driver) return refused(404, DRIVER_NOT_FOUND);
  if (!(await loadOwnVehicle(db, userId, vehicleId))) return refused(404, VEHICLE_NOT_FOUND);
  if (!driver.active) return refused(409, DRIVER_DEACTIVATED_ASSIGN);
  const holder = await driverOnVehicle(db, vehicleId);
  if (holder !== null && holder !== driverId) return refused(409, VEHICLE_HAS_DRIVER);
  try {
    await db.query('update drivers set vehicle_id = $3 where id = $1 and user_id = $2 and active', [
      driverId,
      userId,
      vehicleId,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return refused(409, VEHICLE_HAS_DRIVER);
    throw error;
  }
  return answer(db, userId, driverId);
};

/** POST …/drivers/{id}/unassign-vehicle: the driver keeps no vehicle (a driver without one is unchanged). */
export const unassignVehicle = async (
  db: Db,
  input: { userId: number; driverId: number },
): Promise<FleetOutcome<typeof FleetDriver.Encoded>> => {
  const { userId, driverId } = input;
  await db.query('update drivers set vehicle_id = null where id = $1 and user_id = $2', [driverId, userId]);
  return answer(db, userId, driverId);
};

/** Whether the driver is on work still to be done (see the rules above). */
const isOnWork = async (db: Db, driverId: number, now: Date): Promise<boolean> => {
  const { rows } = await db.query<{ busy: boolean }>(
    `select exists (select 1 from jobs where driver_id = $1 and status in ${sqlList(ACTIVE_JOB_STATUSES)})
         or exists (select 1 from journey_allocations a join journeys j on j.id = a.journey_id
                     where a.driver_id = $1 and a.deallocated_at is null and j.status = 'allocated')
         or exists (select 1 from private_jobs where driver_id = $1 and deleted_at is null
                       and delivery_window_end > $2)
         as busy`,
    [driverId, now],
  );
  return rows[0]?.busy === true;
};

/** POST …/drivers/{id}/deactivate: inactive and without a vehicle; 409 while on work. Repeating it changes nothing. */
export const deactivateDriver = async (
  db: Db,
  input: { userId: number; driverId: number; now: Date },
): Promise<FleetOutcome<typeof FleetDriver.Encoded>> => {
  const { userId, driverId, now } = input;
  const driver = await loadDriver(db, userId, driverId);
  if (!driver) return refused(404, DRIVER_NOT_FOUND);
  if (driver.active && (await isOnWork(db, driverId, now))) return refused(409, DRIVER_ON_WORK);
  await db.query(
    `update drivers set active = false, vehicle_id = null, deactivated_at = coalesce(deactivated_at, $3)
      where id = $1 and user_id = $2`,
    [driverId, userId, now],
  );
  return answer(db, userId, driverId);
};

/** POST …/drivers/{id}/reactivate: active again (without a vehicle until one is assigned). */
export const reactivateDriver = async (
  db: Db,
  input: { userId: number; driverId: number },
): Promise<FleetOutcome<typeof FleetDriver.Encoded>> => {
  const { userId, driverId } = input;
  await db.query('update drivers set active = true, deactivated_at = null where id = $1 and user_id = $2', [
    driverId,
    userId,
  ]);
  return answer(db, userId, driverId);
};
