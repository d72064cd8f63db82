import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { createInspectionRegistry } from './inspection';
import { createRecorder, toJsonSafe } from './inspection-recorder';

class LookupFailed extends Error {
  readonly _tag = 'LookupFailed';
  readonly status = 503;
}

/** A search: idle, then searching (invoking a lookup) until it answers, then showing the results or failed. */
const searchMachine = setup({
  types: {} as { context: { query: string; found: number }; events: { type: 'search.submitted'; query: string } },
  actors: { lookup: fromPromise<number, string>(async ({ input }) => input.length) },
  actions: { remember: assign({ query: (_, p: { query: string }) => p.query }), announce: () => {} },
}).createMachine({
  id: 'search',
  context: { query: '', found: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'search.submitted': {
          target: 'searching',
          actions: [{ type: 'remember', params: ({ event }) => ({ query: event.query }) }],
        },
      },
    },
    searching: {
      entry: 'announce',
      invoke: {
        src: 'lookup',
        input: ({ context }) => context.query,
        onDone: { target: 'showing', actions: assign({ found: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    showing: {
      on: {
        'search.submitted': {
          target: 'searching',
          actions: [{ type: 'remember', params: ({ event }) => ({ query: event.query }) }],
        },
      },
    },
    failed: {},
  },
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the inspection registry', () => {
  it('lists running actors with their machine and latest state, and drops them when they stop', async () => {
    const registry = createInspectionRegistry();
    const actor = createActor(searchMachine, { inspect: registry.inspect }).start();
    expect(registry.actors()).toEqual([
      expect.objectContaining({ id: actor.sessionId, machineId: 'search', parentId: null, value: 'idle' }),
    ]);

    actor.send({ type: 'search.submitted', query: 'Leeds' });
    // the invoked lookup runs as a child of the search
    expect(registry.actors().map((a) => [a.machineId, a.parentId])).toEqual([
      ['search', null],
      [null, actor.sessionId],
    ]);
    await settle();
    expect(registry.actors().map((a) => a.value)).toEqual(['showing']);

    actor.stop();
    expect(registry.actors()).toEqual([]);
  });

  it('lists an actor only once started: the copy React throws away in strict mode leaves nothing', () => {
    const registry = createInspectionRegistry({ recorder: createRecorder() });
    createActor(searchMachine, { inspect: registry.inspect });
    expect(registry.actors()).toEqual([]);
    expect(registry.log()).toEqual([]);
  });

  it('logs each event with the state before and after, the transitions taken and the actions run', async () => {
    let clock = 1_000;
    const registry = createInspectionRegistry({ recorder: createRecorder({ now: () => clock++ }) });
    const actor = createActor(searchMachine, { inspect: registry.inspect }).start();
    actor.send({ type: 'search.submitted', query: 'Leeds' });
    await settle();

    const steps = registry.log();
    expect(steps.map((s) => [s.event.type, s.from, s.to, s.status])).toEqual([
      ['xstate.init', null, 'idle', 'active'],
      ['search.submitted', 'idle', 'searching', 'active'],
      ['xstate.done.actor.0.search.searching', 'searching', 'showing', 'active'],
    ]);
    expect(steps[1]).toMatchObject({
      actorId: actor.sessionId,
      machineId: 'search',
      sourceId: null,
      transitions: ['idle → searching / remember'],
      actions: ['announce', 'xstate.spawnChild'],
    });
    // the lookup's answer is sent by the lookup itself
    expect(steps[2]!.sourceId).not.toBeNull();
    expect(steps[2]!.transitions).toEqual(['searching → showing / xstate.assign']);
    expect(steps.map((s) => s.seq)).toEqual([1, 2, 3]);
    expect(steps[0]!.at).toBeLessThan(steps[2]!.at);
  });

  it('gives a new log for every step, leaving the one read before as it was', () => {
    const registry = createInspectionRegistry({ recorder: createRecorder() });
    const actor = createActor(searchMachine, { inspect: registry.inspect }).start();
    const before = registry.log();
    const length = before.length;
    actor.send({ type: 'search.submitted', query: 'a' });
    const after = registry.log();
    expect(after).not.toBe(before);
    expect(before).toHaveLength(length);
    expect(after.at(-1)?.event.type).toBe('search.submitted');
  });

  it('keeps the latest steps only', () => {
    const registry = createInspectionRegistry({ recorder: createRecorder({ limit: 3 }) });
    const actor = createActor(searchMachine, { inspect: registry.inspect }).start();
    actor.send({ type: 'search.submitted', query: 'a' });
    actor.stop();
    const again = createActor(searchMachine, { inspect: registry.inspect }).start();
    again.send({ type: 'search.submitted', query: 'b' });
    expect(registry.log().map((s) => [s.seq, s.event.type])).toEqual([
      [3, 'xstate.stop'],
      [4, 'xstate.init'],
      [5, 'search.submitted'],
    ]);
    registry.clearLog();
    expect(registry.log()).toEqual([]);
  });

  it('logs nothing unless recording, while still following the live actors', () => {
    const registry = createInspectionRegistry();
    const actor = createActor(searchMachine, { inspect: registry.inspect }).start();
    actor.send({ type: 'search.submitted', query: 'Leeds' });
    expect(registry.recording).toBe(false);
    expect(registry.log()).toEqual([]);
    expect(registry.actors().map((a) => a.value)).toEqual(['searching', null]);
  });

  it('logs what happened while its recorder was loading, in order, once it is there', async () => {
    let load: (recorder: ReturnType<typeof createRecorder>) => void = () => {};
    const registry = createInspectionRegistry({ recorder: new Promise((resolve) => (load = resolve)) });
    expect(registry.recording).toBe(true);
    const actor = createActor(searchMachine, { inspect: registry.inspect }).start();
    actor.send({ type: 'search.submitted', query: 'Leeds' });
    expect(registry.log()).toEqual([]);
    load(createRecorder());
    await settle();
    expect(registry.log().map((s) => [s.event.type, s.from, s.to])).toEqual([
      ['xstate.init', null, 'idle'],
      ['search.submitted', 'idle', 'searching'],
      ['xstate.done.actor.0.search.searching', 'searching', 'showing'],
    ]);
    expect(registry.log()[1]!.transitions).toEqual(['idle → searching / remember']);
  });

  it('tells its subscribers once per burst of changes, after it', async () => {
    const registry = createInspectionRegistry({ recorder: createRecorder() });
    let calls = 0;
    const unsubscribe = registry.subscribe(() => calls++);
    const before = registry.version();
    const actor = createActor(searchMachine, { inspect: registry.inspect }).start();
    actor.send({ type: 'search.submitted', query: 'Leeds' });
    expect(calls).toBe(0);
    expect(registry.version()).toBeGreaterThan(before);
    await Promise.resolve();
    expect(calls).toBe(1);
    unsubscribe();
    actor.stop();
    await Promise.resolve();
    expect(calls).toBe(1);
  });

  it('exports the log as plain JSON: errors with their fields, no cycles', async () => {
    const registry = createInspectionRegistry({
      recorder: createRecorder({ now: () => Date.UTC(2025, 0, 2, 3, 4, 5) }),
    });
    const failing = searchMachine.provide({
      actors: {
        lookup: fromPromise<number, string>(async () => {
          throw new LookupFailed('search is down');
        }),
      },
    });
    const actor = createActor(failing, { inspect: registry.inspect }).start();
    actor.send({ type: 'search.submitted', query: 'Leeds' });
    await settle();
    const exported = registry.exportLog('/tpp/find-work');
    expect(exported).toMatchObject({ format: 'tpp-inspection-log', version: 1, page: '/tpp/find-work' });
    expect(exported.recordedAt).toBe('2025-01-02T03:04:05.000Z');
    expect(exported.steps.at(-1)).toMatchObject({
      to: 'failed',
      event: { error: { _tag: 'LookupFailed', status: 503, name: 'Error', message: 'search is down' } },
    });
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);

    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(toJsonSafe({ token: 'abc', user: { password: 'x', name: 'Dan' } }, { redact: true })).toEqual({
      token: '[redacted]',
      user: { password: '[redacted]', name: 'Dan' },
    });
    const shared = { type: 'tick' };
    expect(toJsonSafe({ cyclic, big: 10n, fn: () => 1, first: shared, again: shared })).toEqual({
      cyclic: { a: 1 },
      big: '10',
      first: { type: 'tick' },
      again: { type: 'tick' },
    });
  });
});
