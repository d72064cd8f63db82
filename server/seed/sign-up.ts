import { FEATURE_FLAGS } from '@/schemas/app-init';
import { hashPassword } from '@/server/auth/passwords';
import type { Db } from '@/server/db/db';
import { loadTowns } from '@/server/geo/towns';
import { DEMO_PASSWORD } from '@/server/seed/account-plan';
import { insertRows } from '@/server/seed/insert-rows';
import { Random, SEED } from '@/server/seed/random';
import { TownPicker } from '@/server/seed/town-picker';

/**
 * The sign-up slice's own account (issue 8: password reset), seeded after everything else with its own random
 * stream, so no row made before it changes. Its browser test (e2e/sign-up.spec.ts) resets this account's password,
 * which would lock every other test out of a demo sign-in.
 *
 * reset@example.com (demo1234 until a test resets it), Jordan Reed, an individual partner in Leeds (LS1 4AP), e-mail
 * verified, terms accepted, every feature flag on.
 */
export const RESET_EMAIL = 'reset@example.com';
const SIGN_UP_SEED = SEED + 1212;
const DAY_MS = 86_400_000;

/** Seeds the account above; run once, after every other seed step (server/seed/seed.ts). */
export const seedSignUpAccounts = async (db: Db, now: Date): Promise<void> => {
  const random = new Random(SIGN_UP_SEED);
  const leeds = new TownPicker(loadTowns(), random).named('Leeds');
  const joined = new Date(now.getTime() - 120 * DAY_MS);
  const { rows } = await db.query<{ id: number }>(
    `insert into users (email, password_hash, full_name, role, account_type, chameleon_uuid, address_town,
        address_postcode, address_lat, address_lon, ip_journey_ready, email_verified_at, terms_accepted_at, created_at)
     values ($1, $2, 'Jordan Reed', 'transport_partner', 'individual', $3, 'Leeds', 'LS1 4AP', $4, $5, false, $6, $7, $8)
     returning id`,
    [
      RESET_EMAIL,
      await hashPassword(DEMO_PASSWORD),
      random.uuid(),
      leeds.lat,
      leeds.lng,
      new Date(joined.getTime() + 3_600_000),
      new Date(joined.getTime() + 7_200_000),
      joined,
    ],
  );
  const userId = rows[0]?.id;
  if (userId === undefined) throw new Error(`${RESET_EMAIL} was not inserted`);
  await insertRows(
    db,
    'feature_flags',
    FEATURE_FLAGS.map((flag) => ({ user_id: userId, flag, enabled: true })),
  );
};
