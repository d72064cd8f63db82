import { newSecret, sha256Hex } from '@/server/auth/tokens';
import type { Db } from '@/server/db/db';

export interface SignedIn {
  readonly userId: number;
  readonly sessionId: string;
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

/** The session behind a cookie value, if it exists, has not expired and was not revoked. */
export const findLiveSession = async (db: Db, sessionId: string, now: Date): Promise<SignedIn | null> => {
  const { rows } = await db.query<{ user_id: number }>(
    'select user_id from sessions where id = $1 and revoked_at is null and expires_at > $2',
    [sessionId, now],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, sessionId } : null;
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
    'insert into access_tokens (token_sha256, session_id, user_id, created_at, expires_at) values ($1, $2, $3, $4, $5)',
    [sha256Hex(token), session.sessionId, session.userId, now, new Date(now.getTime() + ttlSeconds * 1000)],
  );
  return token;
};

/** The signed-in user behind a bearer token: the token and its session must both be live. */
export const findTokenHolder = async (db: Db, token: string, now: Date): Promise<SignedIn | null> => {
  const { rows } = await db.query<{ user_id: number; session_id: string }>(
    `select t.user_id, t.session_id
       from access_tokens t join sessions s on s.id = t.session_id
      where t.token_sha256 = $1 and t.revoked_at is null and t.expires_at > $2
        and s.revoked_at is null and s.expires_at > $2`,
    [sha256Hex(token), now],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, sessionId: row.session_id } : null;
};
