import { Hono } from 'hono';
import { LoginRequest, TokenRequest, type TokenResponse } from '@/schemas/auth';
import { decoyHash, verifyPassword } from '@/server/auth/passwords';
import { createSession, findLiveSession, issueAccessToken, revokeSession } from '@/server/auth/sessions';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { UNAUTHENTICATED } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { readBody } from '@/server/http/read-body';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '@/server/http/session-cookie';

const BAD_CREDENTIALS = { message: 'The user credentials were incorrect.' } as const;

/** POST /login (session cookie), POST /logout, POST /oauth/token (cookie → bearer token). */
export const authRoutes = (db: Db, config: Config) => {
  const routes = new Hono<AppEnv>();

  routes.post('/login', async (c) => {
    const { email, password } = await readBody(c, LoginRequest, 'LoginRequest');
    const { rows } = await db.query<{ id: number; password_hash: string }>(
      'select id, password_hash from users where email = $1',
      [email.toLowerCase()],
    );
    const user = rows[0];
    // An unknown e-mail still pays for one scrypt verification, so timing does not tell which e-mails exist.
    const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
    if (!user || !ok) return c.json(BAD_CREDENTIALS, 401);
    const sessionId = await createSession(db, user.id, config.now(), config.sessionTtlS);
    writeSessionCookie(c, sessionId, config.sessionTtlS);
    return c.json({ ok: true as const });
  });

  routes.post('/logout', async (c) => {
    const sessionId = readSessionCookie(c);
    if (sessionId) await revokeSession(db, sessionId, config.now());
    clearSessionCookie(c);
    return c.json({ ok: true as const });
  });

  routes.post('/oauth/token', async (c) => {
    const { payload } = await readBody(c, TokenRequest, 'TokenRequest');
    // Mock auth is off (spec §9): only the cookie grant exchanges a session for a token.
    if (payload.grant_type !== 'monolith_cookie_grant') {
      return c.json({ message: 'The authorization grant type is not supported.' }, 400);
    }
    const sessionId = readSessionCookie(c);
    const now = config.now();
    const session = sessionId ? await findLiveSession(db, sessionId, now) : null;
    if (!session) return c.json(UNAUTHENTICATED, 401);
    const token = await issueAccessToken(db, session, now, config.tokenTtlS);
    const body: typeof TokenResponse.Encoded = {
      token_type: 'Bearer',
      access_token: token,
      expires_in: config.tokenTtlS,
    };
    return c.json(body);
  });

  return routes;
};
