import { newSecret, sha256Hex } from '@/server/auth/tokens';
import type { Db } from '@/server/db/db';
import type { LinkRefusal } from '@/schemas/mail-links';

/** What a link in a mail is for. */
export type MailTokenPurpose = 'verify_email' | 'reset_password';

/**
 * Issues a link token: 32 random bytes (base64url) of which only the SHA-256 is stored, valid `ttlS` seconds, once.
 * `resend` marks a verification mail the partner asked for again (the resend cooldown counts only those).
 */
export const issueMailToken = async (
  db: Db,
  userId: number,
  purpose: MailTokenPurpose,
  now: Date,
  ttlS: number,
  resend = false,
): Promise<string> => {
  const token = newSecret();
  await db.query(
    `insert into mail_tokens (token_sha256, user_id, purpose, resend, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [sha256Hex(token), userId, purpose, resend, now, new Date(now.getTime() + ttlS * 1000)],
  );
  return token;
};

/** newSecret() makes 43 base64url characters: anything else is no token, and never reaches the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Uses a link token: the user it belongs to, or why it is refused (unknown, expired, already used). Marking it used
 * and reading it is one statement, so two clicks at once cannot both succeed.
 */
export const useMailToken = async (
  db: Db,
  token: string,
  purpose: MailTokenPurpose,
  now: Date,
): Promise<{ userId: number } | { refused: LinkRefusal }> => {
  if (!TOKEN_SHAPE.test(token)) return { refused: 'invalid' };
  const hash = sha256Hex(token);
  const { rows } = await db.query<{ user_id: number }>(
    `update mail_tokens set used_at = $3
      where token_sha256 = $1 and purpose = $2 and used_at is null and expires_at > $3
      returning user_id`,
    [hash, purpose, now],
  );
  if (rows[0]) return { userId: rows[0].user_id };
  const { rows: known } = await db.query<{ used: boolean }>(
    'select used_at is not null as used from mail_tokens where token_sha256 = $1 and purpose = $2',
    [hash, purpose],
  );
  if (!known[0]) return { refused: 'invalid' };
  return { refused: known[0].used ? 'used' : 'expired' };
};

/** When the user last asked for the verification mail again, or null. */
export const lastResendAt = async (db: Db, userId: number): Promise<Date | null> => {
  const { rows } = await db.query<{ created_at: Date }>(
    `select created_at from mail_tokens where user_id = $1 and purpose = 'verify_email' and resend
      order by created_at desc limit 1`,
    [userId],
  );
  return rows[0] ? new Date(rows[0].created_at) : null;
};

/** How many reset links the user was sent since `since`. */
export const resetMailsSince = async (db: Db, userId: number, since: Date): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from mail_tokens where user_id = $1 and purpose = 'reset_password' and created_at > $2`,
    [userId, since],
  );
  return rows[0]?.n ?? 0;
};

/** Ends every link of a purpose still open for the user (a used reset link ends its siblings). */
export const retireMailTokens = async (db: Db, userId: number, purpose: MailTokenPurpose, now: Date) => {
  await db.query('update mail_tokens set used_at = $3 where user_id = $1 and purpose = $2 and used_at is null', [
    userId,
    purpose,
    now,
  ]);
};
