import { newSecret, sha256Hex } from '@/server/auth/tokens';
import type { Db } from '@/server/db/db';

export interface SignedIn {
  readonly userId: number;
  readonly sessionId: string;
  /** The admin acting as this user through switch-user (spec §6), or null. */
  readonly impersonatorId: number | null;
}

/** Opens a sign-in session for the user; the id is the cookie value. */
export const createSession = async (db: Db, userId: number, now: Date, ttlSeconds: number): Promise<string> => {
  const id = newSecret();
  await db.query('insert into sessions (id, user_id, created_at, expires_at) values ($1, $2, $3, $4)', [
    id,
    userId,
    now,
    new Date(now.getTime() + ttlSeconds * 1000),
  ]);
  return id;
};

/**
 * The session behind a cookie value, if it exists, has not expired and was not revoked: as the user it acts for.
 * While its admin acts as a partner (switch user), that is the partner, with the admin as impersonator.
 */
export const findLiveSession = async (db: Db, sessionId: string, now: Date): Promise<SignedIn | null> => {
  const { rows } = await db.query<{ user_id: number; mocked_user_id: number | null }>(
    'select user_id, mocked_user_id from sessions where id = $1 and revoked_at is null and expires_at > $2',
    [sessionId, now],
  );
  const row = rows[0];
  if (!row) return null;
  return row.mocked_user_id === null
    ? { userId: row.user_id, sessionId, impersonatorId: null }
    : { userId: row.mocked_user_id, sessionId, impersonatorId: row.user_id };
};

/** Makes the session's admin act as `userId` (switch user), or as themselves again with null. */
export const setMockedUser = async (db: Db, sessionId: string, userId: number | null, now: Date): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.query('update sessions set mocked_user_id = $2 where id = $1', [sessionId, userId]);
    // the tokens of the user acted as before are of no use any more
    await tx.query(
      'update access_tokens set revoked_at = $2 where session_id = $1 and revoked_at is null and impersonator_id is not null',
      [sessionId, now],
    );
  });
};

/** Ends a session and every access token issued from it. Idempotent. */
export const revokeSession = async (db: Db, sessionId: string, now: Date): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.query('update sessions set revoked_at = $2 where id = $1 and revoked_at is null', [sessionId, now]);
    await tx.query('update access_tokens set revoked_at = $2 where session_id = $1 and revoked_at is null', [
      sessionId,
      now,
    ]);
  });
};

/** Issues an access token for a live session; stores only its SHA-256. */
export const issueAccessToken = async (db: Db, session: SignedIn, now: Date, ttlSeconds: number): Promise<string> => {
  const token = newSecret();
  await db.query(
    `insert into access_tokens (token_sha256, session_id, user_id, impersonator_id, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      sha256Hex(token),
      session.sessionId,
      session.userId,
      session.impersonatorId,
      now,
      new Date(now.getTime() + ttlSeconds * 1000),
    ],
  );
  return token;
};

/** The signed-in user behind a bearer token: the token and its session must both be live. */
export const findTokenHolder = async (db: Db, token: string, now: Date): Promise<SignedIn | null> => {
  const { rows } = await db.query<{ user_id: number; session_id: string; impersonator_id: number | null }>(
    `select t.user_id, t.session_id, t.impersonator_id
       from access_tokens t join sessions s on s.id = t.session_id
      where t.token_sha256 = $1 and t.revoked_at is null and t.expires_at > $2
        and s.revoked_at is null and s.expires_at > $2`,
    [sha256Hex(token), now],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, sessionId: row.session_id, impersonatorId: row.impersonator_id } : null;
};
