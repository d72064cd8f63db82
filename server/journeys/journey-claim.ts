import type { JourneyResponse } from '@/schemas/journey';
import type { Db } from '@/server/db/db';
import { ValidationError } from '@/server/http/api-errors';
import { notVisible, ok, refused, type JourneyOutcome } from '@/server/journeys/journey-outcome';
import {
  chosenVehicle,
  isRefusal,
  loadPartnerFleet,
  loadRefusal,
  partnerRefusal,
  requireActiveDriver,
} from '@/server/journeys/partner-fleet';
import { loadJourneyRow, loadJourneyView, type JourneyRow } from '@/server/journeys/journey-view';
import type { ListingEventBus } from '@/server/listings/listing-events';

export const TAKEN_MESSAGE = 'Sorry, this journey has already been allocated to another partner.';
export const WRONG_METHOD_CLAIM = 'This journey takes expressions of interest: it cannot be claimed straight away.';

export interface ClaimInput {
  readonly userId: number;
  readonly journeyId: number;
  readonly driverId: number;
  readonly vehicleId: number;
  readonly withReturn: boolean;
  readonly now: Date;
}

/** PostgreSQL's unique_violation: the live-allocation index refused a second holder. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Why a claim changed nothing, told from the journey as it is after the conditional write (never from a read
 * before it, which another claim could overtake). Null: the caller already holds it (a repeated click), answered
 * with the journey.
 */
const whyNotClaimed = (journey: JourneyRow | null, userId: number, now: Date): JourneyOutcome<never> | null => {
  if (!journey) return notVisible();
  if (journey.provider_id === userId) return null;
  if (journey.provider_id !== null) return refused(409, 'taken', TAKEN_MESSAGE);
  if (journey.allocation_method !== 'CLICK_AND_CLAIM') return refused(409, 'wrong_method', WRONG_METHOD_CLAIM);
  return refused(
    409,
    'closed',
    journey.first_pickup_at.getTime() <= now.getTime()
      ? 'This journey is no longer open: its first pickup has passed.'
      : 'This journey is no longer open.',
  );
};

/**
 * Click and claim (POST /journey/api/v1/journey/{journeyId}/register-driver/{driverId}). The partner, its vehicle
 * and its driver are checked first (spec §6 and §8); then ONE statement both takes the journey (a conditional
 * UPDATE that only matches an open, unheld click-and-claim journey) and writes the allocation row from what that
 * UPDATE returned. Two partners claiming at the same moment: PostgreSQL row-locks the journey for the first UPDATE
 * and re-checks the second one's WHERE against the committed row, which no longer matches — the second gets 409
 * `taken`, with nothing written. The partial unique index on live allocations backs this up. The winner's claim is
 * announced on the listing event bus (find-work drops the journey).
 */
export const claimJourney = async (
  db: Db,
  events: ListingEventBus,
  input: ClaimInput,
): Promise<JourneyOutcome<typeof JourneyResponse.Encoded>> => {
  const { userId, journeyId, driverId, vehicleId, withReturn, now } = input;
  const fleet = await loadPartnerFleet(db, userId, now);
  const partner = partnerRefusal(fleet);
  if (partner) return partner;
  const vehicle = chosenVehicle(fleet, vehicleId);
  if (isRefusal(vehicle)) return vehicle;
  await requireActiveDriver(db, userId, driverId);

  const before = await loadJourneyRow(db, journeyId);
  if (!before) return notVisible();
  if (withReturn && before.tp_quote_return === null)
    throw new ValidationError({ return: ['This journey has no return leg'] });
  const tooSmall = loadRefusal(vehicle, before);
  if (tooSmall) return tooSmall;

  let claimed = false;
  try {
    const { rows } = await db.query<{ journey_id: number }>(
      `with claimed as (
         update journeys set status = 'allocated', provider_id = $2
          where id = $1 and status = 'open' and provider_id is null and allocation_method = 'CLICK_AND_CLAIM'
            and first_pickup_at > $5
          returning id, allocation_method)
       insert into journey_allocations
         (journey_id, provider_id, provider_vehicle_id, driver_id, method, with_return, allocated_at)
       select id, $2, $3, $4, allocation_method, $6, $5 from claimed
       returning journey_id`,
      [journeyId, userId, vehicle.id, driverId, now, withReturn],
    );
    claimed = rows.length === 1;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  if (claimed) events.publish({ id: journeyId, kind: 'journey' });
  else {
    const why = whyNotClaimed(await loadJourneyRow(db, journeyId), userId, now);
    if (why) return why;
  }
  const view = await loadJourneyView(db, userId, journeyId, now);
  return view ? ok(view) : notVisible();
};
