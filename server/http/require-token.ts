import type { MiddlewareHandler } from 'hono';
import { findTokenHolder } from '@/server/auth/sessions';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { UNAUTHENTICATED } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';

/**
 * Every /v1 route: `Authorization: Bearer <token>` with a live token of a live session (not expired, revoked or idle
 * for config.sessionIdleS: the call counts as a use of it), else 401. The holder is
 * put on the context as `signedIn`; handlers read data only through its user id. A route that carries this check
 * itself and also sits under /v1 is checked once.
 *
 * While an admin acts as a partner (switch user, spec §6), every call made with the token is recorded in
 * impersonated_actions with the admin, the partner, the method and path, and the answer's status: reads too, since
 * some of the spec's calls change things with a GET (request feedback) and what an admin looked at is worth knowing.
 */
export const requireToken =
  (db: Db, config: Pick<Config, 'now' | 'sessionIdleS'>): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (c.get('signedIn')) return next();
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const holder = match?.[1] ? await findTokenHolder(db, match[1], config.now(), config.sessionIdleS) : null;
    if (!holder) return c.json(UNAUTHENTICATED, 401);
    c.set('signedIn', holder);
    await next();
    if (holder.impersonatorId !== null) {
      await db.query(
        `insert into impersonated_actions (impersonator_id, user_id, method, path, status, at)
         values ($1, $2, $3, $4, $5, $6)`,
        [holder.impersonatorId, holder.userId, c.req.method, c.req.path, c.res.status, config.now()],
      );
    }
  };
