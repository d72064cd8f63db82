import { LoginResponse, TokenResponse, type LoginRequest } from '@/schemas/auth';
import { User } from '@/schemas/user';
import { api } from './api';

/** POST /login: the monolith session sign-in (sets the httpOnly session cookie). */
export const signIn = (credentials: LoginRequest) =>
  api.post('login', LoginResponse, 'LoginResponse', { body: credentials, raw: true, noRenew: true });

/** POST /logout: ends the server session and revokes its tokens, so a reload does not sign back in. */
export const signOut = () => api.post('logout', null, 'Logout', { noRenew: true });

/** POST /oauth/token with the cookie grant (spec §7): client id and secret empty, scope '*'. */
export const requestToken = (opts: { quiet?: boolean } = {}) =>
  api.post('oauth/token', TokenResponse, 'TokenResponse', {
    body: { grant_type: 'monolith_cookie_grant', client_id: '', client_secret: '', scope: '*' },
    noRenew: true,
    quiet: opts.quiet ?? false,
  });

/** POST /oauth/token with the mock-user grant (spec §7): an admin's switch user to the partner `userId`. */
export const requestMockUserToken = (userId: number) =>
  api.post('oauth/token', TokenResponse, 'TokenResponse', {
    body: { grant_type: 'mock_user_grant', client_id: '', client_secret: '', scope: '*', user_id: userId },
    noRenew: true,
  });

/** POST /oauth/mock-user/clear: the admin's session stops acting as the partner. */
export const clearMockUser = () =>
  api.post('oauth/mock-user/clear', LoginResponse, 'ClearMockUserResponse', { raw: true, noRenew: true });

/** GET /v1/user-info: the signed-in user. `noRenew` at start-up, where the auth machine renews itself. */
export const fetchUserInfo = (opts: { noRenew?: boolean; token?: string; quiet?: boolean } = {}) =>
  api.get('v1/user-info', User, 'User', {
    noRenew: opts.noRenew ?? false,
    quiet: opts.quiet ?? false,
    ...(opts.token ? { token: opts.token } : {}),
  });
