import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/app';
import {
  createSeededApp,
  getWithToken,
  jsonPost,
  logout,
  requestToken,
  sessionCookieOf,
  SETUP_TIMEOUT_MS,
  signIn,
  TOKEN_REQUEST,
  type SeededApp,
  XHR,
} from '@/server/testing/seeded-app';

const REFUSED = { message: 'Cross-origin request refused.' };
const CREDENTIALS = { email: 'partner@example.com', password: 'demo1234' };
/** What Chromium sends for the portal on the Playwright server (playwright.config.ts). */
const LOCAL = { host: 'localhost:4599', origin: 'http://localhost:4599' };

let t: SeededApp;
beforeAll(async () => {
  t = await createSeededApp();
}, SETUP_TIMEOUT_MS);

const sessionCount = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from sessions')).rows[0]?.n ?? -1;

const loginWith = (headers: Record<string, string>, url = '/login') =>
  t.app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(CREDENTIALS),
  });

describe('POST /login: Origin and X-Requested-With', () => {
  it('accepts the portal on localhost: its own origin and X-Requested-With', async () => {
    const response = await loginWith({ ...LOCAL, ...XHR });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(sessionCookieOf(response)).not.toBeNull();
  });

  it('accepts a call without Origin (curl, same-origin GET-style clients) when X-Requested-With is there', async () => {
    expect((await loginWith({ host: 'localhost:4599', ...XHR })).status).toBe(200);
  });

  it('refuses another site with 403, the exact message, no cookie and no session', async () => {
    const before = await sessionCount();
    for (const origin of [
      'https://evil.example',
      'http://localhost:4598',
      'https://localhost:4599',
      'http://localhost',
      'http://localhost:4599.evil.example',
      'null',
    ]) {
      const response = await loginWith({ host: LOCAL.host, origin, ...XHR });
      expect(response.status, origin).toBe(403);
      expect(await response.json()).toEqual(REFUSED);
      expect(sessionCookieOf(response)).toBeNull();
    }
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a call without X-Requested-With, with or without a matching Origin', async () => {
    const before = await sessionCount();
    for (const headers of [
      {},
      { ...LOCAL },
      { ...LOCAL, 'x-requested-with': 'fetch' },
      { ...LOCAL, 'x-requested-with': '' },
    ]) {
      const response = await loginWith(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual(REFUSED);
    }
    expect(await sessionCount()).toBe(before);
  });

  it('compares the scheme too: https when the request or its proxy says so', async () => {
    const proxied = { host: 'partners.example', 'x-forwarded-proto': 'https', ...XHR };
    expect((await loginWith({ ...proxied, origin: 'https://partners.example' })).status).toBe(200);
    expect((await loginWith({ ...proxied, origin: 'http://partners.example' })).status).toBe(403);
    expect((await loginWith({ origin: 'https://portal.example', ...XHR }, 'https://portal.example/login')).status).toBe(
      200,
    );
  });

  it('with a configured public origin, accepts that origin only, whatever the Host', async () => {
    const app = createApp({ db: t.db, config: { ...t.config, publicOrigin: 'https://partners.example' } });
    const post = (headers: Record<string, string>) =>
      app.request('/login', jsonPost(CREDENTIALS, { host: 'internal:8080', ...headers }));
    expect((await post({ origin: 'https://partners.example' })).status).toBe(200);
    const refused = await post({ origin: 'http://internal:8080' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(REFUSED);
  });

  it('refuses every origin that is not its own (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.webUrl().map((url) => new URL(url).origin),
          fc.string({ maxLength: 80 }),
        ),
        async (origin) => {
          // Headers trim the value, so ' http://localhost:4599' is the own origin.
          fc.pre(origin.trim().toLowerCase() !== LOCAL.origin);
          const response = await loginWith({ host: LOCAL.host, origin, ...XHR });
          expect(response.status).toBe(403);
          expect(await response.json()).toEqual(REFUSED);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('POST /oauth/token and POST /logout: the same guard', () => {
  it('a cross-origin token call with a live cookie gets 403 and no token', async () => {
    const { cookie } = await signIn(t.app, 'starter@example.com');
    const tokens = async () =>
      (await t.db.query<{ n: number }>('select count(*)::int as n from access_tokens')).rows[0]?.n ?? -1;
    const before = await tokens();
    const foreign = await t.app.request(
      '/oauth/token',
      jsonPost(TOKEN_REQUEST, { cookie, host: LOCAL.host, origin: 'https://evil.example' }),
    );
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual(REFUSED);
    const noHeader = await t.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(TOKEN_REQUEST),
    });
    expect(noHeader.status).toBe(403);
    expect(await tokens()).toBe(before);
    const own = await requestToken(t.app, cookie);
    expect(own.status).toBe(200);
  });

  it('a cross-origin logout gets 403 and leaves the session and its tokens live', async () => {
    const { cookie, token } = await signIn(t.app, 'starter@example.com');
    const foreign = await logout(t.app, cookie, { host: LOCAL.host, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual(REFUSED);
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const noHeader = await t.app.request('/logout', { method: 'POST', headers: { cookie } });
    expect(noHeader.status).toBe(403);
    expect((await getWithToken(t.app, '/v1/user-info', token)).status).toBe(200);
    expect((await logout(t.app, cookie, LOCAL)).status).toBe(200);
    expect((await getWithToken(t.app, '/v1/user-info', token)).status).toBe(401);
  });

  it('does not apply to the bearer-token API, which no browser sends on its own', async () => {
    const { token } = await signIn(t.app, 'starter@example.com');
    const response = await t.app.request('/v1/user-info', {
      headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' },
    });
    expect(response.status).toBe(200);
    expect(t.errors).toEqual([]);
  });
});
