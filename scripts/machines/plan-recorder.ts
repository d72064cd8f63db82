/**
 * A Vitest setup file for `npm run model-tests:plan` (scripts/model-tests-plan.ts): while a model test runs, every
 * path it hands to the harness's `runPath` is appended, as JSON, to the file named by MODEL_PLAN_FILE, tagged with
 * the test's name and the xstate/graph generator it came from (shortest or simple paths). The tests run unchanged;
 * the plan prints exactly the paths they run, with their events and payloads.
 */
import { appendFileSync } from 'node:fs';
import { expect, vi } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import type * as Graph from 'xstate/graph';
import type * as Harness from '@/model-tests/model-harness';
import { toJsonSafe } from '@/src/app/inspection-recorder';
import { shapeOf } from '@/src/pages/machines/statechart-layout';
import type { PlannedPath } from './plan';

const file = process.env.MODEL_PLAN_FILE;
const generators = new WeakMap<object, PlannedPath['generator']>();

vi.mock('xstate/graph', async (importOriginal) => {
  const graph = await importOriginal<typeof Graph>();
  const tagged =
    <F extends (...args: never[]) => unknown[]>(generator: PlannedPath['generator'], generate: F) =>
    (...args: Parameters<F>) => {
      const paths = generate(...args);
      for (const p of paths) generators.set(p as object, generator);
      return paths;
    };
  return {
    ...graph,
    getShortestPaths: tagged('shortest', graph.getShortestPaths as never),
    getSimplePaths: tagged('simple', graph.getSimplePaths as never),
  };
});

vi.mock('@/model-tests/model-harness', async (importOriginal) => {
  const harness = await importOriginal<typeof Harness>();
  const runPath: typeof harness.runPath = (machine, path, options, coverage) => {
    if (file) record(machine, path as never, options.input);
    return harness.runPath(machine, path, options, coverage);
  };
  return { ...harness, runPath };
});

function record(
  machine: AnyStateMachine,
  path: { steps: Array<{ event: { type: string }; state: { value: unknown } }> },
  input: unknown,
) {
  // the graph's start event does not carry the input the test starts the machine with: the plan says it
  const event = (e: { type: string }) => (e.type === 'xstate.init' && input !== undefined ? { ...e, input } : e);
  const planned: PlannedPath = {
    machine: machine.id,
    shape: shapeOf(machine.root),
    test: expect.getState().currentTestName ?? '',
    generator: generators.get(path) ?? 'other',
    steps: path.steps.map((s) => ({
      event: toJsonSafe(event(s.event)) as PlannedPath['steps'][number]['event'],
      state: s.state.value,
    })),
  };
  appendFileSync(file!, `${JSON.stringify(planned)}\n`);
}
