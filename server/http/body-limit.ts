import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BODY_TOO_LARGE } from '@/server/http/api-errors';

/**
 * Refuses a request body over `maxBytes` with 413 before any handler reads it: at once from Content-Length, or while
 * streaming a chunked body (which then stops being read).
 */
export const limitBody = (maxBytes: number): MiddlewareHandler =>
  bodyLimit({ maxSize: maxBytes, onError: (c) => c.json(BODY_TOO_LARGE, 413) });
