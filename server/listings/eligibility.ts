import type { WorkEligibility } from '@/schemas/work-eligibility';
import type { Db } from '@/server/db/db';
import { loadWorkEligibility, workRefusalMessage } from '@/server/partner/work-eligibility';

/**
 * Who may book or quote for a job: a partner who may take work (spec §6, decided by server/partner/work-eligibility.ts:
 * a transport partner, not suspended, with every required document approved and in date, an approved vehicle and the
 * partner terms accepted). Vehicle size is not checked for a job. Of the demo accounts partner@ and starter@ can book;
 * expiring@ (documents missing and expired), unverified@ (nothing yet) and admin@ cannot.
 */
export interface Eligibility {
  readonly eligible: boolean;
  /** Why not, to show the partner; null when eligible. */
  readonly reason: string | null;
  /** The caller's approved vehicles, by id. */
  readonly vehicleIds: readonly number[];
  /** The decision with every reason (the listing page shows it, a refusal carries it). */
  readonly work: typeof WorkEligibility.Encoded;
}

/** The listings' words for the two reasons they have always given (other reasons use the work rule's words). */
export const NOT_A_PARTNER = 'Only transport partners can book or quote for work.';
export const NO_APPROVED_VEHICLE = 'You need an approved vehicle to book or quote for work.';

const messageOf = (work: typeof WorkEligibility.Encoded): string | null => {
  const reason = work.reasons[0];
  if (reason === undefined) return null;
  if (reason === 'not_a_partner') return NOT_A_PARTNER;
  if (reason === 'no_approved_vehicle') return NO_APPROVED_VEHICLE;
  return workRefusalMessage(work);
};

export const loadEligibility = async (db: Db, userId: number, now: Date): Promise<Eligibility> => {
  const [work, vehicles] = await Promise.all([
    loadWorkEligibility(db, userId, now),
    db.query<{ id: number }>(
      "select id from vehicles where user_id = $1 and status = 'APPROVED' and deleted_at is null order by id",
      [userId],
    ),
  ]);
  return { eligible: work.may_work, reason: messageOf(work), vehicleIds: vehicles.rows.map((r) => r.id), work };
};
