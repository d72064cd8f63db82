import { Schema } from 'effect';
import { beforeAll, describe, expect, it } from 'vitest';
import { TokenResponse } from '@/schemas/auth';
import { sha256Hex } from '@/server/auth/tokens';
import {
  createSeededApp,
  getWithToken,
  jsonPost,
  login,
  logout,
  requestToken,
  sessionCookieOf,
  SETUP_TIMEOUT_MS,
  signIn,
  TOKEN_REQUEST,
  type SeededApp,
  XHR,
} from '@/server/testing/seeded-app';

let t: SeededApp;
beforeAll(async () => {
  t = await createSeededApp();
}, SETUP_TIMEOUT_MS);

describe('POST /login', () => {
  it('signs in with the demo password and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const response = await login(t.app, 'partner@example.com');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const header = response.headers.getSetCookie().find((c) => c.startsWith('tpp_session='));
    expect(header).toBeDefined();
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/; Secure/);
    const [, value] = /^tpp_session=([^;]+)/.exec(header ?? '') ?? [];
    const { rows } = await t.db.query<{ email: string }>(
      'select u.email from sessions s join users u on u.id = s.user_id where s.id = $1',
      [value ?? ''],
    );
    expect(rows).toEqual([{ email: 'partner@example.com' }]);
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const response = await t.app.request(
      'https://portal.example/login',
      jsonPost({ email: 'partner@example.com', password: 'demo1234' }),
    );
    expect(response.headers.getSetCookie().find((c) => c.startsWith('tpp_session='))).toMatch(/; Secure/);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    expect((await login(t.app, '  Partner@Example.COM ')).status).toBe(200);
  });

  it('answers a wrong password with 401, the exact message and no cookie', async () => {
    const response = await login(t.app, 'partner@example.com', 'demo12345');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'The user credentials were incorrect.' });
    expect(sessionCookieOf(response)).toBeNull();
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await login(t.app, 'nobody@example.com');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'The user credentials were incorrect.' });
    expect(sessionCookieOf(response)).toBeNull();
  });

  it('answers a missing e-mail with 422 naming the field', async () => {
    const response = await t.app.request('/login', jsonPost({ password: 'demo1234' }));
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('messages.validation');
    expect(Object.keys(body.errors)).toEqual(['email']);
    expect(body.errors.email?.[0]).toMatch(/missing/i);
  });

  it('answers a blank e-mail with the schema message', async () => {
    const response = await t.app.request('/login', jsonPost({ email: '   ', password: 'demo1234' }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'messages.validation',
      errors: { email: ["Email can't be blank"] },
    });
  });

  it('answers wrong types with 422 for each failing field', async () => {
    const response = await t.app.request('/login', jsonPost({ email: 42, password: ['x'] }));
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
  });

  it('answers a body that is not JSON with 422, not 500', async () => {
    const response = await t.app.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...XHR },
      body: '{"email":',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'messages.validation',
      errors: { body: ['The request body must be valid JSON.'] },
    });
    expect(t.errors).toEqual([]);
  });
});

describe('POST /oauth/token', () => {
  it('issues a bearer token for a live session and stores only its hash', async () => {
    const { cookie } = await signIn(t.app, 'partner@example.com');
    const response = await requestToken(t.app, cookie);
    expect(response.status).toBe(200);
    const body = Schema.decodeUnknownSync(TokenResponse)(await response.json());
    expect(body.expires_in).toBe(900);
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.query<{ token_sha256: string }>(
      'select token_sha256 from access_tokens where token_sha256 = $1',
      [sha256Hex(body.access_token)],
    );
    expect(stored.rows).toHaveLength(1);
    const plain = await t.db.query('select 1 from access_tokens where token_sha256 = $1', [body.access_token]);
    expect(plain.rows).toHaveLength(0);
  });

  it('refuses without a session cookie', async () => {
    const response = await requestToken(t.app, null);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('refuses an unknown session cookie', async () => {
    const response = await requestToken(t.app, 'tpp_session=not-a-session');
    expect(response.status).toBe(401);
  });

  it('gives the mock-user grant to admins only (switch user: switch-user.test.ts)', async () => {
    const { cookie } = await signIn(t.app, 'partner@example.com');
    const response = await t.app.request(
      '/oauth/token',
      jsonPost({ payload: { ...TOKEN_REQUEST.payload, grant_type: 'mock_user_grant', user_id: 2 } }, { cookie }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Only admins can sign in as another user.' });
  });

  it('answers a body that does not decode with 422 and field paths without payload.', async () => {
    const response = await t.app.request(
      '/oauth/token',
      jsonPost({ payload: { grant_type: 'password', client_id: '', client_secret: '' } }),
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['grant_type', 'scope']);
  });

  it('refuses a session that has expired', async () => {
    const { cookie } = await signIn(t.app, 'starter@example.com');
    const start = t.clock.now;
    try {
      t.clock.advance(t.config.sessionTtlS + 1);
      expect((await requestToken(t.app, cookie)).status).toBe(401);
    } finally {
      t.clock.now = start;
    }
  });
});

describe('bearer tokens on /v1', () => {
  it('refuses a missing, malformed or unknown token', async () => {
    expect((await t.app.request('/v1/user-info')).status).toBe(401);
    expect((await t.app.request('/v1/user-info', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
    const response = await getWithToken(t.app, '/v1/user-info', 'x'.repeat(43));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('accepts a token until its time-to-live runs out', async () => {
    const { token } = await signIn(t.app, 'partner@example.com');
    const start = t.clock.now;
    try {
      t.clock.advance(t.config.tokenTtlS - 1);
      expect((await getWithToken(t.app, '/v1/user-info', token)).status).toBe(200);
      t.clock.advance(2);
      const expired = await getWithToken(t.app, '/v1/user-info', token);
      expect(expired.status).toBe(401);
      expect(await expired.json()).toEqual({ message: 'Unauthenticated.' });
    } finally {
      t.clock.now = start;
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const { token } = await signIn(t.app, 'partner@example.com');
    const response = await getWithToken(t.app, '/v1/no-such-thing', token);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
    expect((await t.app.request('/api/other', { method: 'POST' })).status).toBe(404);
  });
});

describe('POST /logout', () => {
  it('revokes the session and every token issued from it, and clears the cookie', async () => {
    const { cookie, token } = await signIn(t.app, 'partner@example.com');
    const second = (await (await requestToken(t.app, cookie)).json()) as { access_token: string };
    const response = await logout(t.app, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().find((c) => c.startsWith('tpp_session='))).toMatch(/Max-Age=0/);
    expect((await getWithToken(t.app, '/v1/user-info', token)).status).toBe(401);
    expect((await getWithToken(t.app, '/v1/user-info', second.access_token)).status).toBe(401);
    expect((await requestToken(t.app, cookie)).status).toBe(401);
    const sessionId = cookie.split('=')[1] ?? '';
    const { rows } = await t.db.query<{ live: number }>(
      'select count(*)::int as live from access_tokens where session_id = $1 and revoked_at is null',
      [sessionId],
    );
    expect(rows[0]?.live).toBe(0);
  });

  it('is idempotent, with or without a cookie', async () => {
    const { cookie } = await signIn(t.app, 'starter@example.com');
    expect((await logout(t.app, cookie)).status).toBe(200);
    expect((await logout(t.app, cookie)).status).toBe(200);
    expect((await logout(t.app, null)).status).toBe(200);
  });

  it('leaves other sessions of the same user signed in', async () => {
    const first = await signIn(t.app, 'admin@example.com');
    const other = await signIn(t.app, 'admin@example.com');
    await logout(t.app, first.cookie);
    expect((await getWithToken(t.app, '/v1/user-info', other.token)).status).toBe(200);
    expect(t.errors).toEqual([]);
  });
});
