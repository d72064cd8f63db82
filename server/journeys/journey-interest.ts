import {
  CANCEL_INTEREST_NOTICE_HOURS,
  CANNOT_CHANGE_MESSAGE,
  type CancelInterestResponse,
  type ExpressedInterest,
  type ExpressInterestRequest,
  type ExpressInterestResponse,
  type ExpressedInterestResponse,
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
  registration_number: string;
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
  registration_number: row.registration_number,
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

/**
 * Why the caller's interest in an open journey cannot be written now, or null when it can: an `edit` needs a pending
 * interest to change (404 `no_interest`), and a pending interest is changed only until its cancellation deadline, the
 * same as cancelling it (409 `cancel_deadline_passed`, spec §8 'You cannot edit or cancel this job at this time.').
 * From the deadline on the interest stands as it is: the team plans with it, and a change of price or vehicle then
 * would be a withdrawal by another name.
 */
const changeRefusal = (journey: InterestJourney, pending: boolean, edit: boolean, now: Date) => {
  const extra = { journey_id: journey.id } as const;
  if (!pending)
    return edit ? refused(404, 'no_interest', 'You have no pending interest in this journey.', extra) : null;
  if (canCancelInterest(journey.first_pickup_at, now)) return null;
  return refused(409, 'cancel_deadline_passed', CANNOT_CHANGE_MESSAGE, {
    ...extra,
    detail: `Interest can be changed or cancelled only until ${CANCEL_INTEREST_NOTICE_HOURS} hours before the first pickup.`,
    cancellable_until: cancelInterestDeadline(journey.first_pickup_at).toISOString(),
  });
};

/** The journeys among `ids` where the caller's interest is pending. */
const pendingIn = async (db: Db, ids: readonly number[], userId: number): Promise<Set<number>> => {
  const { rows } = await db.query<{ journey_id: number }>(
    'select journey_id from journey_interests where user_id = $2 and journey_id = any($1::int[])',
    [ids, userId],
  );
  return new Set(rows.map((r) => r.journey_id));
};

/** Thrown inside the transaction when a journey or an interest changed between the checks and the write. */
class InterestRace extends Error {}

/** What both writes return: the interests as written, with their vehicle's registration and the first pickup. */
const WRITTEN = `select w.id, w.journey_id, w.provider_vehicle_id, v.registration_number, w.tp_quote, w.tp_quote_return,
         w.men, w.expressed_at, j.first_pickup_at
    from written w join journeys j on j.id = w.journey_id join vehicles v on v.id = w.provider_vehicle_id`;

/**
 * A new interest, or a change of a pending one before its deadline (the conflict's WHERE: an interest past it is left
 * alone, and the short count rolls the request back). Only journeys still open are written.
 */
const UPSERT = `with written as (
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
      where (select f.first_pickup_at from journeys f where f.id = journey_interests.journey_id) > $8
    returning id, journey_id, provider_vehicle_id, tp_quote, tp_quote_return, men, expressed_at)
  ${WRITTEN}`;

/** `edit`: changes pending interests only (before their deadline, in journeys still open); never makes one. */
const UPDATE = `with written as (
    update journey_interests i
       set provider_vehicle_id = $3, tp_quote = coalesce($4::int, j.tp_quote),
           tp_quote_return = case when j.tp_quote_return is null then null else coalesce($5::int, j.tp_quote_return) end,
           men = $6::int
      from journeys j
     where j.id = i.journey_id and i.user_id = $2 and i.journey_id = any($1::int[]) and j.status = 'open'
       and j.provider_id is null and j.allocation_method = 'EXPRESS_INTEREST' and j.first_pickup_at > $7
       and j.first_pickup_at > $8
    returning i.id, i.journey_id, i.provider_vehicle_id, i.tp_quote, i.tp_quote_return, i.men, i.expressed_at)
  ${WRITTEN}`;

/**
 * POST /ng/api/v3/provider/expressInterest: interest in 1 to 6 journeys (the schema refuses 7 with 422 on `job_id`),
 * all or none. The partner must be journey-ready with an approved vehicle that holds each journey's load (403
 * `not_eligible`, spec §8 text). Each journey must be open, unheld and take expressions of interest. Expressing
 * interest again changes the vehicle, quotes and people of the pending interest (spec §4 edit; its expressed_at
 * stays), until its cancellation deadline (changeRefusal); `edit: true` changes pending interests only. The write
 * runs in a transaction and only matches journeys still open and interests still changeable, so a journey taken or an
 * interest cancelled meanwhile rolls everything back and is explained from the state after it (404/409).
 */
export const expressInterest = async (
  db: Db,
  input: { userId: number; payload: ExpressInterestRequest['payload']; now: Date },
): Promise<JourneyOutcome<typeof ExpressInterestResponse.Encoded>> => {
  const { userId, payload, now } = input;
  const fleet = await loadPartnerFleet(db, userId, now);
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
  const edit = payload.edit === true;
  let pending = await pendingIn(db, ids, userId);
  const firstRefusal = (): JourneyRefusal | null => {
    for (const id of ids) {
      const journey = byId.get(id);
      const why = journeyRefusal(journey, id, userId, now) ?? changeRefusal(journey!, pending.has(id), edit, now);
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
      const { rows: interests } = await tx.query<InterestRow>(edit ? UPDATE : UPSERT, [
        ids,
        userId,
        vehicle.id,
        payload.tp_quote ?? null,
        payload.tp_quote_return ?? null,
        payload.selected_number_of_men_option ?? null,
        now,
        new Date(now.getTime() + CANCEL_INTEREST_NOTICE_HOURS * HOUR_MS),
      ]);
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
    pending = await pendingIn(db, ids, userId);
    return firstRefusal() ?? refused(409, 'closed', 'One of these journeys is no longer open.');
  }
};

const loadInterestRow = async (db: Db, journeyId: number, userId: number) =>
  (
    await db.query<InterestRow>(
      `select i.id, i.journey_id, i.provider_vehicle_id, v.registration_number, i.tp_quote, i.tp_quote_return, i.men,
              i.expressed_at, j.first_pickup_at
         from journey_interests i join journeys j on j.id = i.journey_id join vehicles v on v.id = i.provider_vehicle_id
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
    [journeyId, userId, new Date(now.getTime() + CANCEL_INTEREST_NOTICE_HOURS * HOUR_MS)],
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
