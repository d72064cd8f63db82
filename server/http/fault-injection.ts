import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '@/server/http/app-env';

/**
 * Fault injection for the browser tests of fault tolerance (development and test only; the server refuses
 * to start with it in production, see main.ts). A request carrying the cookie `tpp_fault` is failed the
 * way the cookie says, so each test fails only its own browser context's requests:
 *
 *   tpp_fault=<mode>[@<path prefix>][~<share 0..1>]     e.g. 500@/v1/dashboard, close~0.5, garbage
 *
 * modes: `500` (server error), `delay` (answers after `delayMs`, past the portal's 15 s client timeout),
 * `close` (drops the connection without an answer), `garbage` (200 with a body that does not decode).
 * Only API paths are affected, never the portal's files.
 */
export const FAULT_COOKIE = 'tpp_fault';
export const FAULT_MODES = ['500', 'delay', 'close', 'garbage'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultRule {
  readonly mode: FaultMode;
  readonly pathPrefix: string;
  readonly share: number;
}

/** Reads a `tpp_fault` cookie value; null when it names no known fault. */
export function parseFaultRule(value: string | undefined): FaultRule | null {
  const match = /^([a-z0-9]+)(?:@(\/[^~]*))?(?:~(0(?:\.\d+)?|1(?:\.0+)?))?$/.exec(value ?? '');
  if (!match || !(FAULT_MODES as readonly string[]).includes(match[1]!)) return null;
  return {
    mode: match[1] as FaultMode,
    pathPrefix: match[2] ?? '/',
    share: match[3] === undefined ? 1 : Number(match[3]),
  };
}

const isApiPath = (path: string) => !path.startsWith('/tpp') && path !== '/healthz' && path !== '/';

export function faultInjection(options: { delayMs: number; random?: () => number }): MiddlewareHandler<AppEnv> {
  const random = options.random ?? Math.random;
  return async (c, next) => {
    const rule = parseFaultRule(getCookie(c, FAULT_COOKIE));
    if (!rule || !isApiPath(c.req.path) || !c.req.path.startsWith(rule.pathPrefix) || random() >= rule.share) {
      return next();
    }
    switch (rule.mode) {
      case '500':
        return c.json({ message: 'Sorry, something went wrong', injected: true }, 500);
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        return next();
      case 'close': {
        // @hono/node-server hands the Node request over as env.incoming: drop its socket, answer nothing.
        const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming;
        incoming?.socket?.destroy();
        return c.body(null, 500);
      }
      case 'garbage':
        await next();
        c.res = new Response(JSON.stringify({ data: 'not what the portal expects', injected: true }), {
          status: 200,
          headers: c.res.headers,
        });
        return;
    }
  };
}
