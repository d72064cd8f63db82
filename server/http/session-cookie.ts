import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isHttps } from '@/server/http/request-origin';

/**
 * The sign-in session cookie (the monolith session that POST /oauth/token exchanges for a bearer token). Secure only
 * over https, so plain-http local runs still sign in.
 */
export const SESSION_COOKIE = 'tpp_session';

/** What newSecret() makes: 32 bytes, base64url. Anything else is no session, and never reaches the database. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The session id the request carries, or undefined when there is none or it cannot be one (`%00`, garbage). */
export const readSessionCookie = (c: Context): string | undefined => {
  const value = getCookie(c, SESSION_COOKIE);
  return value !== undefined && SESSION_ID.test(value) ? value : undefined;
};

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
