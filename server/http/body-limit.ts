import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BODY_TOO_LARGE } from '@/server/http/api-errors';

/**
 * The 413 of a body over its limit, with `Connection: close`. The client may still be sending the rest of the body,
 * which no handler reads: Node then cut the connection half a second later (@hono/node-server gives up draining it),
 * while the 413 had said keep-alive, so the client's next request on that connection failed. Closing it says so: the
 * client reads the 413 and opens a new connection for what comes next.
 */
export const refuseTooLarge = (c: Context, body: object = BODY_TOO_LARGE) => c.json(body, 413, { Connection: 'close' });

/**
 * Refuses a request body over `maxBytes` with 413 before any handler reads it: at once from Content-Length, or while
 * streaming a chunked body (which then stops being read).
 */
export const limitBody = (maxBytes: number): MiddlewareHandler => {
  const limit = bodyLimit({ maxSize: maxBytes, onError: (c) => refuseTooLarge(c) });
  return (c, next) => (OWN_LIMIT_ROUTES.has(`${c.req.method} ${c.req.path}`) ? next() : limit(c, next));
};

/**
 * Endpoints that carry their own, larger limit on the route: document uploads take files up to spec §9's 10mb
 * (server/http/document-routes.ts, which refuses a larger body the same two ways).
 */
export const OWN_LIMIT_ROUTES: ReadonlySet<string> = new Set(['POST /v1/documents']);
