import { beforeAll, describe, expect, it } from 'vitest';
import { LAST_USE_WRITE_EVERY_S } from '@/server/auth/sessions';
import { DEFAULT_EVENT_STREAMS_PER_SESSION, DEFAULT_SESSION_IDLE_S, readConfig } from '@/server/config';
import {
  createSeededApp,
  getWithToken,
  requestToken,
  SETUP_TIMEOUT_MS,
  signIn,
  type SeededApp,
} from '@/server/testing/seeded-app';

const HOUR_S = 3600;
const IDLE_S = 12 * HOUR_S;

let t: SeededApp;
beforeAll(async () => {
  // Tokens that outlive the idle timeout, so a refused bearer call is the session's idleness, not the token's age.
  t = await createSeededApp({ sessionIdleS: IDLE_S, tokenTtlS: 365 * 86_400 });
}, SETUP_TIMEOUT_MS);

const withClock = async (run: () => Promise<void>) => {
  const start = t.clock.now;
  try {
    await run();
  } finally {
    t.clock.now = start;
  }
};

const sessionIdOf = (cookie: string) => cookie.split('=')[1] ?? '';
const lastUsedAt = async (cookie: string) => {
  const { rows } = await t.db.query<{ last_used_at: Date }>('select last_used_at from sessions where id = $1', [
    sessionIdOf(cookie),
  ]);
  return new Date(rows[0]!.last_used_at).toISOString();
};

describe('the session idle timeout', () => {
  it('defaults to 12 hours (SESSION_IDLE_S), beside the 30-day lifetime, and refuses nonsense', () => {
    expect(DEFAULT_SESSION_IDLE_S).toBe(43_200);
    const config = readConfig({});
    expect(config.sessionIdleS).toBe(43_200);
    expect(config.sessionTtlS).toBe(2_592_000);
    expect(config.eventStreamsPerSession).toBe(DEFAULT_EVENT_STREAMS_PER_SESSION);
    expect(readConfig({ SESSION_IDLE_S: '600', EVENT_STREAMS_PER_SESSION: '2' })).toMatchObject({
      sessionIdleS: 600,
      eventStreamsPerSession: 2,
    });
    expect(() => readConfig({ SESSION_IDLE_S: '0' })).toThrow(/SESSION_IDLE_S/);
    expect(() => readConfig({ EVENT_STREAMS_PER_SESSION: '1.5' })).toThrow(/EVENT_STREAMS_PER_SESSION/);
  });

  it('ends a session unused for 12 hours and 1 second: its cookie renews no token, its tokens are refused', async () => {
    await withClock(async () => {
      const { cookie, token } = await signIn(t.app, 'partner@example.com');
      t.clock.advance(IDLE_S - 1);
      // Nothing was used in between: one second before the timeout, a peek at the database only.
      expect(await lastUsedAt(cookie)).toBe(new Date(t.clock.now.getTime() - (IDLE_S - 1) * 1000).toISOString());
      t.clock.advance(2);
      const bearer = await getWithToken(t.app, '/v1/user-info', token);
      expect(bearer.status).toBe(401);
      expect(await bearer.json()).toEqual({ message: 'Unauthenticated.' });
      const renewal = await requestToken(t.app, cookie);
      expect(renewal.status).toBe(401);
      expect(await renewal.json()).toEqual({ message: 'Unauthenticated.' });
    });
  });

  it('keeps a session that is used alive: each use starts the 12 hours again', async () => {
    await withClock(async () => {
      const { cookie, token } = await signIn(t.app, 'starter@example.com');
      t.clock.advance(11 * HOUR_S);
      expect((await getWithToken(t.app, '/v1/user-info', token)).status).toBe(200);
      t.clock.advance(11 * HOUR_S);
      // 22 hours after sign-in, 11 after the last use.
      const renewal = await requestToken(t.app, cookie);
      expect(renewal.status).toBe(200);
      const { access_token } = (await renewal.json()) as { access_token: string };
      t.clock.advance(IDLE_S - 1);
      expect((await getWithToken(t.app, '/v1/user-info', access_token)).status).toBe(200);
      t.clock.advance(IDLE_S + 1);
      expect((await getWithToken(t.app, '/v1/user-info', access_token)).status).toBe(401);
      expect((await getWithToken(t.app, '/v1/user-info', token)).status).toBe(401);
    });
  });

  it('writes the last use at most once a minute', async () => {
    await withClock(async () => {
      const { cookie, token } = await signIn(t.app, 'expiring@example.com');
      const signedInAt = t.clock.now.toISOString();
      expect(await lastUsedAt(cookie)).toBe(signedInAt);
      t.clock.advance(LAST_USE_WRITE_EVERY_S - 1);
      expect((await getWithToken(t.app, '/v1/user-info', token)).status).toBe(200);
      expect((await requestToken(t.app, cookie)).status).toBe(200);
      expect(await lastUsedAt(cookie)).toBe(signedInAt);
      t.clock.advance(1);
      expect((await getWithToken(t.app, '/v1/user-info', token)).status).toBe(200);
      expect(await lastUsedAt(cookie)).toBe(t.clock.now.toISOString());
    });
  });

  it('still ends a session that is used every few hours when its 30 days are over', async () => {
    await withClock(async () => {
      const { cookie } = await signIn(t.app, 'unverified@example.com');
      let elapsed = 0;
      while (elapsed + 10 * HOUR_S < t.config.sessionTtlS) {
        t.clock.advance(10 * HOUR_S);
        elapsed += 10 * HOUR_S;
        expect((await requestToken(t.app, cookie)).status).toBe(200);
      }
      t.clock.advance(t.config.sessionTtlS - elapsed);
      expect((await requestToken(t.app, cookie)).status).toBe(401);
    });
  });
});
