import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { authMachine } from '@/machines/auth/auth.machine';
import { HttpError, NetworkError } from '@/src/api/errors';
import { User } from '@/schemas/user';
import { Schema } from 'effect';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

const user = Schema.decodeUnknownSync(User)({
  id: 1,
  chameleon_uuid: 'c-1',
  email: 'partner@example.com',
  full_name: 'Dan Carter',
  role: 'transport_partner',
  account_type: 'business',
  registered_address: { lat: 53.48, lon: -2.24, town: 'Manchester', postcode: 'M1 4BT' },
  ip_journey_ready: true,
  impersonator_id: null,
  email_verified: true,
});

/** The partner an admin acts as (switch user): the admin's id as impersonator. */
const mocked = Schema.decodeUnknownSync(User)({
  id: 2,
  chameleon_uuid: 'c-2',
  email: 'starter@example.com',
  full_name: 'Priya Shah',
  role: 'transport_partner',
  account_type: 'individual',
  registered_address: null,
  ip_journey_ready: false,
  impersonator_id: 5,
  email_verified: true,
});

const http = (status: number, message: string, errors: Record<string, string[]> = {}) =>
  new HttpError({ status, message, errors, code: null, url: 'login' });

/** Every outcome of sign-in, renewal and sign-out: user events, and each invoked actor succeeding or failing. */
const sessionEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.restoreSession', output: { token: 'tok-restored', user } },
  { type: 'xstate.error.actor.restoreSession', error: http(401, 'Unauthenticated.') },
  { type: 'auth.login.submitted', email: 'partner@example.com', password: 'demo1234' },
  { type: 'xstate.done.actor.signIn', output: undefined },
  { type: 'xstate.error.actor.signIn', error: http(401, 'The user credentials were incorrect.') },
  { type: 'xstate.error.actor.signIn', error: http(422, 'messages.validation', { email: ["Email can't be blank"] }) },
  { type: 'xstate.error.actor.signIn', error: http(429, 'Too many attempts') },
  { type: 'xstate.error.actor.signIn', error: new NetworkError({ message: 'offline', timedOut: false, url: 'login' }) },
  { type: 'xstate.done.actor.requestToken', output: 'tok-new' },
  { type: 'xstate.error.actor.requestToken', error: http(500, 'Sorry, something went wrong') },
  { type: 'xstate.done.actor.fetchUser', output: user },
  { type: 'xstate.error.actor.fetchUser', error: http(500, 'Sorry, something went wrong') },
  { type: 'auth.token.expired' },
  { type: 'xstate.done.actor.renewToken', output: 'tok-renewed' },
  { type: 'xstate.error.actor.renewToken', error: http(401, 'Unauthenticated.') },
  { type: 'auth.logout.requested' },
  { type: 'xstate.done.actor.signOut', output: undefined },
  {
    type: 'xstate.error.actor.signOut',
    error: new NetworkError({ message: 'offline', timedOut: false, url: 'logout' }),
  },
];

/** An admin's switch user and back, each actor succeeding or failing. */
const switchEvents: AnyEventObject[] = [
  { type: 'auth.switchUser.requested', userId: 2 },
  { type: 'xstate.done.actor.switchUser', output: { token: 'tok-mocked', user: mocked } },
  { type: 'xstate.error.actor.switchUser', error: http(403, 'Only admins can sign in as another user.') },
  { type: 'auth.switchUser.cleared' },
  { type: 'xstate.done.actor.clearSwitch', output: { token: 'tok-admin', user } },
  {
    type: 'xstate.error.actor.clearSwitch',
    error: new NetworkError({ message: 'offline', timedOut: false, url: 'oauth/mock-user/clear' }),
  },
];

/** Every outcome the machine can meet. */
const events = [...sessionEvents, ...switchEvents];

/** Every state and transition of the machine: a change to the machine changes these on purpose. */
const SIZE = { states: 10, transitions: 24 };
const coverage = new Coverage(authMachine);
const run = {
  promiseActors: ['restoreSession', 'signIn', 'requestToken', 'fetchUser', 'signOut', 'switchUser', 'clearSwitch'],
  actions: ['persistToken', 'forgetTokens', 'userSwitched'],
  check: (
    snap: ReturnType<typeof authMachine.transition>,
    step: { event: AnyEventObject },
    rec: { calls: { src: string; input: unknown }[]; actions: { type: string; params: unknown }[] },
  ) => {
    const lastCall = rec.calls.at(-1);
    const tokenActions = rec.actions.filter((a) => a.type === 'persistToken' || a.type === 'forgetTokens');
    if (snap.matches('signingIn'))
      expect(lastCall).toEqual({ src: 'signIn', input: { email: 'partner@example.com', password: 'demo1234' } });
    if (snap.matches('requestingToken') || snap.matches('renewing')) expect(lastCall?.src).toBe('requestToken');
    if (snap.matches('loadingUser')) {
      expect(lastCall?.src).toBe('fetchUser');
      // the token is stored before the user fetch that needs it
      expect(tokenActions.at(-1)).toEqual({ type: 'persistToken', params: { token: snap.context.token } });
    }
    if (snap.matches('loggedIn')) {
      expect([user, mocked]).toContainEqual(snap.context.user);
      expect(tokenActions.at(-1)).toEqual({ type: 'persistToken', params: { token: snap.context.token } });
    }
    if (snap.matches('switchingUser')) expect(lastCall).toEqual({ src: 'switchUser', input: { userId: 2 } });
    if (snap.matches('clearingSwitch')) expect(lastCall?.src).toBe('clearSwitch');
    // the user changed: the token of the new user is stored, and the portal told to open its home page
    if (step.event.type === 'xstate.done.actor.switchUser' || step.event.type === 'xstate.done.actor.clearSwitch') {
      expect(snap.context.token).toBe(step.event.output.token);
      expect(rec.actions.at(-1)?.type).toBe('userSwitched');
    }
    if (step.event.type === 'xstate.error.actor.switchUser') {
      // still who they were, with why it failed for the switch page to show (a 403 has no sign-in text of its own)
      expect(snap.matches('loggedIn')).toBe(true);
      expect(snap.context.error?.id).toBe('auth.error.unexpected');
    }
    // a failed clear leaves who the session is unknown: start-up's restore asks the server again
    if (step.event.type === 'xstate.error.actor.clearSwitch') expect(snap.matches('checking')).toBe(true);
    if (snap.matches('signingOut')) {
      expect(lastCall?.src).toBe('signOut');
      expect(snap.context).toMatchObject({ token: null, user: null, signedOut: true });
      expect(tokenActions.at(-1)?.type).toBe('forgetTokens');
    }
    if (snap.matches('loggedOut')) {
      expect(snap.context.user).toBeNull();
      // whatever was stored has been forgotten
      if (tokenActions.length > 0) expect(tokenActions.at(-1)?.type).toBe('forgetTokens');
    }
    if (step.event.type === 'xstate.error.actor.renewToken')
      expect(snap.context.error?.id).toBe('auth.error.sessionExpired');
  },
};

describe.each([
  { start: 'a stored token', input: { token: 'tok-stored' } },
  { start: 'no stored token', input: { token: null } },
])('auth machine, starting with $start', ({ input }) => {
  // createTestModel refuses machines that invoke actors, so the path generators are used directly;
  // the harness plays the invoked actors' outcomes.
  const paths = [
    ...getShortestPaths(authMachine, { events, input, ...byIncomingEvent } as never),
    // every simple path to a renewed session, through sign-in, renewal and sign-out (with the switch events too the
    // simple paths multiply past counting; the shortest paths above reach each switch transition)
    ...getSimplePaths(authMachine, {
      events: sessionEvents,
      input,
      toState: (s: ReturnType<typeof authMachine.transition>) =>
        s.matches('loggedIn') && s.context.token === 'tok-renewed',
    } as never),
  ];

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const record = await runPath(authMachine, path, { ...run, input, check: run.check as never }, coverage);
    // start-up always tries to restore with what storage held
    expect(record.calls[0]).toEqual({ src: 'restoreSession', input: { token: input.token } });
  });
});

describe('auth machine errors', () => {
  it('maps each failure to the message the sign-in page shows', async () => {
    const { toAuthError } = await import('@/machines/auth/auth.actors');
    expect(toAuthError(http(401, 'x')).id).toBe('auth.error.credentials');
    expect(toAuthError(http(422, 'messages.validation', { email: ['bad'] }))).toEqual({
      id: 'auth.error.validation',
      fields: { email: ['bad'] },
    });
    expect(toAuthError(http(429, 'x')).id).toBe('auth.error.rateLimited');
    expect(toAuthError(new NetworkError({ message: 'x', timedOut: true, url: 'u' })).id).toBe('auth.error.network');
    expect(toAuthError(new Error('boom')).id).toBe('auth.error.unexpected');
  });
});

afterAll(() => coverage.expectComplete(SIZE));
