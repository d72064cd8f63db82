import { randomBytes } from 'node:crypto';
import type { CalendarFeed } from '@/schemas/work-calendar';
import type { Db } from '@/server/db/db';

/**
 * The calendar subscription (migration 0008 calendar_feeds): `/calendar/<secret>.ics` serves a partner's work with
 * no token, because phone calendars cannot send one; the secret is the key. It is 32 random bytes (256 bits) in
 * base64url, made on the first request for the address and kept until the partner resets it. Knowing one partner's
 * address gives nothing about another's, and a reset makes the old address answer 404.
 */

/** A secret as made here: 43 base64url characters. Anything else is looked up nowhere (404 at once). */
export const FEED_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newFeedSecret = (): string => randomBytes(32).toString('base64url');

/** The subscription path of a secret. */
export const feedPath = (secret: string): string => `/calendar/${secret}.ics`;

/** The answer of GET and reset: the address over the server's origin, and its webcal:// twin. */
export const feedView = (origin: string, secret: string): CalendarFeed => {
  const url = `${origin}${feedPath(secret)}`;
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
};

/**
 * The partner's secret, made now when there is none. Two first requests at once both end with the same secret: the
 * insert that loses does nothing, and the row is read back.
 */
export const feedSecret = async (db: Db, userId: number, now: Date): Promise<string> => {
  await db.query(
    `insert into calendar_feeds (user_id, secret, created_at) values ($1, $2, $3)
     on conflict (user_id) do nothing`,
    [userId, newFeedSecret(), now],
  );
  const { rows } = await db.query<{ secret: string }>('select secret from calendar_feeds where user_id = $1', [userId]);
  const secret = rows[0]?.secret;
  if (!secret) throw new Error(`no calendar feed for user ${userId}`);
  return secret;
};

/** A new secret for the partner (the old address stops working at once). */
export const resetFeedSecret = async (db: Db, userId: number, now: Date): Promise<string> => {
  const secret = newFeedSecret();
  await db.query(
    `insert into calendar_feeds (user_id, secret, created_at) values ($1, $2, $3)
     on conflict (user_id) do update set secret = excluded.secret, created_at = excluded.created_at`,
    [userId, secret, now],
  );
  return secret;
};

/** Whose feed a secret opens, or null. */
export const feedOwner = async (db: Db, secret: string): Promise<number | null> => {
  if (!FEED_SECRET_PATTERN.test(secret)) return null;
  const { rows } = await db.query<{ user_id: number }>('select user_id from calendar_feeds where secret = $1', [
    secret,
  ]);
  return rows[0]?.user_id ?? null;
};
