import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createRequestMachine } from '@/machines/request/request.machine';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

const requestMachine = createRequestMachine('badgeCounters', () =>
  Promise.reject(new Error('replaced by the harness')),
);
const boom = new Error('Sorry, something went wrong');

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: { won: 2 } },
  { type: 'xstate.done.actor.load', output: { won: 3 } },
  { type: 'xstate.error.actor.load', error: boom },
  { type: 'request.retry' },
  { type: 'request.refresh' },
];

/** Every state and transition of the machine: a change to the machine changes these on purpose. */
const SIZE = { states: 4, transitions: 6 };
const coverage = new Coverage(requestMachine);

describe('request machine', () => {
  const paths = getShortestPaths(requestMachine, { events, ...byIncomingEvent } as never);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const record = await runPath(
      requestMachine,
      path,
      {
        promiseActors: ['load'],
        check: (snap, _step, seen) => {
          if (snap.hasTag('loading')) expect(seen.calls.at(-1)?.src).toBe('load');
          // a failed refresh keeps what was shown
          if (snap.matches('success')) expect(snap.context.data).not.toBeNull();
          if (snap.matches('failure')) expect(snap.context).toEqual({ data: null, error: boom });
        },
      },
      coverage,
    );
    expect(record.calls.length).toBeGreaterThanOrEqual(1);
  });
});

afterAll(() => coverage.expectComplete(SIZE));
