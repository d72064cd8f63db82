import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/app';
import { DEFAULT_RATE_LIMITS, readConfig, type RateLimits } from '@/server/config';
import { loginDelayMs } from '@/server/http/auth-routes';
import { createRateLimiter } from '@/server/http/rate-limiter';
import {
  createSeededApp,
  getWithToken,
  jsonPost,
  sessionCookieOf,
  SETUP_TIMEOUT_MS,
  signIn,
  TOKEN_REQUEST,
  type SeededApp,
} from '@/server/testing/seeded-app';

const TOO_MANY = { message: 'Too many attempts. Please try again later.' };
const BAD_CREDENTIALS = { message: 'The user credentials were incorrect.' };

describe('createRateLimiter', () => {
  it('allows `limit` events per window, then tells how long to wait, to the whole second', () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const limiter = createRateLimiter({ limit: 3, windowS: 60 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterS('a')).toBe(0);
      limiter.hit('a');
    }
    expect(limiter.retryAfterS('a')).toBe(60);
    expect(limiter.retryAfterS('b')).toBe(0);
    now = new Date(now.getTime() + 59_500);
    expect(limiter.retryAfterS('a')).toBe(1);
    now = new Date(now.getTime() + 500);
    expect(limiter.retryAfterS('a')).toBe(0);
    limiter.hit('a');
    expect(limiter.retryAfterS('a')).toBe(0);
  });

  it('counts the events of a key in its open window', () => {
    let now = new Date(0);
    const limiter = createRateLimiter({ limit: 2, windowS: 60 }, () => now);
    expect(limiter.count('a')).toBe(0);
    for (let i = 0; i < 3; i++) limiter.hit('a');
    expect(limiter.count('a')).toBe(3);
    expect(limiter.count('b')).toBe(0);
    now = new Date(60_000);
    expect(limiter.count('a')).toBe(0);
  });

  it('forgets a key on clear', () => {
    const limiter = createRateLimiter({ limit: 1, windowS: 60 }, () => new Date(0));
    limiter.hit('a');
    expect(limiter.retryAfterS('a')).toBe(60);
    limiter.clear('a');
    expect(limiter.retryAfterS('a')).toBe(0);
  });

  it('keeps at most maxKeys keys, dropping closed windows first, then the oldest', () => {
    let now = new Date(0);
    const limiter = createRateLimiter({ limit: 1, windowS: 10 }, () => now, 3);
    limiter.hit('old');
    now = new Date(20_000);
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    expect(['a', 'b', 'c'].map((k) => limiter.retryAfterS(k))).toEqual([10, 10, 10]);
    limiter.hit('d');
    expect(['a', 'b', 'c', 'd'].map((k) => limiter.retryAfterS(k))).toEqual([0, 10, 10, 10]);
  });
});

describe('rate limits in the server config', () => {
  it('default to 10 failures per account and address, 10 per account before slowing down, 30 sign-ins per address per 15 minutes, 60 token calls a minute', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      loginFailuresPerAccountAndAddress: { limit: 10, windowS: 900 },
      loginFailuresPerAccount: { limit: 10, windowS: 900 },
      loginSlowdown: { firstDelayMs: 250, maxDelayMs: 3000 },
      loginAttemptsPerAddress: { limit: 30, windowS: 900 },
      tokenCallsPerAddress: { limit: 60, windowS: 60 },
    });
    const config = readConfig({});
    expect(config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(config.trustTestClientHeader).toBe(false);
    expect(config.maxBodyBytes).toBe(1024 * 1024);
    expect(config.publicOrigin).toBeNull();
  });

  it('read their limits from the environment, and refuse nonsense', () => {
    const config = readConfig({
      LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '4',
      LOGIN_FAILURES_PER_ACCOUNT: '5',
      LOGIN_SLOWDOWN_MAX_MS: '5000',
      LOGIN_ATTEMPTS_PER_ADDRESS: '100',
      TOKEN_CALLS_PER_ADDRESS: '600',
      PUBLIC_ORIGIN: 'https://partners.example/',
    });
    expect(config.rateLimits).toEqual({
      loginFailuresPerAccountAndAddress: { limit: 4, windowS: 900 },
      loginFailuresPerAccount: { limit: 5, windowS: 900 },
      loginSlowdown: { firstDelayMs: 250, maxDelayMs: 5000 },
      loginAttemptsPerAddress: { limit: 100, windowS: 900 },
      tokenCallsPerAddress: { limit: 600, windowS: 60 },
    });
    expect(config.publicOrigin).toBe('https://partners.example');
    expect(() => readConfig({ TOKEN_CALLS_PER_ADDRESS: '0' })).toThrow(/TOKEN_CALLS_PER_ADDRESS/);
    expect(() => readConfig({ LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: 'ten' })).toThrow(
      /LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS/,
    );
    expect(() => readConfig({ LOGIN_SLOWDOWN_MAX_MS: '-1' })).toThrow(/LOGIN_SLOWDOWN_MAX_MS/);
    expect(() => readConfig({ PUBLIC_ORIGIN: 'https://partners.example/tpp/' })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => readConfig({ PUBLIC_ORIGIN: 'partners.example' })).toThrow(/PUBLIC_ORIGIN/);
  });
});

let t: SeededApp;
beforeAll(async () => {
  t = await createSeededApp();
}, SETUP_TIMEOUT_MS);

/** The real app over the seeded database with `limits` (defaults: the production ones), fresh counters. */
const appWith = (limits: Partial<RateLimits> = {}) =>
  createApp({ db: t.db, config: { ...t.config, rateLimits: { ...DEFAULT_RATE_LIMITS, ...limits } } });

const loginAs = (app: ReturnType<typeof appWith>, email: string, password: string, client = 'client-1') =>
  app.request('/login', jsonPost({ email, password }, { 'x-test-client': client }));

const withClock = async (run: () => Promise<void>) => {
  const start = t.clock.now;
  try {
    await run();
  } finally {
    t.clock.now = start;
  }
};

const expectTooMany = async (response: Response, retryAfterS: number) => {
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toBe(String(retryAfterS));
  expect(await response.json()).toEqual(TOO_MANY);
  expect(sessionCookieOf(response)).toBeNull();
};

/** Signs in and says how long the answer took, ms (the account slowdown's delay comes before the password check). */
const timedLogin = async (app: ReturnType<typeof appWith>, email: string, password: string, client: string) => {
  const started = performance.now();
  const response = await loginAs(app, email, password, client);
  return { response, ms: performance.now() - started };
};

describe('failed sign-ins per account and address', () => {
  it('after 10 failures from one address, answers that address 429 with Retry-After, even to the right password', async () => {
    await withClock(async () => {
      const app = appWith();
      for (let i = 0; i < 10; i++) {
        const response = await loginAs(app, 'expiring@example.com', `wrong-${i}`, 'guesser');
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual(BAD_CREDENTIALS);
        t.clock.advance(60);
      }
      // The window opened at the first failure, 10 minutes ago: 5 minutes left.
      await expectTooMany(await loginAs(app, 'expiring@example.com', 'wrong-10', 'guesser'), 300);
      await expectTooMany(await loginAs(app, 'expiring@example.com', 'demo1234', 'guesser'), 300);
      await expectTooMany(await loginAs(app, ' Expiring@Example.com ', 'wrong', 'guesser'), 300);
      // The same address may still sign in to other accounts.
      expect((await loginAs(app, 'starter@example.com', 'demo1234', 'guesser')).status).toBe(200);
      t.clock.advance(299);
      await expectTooMany(await loginAs(app, 'expiring@example.com', 'demo1234', 'guesser'), 1);
      t.clock.advance(1);
      expect((await loginAs(app, 'expiring@example.com', 'demo1234', 'guesser')).status).toBe(200);
    });
  });

  it('cannot lock the owner out: while address A is refused, the right password from address B signs in', async () => {
    const app = appWith();
    for (let i = 0; i < 11; i++) {
      const response = await loginAs(app, 'fleet@example.com', `wrong-${i}`, 'address-a');
      expect(response.status).toBe(i < 10 ? 401 : 429);
    }
    await expectTooMany(await loginAs(app, 'fleet@example.com', 'demo1234', 'address-a'), 900);
    const owner = await loginAs(app, 'fleet@example.com', 'demo1234', 'address-b');
    expect(owner.status).toBe(200);
    expect(sessionCookieOf(owner)).not.toBeNull();
    // And a wrong password from B is B's own first failure: 401, not 429.
    expect((await loginAs(app, 'fleet@example.com', 'wrong', 'address-b')).status).toBe(401);
  });

  it('a successful sign-in clears the failure count of its address', async () => {
    const app = appWith();
    for (let i = 0; i < 9; i++) expect((await loginAs(app, 'starter@example.com', 'wrong')).status).toBe(401);
    expect((await loginAs(app, 'starter@example.com', 'demo1234')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await loginAs(app, 'starter@example.com', 'wrong')).status).toBe(401);
    await expectTooMany(await loginAs(app, 'starter@example.com', 'demo1234'), 900);
  });

  it('counts unknown e-mails the same way, so a 429 tells nothing about which accounts exist', async () => {
    const app = appWith({ loginFailuresPerAccountAndAddress: { limit: 2, windowS: 900 } });
    for (const email of ['nobody@example.com', 'partner@example.com']) {
      expect((await loginAs(app, email, 'wrong')).status).toBe(401);
      expect((await loginAs(app, email, 'wrong')).status).toBe(401);
      await expectTooMany(await loginAs(app, email, 'wrong'), 900);
    }
  });

  it('counts guesses sent in parallel before their passwords are checked', async () => {
    const app = appWith({ loginFailuresPerAccountAndAddress: { limit: 3, windowS: 900 } });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => loginAs(app, 'unverified@example.com', `guess-${i}`, 'parallel')),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });
});

describe('failed sign-ins per account from all addresses', () => {
  it('wait nothing up to the limit, then a delay that doubles with each failure, up to the cap', () => {
    const limits = {
      loginFailuresPerAccount: { limit: 10, windowS: 900 },
      loginSlowdown: { firstDelayMs: 250, maxDelayMs: 3000 },
    };
    expect([0, 9, 10, 11, 12, 13, 14, 50, 10_000].map((failures) => loginDelayMs(failures, limits))).toEqual([
      0, 0, 250, 500, 1000, 2000, 3000, 3000, 3000,
    ]);
  });

  it('slow every sign-in of the account down, from any address, but never refuse it', async () => {
    const app = appWith({
      loginFailuresPerAccount: { limit: 3, windowS: 900 },
      loginSlowdown: { firstDelayMs: 500, maxDelayMs: 1000 },
    });
    // Guesses spread over addresses: no pair reaches its limit, so none is refused.
    for (let i = 0; i < 3; i++) {
      expect((await loginAs(app, 'documents@example.com', `wrong-${i}`, `spread-${i}`)).status).toBe(401);
    }
    const slowed = await timedLogin(app, 'documents@example.com', 'wrong-3', 'spread-3');
    expect(slowed.response.status).toBe(401);
    expect(slowed.ms).toBeGreaterThanOrEqual(500);
    // Twice as long for the fifth failure's attempt; the owner with the right password, from a new address, waits
    // the same and gets in.
    const owner = await timedLogin(app, 'documents@example.com', 'demo1234', 'owner');
    expect(owner.response.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(1000);
    // Other accounts are not slowed (scrypt's own cost is far below the delay).
    const other = await timedLogin(app, 'profile@example.com', 'demo1234', 'owner');
    expect(other.response.status).toBe(200);
    expect(other.ms).toBeLessThan(500);
  });

  it('forget the failures when the owner signs in, or when their window ends', async () => {
    await withClock(async () => {
      const app = appWith({
        loginFailuresPerAccount: { limit: 2, windowS: 900 },
        loginSlowdown: { firstDelayMs: 500, maxDelayMs: 500 },
      });
      const fail = async (times: number) => {
        for (let i = 0; i < times; i++) {
          expect((await loginAs(app, 'reviews@example.com', 'wrong', `far-${i}`)).status).toBe(401);
        }
      };
      await fail(2);
      const owner = await timedLogin(app, 'reviews@example.com', 'demo1234', 'home');
      expect(owner.response.status).toBe(200);
      expect(owner.ms).toBeGreaterThanOrEqual(500);
      // The success cleared the count: the next sign-in does not wait.
      expect((await timedLogin(app, 'reviews@example.com', 'demo1234', 'home')).ms).toBeLessThan(500);
      await fail(2);
      t.clock.advance(900);
      const later = await timedLogin(app, 'reviews@example.com', 'demo1234', 'home');
      expect(later.response.status).toBe(200);
      expect(later.ms).toBeLessThan(500);
    });
  });
});

describe('sign-in attempts per address', () => {
  it('after 30 attempts in 15 minutes, successful or not, answers 429 to that address only', async () => {
    await withClock(async () => {
      const app = appWith();
      for (let i = 0; i < 30; i++) {
        const response = await loginAs(app, `user${i}@example.com`, 'wrong', 'busy');
        expect(response.status).toBe(401);
      }
      await expectTooMany(await loginAs(app, 'partner@example.com', 'demo1234', 'busy'), 900);
      // A malformed body is counted and refused just the same, before it is read.
      await expectTooMany(await app.request('/login', jsonPost({}, { 'x-test-client': 'busy' })), 900);
      expect((await loginAs(app, 'partner@example.com', 'demo1234', 'quiet')).status).toBe(200);
      t.clock.advance(900);
      expect((await loginAs(app, 'partner@example.com', 'demo1234', 'busy')).status).toBe(200);
    });
  });
});

describe('token calls per address', () => {
  it('after 60 calls in a minute answers 429 with Retry-After; the next minute works again', async () => {
    await withClock(async () => {
      const app = appWith();
      const { cookie } = await signIn(app, 'partner@example.com');
      const token = (client: string) =>
        app.request('/oauth/token', jsonPost(TOKEN_REQUEST, { cookie, 'x-test-client': client }));
      for (let i = 0; i < 60; i++) expect((await token('busy')).status).toBe(200);
      t.clock.advance(15);
      await expectTooMany(await token('busy'), 45);
      expect((await token('quiet')).status).toBe(200);
      t.clock.advance(45);
      const renewed = await token('busy');
      expect(renewed.status).toBe(200);
      const { access_token } = (await renewed.json()) as { access_token: string };
      expect((await getWithToken(app, '/v1/user-info', access_token)).status).toBe(200);
    });
  });
});

describe('the client address', () => {
  it('comes from X-Test-Client only in a test config; otherwise every app.request() shares one key', async () => {
    const app = createApp({
      db: t.db,
      config: {
        ...t.config,
        trustTestClientHeader: false,
        rateLimits: { ...DEFAULT_RATE_LIMITS, loginAttemptsPerAddress: { limit: 1, windowS: 900 } },
      },
    });
    expect((await loginAs(app, 'partner@example.com', 'demo1234', 'one')).status).toBe(200);
    await expectTooMany(await loginAs(app, 'partner@example.com', 'demo1234', 'two'), 900);
    expect(t.errors).toEqual([]);
  });

  it('is the TCP peer on a real server, where X-Test-Client is ignored', async () => {
    const app = createApp({
      db: t.db,
      config: {
        ...t.config,
        trustTestClientHeader: false,
        rateLimits: { ...DEFAULT_RATE_LIMITS, loginAttemptsPerAddress: { limit: 2, windowS: 900 } },
      },
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    try {
      const attempt = (client: string) =>
        fetch(`${origin}/login`, {
          method: 'POST',
          // Host is set by fetch from the URL: the Origin check compares against it, as with Chromium on localhost.
          headers: {
            'content-type': 'application/json',
            origin,
            'x-requested-with': 'XMLHttpRequest',
            'x-test-client': client,
          },
          body: JSON.stringify({ email: 'partner@example.com', password: 'demo1234' }),
        });
      expect((await attempt('one')).status).toBe(200);
      expect((await attempt('two')).status).toBe(200);
      await expectTooMany(await attempt('three'), 900);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
