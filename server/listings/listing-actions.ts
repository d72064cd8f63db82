import type { ListingActionError, ListingActionErrorCode, ListingDetail } from '@/schemas/listing';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import type { MinorUnits } from '@/schemas/money';
import type { Db } from '@/server/db/db';
import { ValidationError } from '@/server/http/api-errors';
import { loadEligibility, type Eligibility } from '@/server/listings/eligibility';
import type { ListingEventBus } from '@/server/listings/listing-events';
import { isBookable, isQuotable, loadJob, loadListingDetail, type JobRow } from '@/server/listings/listing-detail';

/** Spec §8's text for a listing the caller may not see. */
export const LISTING_NOT_FOUND = { message: 'Listing not found' } as const;

/** What a listing call answers: the listing page, or a refusal with its status. */
export type ListingOutcome =
  | { readonly ok: true; readonly status: 200 | 201; readonly data: typeof ListingDetail.Encoded }
  | {
      readonly ok: false;
      readonly status: 403 | 404 | 409;
      readonly body: ListingActionError | typeof LISTING_NOT_FOUND;
    };

const notFound: ListingOutcome = { ok: false, status: 404, body: LISTING_NOT_FOUND };
const refused = (status: 403 | 409, code: ListingActionErrorCode, message: string): ListingOutcome => ({
  ok: false,
  status,
  body: { message, code },
});

/** 403 `not_eligible` for a partner who may not take work, with the work rule's reason and decision. */
const notEligible = (eligibility: Eligibility): ListingOutcome => ({
  ok: false,
  status: 403,
  body: {
    message: eligibility.reason ?? 'Not eligible.',
    code: 'not_eligible',
    ...(eligibility.work.reasons[0] ? { reason: eligibility.work.reasons[0] } : {}),
    work: eligibility.work,
  },
});

/** The page after an action: the caller can always see a job it just acted on, unless it vanished meanwhile. */
const answer = async (
  db: Db,
  userId: number,
  id: number,
  now: Date,
  status: 200 | 201,
  eligibility: Eligibility,
): Promise<ListingOutcome> => {
  const data = await loadListingDetail(db, userId, id, now, { eligibility });
  return data ? { ok: true, status, data } : notFound;
};

type Action = 'book' | 'quote';

/**
 * Why `action` did not change the job: told from the job as it is now, after the conditional write found nothing to
 * change (never decided by a read before the write, which another request could overtake). Null: the caller already
 * holds this instant job, which a book answers as done.
 */
const whyNot = (action: Action, job: JobRow | null, userId: number, now: Date): ListingOutcome | null => {
  // Drafts were never on the marketplace: as unknown as a missing id.
  if (!job || job.status === 'draft') return notFound;
  if (job.provider_id !== null && job.provider_id !== userId)
    return refused(409, 'taken', 'Sorry, another partner has already taken this job.');
  if (job.provider_id === userId)
    return action === 'book' && isBookable(job) ? null : refused(409, 'closed', 'You have already won this job.');
  if (action === 'book' && !isBookable(job))
    return refused(
      409,
      'wrong_kind',
      job.kind === 'auction'
        ? 'This job is an auction: send a quote instead of booking it.'
        : 'This job takes expressions of interest: it cannot be booked straight away.',
    );
  if (action === 'quote' && !isQuotable(job))
    return refused(409, 'wrong_kind', 'This job has a fixed price: book it instead of quoting.');
  return refused(
    409,
    'closed',
    job.pickup_date_end.getTime() <= now.getTime()
      ? 'This job is closed: its pickup time has passed.'
      : 'This job is no longer open.',
  );
};

/**
 * Book now (POST /v1/listings/{id}/book): allocates an open click-and-claim instant job to the caller. One
 * conditional UPDATE decides it, so of two partners booking at the same moment exactly one wins; the other's UPDATE
 * finds no open row (PostgreSQL re-checks the WHERE on the row the winner locked) and gets 409 `taken`. A single
 * statement: nothing is half-written. The winner's streams and everyone else's hear `taken` once it is done.
 * Booking a job the caller already holds answers 200 with it (a repeated click changes nothing).
 */
export const bookListing = async (
  db: Db,
  events: ListingEventBus,
  input: { userId: number; id: number; vehicleId: ProviderVehicleId | undefined; now: Date },
): Promise<ListingOutcome> => {
  const { userId, id, vehicleId, now } = input;
  const eligibility = await loadEligibility(db, userId, now);
  if (!eligibility.eligible) return notEligible(eligibility);
  if (vehicleId !== undefined && !eligibility.vehicleIds.includes(vehicleId))
    throw new ValidationError({ provider_vehicle_id: ['Choose one of your approved vehicles'] });

  const { rows } = await db.query<{ id: number }>(
    `update jobs set status = 'allocated', provider_id = $2, provider_vehicle_id = $3, allocated_at = $4
      where id = $1 and kind = 'instant' and allocation_method = 'click_and_claim'
        and status = 'click_and_claim' and provider_id is null and pickup_date_end > $4
      returning id`,
    [id, userId, vehicleId ?? null, now],
  );
  if (rows.length === 1) {
    events.publish({ id, kind: 'instant' });
    return answer(db, userId, id, now, 200, eligibility);
  }
  return whyNot('book', await loadJob(db, id), userId, now) ?? answer(db, userId, id, now, 200, eligibility);
};

/**
 * Quote (POST /v1/listings/{id}/quote): creates the caller's quote for an open auction (201) or changes it (200).
 * The job's openness is checked in the same statement that writes the quote. An auction awarded by other code at
 * that very moment may still receive this quote: it is then a quote that arrived just before the award.
 */
export const quoteListing = async (
  db: Db,
  input: { userId: number; id: number; amount: MinorUnits; now: Date },
): Promise<ListingOutcome> => {
  const { userId, id, amount, now } = input;
  const eligibility = await loadEligibility(db, userId, now);
  if (!eligibility.eligible) return notEligible(eligibility);

  const { rows } = await db.query<{ existed: number }>(
    `with previous as (select 1 from listing_quotes where job_id = $1 and user_id = $2)
     insert into listing_quotes (job_id, user_id, amount, created_at, updated_at)
     select id, $2, $3, $4, $4 from jobs
      where id = $1 and kind = 'auction' and status = 'pending_allocation' and provider_id is null
        and pickup_date_end > $4
     on conflict (job_id, user_id) do update set amount = excluded.amount, updated_at = excluded.updated_at
     returning (select count(*) from previous)::int as existed`,
    [id, userId, amount, now],
  );
  const written = rows[0];
  if (written) return answer(db, userId, id, now, written.existed > 0 ? 200 : 201, eligibility);
  return whyNot('quote', await loadJob(db, id), userId, now) ?? notFound;
};
