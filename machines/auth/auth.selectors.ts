import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.machine';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** What a route guard needs: still finding out, signed in (renewing counts), or signed out. */
export type AuthStatus = 'checking' | 'in' | 'out';

export const authStatus = (s: AuthSnapshot): AuthStatus =>
  s.matches('checking') ? 'checking' : s.matches('loggedIn') || s.matches('renewing') ? 'in' : 'out';
export const currentUser = (s: AuthSnapshot) => s.context.user;
export const accessToken = (s: AuthSnapshot) => s.context.token;
export const authError = (s: AuthSnapshot) => s.context.error;
export const isSigningIn = (s: AuthSnapshot) =>
  s.matches('signingIn') || s.matches('requestingToken') || s.matches('loadingUser');
export const hasSignedOut = (s: AuthSnapshot) => s.context.signedOut;
export const isAdmin = (s: AuthSnapshot) => s.context.user?.role === 'admin';
export const isImpersonating = (s: AuthSnapshot) => s.context.user?.impersonator_id != null;
