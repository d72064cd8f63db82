import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { describeStep, pathsFromMachine, renderPlan, uniquePaths, type PlannedPath } from './plan';

class HttpError extends Error {
  readonly _tag = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const door = setup({
  types: {} as { events: { type: 'door.opened' } | { type: 'door.closed' } | { type: 'door.locked'; code: string } },
  guards: { hasCode: ({ event }) => 'code' in event && event.code.length > 0 },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { 'door.opened': 'open', 'door.locked': { guard: 'hasCode', target: 'locked' } } },
    open: { on: { 'door.closed': 'closed' }, after: { 500: 'closed' } },
    locked: {},
  },
});

describe('test plans in words', () => {
  it('says each step as a tester does it: the state it is in, what to do, what to expect', () => {
    expect(describeStep({ type: 'xstate.init', input: { id: 7 } }, null, 'closed')).toBe(
      'start with input {"id":7}, expect closed',
    );
    expect(describeStep({ type: 'search.submitted', place: 'Leeds' }, 'idle', { ready: 'searching' })).toBe(
      'in idle, send search.submitted with {"place":"Leeds"}, expect ready.searching',
    );
    expect(describeStep({ type: 'xstate.done.actor.loadPage', output: { total: 3 } }, 'searching', 'showing')).toBe(
      'in searching, let loadPage finish with {"total":3}, expect showing',
    );
    expect(
      describeStep(
        { type: 'xstate.error.actor.signIn', error: new HttpError(401, 'Unauthenticated.') },
        'signingIn',
        'loggedOut',
      ),
    ).toBe('in signingIn, let signIn fail with HttpError 401 "Unauthenticated.", expect loggedOut');
    expect(describeStep({ type: 'xstate.after.500.door.open' }, 'open', 'closed')).toBe(
      'in open, wait 500 ms, expect closed',
    );
    expect(describeStep({ type: 'xstate.after.debounce.x.typing' }, 'typing', 'looking')).toBe(
      'in typing, wait for the debounce delay, expect looking',
    );
  });

  it('prints the paths grouped by their suite, numbered, with how each was generated', () => {
    const path = (test: string, generator: PlannedPath['generator']): PlannedPath => ({
      machine: 'door',
      shape: 'closed locked open',
      test,
      generator,
      steps: [
        { event: { type: 'xstate.init' }, state: 'closed' },
        { event: { type: 'door.opened' }, state: 'open' },
      ],
    });
    const text = renderPlan(
      'door',
      uniquePaths([
        path('door > door.opened', 'shortest'),
        path('door > again', 'shortest'),
        path('door > x', 'simple'),
      ]),
      'model-tests/door.model.test.ts',
    );
    expect(text).toBe(
      [
        'door: 1 path (1 shortest, 0 simple) from model-tests/door.model.test.ts',
        '',
        '── door',
        '',
        'Path 1 (shortest, 1 event):',
        '  1. start, expect closed',
        '  2. in closed, send door.opened, expect open',
        '',
      ].join('\n'),
    );
  });

  it('finds a way to each state of a machine without model tests, leaving out steps that need a payload', () => {
    const paths = pathsFromMachine(door);
    expect(paths.map((p) => p.steps.map((s) => [s.event.type, s.state]))).toEqual([
      [
        ['xstate.init', 'closed'],
        ['door.opened', 'open'],
      ],
    ]);
  });
});
