import type {
  CancelInterestResponse,
  ExpressedInterest,
  ExpressInterestRequest,
  ExpressInterestResponse,
  ExpressedInterestResponse,
} from '@/schemas/journey';
import type { Db } from '@/server/db/db';
import { ValidationError } from '@/server/http/api-errors';
import { notVisible, ok, refused, type JourneyOutcome, type JourneyRefusal } from '@/server/journeys/journey-outcome';
import { TAKEN_MESSAGE } from '@/server/journeys/journey-claim';
import { cancelInterestDeadline, canCancelInterest } from '@/server/journeys/journey-rules';
import { isVisibleTo, loadJourneyRow } from '@/server/journeys/journey-view';
import {
  chosenVehicle,
  isRefusal,
  loadPartnerFleet,
  loadRefusal,
  partnerRefusal,
} from '@/server/journeys/partner-fleet';

const HOUR_MS = 3_600_000;

interface InterestJourney {
  id: number;
  status: string;
  allocation_method: string;
  provider_id: number | null;
  first_pickup_at: Date;
  volume_m3: number;
  tp_quote_return: number | null;
}

interface InterestRow {
  id: number;
  journey_id: number;
  provider_vehicle_id: number;
  tp_quote: number;
  tp_quote_return: number | null;
  men: 1 | 2 | null;
  expressed_at: Date;
  first_pickup_at: Date;
}

const interestJson = (row: InterestRow, now: Date): typeof ExpressedInterest.Encoded => ({
  id: row.id,
  journey_id: row.journey_id,
  provider_vehicle_id: row.provider_vehicle_id,
  tp_quote: { amount: row.tp_quote },
  tp_quote_return: row.tp_quote_return === null ? null : { amount: row.tp_quote_return },
  selected_number_of_men_option: row.men,
  expressed_at: row.expressed_at.toISOString(),
  cancellable_until: cancelInterestDeadline(row.first_pickup_at).toISOString(),
  can_cancel: canCancelInterest(row.first_pickup_at, now),
});

/** Why interest cannot be expressed in this journey now, or null when it can. */
const journeyRefusal = (journey: InterestJourney | undefined, id: number, userId: number, now: Date) => {
  if (!journey) return notVisible(id);
  const extra = { journey_id: journey.id } as const;
  if (journey.provider_id === userId) return refused(409, 'closed', 'This journey is already allocated to you.', extra);
  if (journey.provider_id !== null) return refused(409, 'taken', TAKEN_MESSAGE, extra);
  if (journey.allocation_method !== 'EXPRESS_INTEREST')
    return refused(409, 'wrong_method', 'This journey is click and claim: claim it instead.', extra);
  if (journey.status !== 'open' || journey.first_pickup_at.getTime() <= now.getTime())
    return refused(409, 'closed', 'This journey is no longer open.', extra);
  return null;
};

/** Thrown inside the transaction when a journey stopped being open between the checks and the write. */
class InterestRace extends Error {}

/**
 * POST /ng/api/v3/provider/expressInterest: interest in 1 to 6 journeys (the schema refuses 7 with 422 on `job_id`),
 * all or none. The partner must be journey-ready with an approved vehicle that holds each journey's load (403
 * `not_eligible`, spec §8 text). Each journey must be open, unheld and take expressions of interest. Expressing
 * interest again changes the vehicle and quotes of the pending interest (its expressed_at stays). The write runs in
 * a transaction and only matches journeys still open, so a journey taken meanwhile rolls everything back (409).
 */
export const expressInterest = async (
  db: Db,
  input: { userId: number; payload: ExpressInterestRequest['payload']; now: Date },
): Promise<JourneyOutcome<typeof ExpressInterestResponse.Encoded>> => {
  const { userId, payload, now } = input;
  const fleet = await loadPartnerFleet(db, userId);
  const partner = partnerRefusal(fleet);
  if (partner) return partner;
  const vehicle = chosenVehicle(fleet, payload.provider_vehicle_id);
  if (isRefusal(vehicle)) return vehicle;
  if (
    payload.registration_number !== undefined &&
    payload.registration_number.replace(/\s+/g, '').toUpperCase() !==
      vehicle.registration_number.replace(/\s+/g, '').toUpperCase()
  )
    throw new ValidationError({ registration_number: ['This is not the registration of the chosen vehicle'] });

  const ids: number[] = [...payload.job_id];
  const { rows } = await db.query<InterestJourney>(
    `select id, status, allocation_method, provider_id, first_pickup_at, volume_m3, tp_quote_return
       from journeys where id = any($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const firstRefusal = (): JourneyRefusal | null => {
    for (const id of ids) {
      const why = journeyRefusal(byId.get(id), id, userId, now);
      if (why) return why;
    }
    return null;
  };
  const refusal = firstRefusal();
  if (refusal) return refusal;
  for (const id of ids) {
    const journey = byId.get(id)!;
    const tooSmall = loadRefusal(vehicle, journey, true);
    if (tooSmall) return tooSmall;
    if (payload.tp_quote_return !== undefined && journey.tp_quote_return === null)
      throw new ValidationError({ tp_quote_return: [`Journey ${id} has no return leg`] });
  }

  try {
    const written = await db.transaction(async (tx) => {
      const { rows: interests } = await tx.query<InterestRow>(
        `with written as (
           insert into journey_interests
             (journey_id, user_id, provider_vehicle_id, tp_quote, tp_quote_return, men, expressed_at)
           select j.id, $2, $3, coalesce($4::int, j.tp_quote),
                  case when j.tp_quote_return is null then null else coalesce($5::int, j.tp_quote_return) end,
                  $6::int, $7
             from journeys j
            where j.id = any($1::int[]) and j.status = 'open' and j.provider_id is null
              and j.allocation_method = 'EXPRESS_INTEREST' and j.first_pickup_at > $7
           on conflict (journey_id, user_id) do update
             set provider_vehicle_id = excluded.provider_vehicle_id, tp_quote = excluded.tp_quote,
                 tp_quote_return = excluded.tp_quote_return, men = excluded.men
           returning id, journey_id, provider_vehicle_id, tp_quote, tp_quote_return, men, expressed_at)
         select w.*, j.first_pickup_at from written w join journeys j on j.id = w.journey_id`,
        [
          ids,
          userId,
          vehicle.id,
          payload.tp_quote ?? null,
          payload.tp_quote_return ?? null,
          payload.selected_number_of_men_option ?? null,
          now,
        ],
      );
      if (interests.length !== ids.length) throw new InterestRace();
      return interests;
    });
    const order = new Map<number, number>(ids.map((id, i) => [id, i]));
    written.sort((a, b) => (order.get(a.journey_id) ?? 0) - (order.get(b.journey_id) ?? 0));
    return ok({ data: written.map((row) => interestJson(row, now)) });
  } catch (error) {
    if (!(error instanceof InterestRace)) throw error;
    const { rows: after } = await db.query<InterestJourney>(
      `select id, status, allocation_method, provider_id, first_pickup_at, volume_m3, tp_quote_return
         from journeys where id = any($1::int[])`,
      [ids],
    );
    byId.clear();
    for (const row of after) byId.set(row.id, row);
    return firstRefusal() ?? refused(409, 'closed', 'One of these journeys is no longer open.');
  }
};

const loadInterestRow = async (db: Db, journeyId: number, userId: number) =>
  (
    await db.query<InterestRow>(
      `select i.id, i.journey_id, i.provider_vehicle_id, i.tp_quote, i.tp_quote_return, i.men, i.expressed_at,
              j.first_pickup_at
         from journey_interests i join journeys j on j.id = i.journey_id
        where i.journey_id = $1 and i.user_id = $2`,
      [journeyId, userId],
    )
  ).rows[0] ?? null;

/**
 * GET /journey/api/v1/journey/expressed-interest/{journeyId}: the caller's pending interest with its cancellation
 * deadline, `data: null` when it has none; 404 (spec §8 text) for a journey it may not see.
 */
export const loadExpressedInterest = async (
  db: Db,
  userId: number,
  journeyId: number,
  now: Date,
): Promise<JourneyOutcome<typeof ExpressedInterestResponse.Encoded>> => {
  const journey = await loadJourneyRow(db, journeyId);
  if (!journey || !isVisibleTo(journey, userId)) return notVisible();
  const row = await loadInterestRow(db, journeyId, userId);
  return ok({ data: row ? interestJson(row, now) : null });
};

/**
 * GET /ng/api/v3/provider/cancelInterest/{journeyId}: withdraws the caller's interest, allowed strictly before the
 * first pickup minus 24 hours. One conditional DELETE decides, checking the deadline against the journey's current
 * first pickup; a refusal is explained afterwards: 404 `no_interest`, or 409 `cancel_deadline_passed` with the
 * deadline, or 409 `cannot_change` when the journey was allocated to the caller (hand it back instead).
 */
export const cancelInterest = async (
  db: Db,
  input: { userId: number; journeyId: number; now: Date },
): Promise<JourneyOutcome<typeof CancelInterestResponse.Encoded>> => {
  const { userId, journeyId, now } = input;
  const { rows } = await db.query<{ id: number }>(
    `delete from journey_interests i using journeys j
      where i.journey_id = $1 and i.user_id = $2 and j.id = i.journey_id
        and j.first_pickup_at > $3 and j.provider_id is distinct from $2
      returning i.id`,
    [journeyId, userId, new Date(now.getTime() + 24 * HOUR_MS)],
  );
  if (rows.length > 0) return ok({ data: { journey_id: journeyId, cancelled_at: now.toISOString() } });

  const interest = await loadInterestRow(db, journeyId, userId);
  if (!interest) return refused(404, 'no_interest', 'You have no pending interest in this journey.');
  const journey = await loadJourneyRow(db, journeyId);
  if (journey?.provider_id === userId)
    return refused(
      409,
      'cannot_change',
      'This journey has been allocated to you: hand it back (deallocate) instead of cancelling the interest.',
    );
  const deadline = cancelInterestDeadline(interest.first_pickup_at);
  return refused(
    409,
    'cancel_deadline_passed',
    'Interest can be cancelled only until 24 hours before the first pickup.',
    { cancellable_until: deadline.toISOString() },
  );
};
