import type { Context } from 'hono';
import { Hono } from 'hono';
import { LoginRequest, TokenRequest, type TokenResponse } from '@/schemas/auth';
import { decoyHash, verifyPassword } from '@/server/auth/passwords';
import { mockUser } from '@/server/auth/mock-user';
import { createSession, findLiveSession, issueAccessToken, revokeSession, setMockedUser } from '@/server/auth/sessions';
import type { Config, RateLimits } from '@/server/config';
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
 * How long a sign-in of an account waits before its password is checked, when the account already has `failures`
 * failed sign-ins (from all addresses) in its window: nothing up to the limit, then `firstDelayMs`, doubled for each
 * further failure, at most `maxDelayMs`.
 */
export const loginDelayMs = (
  failures: number,
  { loginFailuresPerAccount, loginSlowdown }: Pick<RateLimits, 'loginFailuresPerAccount' | 'loginSlowdown'>,
): number => {
  const over = failures - loginFailuresPerAccount.limit;
  if (over < 0) return 0;
  return Math.min(loginSlowdown.maxDelayMs, loginSlowdown.firstDelayMs * 2 ** Math.min(over, 30));
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /login (session cookie), POST /logout, POST /oauth/token (cookie → bearer token). All three are
 * cookie-authenticated, so all three refuse cross-origin calls (requireSameOrigin). Sign-in and token calls are
 * rate-limited (config.rateLimits, counted in memory by this app instance):
 *
 * - every sign-in attempt counts against the client address, before its body is read;
 * - every failed sign-in counts against the pair of account (the e-mail, known or not, so a 429 tells nothing about
 *   which e-mails exist) and client address: a pair over its limit gets 429 with Retry-After, even with the right
 *   password — but only that pair, so an address that guesses cannot lock the owner out from anywhere else;
 * - every failed sign-in also counts against the account from all addresses: over that limit the account's sign-ins,
 *   from every address, are answered more slowly (loginDelayMs, a few seconds at most) and never refused (OWASP's
 *   credential-stuffing advice: slow an account down rather than lock it). Guessing spread over many addresses is so
 *   held to the pair limit per address and the address limit, and costs the guesser a held connection per guess;
 * - a successful sign-in clears its pair's and its account's failures (as it cleared the account's before there
 *   were pairs), so a partner who mistyped is not kept slow; the guessers elsewhere stay held by their pairs' limits;
 * - every token call counts against the client address.
 */
export const authRoutes = (db: Db, config: Config) => {
  const routes = new Hono<AppEnv>();
  const sameOrigin = requireSameOrigin(config);
  const loginFailuresByPair = createRateLimiter(config.rateLimits.loginFailuresPerAccountAndAddress, config.now);
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
    const pair = JSON.stringify([account, address]);
    const pairWait = loginFailuresByPair.retryAfterS(pair);
    if (pairWait > 0) return tooManyAttempts(c, pairWait);

    // The pair's count is taken before the password is checked, so parallel guesses cannot all slip under its limit;
    // a success clears it. The account's slowdown needs no such precision: a failure is counted once known. The right
    // password waits like a wrong one, else how long the answer took would tell.
    loginFailuresByPair.hit(pair);
    const delayMs = loginDelayMs(loginFailuresByAccount.count(account), config.rateLimits);
    if (delayMs > 0) await sleep(delayMs);

    // PostgreSQL text cannot hold NUL, so no stored e-mail has one: such an address is simply no one's.
    const { rows } = account.includes('\u0000')
      ? { rows: [] }
      : await db.query<{ id: number; password_hash: string }>('select id, password_hash from users where email = $1', [
          account,
        ]);
    const user = rows[0];
    // An unknown e-mail still pays for one scrypt verification, so timing does not tell which e-mails exist.
    const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
    if (!user || !ok) {
      loginFailuresByAccount.hit(account);
      return c.json(BAD_CREDENTIALS, 401);
    }
    loginFailuresByPair.clear(pair);
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
    let session = sessionId ? await findLiveSession(db, sessionId, now, config.sessionIdleS) : null;
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
    const session = sessionId ? await findLiveSession(db, sessionId, now, config.sessionIdleS) : null;
    if (!sessionId || !session) return c.json(UNAUTHENTICATED, 401);
    await setMockedUser(db, sessionId, null, now);
    return c.json({ ok: true as const });
  });

  return routes;
};
