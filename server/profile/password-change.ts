import type { PasswordChange } from '@/schemas/password-change';
import { hashPassword, verifyPassword } from '@/server/auth/passwords';
import { replacePassword, type SignedIn } from '@/server/auth/sessions';
import type { Db } from '@/server/db/db';

export type PasswordChangeOutcome =
  | { readonly ok: true }
  /** The current password was wrong (counted by the caller's throttle). */
  | { readonly ok: false; readonly wrongCurrent: true };

/**
 * PUT /v1/profile/password for the signed-in user, once the route has applied checkPasswordChange (422 by field) and
 * its throttle: the current password, then the new one set with replacePassword, which ends every other session of
 * the account and their tokens. The session that made the change stays signed in: it has just shown the current
 * password, and signing it out would only send the partner back to the sign-in page to type the new one.
 */
export const changePassword = async (
  db: Db,
  signedIn: SignedIn,
  change: PasswordChange,
  now: Date,
): Promise<PasswordChangeOutcome> => {
  const { rows } = await db.query<{ password_hash: string }>('select password_hash from users where id = $1', [
    signedIn.userId,
  ]);
  const stored = rows[0]?.password_hash;
  if (!stored || !(await verifyPassword(change.current_password, stored))) return { ok: false, wrongCurrent: true };
  const passwordHash = await hashPassword(change.password);
  await db.transaction((tx) => replacePassword(tx, signedIn.userId, passwordHash, now, signedIn.sessionId));
  return { ok: true };
};
