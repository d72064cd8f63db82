import type { MiddlewareHandler } from 'hono';
import { findTokenHolder } from '@/server/auth/sessions';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { UNAUTHENTICATED } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';

/**
 * Every /v1 route: `Authorization: Bearer <token>` with a live token of a live session, else 401. The holder is
 * put on the context as `signedIn`; handlers read data only through its user id.
 */
export const requireToken =
  (db: Db, config: Pick<Config, 'now'>): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const holder = match?.[1] ? await findTokenHolder(db, match[1], config.now()) : null;
    if (!holder) return c.json(UNAUTHENTICATED, 401);
    c.set('signedIn', holder);
    await next();
  };
