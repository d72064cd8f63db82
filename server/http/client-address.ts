import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Config } from '@/server/config';

/**
 * The client's address, the key of the per-address rate limits: the TCP peer of the connection. Behind a reverse
 * proxy that is the proxy for every client (a deployment there would read its X-Forwarded-For instead; this server
 * does not trust that header). Without a connection (`app.request()` in tests) every request shares one key — and
 * only a test config (`trustTestClientHeader`) lets the `X-Test-Client` header choose it.
 */
export const clientAddress = (c: Context, config: Pick<Config, 'trustTestClientHeader'>): string => {
  if (config.trustTestClientHeader) {
    const testClient = c.req.header('x-test-client');
    if (testClient) return `test:${testClient}`;
  }
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // No Node connection behind this request.
  }
  return 'unknown';
};
