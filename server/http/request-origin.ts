import type { Context } from 'hono';
import type { Config } from '@/server/config';

/** Over https, directly or behind a proxy that says so (X-Forwarded-Proto), so plain-http local runs still work. */
export const isHttps = (c: Context): boolean =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';

/**
 * The origin this server answers as: the configured public origin, else the request's own — its Host header
 * (which @hono/node-server also builds the request URL from) with https when the request came over https.
 */
export const ownOrigin = (c: Context, config: Pick<Config, 'publicOrigin'>): string => {
  if (config.publicOrigin) return config.publicOrigin;
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return `${isHttps(c) ? 'https' : 'http'}://${host.toLowerCase()}`;
};
