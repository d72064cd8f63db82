import { assign, setup } from 'xstate';
import type { User } from '@/schemas/user';
import {
  clearSwitchActor,
  fetchUserActor,
  requestTokenActor,
  restoreSession,
  signInActor,
  signOutActor,
  switchUserActor,
  toAuthError,
} from './auth.actors';
import type { AuthContext, AuthEvent, AuthInput } from './auth.types';

/**
 * Sign-in, start-up restore, silent re-login and sign-out (spec §4 Auth, §7 Auth, §8 401 handling).
 * Logged out becomes logged in once a token is obtained and user info is fetched; if that fetch
 * fails the user is logged out locally. Sign-out clears user and tokens locally and ends the server
 * session, so a reload does not sign back in. An admin may switch user (spec §6): act as a partner through the
 * mock-user grant, and clear it to be themselves again; either way the session's user changes under the same cookie.
 */
export const authMachine = setup({
  types: {} as { context: AuthContext; events: AuthEvent; input: AuthInput },
  actors: {
    restoreSession,
    signIn: signInActor,
    requestToken: requestTokenActor,
    fetchUser: fetchUserActor,
    signOut: signOutActor,
    switchUser: switchUserActor,
    clearSwitch: clearSwitchActor,
  },
  actions: {
    /** Writes the token to local storage under `_token.local` (provided at the React boundary). */
    persistToken: (_, _params: { token: string }) => {},
    /** Removes `_token.*` and `_refresh_token.*` from local storage (provided at the React boundary). */
    forgetTokens: () => {},
    storeError: assign({ error: (_, params: { error: unknown }) => toAuthError(params.error) }),
    clearSession: assign({ token: null, user: null }),
    /** The session's user changed (switch user or back): the portal opens its home page (provided at the boundary). */
    userSwitched: () => {},
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ token: input.token, user: null, error: null, signedOut: false }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Start-up: restoring the session from the stored token or the server session cookie',
      tags: ['loading'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ token: ({ event }) => event.output.token, user: ({ event }) => event.output.user }),
            { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) },
          ],
        },
        onError: { target: 'loggedOut', actions: ['clearSession', 'forgetTokens'] },
      },
    },
    loggedOut: {
      description: 'No session: the sign-in page is shown, with the last error if any',
      on: {
        'auth.login.submitted': { target: 'signingIn', actions: assign({ error: null, signedOut: false }) },
      },
    },
    signingIn: {
      description: 'E-mail and password sent to the server, which opens the session cookie',
      tags: ['loading'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          if (event.type !== 'auth.login.submitted') throw new Error(`signingIn entered by ${event.type}`);
          return { email: event.email, password: event.password };
        },
        onDone: 'requestingToken',
        onError: {
          target: 'loggedOut',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    requestingToken: {
      description: 'Exchanging the session cookie for an access token (cookie grant)',
      tags: ['loading'],
      invoke: {
        id: 'requestToken',
        src: 'requestToken',
        onDone: {
          target: 'loadingUser',
          actions: [
            assign({ token: ({ event }) => event.output }),
            { type: 'persistToken', params: ({ event }) => ({ token: event.output }) },
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingUser: {
      description: 'Fetching user info with the new token; a failure logs out locally',
      tags: ['loading'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: { target: 'loggedIn', actions: assign({ user: ({ event }) => event.output as User }) },
        onError: {
          target: 'loggedOut',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            'clearSession',
            'forgetTokens',
          ],
        },
      },
    },
    loggedIn: {
      description: 'Signed in: pages load with the bearer token',
      on: {
        'auth.token.expired': 'renewing',
        'auth.logout.requested': 'signingOut',
        'auth.switchUser.requested': { target: 'switchingUser', actions: assign({ error: null }) },
        'auth.switchUser.cleared': { target: 'clearingSwitch', actions: assign({ error: null }) },
      },
    },
    switchingUser: {
      description:
        "An admin's switch user: the mock-user grant makes the session act as the partner, whose user info is fetched",
      invoke: {
        id: 'switchUser',
        src: 'switchUser',
        input: ({ event }) => {
          if (event.type !== 'auth.switchUser.requested') throw new Error(`switchingUser entered by ${event.type}`);
          return { userId: event.userId };
        },
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ token: ({ event }) => event.output.token, user: ({ event }) => event.output.user }),
            { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) },
            'userSwitched',
          ],
        },
        // refused (not an admin, no such partner) or unreachable: still the admin, with the reason to show
        onError: {
          target: 'loggedIn',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'auth.logout.requested': 'signingOut' },
    },
    clearingSwitch: {
      description:
        "Back to the admin: the session's mocked user cleared, a token with the cookie grant, the admin's user info",
      invoke: {
        id: 'clearSwitch',
        src: 'clearSwitch',
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ token: ({ event }) => event.output.token, user: ({ event }) => event.output.user }),
            { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) },
            'userSwitched',
          ],
        },
        // whether the server cleared it or not is unknown: start-up's restore asks the server who the session is now
        onError: {
          target: 'checking',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'auth.logout.requested': 'signingOut' },
    },
    renewing: {
      description: 'A call met 401: one token request with the session cookie, then the call is retried',
      tags: ['renewing'],
      invoke: {
        id: 'renewToken',
        src: 'requestToken',
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ token: ({ event }) => event.output }),
            { type: 'persistToken', params: ({ event }) => ({ token: event.output }) },
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: [assign({ error: { id: 'auth.error.sessionExpired', fields: {} } }), 'clearSession', 'forgetTokens'],
        },
      },
      on: { 'auth.logout.requested': 'signingOut' },
    },
    signingOut: {
      description: 'Signing out: tokens and user cleared locally at once, then the server session ended',
      entry: ['clearSession', 'forgetTokens', assign({ signedOut: true, error: null })],
      invoke: { id: 'signOut', src: 'signOut', onDone: 'loggedOut', onError: 'loggedOut' },
    },
  },
});
