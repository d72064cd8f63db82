import type { MiddlewareHandler } from 'hono';
import type { Config } from '@/server/config';
import { CROSS_ORIGIN_REFUSED } from '@/server/http/api-errors';
import { ownOrigin } from '@/server/http/request-origin';

/**
 * Cross-site request forgery defence for the cookie-authenticated endpoints (POST /login, /logout, /oauth/token),
 * answered 403 `Cross-origin request refused.`:
 *
 * - an Origin header must be this server's own origin (see ownOrigin). Browsers send Origin on every POST, so a
 *   page on another site is refused even when the cookie would ride along;
 * - `X-Requested-With: XMLHttpRequest` must be present (the portal's client sends it on every call). It is not a
 *   CORS-safelisted header, so another site cannot add it without a preflight this server never approves; and a
 *   plain HTML form cannot send it at all.
 *
 * A request with no Origin (curl, server-to-server) passes on the second rule alone.
 */
export const requireSameOrigin =
  (config: Pick<Config, 'publicOrigin'>): MiddlewareHandler =>
  async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && origin.toLowerCase() !== ownOrigin(c, config)) return c.json(CROSS_ORIGIN_REFUSED, 403);
    if (c.req.header('x-requested-with') !== 'XMLHttpRequest') return c.json(CROSS_ORIGIN_REFUSED, 403);
    await next();
  };
