import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/** The sign-in session cookie (the monolith session that POST /oauth/token exchanges for a bearer token). */
export const SESSION_COOKIE = 'tpp_session';

/** Secure only over https (directly or behind a proxy that says so), so plain-http local runs still sign in. */
const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';

export const readSessionCookie = (c: Context): string | undefined => getCookie(c, SESSION_COOKIE);

export const writeSessionCookie = (c: Context, sessionId: string, maxAgeSeconds: number): void =>
  setCookie(c, SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttps(c),
    maxAge: maxAgeSeconds,
  });

export const clearSessionCookie = (c: Context): void => {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttps(c) });
};
