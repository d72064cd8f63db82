import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { termsMachine } from '@/machines/terms/terms.machine';
import { acceptedAt, acceptFailure, canAccept, termsLoadFailure } from '@/machines/terms/terms.selectors';
import type { TermsStatus } from '@/schemas/documents';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof termsMachine>;

const notYet: TermsStatus = {
  version: '2026-11',
  accepted_at: null,
  requirements: { documents_ok: false, vehicles_ok: false, terms_ok: false },
};
const accepted: TermsStatus = {
  ...notYet,
  accepted_at: '2026-11-18T14:30:00.000Z',
  requirements: { ...notYet.requirements, terms_ok: true },
};
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/terms' });
const boom = new HttpError({
  status: 500,
  message: 'Sorry, something went wrong',
  errors: {},
  code: null,
  url: 'v1/terms',
});

/**
 * The server's answers: the terms not yet accepted (or, on a second read, already accepted elsewhere), a read that
 * finds no connection, an acceptance recorded, one refused by the server.
 */
const events = (s: Snap): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadTerms', output: s.context.loadFailure ? accepted : notYet },
  { type: 'xstate.error.actor.loadTerms', error: offline },
  { type: 'terms.retried' },
  { type: 'terms.accepted' },
  { type: 'xstate.done.actor.sendAcceptance', output: accepted },
  { type: 'xstate.error.actor.sendAcceptance', error: boom },
];

const SIZE = { states: 5, transitions: 7 };
const coverage = new Coverage(termsMachine);

describe('partner terms', () => {
  const paths = getShortestPaths(termsMachine, { events, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      termsMachine,
      path,
      {
        promiseActors: ['loadTerms', 'sendAcceptance'],
        check: (snap, step, record) => {
          // the version accepted is the version read
          for (const call of record.calls.filter((c) => c.src === 'sendAcceptance'))
            expect(call.input).toEqual({ version: '2026-11' });
          if (snap.matches('accepted')) expect(acceptedAt(snap)).toBe(accepted.accepted_at);
          if (step.event.type === 'xstate.error.actor.sendAcceptance') {
            expect(acceptFailure(snap)).toBe('server');
            expect(canAccept(snap)).toBe(true);
          }
          if (snap.matches('failed')) expect(termsLoadFailure(snap)).toBe('offline');
        },
      },
      coverage,
    );
  });

  it('shows terms accepted elsewhere as accepted, with no Accept button', () => {
    const path = paths.find(
      (p) => p.state.matches('accepted') && p.steps.every((s) => s.event.type !== 'terms.accepted'),
    )!;
    expect(canAccept(path.state)).toBe(false);
  });
});

afterAll(() => coverage.expectComplete(SIZE));
