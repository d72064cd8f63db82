import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { findWorkMachine } from '@/machines/find-work/find-work.machine';
import { activeTab, tabCounts } from '@/machines/find-work/find-work.selectors';
import { createInspectionRegistry, type RecordedLog } from '@/src/app/inspection';
import { createRecorder } from '@/src/app/inspection-recorder';
import { parseRecordedLog, replayLog, stepsOf } from './replay';

/**
 * A log copied from the inspector in Chromium by e2e/machines.spec.ts (`RECORD_REPLAY_LOG=1` writes it again): an
 * admin on find work chooses Leeds, searches 20 miles around it, then opens the auction tab.
 */
const browserLog = parseRecordedLog(
  JSON.parse(readFileSync(new URL('./logs/find-work-search.json', import.meta.url), 'utf8')),
);

/** A small machine recorded here, in Node, the way the portal records in the browser. */
const lamp = setup({
  types: {} as { context: { heat: number }; events: { type: 'switched' } | { type: 'broke' } },
  actors: { warmUp: fromPromise<number>(async () => 42) },
}).createMachine({
  id: 'lamp',
  context: { heat: 0 },
  initial: 'off',
  states: {
    off: { on: { switched: 'warming' } },
    warming: {
      invoke: {
        src: 'warmUp',
        onDone: [
          {
            guard: ({ event }) => event.output > 40,
            target: 'on',
            actions: assign({ heat: ({ event }) => event.output }),
          },
          { target: 'off' },
        ],
      },
    },
    on: { on: { switched: 'off', broke: 'broken' } },
    broken: { type: 'final' },
  },
});

async function recordLamp(): Promise<RecordedLog> {
  const registry = createInspectionRegistry({ recorder: createRecorder() });
  const actor = createActor(lamp, { inspect: registry.inspect }).start();
  actor.send({ type: 'switched' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  actor.send({ type: 'switched' });
  actor.send({ type: 'switched' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  actor.send({ type: 'broke' });
  return JSON.parse(JSON.stringify(registry.exportLog('/test'))) as RecordedLog;
}

describe('replaying a recorded log', () => {
  it('reaches, step by step, the states the machine reached when it was recorded', async () => {
    const log = await recordLamp();
    const { steps, snapshot } = replayLog(lamp, log);
    expect(steps.map((s) => [s.event.type, s.to])).toEqual([
      ['xstate.init', 'off'],
      ['switched', 'warming'],
      ['xstate.done.actor.0.lamp.warming', 'on'],
      ['switched', 'off'],
      ['switched', 'warming'],
      ['xstate.done.actor.0.lamp.warming', 'on'],
      ['broke', 'broken'],
    ]);
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.heat).toBe(42);
  });

  it('fails on the first step where the machine now goes elsewhere, naming it', async () => {
    const log = await recordLamp();
    // as if the lamp had gone back off in the browser: the machine no longer does what the log says
    const tampered: RecordedLog = {
      ...log,
      steps: log.steps.map((s) => (s.seq === log.steps[2]!.seq ? { ...s, to: 'off' } : s)),
    };
    expect(() => replayLog(lamp, tampered)).toThrow(/step 2 \(#\d+, xstate\.done\.actor\.0\.lamp\.warming\)/);
  });

  it('refuses what is not an inspection log, and a log that starts after the machine did', async () => {
    expect(() => parseRecordedLog({ steps: [] })).toThrow(/not an inspection log/);
    const log = await recordLamp();
    const lampId = log.steps[0]!.actorId;
    expect(() => stepsOf({ ...log, steps: log.steps.slice(1) }, 'lamp', lampId)).toThrow(/starts after lamp/);
    expect(() => stepsOf(log, 'findWork')).toThrow(/no run of findWork/);
  });

  it('replays find work as recorded in Chromium: the search around Leeds, then the auction tab', () => {
    const { steps, snapshot } = replayLog(findWorkMachine, browserLog);
    const events = steps.map((s) => s.event.type);
    expect(events[0]).toBe('xstate.init');
    expect(events).toEqual(
      expect.arrayContaining(['place.chosen', 'radius.chosen', 'search.submitted', 'tab.selected']),
    );
    expect(activeTab(snapshot)).toBe('auction');
    expect(snapshot.matches({ ready: { results: 'showing' } })).toBe(true);
    expect(Object.values(tabCounts(snapshot) ?? {}).some((n) => Number(n) > 0)).toBe(true);
  });
});
