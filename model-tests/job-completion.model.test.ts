import { afterAll, describe, expect, it } from 'vitest';
import { assign, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { jobCompletion } from '@/machines/job-completion/job-completion.machine';
import {
  failureOf,
  isConfirming,
  isEditing,
  isSubmitting,
  visibleErrors,
} from '@/machines/job-completion/job-completion.selectors';
import { isCompletionValid } from '@/machines/job-completion/job-completion.rules';
import type { CompletionRequest } from '@/machines/job-completion/job-completion.types';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof jobCompletion>;

const input = { listingId: 42 };
const job = { listing_id: 42, job_status: 'realised' };
const beforePickup = new HttpError({
  status: 409,
  message: 'You cannot complete this job before its pickup time.',
  errors: {},
  code: null,
  url: 'complete',
});
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'complete' });

/** Keys are random in the portal; here a key names the form it was made for, so a retry with the same one shows. */
const machine = jobCompletion.provide({
  actions: {
    issueKey: assign({
      key: ({ context }: { context: Snap['context'] }) =>
        context.key ?? `key:${context.mode}:${context.text}:${context.amount}`,
    }),
  } as never,
});

/** Each mode, a text and an amount (valid, then not), the buttons, and the answers. */
const events = (s: Snap): AnyEventObject[] => [
  ...(['complete', 'issue', 'extraCost'] as const)
    .filter((mode) => mode !== s.context.mode)
    .map((mode) => ({ type: 'completion.mode.changed', mode })),
  // the words and the cost are typed once each, in the modes that ask for them
  ...(s.context.text === '' && s.context.mode !== 'complete'
    ? [{ type: 'completion.text.changed', text: '  Stairs at the delivery  ' }]
    : []),
  ...(s.context.amount === '' && s.context.mode === 'extraCost'
    ? [{ type: 'completion.amount.changed', amount: '25.50' }]
    : []),
  { type: 'completion.submitted' },
  { type: 'completion.confirmed' },
  { type: 'completion.back' },
  { type: 'completion.cancelled' },
  { type: 'xstate.done.actor.completeJob', output: job },
  { type: 'xstate.error.actor.completeJob', error: beforePickup },
  { type: 'xstate.error.actor.completeJob', error: offline },
];

const SIZE = { states: 5, transitions: 11 };
const coverage = new Coverage(jobCompletion);

describe('job completion', () => {
  const paths = getShortestPaths(machine, { events, input, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const record = await runPath(
      machine,
      path,
      {
        input,
        promiseActors: ['completeJob'],
        check: (snap) => {
          expect([isEditing(snap), isConfirming(snap), isSubmitting(snap)].filter(Boolean).length).toBeLessThan(2);
          // errors show only once submitted, and say what the mode needs
          if (!snap.context.showErrors) expect(visibleErrors(snap)).toEqual({});
          // an invalid form never leaves the editing step
          if (!isEditing(snap) && !snap.status.startsWith('done') && snap.value !== 'cancelled')
            expect(isCompletionValid(snap.context)).toBe(true);
          // a refusal keeps the server's words; no answer is a kind the dialogue words
          const failure = failureOf(snap);
          if (failure?.kind === 'refused') expect(failure.message).toBe(beforePickup.message);
          if (failure?.kind === 'offline') expect(failure.message).toBeNull();
          // what was typed survives everything but the partner's own typing
          if (snap.context.failure) expect(isEditing(snap) || snap.matches('cancelled')).toBe(true);
        },
      },
      coverage,
    );
    const sent = record.calls.map((c) => c.input as CompletionRequest);
    for (const request of sent) {
      expect(request.listingId).toBe(42);
      // only what the mode sends, trimmed, in pence
      if (request.mode === 'complete') expect([request.text, request.amountPence]).toEqual(['', null]);
      if (request.mode === 'issue')
        expect([request.text, request.amountPence]).toEqual(['Stairs at the delivery', null]);
      if (request.mode === 'extraCost')
        expect([request.text, request.amountPence]).toEqual(['Stairs at the delivery', 2550]);
    }
    // a second confirmation of an unchanged form is the same completion: the same key
    for (let i = 1; i < sent.length; i += 1)
      if (sent[i]!.mode === sent[i - 1]!.mode) expect(sent[i]!.key).toBe(sent[i - 1]!.key);
  });

  it('makes a new key once the form changes after a failure', async () => {
    const { startMachine } = await import('./model-harness');
    const live = startMachine(machine, { input: { listingId: 42, mode: 'issue' }, promiseActors: ['completeJob'] });
    const send = (e: AnyEventObject) => live.actor.send(e as never);
    send({ type: 'completion.text.changed', text: 'Gate locked' });
    send({ type: 'completion.submitted' });
    send({ type: 'completion.confirmed' });
    await live.settle(0, 'error', offline);
    send({ type: 'completion.submitted' });
    send({ type: 'completion.confirmed' });
    await live.settle(1, 'error', offline);
    send({ type: 'completion.text.changed', text: 'Gate locked, waited 40 minutes' });
    send({ type: 'completion.submitted' });
    send({ type: 'completion.confirmed' });
    expect(live.record.calls.map((c) => (c.input as CompletionRequest).key)).toEqual([
      'key:issue:Gate locked:',
      'key:issue:Gate locked:',
      'key:issue:Gate locked, waited 40 minutes:',
    ]);
    live.actor.stop();
  });

  afterAll(() => coverage.expectComplete(SIZE));
});
