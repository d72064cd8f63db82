import { newSecret, sha256Hex } from '@/server/auth/tokens';
import type { Db } from '@/server/db/db';

export interface SignedIn {
  readonly userId: number;
  readonly sessionId: string;
  /** The admin acting as this user through switch-user (spec §6), or null. */
  readonly impersonatorId: number | null;
}

/**
 * A session's last use (`sessions.last_used_at`, migration 0015) is written when a use comes at least this long after
 * the recorded one, so a busy portal writes it about once a minute rather than on every call. An idle timeout is so
 * measured to within a minute, which is nothing beside its hours.
 */
export const LAST_USE_WRITE_EVERY_S = 60;

/** Opens a sign-in session for the user, used now; the id is the cookie value. */
export const createSession = async (db: Db, userId: number, now: Date, ttlSeconds: number): Promise<string> => {
  const id = newSecret();
  await db.query(
    'insert into sessions (id, user_id, created_at, expires_at, last_used_at) values ($1, $2, $3, $4, $3)',
    [id, userId, now, new Date(now.getTime() + ttlSeconds * 1000)],
  );
  return id;
};

/** The earliest last use of a session still live at `now` (one used exactly `idleS` ago is not). */
const idleCutoff = (now: Date, idleS: number) => new Date(now.getTime() - idleS * 1000);

/** Records a use of the session at `now`, unless one was recorded less than LAST_USE_WRITE_EVERY_S before. */
const recordUse = async (db: Db, sessionId: string, lastUsedAt: Date, now: Date): Promise<void> => {
  const due = new Date(now.getTime() - LAST_USE_WRITE_EVERY_S * 1000);
  if (lastUsedAt > due) return;
  // The condition again in SQL: of simultaneous calls that all read the old time, one writes.
  await db.query('update sessions set last_used_at = $2 where id = $1 and last_used_at <= $3', [sessionId, now, due]);
};

/**
 * The session behind a cookie value, if it exists, has not expired, has been used within the last `idleS` seconds
 * and was not revoked: as the user it acts for. While its admin acts as a partner (switch user), that is the partner,
 * with the admin as impersonator. Finding it is a use of it (recordUse).
 */
export const findLiveSession = async (
  db: Db,
  sessionId: string,
  now: Date,
  idleS: number,
): Promise<SignedIn | null> => {
  const { rows } = await db.query<{ user_id: number; mocked_user_id: number | null; last_used_at: Date }>(
    `select user_id, mocked_user_id, last_used_at from sessions
      where id = $1 and revoked_at is null and expires_at > $2 and last_used_at > $3`,
    [sessionId, now, idleCutoff(now, idleS)],
  );
  const row = rows[0];
  if (!row) return null;
  await recordUse(db, sessionId, new Date(row.last_used_at), now);
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

/**
 * The signed-in user behind a bearer token: the token and its session must both be live (the session not idle for
 * `idleS` seconds either). A call with the token is a use of the session (recordUse).
 */
export const findTokenHolder = async (db: Db, token: string, now: Date, idleS: number): Promise<SignedIn | null> => {
  const { rows } = await db.query<{
    user_id: number;
    session_id: string;
    impersonator_id: number | null;
    last_used_at: Date;
  }>(
    `select t.user_id, t.session_id, t.impersonator_id, s.last_used_at
       from access_tokens t join sessions s on s.id = t.session_id
      where t.token_sha256 = $1 and t.revoked_at is null and t.expires_at > $2
        and s.revoked_at is null and s.expires_at > $2 and s.last_used_at > $3`,
    [sha256Hex(token), now, idleCutoff(now, idleS)],
  );
  const row = rows[0];
  if (!row) return null;
  await recordUse(db, row.session_id, new Date(row.last_used_at), now);
  return { userId: row.user_id, sessionId: row.session_id, impersonatorId: row.impersonator_id };
};

/**
 * Sets the user's password (its hash) and ends every session of the account and every access token of those
 * sessions, but the session `keepSessionId` (the one that changed it, signed in with the new password), when given.
 * Whoever held the old password, or a session opened with it, is signed out. Run it in the transaction that checked
 * the change.
 */
export const replacePassword = async (
  tx: Db,
  userId: number,
  passwordHash: string,
  now: Date,
  keepSessionId: string | null,
): Promise<void> => {
  await tx.query('update users set password_hash = $2 where id = $1', [userId, passwordHash]);
  // `is distinct from`: with no session to keep ($3 null) every session ends.
  await tx.query(
    'update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null and id is distinct from $3',
    [userId, now, keepSessionId],
  );
  // The tokens of the sessions just ended fail already (findTokenHolder checks the session); this also ends the
  // tokens that act as the user from another session (an admin's switch user), and says so in the table.
  await tx.query(
    `update access_tokens set revoked_at = $2
      where revoked_at is null and session_id is distinct from $3
        and (user_id = $1 or session_id in (select id from sessions where user_id = $1))`,
    [userId, now, keepSessionId],
  );
};
