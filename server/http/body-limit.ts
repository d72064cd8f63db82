import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BODY_TOO_LARGE } from '@/server/http/api-errors';

/**
 * Refuses a request body over `maxBytes` with 413 before any handler reads it: at once from Content-Length, or while
 * streaming a chunked body (which then stops being read).
 */
export const limitBody = (maxBytes: number): MiddlewareHandler => {
  const limit = bodyLimit({ maxSize: maxBytes, onError: (c) => c.json(BODY_TOO_LARGE, 413) });
  return (c, next) => (OWN_LIMIT_ROUTES.has(`${c.req.method} ${c.req.path}`) ? next() : limit(c, next));
};

/**
 * Endpoints that carry their own, larger limit on the route: document uploads take files up to spec §9's 10mb
 * (server/http/document-routes.ts, which refuses a larger body the same two ways).
 */
export const OWN_LIMIT_ROUTES: ReadonlySet<string> = new Set(['POST /v1/documents']);
