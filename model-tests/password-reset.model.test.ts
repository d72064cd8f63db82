import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { passwordResetMachine } from '@/machines/password-reset/password-reset.machine';
import { fieldState, resetView } from '@/machines/password-reset/password-reset.selectors';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof passwordResetMachine>;
const TOKEN = 'b'.repeat(43);

const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/password-reset/request' });
const throttled = new HttpError({ status: 429, message: 'Too many attempts.', errors: {}, code: null, url: 'request' });
const emailRefused = new HttpError({
  status: 422,
  message: 'messages.validation',
  errors: { email: ['Email must be a valid e-mail address'] },
  code: null,
  url: 'request',
});
const passwordRefused = new HttpError({
  status: 422,
  message: 'messages.validation',
  errors: { password: ['Password must be at least 8 characters, with letters and numbers combined'] },
  code: null,
  url: 'confirm',
});
const expired = new HttpError({
  status: 422,
  message: 'This link has expired.',
  errors: { token: ['This link has expired.'] },
  code: null,
  reason: 'expired',
  url: 'confirm',
});

/**
 * The partner's moves: the e-mail typed badly and then right (left once on the way); the new password typed weak and
 * then strong, with its confirmation. The server answers each call, refuses a field, cannot be reached, throttles,
 * or refuses the link as expired.
 */
const events = (s: Snap): AnyEventObject[] => {
  const { email, password, password_confirmation } = s.context.values;
  return [
    ...(email === '' ? [{ type: 'passwordReset.field.changed', field: 'email', value: 'reset@example' }] : []),
    ...(email === 'reset@example'
      ? [{ type: 'passwordReset.field.changed', field: 'email', value: 'reset@example.com' }]
      : []),
    ...(email !== '' && !s.context.touched.email ? [{ type: 'passwordReset.field.blurred', field: 'email' }] : []),
    ...(password === '' ? [{ type: 'passwordReset.field.changed', field: 'password', value: 'weakpass' }] : []),
    ...(password === 'weakpass'
      ? [{ type: 'passwordReset.field.changed', field: 'password', value: 'strong2026' }]
      : []),
    ...(password_confirmation === '' && password === 'strong2026'
      ? [{ type: 'passwordReset.field.changed', field: 'password_confirmation', value: 'strong2026' }]
      : []),
    { type: 'passwordReset.submitted' },
    { type: 'passwordReset.restarted' },
    { type: 'xstate.done.actor.requestLink', output: { message: 'If an account exists…' } },
    { type: 'xstate.error.actor.requestLink', error: emailRefused },
    ...(s.context.failure === null
      ? [
          { type: 'xstate.error.actor.requestLink', error: throttled },
          { type: 'xstate.error.actor.confirmPassword', error: offline },
        ]
      : []),
    { type: 'xstate.done.actor.confirmPassword', output: { ok: true } },
    { type: 'xstate.error.actor.confirmPassword', error: passwordRefused },
    { type: 'xstate.error.actor.confirmPassword', error: expired },
  ];
};

const SIZE = { states: 8, transitions: 18 };
const coverage = new Coverage(passwordResetMachine);

const check = (snap: Snap, _step: unknown, record: { calls: { src: string; input: unknown }[] }) => {
  // a rule's message shows only once the field was left or the form sent
  for (const field of ['email', 'password', 'password_confirmation'] as const) {
    const state = fieldState(snap, field);
    if (state.error && !state.touched) expect(snap.context.touched[field]).toBeUndefined();
  }
  for (const call of record.calls) {
    if (call.src === 'requestLink') expect(call.input).toEqual({ email: 'reset@example.com' });
    // the token goes with the password; a weak password never leaves the page
    if (call.src === 'confirmPassword')
      expect(call.input).toEqual({ token: TOKEN, password: 'strong2026', password_confirmation: 'strong2026' });
  }
  expect(['ask', 'requested', 'choose', 'refused', 'done']).toContain(resetView(snap));
};

describe.each([
  ['asking for a link', { token: null }],
  ['choosing a new password from the link', { token: TOKEN }],
] as const)('password reset, %s', (_name, input) => {
  const paths = getShortestPaths(passwordResetMachine, { events, input, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_path, path) => {
    await runPath(
      passwordResetMachine,
      path,
      { input, promiseActors: ['requestLink', 'confirmPassword'], check },
      coverage,
    );
  });
});

describe('password reset messages', () => {
  it('keeps the server’s text under the refused field, and the link usable after a refused password', () => {
    const paths = getShortestPaths(passwordResetMachine, {
      events,
      input: { token: TOKEN },
      ...byIncomingEvent,
    } as never);
    const refused = paths.find(
      (p) => (p.steps.at(-1)?.event as { error?: unknown } | undefined)?.error === passwordRefused,
    )!;
    expect(refused.state.matches('choosing')).toBe(true);
    expect(fieldState(refused.state, 'password').serverMessages).toEqual([
      'Password must be at least 8 characters, with letters and numbers combined',
    ]);
    const linkGone = paths.find((p) => p.state.matches('linkRefused'))!;
    expect(linkGone.state.context.refusal).toBe('expired');
  });
});

afterAll(() => {
  coverage.expectComplete(SIZE);
});
