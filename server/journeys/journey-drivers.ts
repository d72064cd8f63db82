import {
  CANNOT_CHANGE_MESSAGE,
  SELECT_A_DRIVER,
  type DriversQuery,
  type DriversResponse,
  type JourneyResponse,
  type JourneyVehiclesResponse,
} from '@/schemas/journey';
import type { Db } from '@/server/db/db';
import { listFleetDrivers } from '@/server/fleet/driver-store';
import { ValidationError } from '@/server/http/api-errors';
import { notVisible, ok, refused, type JourneyOutcome } from '@/server/journeys/journey-outcome';
import { vehicleFits } from '@/server/journeys/journey-rules';
import { isVisibleTo, loadJourneyRow, loadJourneyView } from '@/server/journeys/journey-view';
import { loadFleetVehicles, requireActiveDriver } from '@/server/journeys/partner-fleet';

/**
 * GET /ng/api/v3/provider/drivers: the caller's own drivers, active or not, oldest first, one page of them;
 * `rows_total` counts them all. Each row also carries what the drivers page needs (server/fleet/driver-store.ts).
 */
export const listDrivers = (db: Db, userId: number, query: DriversQuery): Promise<typeof DriversResponse.Encoded> =>
  listFleetDrivers(db, userId, query);

/**
 * GET /journey/api/v1/journey-shells/listProviderVehicles/{journeyId}: the caller's vehicles (not deleted), each
 * with whether it may take this journey. 404 (spec §8 text) for a journey the caller may not see.
 */
export const listJourneyVehicles = async (
  db: Db,
  userId: number,
  journeyId: number,
): Promise<JourneyOutcome<typeof JourneyVehiclesResponse.Encoded>> => {
  const journey = await loadJourneyRow(db, journeyId);
  if (!journey || !isVisibleTo(journey, userId)) return notVisible();
  const fleet = await loadFleetVehicles(db, userId);
  return ok({
    data: fleet.vehicles.map((v) => {
      const reason =
        v.status !== 'APPROVED'
          ? ('vehicle_not_approved' as const)
          : vehicleFits(v.loading_capacity_m3, journey.volume_m3)
            ? null
            : ('vehicle_too_small' as const);
      return {
        id: v.id,
        name: `${v.make} ${v.model}`,
        type: v.type,
        userId,
        make: v.make,
        model: v.model,
        registration_number: v.registration_number,
        status: v.status,
        haveTailLift: v.has_tail_lift,
        loading_capacity_m3: v.loading_capacity_m3,
        totalPayloadKg: v.total_payload_kg,
        eligible: reason === null,
        ineligible_reason: reason,
      };
    }),
    meta: { journey_id: journey.id, volume_m3: journey.volume_m3 },
  });
};

/**
 * Why a driver change matched nothing: not the caller's journey (404), no longer changeable (409), or a driver that
 * is not one of the caller's active drivers (422).
 */
const whyNotChanged = async (db: Db, userId: number, journeyId: number, driverId: number | undefined) => {
  const journey = await loadJourneyRow(db, journeyId);
  if (!journey || journey.provider_id !== userId) return notVisible();
  if (journey.status !== 'allocated') return refused(409, 'cannot_change', CANNOT_CHANGE_MESSAGE);
  if (driverId !== undefined) await requireActiveDriver(db, userId, driverId);
  throw new ValidationError({ driver_id: [SELECT_A_DRIVER] });
};

const answer = async (
  db: Db,
  userId: number,
  journeyId: number,
  now: Date,
): Promise<JourneyOutcome<typeof JourneyResponse.Encoded>> => {
  const view = await loadJourneyView(db, userId, journeyId, now);
  return view ? ok(view) : notVisible();
};

/**
 * POST /journey/api/v1/journey/{journeyId}/allocate-driver/{driverId}: puts one of the caller's active drivers on a
 * journey the caller holds (not completed). A different driver is unconfirmed until allocate-driver-real; the same
 * driver keeps its confirmation.
 */
export const allocateDriver = async (
  db: Db,
  input: { userId: number; journeyId: number; driverId: number; now: Date },
): Promise<JourneyOutcome<typeof JourneyResponse.Encoded>> => {
  const { userId, journeyId, driverId, now } = input;
  // The journey, its state and the driver are all conditions of the one UPDATE; a refusal is explained after it.
  const { rows } = await db.query<{ id: number }>(
    `update journey_allocations a
        set driver_id = $3,
            driver_confirmed_at = case when a.driver_id = $3 then a.driver_confirmed_at else null end
       from journeys j
      where a.journey_id = $1 and a.provider_id = $2 and a.deallocated_at is null
        and j.id = a.journey_id and j.status = 'allocated'
        and exists (select 1 from drivers d where d.id = $3 and d.user_id = $2 and d.active)
      returning a.id`,
    [journeyId, userId, driverId],
  );
  if (rows.length === 0) return whyNotChanged(db, userId, journeyId, driverId);
  return answer(db, userId, journeyId, now);
};

/**
 * POST /journey/api/v1/journey/{journeyId}/allocate-driver-real: confirms the driver who will actually drive —
 * `driver_id` from the payload (one of the caller's active drivers), else the driver already on the journey; with
 * neither, 422 `Please select a driver` (spec §5).
 */
export const allocateDriverReal = async (
  db: Db,
  input: { userId: number; journeyId: number; driverId: number | undefined; now: Date },
): Promise<JourneyOutcome<typeof JourneyResponse.Encoded>> => {
  const { userId, journeyId, driverId, now } = input;
  const { rows } = await db.query<{ id: number }>(
    `update journey_allocations a
        set driver_id = coalesce($3::int, a.driver_id), driver_confirmed_at = $4
       from journeys j
      where a.journey_id = $1 and a.provider_id = $2 and a.deallocated_at is null
        and j.id = a.journey_id and j.status = 'allocated'
        and exists (select 1 from drivers d
                     where d.id = coalesce($3::int, a.driver_id) and d.user_id = $2 and d.active)
      returning a.id`,
    [journeyId, userId, driverId ?? null, now],
  );
  if (rows.length === 0) return whyNotChanged(db, userId, journeyId, driverId);
  return answer(db, userId, journeyId, now);
};
