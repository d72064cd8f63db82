import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.machine';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** What a route guard needs: still finding out, signed in (renewing counts), or signed out. */
export type AuthStatus = 'checking' | 'in' | 'out';

/** Switching user (either way) keeps the session signed in: the pages stay while the user changes. */
export const authStatus = (s: AuthSnapshot): AuthStatus =>
  s.matches('checking')
    ? 'checking'
    : s.matches('loggedIn') || s.matches('renewing') || s.matches('switchingUser') || s.matches('clearingSwitch')
      ? 'in'
      : 'out';
export const isSwitchingUser = (s: AuthSnapshot) => s.matches('switchingUser') || s.matches('clearingSwitch');
export const currentUser = (s: AuthSnapshot) => s.context.user;
export const accessToken = (s: AuthSnapshot) => s.context.token;
export const authError = (s: AuthSnapshot) => s.context.error;
export const isSigningIn = (s: AuthSnapshot) =>
  s.matches('signingIn') || s.matches('requestingToken') || s.matches('loadingUser');
export const hasSignedOut = (s: AuthSnapshot) => s.context.signedOut;
export const isAdmin = (s: AuthSnapshot) => s.context.user?.role === 'admin';
export const isImpersonating = (s: AuthSnapshot) => s.context.user?.impersonator_id != null;
