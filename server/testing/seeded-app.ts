import { createApp } from '@/server/app';
import {
  DEFAULT_EVENT_STREAMS_PER_SESSION,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_RATE_LIMITS,
  type Config,
} from '@/server/config';
import type { Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import { openSeededTestDb } from '@/server/testing/test-db';
import { DEMO_PASSWORD } from '@/server/seed/account-plan';
import { seedDatabase, TEST_SCALE, type SeedSummary } from '@/server/seed/seed';

/** A Wednesday afternoon in London: the seed's "this week" then has days on both sides. */
export const TEST_NOW = new Date('2026-11-18T14:30:00Z');

/** PGlite starts in a few seconds on a busy 2-core machine; give beforeAll room. */
export const SETUP_TIMEOUT_MS = 90_000;

/** A clock the test moves by hand; the app reads it through config.now. */
export interface TestClock {
  now: Date;
  advance(seconds: number): void;
}

export interface SeededApp {
  readonly app: ReturnType<typeof createApp>;
  readonly db: Db;
  readonly config: Config;
  readonly clock: TestClock;
  readonly seeded: SeedSummary;
  readonly errors: unknown[];
}

/**
 * The config of the test apps: production defaults except throttles that never bite (suites sign in far more often
 * than a person would, on a clock that stands still — rate-limit.test.ts sets the real ones), sessions that do not
 * idle out (session-idle.test.ts sets the real timeout) and the X-Test-Client header trusted as the client address
 * (app.request() has no connection).
 */
export const testConfig = (overrides: Partial<Omit<Config, 'now'>> = {}, now: () => Date = () => TEST_NOW): Config => ({
  port: 0,
  dataDir: 'memory',
  databaseUrl: null,
  tokenTtlS: 900,
  sessionTtlS: 30 * 24 * 3600,
  // No idle timeout in tests that do not ask for one: suites move the clock by days between their calls.
  sessionIdleS: 10 * 365 * 24 * 3600,
  eventStreamsPerSession: DEFAULT_EVENT_STREAMS_PER_SESSION,
  fakeDate: null,
  distDir: '/nonexistent-dist',
  publicOrigin: null,
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  rateLimits: {
    loginFailuresPerAccountAndAddress: { ...DEFAULT_RATE_LIMITS.loginFailuresPerAccountAndAddress, limit: 10_000 },
    loginFailuresPerAccount: { ...DEFAULT_RATE_LIMITS.loginFailuresPerAccount, limit: 10_000 },
    loginSlowdown: DEFAULT_RATE_LIMITS.loginSlowdown,
    loginAttemptsPerAddress: { ...DEFAULT_RATE_LIMITS.loginAttemptsPerAddress, limit: 10_000 },
    tokenCallsPerAddress: { ...DEFAULT_RATE_LIMITS.tokenCallsPerAddress, limit: 10_000 },
  },
  trustTestClientHeader: true,
  faultInjection: false,
  ...overrides,
  now,
});

/**
 * An in-memory database, migrated and seeded at the test scale (the same seed code as `npm run seed`), behind the
 * real app; built once per test run and copied for each file (openSeededTestDb). Unexpected errors are collected in
 * `errors` rather than printed, so a test can assert there were none.
 */
export const createSeededApp = async (overrides: Partial<Omit<Config, 'now'>> = {}): Promise<SeededApp> => {
  const { db, seeded } = await openSeededTestDb(async (fresh) => {
    await migrate(fresh);
    return seedDatabase(fresh, { now: TEST_NOW, scale: TEST_SCALE });
  });
  const clock: TestClock = {
    now: TEST_NOW,
    advance(seconds) {
      this.now = new Date(this.now.getTime() + seconds * 1000);
    },
  };
  const config = testConfig(overrides, () => clock.now);
  const errors: unknown[] = [];
  return { app: createApp({ db, config, logError: (e) => errors.push(e) }), db, config, clock, seeded, errors };
};

/** The header the portal's client sends on every call; the cookie endpoints refuse requests without it. */
export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;

/** A JSON POST as the portal sends it (X-Requested-With, no Origin: same as a same-origin call without one). */
export const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...XHR, ...headers },
  body: JSON.stringify(body),
});

/** POST /logout as the portal sends it. */
export const logout = (app: SeededApp['app'], cookie: string | null, headers: Record<string, string> = {}) =>
  app.request('/logout', { method: 'POST', headers: { ...XHR, ...(cookie ? { cookie } : {}), ...headers } });

export const TOKEN_REQUEST = {
  payload: { grant_type: 'monolith_cookie_grant', client_id: '', client_secret: '', scope: '*' },
};

/** The `name=value` part of the session cookie a response set, or null. */
export const sessionCookieOf = (response: Response): string | null => {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('tpp_session='));
  return header ? (header.split(';')[0] ?? null) : null;
};

export const login = (app: SeededApp['app'], email: string, password = DEMO_PASSWORD) =>
  app.request('/login', jsonPost({ email, password }));

export const requestToken = (app: SeededApp['app'], cookie: string | null) =>
  app.request('/oauth/token', jsonPost(TOKEN_REQUEST, cookie ? { cookie } : {}));

/** Signs in as a demo user the way the portal does: /login for the cookie, /oauth/token for the bearer token. */
export const signIn = async (app: SeededApp['app'], email: string): Promise<{ cookie: string; token: string }> => {
  const cookie = sessionCookieOf(await login(app, email));
  if (!cookie) throw new Error(`no session cookie for ${email}`);
  const response = await requestToken(app, cookie);
  const { access_token } = (await response.json()) as { access_token: string };
  return { cookie, token: access_token };
};

export const getWithToken = (app: SeededApp['app'], path: string, token: string) =>
  app.request(path, { headers: { authorization: `Bearer ${token}` } });
