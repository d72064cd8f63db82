import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_KEY_HEADER } from '@/schemas/common';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { ValidationError } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '@/server/http/read-body';

/** How long a key holds its first answer; after that the partner may use the key again. */
export const IDEMPOTENCY_KEY_TTL_S = 24 * 3600;
/**
 * A first request that has not answered in this long died with its process (the key was claimed, the answer never
 * stored): its key may be claimed again. Book and quote answer in milliseconds.
 */
export const ABANDONED_AFTER_S = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The header on a replayed answer (the IETF draft's name), so the portal and the logs can tell. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const KEY_IN_PROGRESS = {
  message: 'A request with this Idempotency-Key is still being handled. Try again in a moment.',
  code: 'idempotency_key_in_progress',
} as const;
export const KEY_NOT_A_UUID = 'The Idempotency-Key header must be a UUID.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request. Send a new key.';

/** Object keys in code-point order, recursively: two spellings of the same JSON value read the same. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, canonical(v)]),
  );
};

/**
 * The SHA-256 of a request body: of its JSON value with sorted keys when it is JSON (whitespace and key order do not
 * make it another request), else of its text. Bodies nested deeper than read-body allows are hashed as text (the
 * handler refuses them anyway), so the recursion above stays shallow.
 */
export const requestFingerprint = (body: string): string => {
  let text = body;
  try {
    const value: unknown = JSON.parse(body);
    if (!nestsDeeperThan(value, MAX_BODY_DEPTH)) text = JSON.stringify(canonical(value));
  } catch {
    // Not JSON: the text itself.
  }
  return createHash('sha256').update(text).digest('hex');
};

interface StoredKey {
  route: string;
  request_sha256: string;
  response_status: number | null;
  response_body: string | null;
}

/**
 * Makes a write safe to repeat (IETF draft "The Idempotency-Key HTTP Header Field"). A request with
 * `Idempotency-Key: <uuid>` is handled once per partner and key; the key's first answer (status and JSON body) is
 * stored, and a repeat gets that answer again, with `Idempotent-Replayed: true`, without running the handler:
 *
 * - no header: the request is handled as usual (nothing stored);
 * - a header that is not a UUID: 422 `messages.validation` on `Idempotency-Key`;
 * - the same key with another method, path or body (hash of its canonical JSON): 422 on `Idempotency-Key`;
 * - the same key while the first request is still running: 409 `idempotency_key_in_progress`;
 * - answers below 500 are stored (refusals included: the same request would be refused the same way); a 5xx or a
 *   thrown error releases the key, so the partner can retry with it;
 * - keys belong to the partner (another partner's identical key is a different key) and last 24 hours.
 *
 * Keys are rows of `idempotency_keys` (migration 0003), so they hold across restarts and across server processes.
 * The handler's own writes and the stored answer are separate statements: a process dying between them leaves the
 * key claimed without an answer, and after ABANDONED_AFTER_S a repeat runs the handler again (book and quote are
 * safe to run twice: a second book answers the same job, a second quote writes the same amount). For JSON
 * answers only (not streams). Mount it after requireToken: it reads `c.var.signedIn`.
 */
export const idempotency =
  (db: Db, config: Pick<Config, 'now'>): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined) return next();
    const key = header.trim().toLowerCase();
    if (!UUID.test(key)) throw new ValidationError({ [IDEMPOTENCY_KEY_HEADER]: [KEY_NOT_A_UUID] });

    const userId = c.var.signedIn.userId;
    const route = `${c.req.method} ${c.req.path}`;
    const fingerprint = requestFingerprint(await c.req.text());
    const now = config.now();
    await db.query('delete from idempotency_keys where user_id = $1 and created_at <= $2', [
      userId,
      new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_S * 1000),
    ]);

    // A key released (a 5xx) between our failed claim and our read is free again: claim once more.
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed = await db.query<{ claimed: number }>(
        `insert into idempotency_keys (user_id, idempotency_key, route, request_sha256, created_at)
         values ($1, $2, $3, $4, $5)
         on conflict (user_id, idempotency_key) do update
           set route = excluded.route, request_sha256 = excluded.request_sha256, created_at = excluded.created_at,
               response_status = null, response_body = null
           where idempotency_keys.response_status is null and idempotency_keys.created_at <= $6
         returning 1 as claimed`,
        [userId, key, route, fingerprint, now, new Date(now.getTime() - ABANDONED_AFTER_S * 1000)],
      );
      if (claimed.rows.length > 0) return handleOnce(db, { userId, key, now }, c, next);

      const { rows } = await db.query<StoredKey>(
        `select route, request_sha256, response_status, response_body
           from idempotency_keys where user_id = $1 and idempotency_key = $2`,
        [userId, key],
      );
      const stored = rows[0];
      if (!stored) continue;
      if (stored.route !== route || stored.request_sha256 !== fingerprint)
        throw new ValidationError({ [IDEMPOTENCY_KEY_HEADER]: [KEY_REUSED] });
      if (stored.response_status === null || stored.response_body === null) return c.json(KEY_IN_PROGRESS, 409);
      return c.body(stored.response_body, stored.response_status as ContentfulStatusCode, {
        'Content-Type': 'application/json; charset=UTF-8',
        [REPLAYED_HEADER]: 'true',
      });
    }
    return c.json(KEY_IN_PROGRESS, 409);
  };

/** Runs the handler for a freshly claimed key, then stores its answer (below 500) or releases the key. */
const handleOnce = async (
  db: Db,
  claim: { userId: number; key: string; now: Date },
  c: Parameters<MiddlewareHandler<AppEnv>>[0],
  next: () => Promise<void>,
) => {
  const { userId, key, now } = claim;
  const release = () =>
    db.query(
      `delete from idempotency_keys
        where user_id = $1 and idempotency_key = $2 and response_status is null and created_at = $3`,
      [userId, key, now],
    );
  try {
    // Hono turns a handler's thrown error into c.res (app.onError) before next() returns; a throw here is rarer.
    await next();
  } catch (error) {
    await release();
    throw error;
  }
  if (c.res.status >= 500) {
    await release();
    return;
  }
  await db.query(
    `update idempotency_keys set response_status = $4, response_body = $5
      where user_id = $1 and idempotency_key = $2 and response_status is null and created_at = $3`,
    [userId, key, now, c.res.status, await c.res.clone().text()],
  );
};
