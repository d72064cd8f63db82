/**
 * The test plan of a machine in words a tester reads: each path the model tests run (xstate/graph's shortest and
 * simple paths), step by step — "in idle, send search.submitted with {…}, expect searching". Recorded from the model
 * tests by plan-recorder.ts; for a machine no model test runs yet, generated here from the machine alone.
 */
import { initialTransition, transition, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { toJsonSafe } from '@/src/app/inspection-recorder';
import { formatStateValue } from '@/src/pages/machines/state-value';

/** One path as a model test ran it. */
export interface PlannedPath {
  /** The id of the machine it ran (a factory's instance has its caller's id). */
  readonly machine: string;
  /** Its state paths (see `shapeOf`), to match a factory's instances to the machine. */
  readonly shape: string;
  /** The test that ran it; empty for a path generated without one. */
  readonly test: string;
  readonly generator: 'shortest' | 'simple' | 'other';
  readonly steps: ReadonlyArray<{ readonly event: AnyEventObject; readonly state: unknown }>;
}

const MAX_VALUE = 110;

/** A value on one line, cut short: `{"email":"partner@example.com","password":"demo1234"}`. */
export function shortValue(value: unknown): string {
  const text = JSON.stringify(toJsonSafe(value)) ?? 'undefined';
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** What an error says in a plan: `HttpError 401 "Unauthenticated."`. */
function shortError(error: unknown): string {
  if (!error || typeof error !== 'object') return shortValue(error);
  const e = error as { _tag?: unknown; name?: unknown; status?: unknown; message?: unknown };
  const name = typeof e._tag === 'string' ? e._tag : typeof e.name === 'string' ? e.name : 'error';
  const status = typeof e.status === 'number' ? ` ${e.status}` : '';
  return typeof e.message === 'string' ? `${name}${status} ${JSON.stringify(e.message)}` : shortValue(error);
}

const state = (value: unknown) => formatStateValue(value) || '(nothing)';

/** One step in words: what the tester does in which state, and what the machine must be in afterwards. */
export function describeStep(event: AnyEventObject, before: unknown, after: unknown): string {
  const expectation = `expect ${state(after)}`;
  if (event.type === 'xstate.init') {
    const input = (event as { input?: unknown }).input;
    return `start${input === undefined ? '' : ` with input ${shortValue(input)}`}, ${expectation}`;
  }
  const where = `in ${state(before)}`;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (actor?.[1] === 'done') {
    const output = (event as { output?: unknown }).output;
    return `${where}, let ${actor[2]} finish${output === undefined ? '' : ` with ${shortValue(output)}`}, ${expectation}`;
  }
  if (actor?.[1] === 'error')
    return `${where}, let ${actor[2]} fail with ${shortError((event as { error?: unknown }).error)}, ${expectation}`;
  const after_ = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after_) {
    const ms = Number(after_[1]);
    return `${where}, wait ${Number.isFinite(ms) ? `${ms} ms` : `for the ${after_[1]} delay`}, ${expectation}`;
  }
  const { type, ...payload } = event;
  const values = Object.keys(payload).length ? ` with ${shortValue(payload)}` : '';
  return `${where}, send ${type}${values}, ${expectation}`;
}

/** The plan of one machine, as `npm run model-tests:plan` prints it. */
export function renderPlan(machine: string, paths: readonly PlannedPath[], source: string): string {
  const count = (g: PlannedPath['generator']) => paths.filter((p) => p.generator === g).length;
  const lines = [
    `${machine}: ${paths.length} path${paths.length === 1 ? '' : 's'} (${count('shortest')} shortest, ${count('simple')} simple${
      count('other') ? `, ${count('other')} other` : ''
    }) from ${source}`,
  ];
  // tests are usually one per path, named after its events: the plan groups paths by the suite around them
  const suiteOf = (test: string) => test.split(' > ').slice(0, -1).join(' > ') || test;
  let suite: string | null = null;
  paths.forEach((path, i) => {
    if (suiteOf(path.test) !== suite) {
      suite = suiteOf(path.test);
      if (suite) lines.push('', `── ${suite}`);
    }
    const events = path.steps.filter((s) => s.event.type !== 'xstate.init').length;
    lines.push('', `Path ${i + 1} (${path.generator}, ${events} event${events === 1 ? '' : 's'}):`);
    path.steps.forEach((step, n) => {
      const before = n > 0 ? path.steps[n - 1]!.state : null;
      lines.push(`  ${n + 1}. ${describeStep(step.event, before, step.state)}`);
    });
  });
  return `${lines.join('\n')}\n`;
}

/** Same machine, same steps: one path, whichever test ran it first. */
export function uniquePaths(paths: readonly PlannedPath[]): PlannedPath[] {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const key = JSON.stringify([p.machine, p.steps]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * For a machine no model test runs: the shortest way to each of its states, found by sending the events its
 * transitions name (without payloads: a guard or an assignment that needs one keeps that step out) from its initial
 * state, breadth first.
 */
export function pathsFromMachine(machine: AnyStateMachine, input?: unknown): PlannedPath[] {
  const types = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const type of node.transitions.keys()) if (!type.startsWith('xstate.done.state.')) types.add(type);
    Object.values(node.states).forEach((child) => visit(child as AnyStateMachine['root']));
  };
  visit(machine.root);
  const events: AnyEventObject[] = [...types].sort().map((type) => ({ type }));
  type Snapshot = ReturnType<typeof initialTransition<AnyStateMachine>>[0];
  type Step = { event: AnyEventObject; snapshot: Snapshot };
  const attempt = <T>(f: () => T): T | null => {
    try {
      return f();
    } catch {
      return null;
    }
  };
  const first = attempt(() => initialTransition(machine, input as never)[0]);
  if (!first) return [];
  const key = (s: Snapshot) => JSON.stringify(s.value);
  const reached = new Map<string, Step[]>([[key(first), [{ event: { type: 'xstate.init', input }, snapshot: first }]]]);
  const queue = [key(first)];
  while (queue.length > 0) {
    const path = reached.get(queue.shift()!)!;
    const at = path.at(-1)!.snapshot;
    for (const event of events) {
      const next = attempt(() => (at.can(event) ? transition(machine, at, event as never)[0] : null));
      if (!next || reached.has(key(next))) continue;
      reached.set(key(next), [...path, { event, snapshot: next }]);
      queue.push(key(next));
    }
  }
  return [...reached.values()].slice(1).map((steps) => ({
    machine: machine.id,
    shape: '',
    test: '',
    generator: 'shortest' as const,
    steps: steps.map((s) => ({ event: s.event, state: s.snapshot.value })),
  }));
}
