import { fromPromise } from 'xstate';
import { HttpError, NetworkError } from '@/src/api/errors';
import { clearMockUser, fetchUserInfo, requestMockUserToken, requestToken, signIn, signOut } from '@/src/api/session';
import type { LoginRequest } from '@/schemas/auth';
import type { AuthError, Session } from './auth.types';

/**
 * Start-up: a stored token is tried first; without one, or when it was refused, the server session
 * cookie may still be alive, so a token is requested with the cookie grant and the user fetched.
 */
export const restoreSession = fromPromise<Session, { token: string | null }>(async ({ input }) => {
  if (input.token) {
    try {
      return { token: input.token, user: await fetchUserInfo({ noRenew: true, quiet: true, token: input.token }) };
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 401)) throw error;
    }
  }
  // a guest has no session: the 401 here is the expected answer, not an error to show
  const { access_token } = await requestToken({ quiet: true });
  return { token: access_token, user: await fetchUserInfo({ noRenew: true, token: access_token }) };
});

export const signInActor = fromPromise<void, LoginRequest>(async ({ input }) => {
  await signIn(input);
});

export const requestTokenActor = fromPromise<string>(async () => (await requestToken()).access_token);

export const fetchUserActor = fromPromise(() => fetchUserInfo({ noRenew: true }));

/**
 * Switch user: the mock-user grant for the partner, then who the session is now. When the grant was given but the
 * partner's user info cannot be read, the session's mocked user is cleared again (as far as the server answers), so
 * the admin told "the switch did not work" is not left with a server session acting as the partner.
 */
export const switchUserActor = fromPromise<Session, { userId: number }>(async ({ input }) => {
  const { access_token } = await requestMockUserToken(input.userId);
  try {
    return { token: access_token, user: await fetchUserInfo({ noRenew: true, token: access_token }) };
  } catch (error) {
    await clearMockUser().catch(() => undefined);
    throw error;
  }
});

/** Back to the admin: the mocked user cleared, then a token with the cookie grant and the admin's user info. */
export const clearSwitchActor = fromPromise<Session>(async () => {
  await clearMockUser();
  const { access_token } = await requestToken();
  return { token: access_token, user: await fetchUserInfo({ noRenew: true, token: access_token }) };
});

export const signOutActor = fromPromise<void>(async () => {
  await signOut();
});

/** Maps a failed call to the message the sign-in page shows. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof HttpError) {
    if (error.status === 401) return { id: 'auth.error.credentials', fields: {} };
    if (error.status === 422) return { id: 'auth.error.validation', fields: error.errors };
    if (error.status === 429) return { id: 'auth.error.rateLimited', fields: {} };
  }
  if (error instanceof NetworkError) return { id: 'auth.error.network', fields: {} };
  return { id: 'auth.error.unexpected', fields: {} };
}
