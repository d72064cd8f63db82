import type { User } from '@/schemas/user';
import type { Db } from '@/server/db/db';
import { NotFoundError } from '@/server/http/api-errors';
import { loadWorkEligibility } from '@/server/partner/work-eligibility';

interface UserRow {
  id: number;
  chameleon_uuid: string;
  email: string;
  full_name: string;
  role: User['role'];
  account_type: User['account_type'];
  address_town: string | null;
  address_postcode: string | null;
  address_lat: number | null;
  address_lon: number | null;
  ip_journey_ready: boolean;
  email_verified_at: Date | null;
  suspended_until: Date | null;
}

/**
 * The signed-in user as GET /v1/user-info returns it; `impersonatorId` is the admin acting as them (switch user).
 * `suspended_until` is set only while a suspension runs at `now` (server/work/: a false completion). `work` is whether the
 * user may take work at `now` and why not (server/partner/work-eligibility.ts): every page has it, so each says why
 * booking, claiming or reserving is closed before the partner tries.
 */
export const loadUserInfo = async (
  db: Db,
  userId: number,
  now: Date = new Date(),
  impersonatorId: number | null = null,
): Promise<typeof User.Encoded> => {
  const [{ rows }, work] = await Promise.all([
    db.query<UserRow>(
      `select id, chameleon_uuid::text, email, full_name, role, account_type, address_town, address_postcode,
            address_lat, address_lon, ip_journey_ready, email_verified_at, suspended_until
       from users where id = $1`,
      [userId],
    ),
    // a missing user is a NotFoundError from either (Promise.all hears both)
    loadWorkEligibility(db, userId, now),
  ]);
  const row = rows[0];
  if (!row) throw new NotFoundError('user');
  const hasAddress = [row.address_town, row.address_postcode, row.address_lat, row.address_lon].some((v) => v !== null);
  return {
    id: row.id,
    chameleon_uuid: row.chameleon_uuid,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    account_type: row.account_type,
    registered_address: hasAddress
      ? { lat: row.address_lat, lon: row.address_lon, town: row.address_town, postcode: row.address_postcode }
      : null,
    ip_journey_ready: row.ip_journey_ready,
    impersonator_id: impersonatorId,
    email_verified: row.email_verified_at !== null,
    suspended_until:
      row.suspended_until && row.suspended_until.getTime() > now.getTime() ? row.suspended_until.toISOString() : null,
    work,
  };
};
