import type { Db } from '@/server/db/db';

/**
 * Who may book or quote for a job (spec §6: partners must meet partner and vehicle requirements to be allocated).
 * The reference server keeps the rule simple and says so: a transport partner (not an admin, not a customer) with at
 * least one APPROVED vehicle that is not deleted. Documents, terms and vehicle size are not checked here; the
 * dashboard's onboarding card nags about those. Demo accounts that can book: partner@, starter@, expiring@ (and the
 * generated partners); unverified@ (no vans) and admin@ cannot.
 */
export interface Eligibility {
  readonly eligible: boolean;
  /** Why not, to show the partner; null when eligible. */
  readonly reason: string | null;
  /** The caller's approved vehicles, by id. */
  readonly vehicleIds: readonly number[];
}

export const NOT_A_PARTNER = 'Only transport partners can book or quote for work.';
export const NO_APPROVED_VEHICLE = 'You need an approved vehicle to book or quote for work.';

export const loadEligibility = async (db: Db, userId: number): Promise<Eligibility> => {
  const { rows } = await db.query<{ role: string; vehicle_id: number | null }>(
    `select u.role, v.id as vehicle_id
       from users u
       left join vehicles v on v.user_id = u.id and v.status = 'APPROVED' and v.deleted_at is null
      where u.id = $1
      order by v.id`,
    [userId],
  );
  const role = rows[0]?.role;
  const vehicleIds = rows.flatMap((r) => (r.vehicle_id === null ? [] : [r.vehicle_id]));
  if (role !== 'transport_partner') return { eligible: false, reason: NOT_A_PARTNER, vehicleIds };
  if (vehicleIds.length === 0) return { eligible: false, reason: NO_APPROVED_VEHICLE, vehicleIds };
  return { eligible: true, reason: null, vehicleIds };
};
