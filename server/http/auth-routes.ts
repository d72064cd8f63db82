import type { Context } from 'hono';
import { Hono } from 'hono';
import { LoginRequest, TokenRequest, type TokenResponse } from '@/schemas/auth';
import { decoyHash, verifyPassword } from '@/server/auth/passwords';
import { mockUser } from '@/server/auth/mock-user';
import { createSession, findLiveSession, issueAccessToken, revokeSession, setMockedUser } from '@/server/auth/sessions';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { TOO_MANY_ATTEMPTS, UNAUTHENTICATED } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { clientAddress } from '@/server/http/client-address';
import { createRateLimiter } from '@/server/http/rate-limiter';
import { readBody } from '@/server/http/read-body';
import { requireSameOrigin } from '@/server/http/same-origin-guard';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '@/server/http/session-cookie';

const BAD_CREDENTIALS = { message: 'The user credentials were incorrect.' } as const;

const tooManyAttempts = (c: Context, retryAfterS: number) => {
  c.header('Retry-After', String(retryAfterS));
  return c.json(TOO_MANY_ATTEMPTS, 429);
};

/**
 * POST /login (session cookie), POST /logout, POST /oauth/token (cookie → bearer token). All three are
 * cookie-authenticated, so all three refuse cross-origin calls (requireSameOrigin). Sign-in and token calls are
 * rate-limited (config.rateLimits, counted in memory by this app instance):
 *
 * - every sign-in attempt counts against the client address, before its body is read;
 * - every failed sign-in counts against the account (the e-mail, known or not, so a 429 tells nothing about which
 *   e-mails exist); while an account is over its limit even the right password gets 429, and a successful sign-in
 *   clears its count. Anyone can so lock an account for one window by failing on purpose: the price of stopping
 *   password guessing spread over many addresses;
 * - every token call counts against the client address.
 */
export const authRoutes = (db: Db, config: Config) => {
  const routes = new Hono<AppEnv>();
  const sameOrigin = requireSameOrigin(config);
  const loginFailuresByAccount = createRateLimiter(config.rateLimits.loginFailuresPerAccount, config.now);
  const loginAttemptsByAddress = createRateLimiter(config.rateLimits.loginAttemptsPerAddress, config.now);
  const tokenCallsByAddress = createRateLimiter(config.rateLimits.tokenCallsPerAddress, config.now);

  routes.post('/login', sameOrigin, async (c) => {
    const address = clientAddress(c, config);
    const addressWait = loginAttemptsByAddress.retryAfterS(address);
    if (addressWait > 0) return tooManyAttempts(c, addressWait);
    loginAttemptsByAddress.hit(address);

    const { email, password } = await readBody(c, LoginRequest, 'LoginRequest');
    const account = email.toLowerCase();
    const accountWait = loginFailuresByAccount.retryAfterS(account);
    if (accountWait > 0) return tooManyAttempts(c, accountWait);

    // Counted before the password is checked, so parallel guesses cannot all slip under the limit; a success clears it.
    loginFailuresByAccount.hit(account);

    // PostgreSQL text cannot hold NUL, so no stored e-mail has one: such an address is simply no one's.
    const { rows } = account.includes('\u0000')
      ? { rows: [] }
      : await db.query<{ id: number; password_hash: string }>('select id, password_hash from users where email = $1', [
          account,
        ]);
    const user = rows[0];
    // An unknown e-mail still pays for one scrypt verification, so timing does not tell which e-mails exist.
    const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
    if (!user || !ok) return c.json(BAD_CREDENTIALS, 401);
    loginFailuresByAccount.clear(account);
    const sessionId = await createSession(db, user.id, config.now(), config.sessionTtlS);
    writeSessionCookie(c, sessionId, config.sessionTtlS);
    return c.json({ ok: true as const });
  });

  routes.post('/logout', sameOrigin, async (c) => {
    const sessionId = readSessionCookie(c);
    if (sessionId) await revokeSession(db, sessionId, config.now());
    clearSessionCookie(c);
    return c.json({ ok: true as const });
  });

  routes.post('/oauth/token', sameOrigin, async (c) => {
    const address = clientAddress(c, config);
    const addressWait = tokenCallsByAddress.retryAfterS(address);
    if (addressWait > 0) return tooManyAttempts(c, addressWait);
    tokenCallsByAddress.hit(address);

    const { payload } = await readBody(c, TokenRequest, 'TokenRequest');
    const sessionId = readSessionCookie(c);
    const now = config.now();
    let session = sessionId ? await findLiveSession(db, sessionId, now) : null;
    if (!session) return c.json(UNAUTHENTICATED, 401);
    // The mock-user grant is an admin's switch user (spec §6): the session acts as the partner from now on, so a
    // re-login with the cookie grant keeps acting as them until the admin clears it (POST /oauth/mock-user/clear).
    if (payload.grant_type === 'mock_user_grant') {
      const mocked = await mockUser(db, session, payload.user_id ?? null, now);
      if (!mocked.ok) return c.json(mocked.body, mocked.status);
      session = mocked.session;
    }
    const token = await issueAccessToken(db, session, now, config.tokenTtlS);
    const body: typeof TokenResponse.Encoded = {
      token_type: 'Bearer',
      access_token: token,
      expires_in: config.tokenTtlS,
    };
    return c.json(body);
  });

  // Clears the mocked user of the session (switch user back to the admin); the tokens issued as the partner end.
  routes.post('/oauth/mock-user/clear', sameOrigin, async (c) => {
    const sessionId = readSessionCookie(c);
    const now = config.now();
    const session = sessionId ? await findLiveSession(db, sessionId, now) : null;
    if (!sessionId || !session) return c.json(UNAUTHENTICATED, 401);
    await setMockedUser(db, sessionId, null, now);
    return c.json({ ok: true as const });
  });

  return routes;
};
