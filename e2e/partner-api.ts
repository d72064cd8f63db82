import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './pages/login-page';
import { ORIGIN } from './ports';

/** What the tests' API calls send, as the portal does (the sign-in endpoints check Origin and X-Requested-With). */
export const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', Origin: ORIGIN };

/**
 * Signs `http` in as a demo user the way the portal does — the session cookie, then the cookie grant — and returns
 * the bearer token. The one sign-in of every API helper of the browser tests.
 */
export async function signInForToken(http: APIRequestContext, email: string): Promise<string> {
  const login = await http.post(`${ORIGIN}/login`, { data: { email, password: DEMO_PASSWORD }, headers: API_HEADERS });
  if (!login.ok()) throw new Error(`login as ${email} failed: ${login.status()}`);
  const token = await http.post(`${ORIGIN}/oauth/token`, {
    data: { payload: { grant_type: 'monolith_cookie_grant', client_id: '', client_secret: '', scope: '*' } },
    headers: API_HEADERS,
  });
  if (!token.ok()) throw new Error(`token for ${email} failed: ${token.status()}`);
  return ((await token.json()) as { access_token: string }).access_token;
}

/** Signs in through the API as the portal does and reads a resource: the truth the page must show. */
export async function readAsPartner<T>(request: APIRequestContext, email: string, path: string): Promise<T> {
  const token = await signInForToken(request, email);
  const res = await request.get(`${ORIGIN}/${path}`, { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`${path} failed: ${res.status()}`);
  return (await res.json()) as T;
}
