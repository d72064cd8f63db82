import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from '@playwright/test';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyEventObject,
  type AnyStateMachine,
  type InspectionEvent,
} from 'xstate';
import { Coverage } from '@/model-tests/model-harness';

/**
 * The UI-level model suites' coverage: which states and transitions of a machine the paths played in Chromium went
 * through. A UI model test calls `recordUiPath` at the end of a path that passed; the path's events are then run
 * through the machine itself (its actors, actions and timers stubbed: the browser already did the real work), and
 * what the machine reached is appended as a JSON line to `ui-model-coverage.jsonl` in the Playwright output folder.
 * `npm run model-tests:coverage` reads that file for its "ui" columns (scripts/model-coverage.ts).
 */
export const UI_COVERAGE_FILE = 'ui-model-coverage.jsonl';

interface PathStep {
  readonly event: AnyEventObject;
  readonly state: { readonly value: unknown };
}

const isBuiltInAction = (action: unknown) =>
  typeof action === 'function' && String((action as { type?: unknown }).type ?? '').startsWith('xstate.');

/**
 * The machine with every actor never settling and every effectful action a no-op; `assign`, `raise`, `sendTo` and
 * the other built-in actions stay, because they are the machine's own logic.
 */
function pure(machine: AnyStateMachine): AnyStateMachine {
  const { actors = {}, actions = {} } = machine.implementations as {
    actors?: Record<string, unknown>;
    actions?: Record<string, unknown>;
  };
  return machine.provide({
    actors: Object.fromEntries(Object.keys(actors).map((name) => [name, fromPromise(() => new Promise(() => {}))])),
    actions: Object.fromEntries(
      Object.entries(actions)
        .filter(([, action]) => !isBuiltInAction(action))
        .map(([name]) => [name, () => {}]),
    ),
  } as never);
}

/**
 * Replays a path that the browser has just played through the machine, checks that every step lands in the state the
 * graph computed, and records the states and transitions it went through.
 */
export function recordUiPath(machine: AnyStateMachine, input: unknown, steps: readonly PathStep[]): void {
  const coverage = new Coverage(machine);
  const actor = createActor(pure(machine), {
    input,
    clock: new SimulatedClock(),
    inspect: (event: InspectionEvent) => coverage.record(event),
  });
  actor.start();
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue;
    actor.send(step.event);
    const reached = JSON.stringify(actor.getSnapshot().value);
    if (reached !== JSON.stringify(step.state.value))
      throw new Error(
        `UI model coverage: ${step.event.type} led to ${reached}, the path says ${JSON.stringify(step.state.value)}`,
      );
  }
  actor.stop();
  const file = join(test.info().project.outputDir, UI_COVERAGE_FILE);
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(coverage.toRecord())}\n`);
}
