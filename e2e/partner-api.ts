import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './pages/login-page';
import { ORIGIN } from './ports';

/** Signs in through the API as the portal does (session cookie, cookie grant) and reads a resource: the truth the page must show. */
export async function readAsPartner<T>(request: APIRequestContext, email: string, path: string): Promise<T> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  const login = await request.post(`${ORIGIN}/login`, { data: { email, password: DEMO_PASSWORD }, headers });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  const token = await request.post(`${ORIGIN}/oauth/token`, {
    data: { payload: { grant_type: 'monolith_cookie_grant', client_id: '', client_secret: '', scope: '*' } },
    headers,
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await request.get(`${ORIGIN}/${path}`, {
    headers: { ...headers, Authorization: `Bearer ${access_token}` },
  });
  if (!res.ok()) throw new Error(`${path} failed: ${res.status()}`);
  return (await res.json()) as T;
}
