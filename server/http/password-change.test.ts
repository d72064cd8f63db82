import { beforeAll, describe, expect, it } from 'vitest';
import { RESET_TOKEN_TTL_S } from '@/schemas/mail-links';
import { createApp } from '@/server/app';
import { issueMailToken } from '@/server/sign-up/mail-tokens';
import {
  createSeededApp,
  getWithToken,
  jsonPost,
  login,
  requestToken,
  SETUP_TIMEOUT_MS,
  signIn,
  TOKEN_REQUEST,
  type SeededApp,
} from '@/server/testing/seeded-app';

let t: SeededApp;
beforeAll(async () => {
  t = await createSeededApp();
}, SETUP_TIMEOUT_MS);

type App = SeededApp['app'];

const changePassword = (
  app: App,
  token: string,
  payload: { current_password: string; password: string; password_confirmation?: string },
) =>
  app.request('/v1/profile/password', {
    ...jsonPost(
      { payload: { password_confirmation: payload.password, ...payload } },
      {
        authorization: `Bearer ${token}`,
      },
    ),
    method: 'PUT',
  });

const errorsOf = async (response: Response) => ((await response.json()) as { errors: unknown }).errors;

/** A session's bearer call and token renewal: both 200 while it is live, both 401 once it has ended. */
const statusesOf = async (app: App, session: { cookie: string; token: string }) => [
  (await getWithToken(app, '/v1/user-info', session.token)).status,
  (await requestToken(app, session.cookie)).status,
];

describe('PUT /v1/profile/password', () => {
  it('sets the new password and ends every other session of the account; the one that changed it stays', async () => {
    const phone = await signIn(t.app, 'fleet@example.com');
    const laptop = await signIn(t.app, 'fleet@example.com');
    const here = await signIn(t.app, 'fleet@example.com');
    const otherAccount = await signIn(t.app, 'partner@example.com');

    const response = await changePassword(t.app, here.token, { current_password: 'demo1234', password: 'newvan2026' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    expect(await statusesOf(t.app, phone)).toEqual([401, 401]);
    expect(await statusesOf(t.app, laptop)).toEqual([401, 401]);
    expect(await statusesOf(t.app, here)).toEqual([200, 200]);
    expect(await statusesOf(t.app, otherAccount)).toEqual([200, 200]);
    expect((await login(t.app, 'fleet@example.com', 'demo1234')).status).toBe(401);
    expect((await login(t.app, 'fleet@example.com', 'newvan2026')).status).toBe(200);
  });

  it('refuses a wrong current password with 422 and changes nothing', async () => {
    const other = await signIn(t.app, 'profile@example.com');
    const here = await signIn(t.app, 'profile@example.com');
    const response = await changePassword(t.app, here.token, { current_password: 'demo12345', password: 'newvan2026' });
    expect(response.status).toBe(422);
    expect(await errorsOf(response)).toEqual({ current_password: ['The current password is incorrect.'] });
    expect(await statusesOf(t.app, other)).toEqual([200, 200]);
    expect((await login(t.app, 'profile@example.com', 'demo1234')).status).toBe(200);
  });

  it('applies the password rule and the confirmation, by field', async () => {
    const { token } = await signIn(t.app, 'reviews@example.com');
    const blank = await changePassword(t.app, token, {
      current_password: '',
      password: '',
      password_confirmation: '',
    });
    expect(blank.status).toBe(422);
    expect(await errorsOf(blank)).toEqual({
      current_password: ["Current password can't be blank"],
      password: ["Password can't be blank"],
      password_confirmation: ["Password confirmation can't be blank"],
    });
    const weak = await changePassword(t.app, token, { current_password: 'demo1234', password: 'lettersonly' });
    expect(await errorsOf(weak)).toEqual({
      password: ['Password must be at least 8 characters, with letters and numbers combined'],
    });
    const mismatch = await changePassword(t.app, token, {
      current_password: 'demo1234',
      password: 'newvan2026',
      password_confirmation: 'newvan2027',
    });
    expect(await errorsOf(mismatch)).toEqual({ password_confirmation: ['Password confirmation does not match'] });
    const malformed = await t.app.request('/v1/profile/password', {
      ...jsonPost({ payload: { current_password: 1 } }, { authorization: `Bearer ${token}` }),
      method: 'PUT',
    });
    expect(malformed.status).toBe(422);
    // a NUL would hash as if absent ('newvan2026' and 'newvan2026\0' the same): refused, not stored
    const unstorable = await changePassword(t.app, token, {
      current_password: 'demo1234',
      password: 'newvan2026\u0000',
    });
    expect(unstorable.status).toBe(422);
    expect((await login(t.app, 'reviews@example.com', 'demo1234')).status).toBe(200);
  });

  it('throttles wrong current passwords per account with 429 and Retry-After; even the right one is refused until the window ends', async () => {
    const app = createApp({
      db: t.db,
      config: {
        ...t.config,
        rateLimits: { ...t.config.rateLimits, loginFailuresPerAccountAndAddress: { limit: 2, windowS: 900 } },
      },
    });
    const { token } = await signIn(app, 'unverified@example.com');
    for (let i = 0; i < 2; i++) {
      expect(
        (await changePassword(app, token, { current_password: `guess-${i}`, password: 'newvan2026' })).status,
      ).toBe(422);
    }
    const refused = await changePassword(app, token, { current_password: 'demo1234', password: 'newvan2026' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
    expect(await refused.json()).toEqual({ message: 'Too many attempts. Please try again later.' });
    expect((await login(app, 'unverified@example.com', 'demo1234')).status).toBe(200);
  });

  it('is not for an admin acting as a partner (switch user): 403, and the partner keeps the password', async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const { rows } = await t.db.query<{ id: number }>("select id from users where email = 'starter@example.com'");
    const acting = await t.app.request(
      '/oauth/token',
      jsonPost(
        { payload: { ...TOKEN_REQUEST.payload, grant_type: 'mock_user_grant', user_id: rows[0]!.id } },
        { cookie: admin.cookie },
      ),
    );
    expect(acting.status).toBe(200);
    const { access_token } = (await acting.json()) as { access_token: string };
    const response = await changePassword(t.app, access_token, {
      current_password: 'demo1234',
      password: 'newvan2026',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'An admin acting as a partner cannot change their password.' });
    expect((await login(t.app, 'starter@example.com', 'demo1234')).status).toBe(200);
  });

  it('needs a live token', async () => {
    const response = await changePassword(t.app, 'x'.repeat(43), {
      current_password: 'demo1234',
      password: 'new2026x',
    });
    expect(response.status).toBe(401);
  });
});

describe('POST /v1/password-reset/confirm', () => {
  it('ends every session of the account, and the tokens an admin holds as the partner', async () => {
    const sessions = [await signIn(t.app, 'reset@example.com'), await signIn(t.app, 'reset@example.com')];
    const admin = await signIn(t.app, 'admin@example.com');
    const { rows } = await t.db.query<{ id: number }>("select id from users where email = 'reset@example.com'");
    const acting = await t.app.request(
      '/oauth/token',
      jsonPost(
        { payload: { ...TOKEN_REQUEST.payload, grant_type: 'mock_user_grant', user_id: rows[0]!.id } },
        { cookie: admin.cookie },
      ),
    );
    const { access_token: adminAsPartner } = (await acting.json()) as { access_token: string };
    expect((await getWithToken(t.app, '/v1/user-info', adminAsPartner)).status).toBe(200);

    // The link's token as the reset mail carries it (the mail itself is sign-up-routes.test.ts's).
    const token = await issueMailToken(t.db, rows[0]!.id, 'reset_password', t.clock.now, RESET_TOKEN_TTL_S);
    const done = await t.app.request(
      '/v1/password-reset/confirm',
      jsonPost({ payload: { token, password: 'strong2026', password_confirmation: 'strong2026' } }),
    );
    expect(done.status).toBe(200);

    for (const session of sessions) expect(await statusesOf(t.app, session)).toEqual([401, 401]);
    expect((await getWithToken(t.app, '/v1/user-info', adminAsPartner)).status).toBe(401);
    // The admin's own session is the admin's: it goes on.
    expect((await getWithToken(t.app, '/v1/user-info', admin.token)).status).toBe(200);
  });
});
