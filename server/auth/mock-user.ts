import { setMockedUser, type SignedIn } from '@/server/auth/sessions';
import type { Db } from '@/server/db/db';

export type MockUserOutcome =
  | { readonly ok: true; readonly session: SignedIn }
  | { readonly ok: false; readonly status: 403 | 404 | 422; readonly body: { message: string; errors?: object } };

const ONLY_ADMINS = { message: 'Only admins can sign in as another user.' } as const;

/**
 * Switch user (spec §6, §7 mock_user_grant): the admin behind `session` acts as the partner `userId` from now on.
 * Only an admin's own session may (an admin already acting as someone switches straight to the next partner); only
 * partners can be acted as, never another admin. The session's previous impersonated tokens end.
 */
export const mockUser = async (
  db: Db,
  session: SignedIn,
  userId: number | null,
  now: Date,
): Promise<MockUserOutcome> => {
  const adminId = session.impersonatorId ?? session.userId;
  const { rows: admins } = await db.query<{ role: string }>('select role from users where id = $1', [adminId]);
  if (admins[0]?.role !== 'admin') return { ok: false, status: 403, body: ONLY_ADMINS };
  if (userId === null)
    return {
      ok: false,
      status: 422,
      body: { message: 'messages.validation', errors: { user_id: ['Choose the partner to sign in as.'] } },
    };
  const { rows } = await db.query<{ role: string }>('select role from users where id = $1', [userId]);
  if (rows[0]?.role !== 'transport_partner') return { ok: false, status: 404, body: { message: 'Partner not found' } };
  await setMockedUser(db, session.sessionId, userId, now);
  return { ok: true, session: { userId, sessionId: session.sessionId, impersonatorId: adminId } };
};
