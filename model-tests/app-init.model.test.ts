import { Schema } from 'effect';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { appInitMachine } from '@/machines/app-init/app-init.machine';
import { AppInit } from '@/schemas/app-init';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

const cached = Schema.decodeUnknownSync(AppInit)({
  features: { third_party_partner: true, find_work: false },
  fake_date: null,
});
const fresh = Schema.decodeUnknownSync(AppInit)({
  features: { third_party_partner: true, find_work: true },
  fake_date: '2026-11-20',
});
const boom = new Error('Sorry, something went wrong');

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadAppInit', output: fresh },
  { type: 'xstate.error.actor.loadAppInit', error: boom },
  { type: 'appInit.refresh' },
  { type: 'appInit.retry' },
];

/** Every state and transition of the machine: a change to the machine changes these on purpose. */
const SIZE = { states: 3, transitions: 5 };
const coverage = new Coverage(appInitMachine);

describe.each([
  { start: 'a cached copy', input: { cached } },
  { start: 'nothing cached', input: { cached: null } },
])('app init machine, starting with $start', ({ input }) => {
  const paths = getShortestPaths(appInitMachine, { events, input, ...byIncomingEvent } as never);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let answers = 0;
    await runPath(
      appInitMachine,
      path,
      {
        input,
        promiseActors: ['loadAppInit'],
        actions: ['storeCache'],
        check: (snap, step, record) => {
          // the cache is shown at once, flagged stale until the server answers
          if (snap.matches('fetching') && step.event.type === 'xstate.init' && input.cached)
            expect(snap.context).toMatchObject({ init: cached, stale: true });
          if (step.event.type === 'xstate.done.actor.loadAppInit') {
            expect(snap.context).toMatchObject({ init: fresh, stale: false });
            expect(record.actions.at(-1)).toEqual({ type: 'storeCache', params: { init: fresh } });
          }
          // the cache is written once per successful answer, never for a failure
          if (step.event.type === 'xstate.done.actor.loadAppInit') answers += 1;
          expect(record.actions.filter((a) => a.type === 'storeCache')).toHaveLength(answers);
          if (snap.matches('failed')) expect(snap.context.init).toBeNull();
        },
      },
      coverage,
    );
  });
});

afterAll(() => coverage.expectComplete(SIZE));
