import { describe, expect, it } from 'vitest';
import {
  SimulatedClock,
  createActor,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { getShortestPaths, getSimplePaths, getStateNodes, serializeSnapshot, type StatePath } from 'xstate/graph';
import { pageProgressMachine } from '@/machines/page-progress/page-progress.machine';
import { hasFailed, isVisible, progressPercent } from '@/machines/page-progress/page-progress.selectors';
import {
  HIDE_AFTER_MS,
  PROGRESS_CEILING,
  THROTTLE_MS,
  TICK_MS,
  TICKS,
  progressAt,
} from '@/machines/page-progress/page-progress.timing';

type Snapshot = ReturnType<typeof pageProgressMachine.transition>;
type Event = Parameters<typeof pageProgressMachine.transition>[1];
type Path = StatePath<Snapshot, Event>;

/** The delays the machine names, by the name in its `after` event type ('xstate.after.<name>.<state id>'). */
const DELAY_MS: Record<string, number> = { throttle: THROTTLE_MS, tick: TICK_MS, hideAfter: HIDE_AFTER_MS };

function delayOf(type: string): number | null {
  const match = /^xstate\.after\.([^.]+)\./.exec(type);
  if (!match) return null;
  const ms = DELAY_MS[match[1]!];
  if (ms === undefined) throw new Error(`Unknown delay in ${type}`);
  return ms;
}

// The three request events, and the timer event of every `after` delay: the graph treats a timer firing as one
// more event, and the replay turns it into clock time.
const requestEvents: Event[] = [{ type: 'request.started' }, { type: 'request.finished' }, { type: 'request.failed' }];
const timerEvents = [
  ...new Set(getStateNodes(pageProgressMachine.root).flatMap((node) => node.after.map((t) => t.eventType))),
].map((type) => ({ type }) as unknown as Event);

const traversal = {
  events: [...requestEvents, ...timerEvents],
  // Two requests at once are enough to tell "the last one ended" from "one of several ended".
  filterEvents: (snapshot: Snapshot, event: Event) =>
    snapshot.can(event) && !(event.type === 'request.started' && snapshot.context.outstanding >= 2),
};

/**
 * For shortest paths, as createTestModel does: a snapshot reached by another event or from another state is
 * another vertex, so transitions back into a known snapshot (e.g. to the initial idle) get a path of their own.
 */
const viaTransition = (snapshot: Snapshot, event: Event | undefined, previous?: Snapshot) =>
  `${serializeSnapshot(snapshot)}${event ? ` via ${event.type} from ${JSON.stringify(previous?.value)}` : ''}`;

// ---- coverage, from the transitions the real actor takes while the paths are replayed ----

interface CoverageSink {
  states: Set<string>;
  transitions: Set<string>;
}

function transitionKey(t: AnyTransitionDefinition): string {
  const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  const targets = (t.target ?? []).map((n) => n.id).join(',') || '(self)';
  return `${t.source.id} --${t.eventType || 'always'}#${list.indexOf(t)}--> ${targets}`;
}

function allTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of getStateNodes(machine.root)) {
    for (const t of node.always ?? []) keys.add(transitionKey(t));
    for (const list of node.transitions.values()) for (const t of list) keys.add(transitionKey(t));
  }
  return keys;
}

function recorder(sink: CoverageSink) {
  return (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const t of event._transitions) {
      sink.transitions.add(transitionKey(t));
      sink.states.add(t.source.id);
      for (const target of t.target ?? []) sink.states.add(target.id);
    }
  };
}

// ---- replay on the real machine with a simulated clock ----

/** What the bar must look like in each state, independent of how the machine computes it. */
function expectLooksRight(snapshot: Snapshot) {
  const { outstanding, ticks, progress } = snapshot.context;
  expect(outstanding).toBeGreaterThanOrEqual(0);
  switch (snapshot.value) {
    case 'idle':
      expect({ outstanding, progress, visible: isVisible(snapshot), failed: hasFailed(snapshot) }).toEqual({
        outstanding: 0,
        progress: 0,
        visible: false,
        failed: false,
      });
      break;
    case 'pending':
      expect(outstanding).toBeGreaterThan(0);
      expect({ progress, visible: isVisible(snapshot), failed: hasFailed(snapshot) }).toEqual({
        progress: 0,
        visible: false,
        failed: false,
      });
      break;
    case 'visible':
      expect(outstanding).toBeGreaterThan(0);
      expect(progress).toBe(progressAt(ticks));
      expect(progress).toBeLessThanOrEqual(PROGRESS_CEILING);
      expect({ visible: isVisible(snapshot), failed: hasFailed(snapshot) }).toEqual({ visible: true, failed: false });
      break;
    case 'finishing':
      expect({ outstanding, progress, visible: isVisible(snapshot), failed: hasFailed(snapshot) }).toEqual({
        outstanding: 0,
        progress: 100,
        visible: true,
        failed: false,
      });
      break;
    case 'failed':
      expect({ progress, visible: isVisible(snapshot), failed: hasFailed(snapshot) }).toEqual({
        progress: 100,
        visible: true,
        failed: true,
      });
      break;
    default:
      throw new Error(`Unexpected state ${JSON.stringify(snapshot.value)}`);
  }
  expect(progressPercent(snapshot)).toBe(progress);
  expect(snapshot.hasTag('loading')).toBe(snapshot.matches('pending') || snapshot.matches('visible'));
}

async function replay(path: Path, sink: CoverageSink = { states: new Set(), transitions: new Set() }) {
  const clock = new SimulatedClock();
  const actor = createActor(pageProgressMachine, { clock, inspect: recorder(sink) }).start();

  for (const [index, step] of path.steps.entries()) {
    if (index > 0) {
      const type: string = step.event.type;
      const delay = delayOf(type);
      const before = actor.getSnapshot();
      if (delay === null) {
        actor.send(step.event);
      } else {
        // Timers start when the state is entered and every earlier step was instantaneous, so the delay is
        // exact: one millisecond short changes nothing, the full delay fires the timer.
        clock.increment(delay - 1);
        expect(actor.getSnapshot(), `${type} fired early`).toBe(before);
        clock.increment(1);
      }
      expect(actor.getSnapshot(), `${type} changed nothing`).not.toBe(before);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    expectLooksRight(snapshot);
  }
  actor.stop();
}

function describePath(path: Path): string {
  const events = path.steps.slice(1).map(({ event }) => event.type.replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1'));
  const { outstanding, ticks } = path.state.context;
  return `${JSON.stringify(path.state.value)} (outstanding ${outstanding}, ticks ${ticks}): ${events.join(' → ') || 'start'}`;
}

/** Keep, shortest first, each simple path that takes a step of the state graph no kept path has taken yet. */
function edgeCoveringPaths(paths: Path[]): Path[] {
  const seen = new Set<string>();
  const kept: Path[] = [];
  for (const path of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
    const edges = path.steps
      .slice(1)
      .map(
        (step, i) =>
          `${JSON.stringify(path.steps[i]!.state.value)}|${JSON.stringify(path.steps[i]!.state.context)}|${step.event.type}`,
      );
    if (edges.some((edge) => !seen.has(edge))) {
      edges.forEach((edge) => seen.add(edge));
      kept.push(path);
    }
  }
  return kept;
}

const shortestPaths = getShortestPaths(pageProgressMachine, { ...traversal, serializeState: viaTransition });
// Simple paths through all 20 ticks number in the millions; two ticks show the growth and keep them countable.
const allSimplePaths = getSimplePaths(pageProgressMachine, {
  ...traversal,
  filterEvents: (snapshot: Snapshot, event: Event) =>
    traversal.filterEvents(snapshot, event) &&
    !(String(event.type).startsWith('xstate.after.tick') && snapshot.context.ticks >= 2),
});
const simplePaths = edgeCoveringPaths(allSimplePaths);

describe('page-progress machine model', () => {
  it('generates paths to every state, including the bar at its ceiling', () => {
    expect(timerEvents.map((e) => e.type).sort()).toEqual([
      'xstate.after.hideAfter.pageProgress.failed',
      'xstate.after.hideAfter.pageProgress.finishing',
      'xstate.after.throttle.pageProgress.pending',
      'xstate.after.tick.pageProgress.visible',
    ]);
    expect(new Set(shortestPaths.map((p) => p.state.value))).toEqual(
      new Set(['idle', 'pending', 'visible', 'finishing', 'failed']),
    );
    expect(
      shortestPaths.some((p) => p.state.context.ticks === TICKS && p.state.context.progress === PROGRESS_CEILING),
    ).toBe(true);
    expect(allSimplePaths.length).toBeGreaterThan(simplePaths.length);
  });

  describe('shortest paths', () => {
    it.each(shortestPaths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
      await replay(path);
    });
  });

  describe('simple paths', () => {
    it.each(simplePaths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
      await replay(path);
    });
  });
});

describe('page-progress timing', () => {
  function start() {
    const clock = new SimulatedClock();
    const actor = createActor(pageProgressMachine, { clock }).start();
    return { clock, actor };
  }

  it('never shows the bar for a request that ends within the throttle', () => {
    const { clock, actor } = start();
    actor.send({ type: 'request.started' });
    clock.increment(THROTTLE_MS - 1);
    actor.send({ type: 'request.finished' });
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(isVisible(actor.getSnapshot())).toBe(false);
  });

  it('grows to 90% over five seconds, stays there, then fills and hides 500 ms after the last request', () => {
    const { clock, actor } = start();
    actor.send({ type: 'request.started' });
    actor.send({ type: 'request.started' });
    clock.increment(THROTTLE_MS);
    expect(isVisible(actor.getSnapshot())).toBe(true);
    const seen: number[] = [progressPercent(actor.getSnapshot())];
    for (let i = 0; i < TICKS + 4; i++) {
      clock.increment(TICK_MS);
      seen.push(progressPercent(actor.getSnapshot()));
    }
    expect(seen.slice(0, 5)).toEqual([0, 9, 17, 25, 32]);
    expect(seen.at(TICKS)).toBe(90);
    expect(seen.slice(TICKS)).toEqual([90, 90, 90, 90, 90]);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);

    actor.send({ type: 'request.finished' });
    expect(actor.getSnapshot().value).toBe('visible');
    actor.send({ type: 'request.finished' });
    expect(actor.getSnapshot().value).toBe('finishing');
    expect(progressPercent(actor.getSnapshot())).toBe(100);
    clock.increment(HIDE_AFTER_MS - 1);
    expect(isVisible(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ outstanding: 0, ticks: 0, progress: 0 });
  });

  it('shows the failure, then gives still-running requests a fresh bar', () => {
    const { clock, actor } = start();
    actor.send({ type: 'request.started' });
    actor.send({ type: 'request.started' });
    clock.increment(THROTTLE_MS + TICK_MS);
    actor.send({ type: 'request.failed' });
    expect(hasFailed(actor.getSnapshot())).toBe(true);
    clock.increment(HIDE_AFTER_MS);
    expect(actor.getSnapshot().value).toBe('pending');
    expect(actor.getSnapshot().context).toEqual({ outstanding: 1, ticks: 0, progress: 0 });
    clock.increment(THROTTLE_MS);
    expect(actor.getSnapshot().value).toBe('visible');
    actor.send({ type: 'request.finished' });
    clock.increment(HIDE_AFTER_MS);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('ignores request ends it never saw start', () => {
    const { actor } = start();
    const idle = actor.getSnapshot();
    actor.send({ type: 'request.finished' });
    actor.send({ type: 'request.failed' });
    expect(actor.getSnapshot()).toBe(idle);
  });
});

describe('page-progress machine coverage', () => {
  it('visits every state and takes every transition when the generated paths are replayed', async () => {
    const sink: CoverageSink = { states: new Set(), transitions: new Set() };
    for (const path of [...shortestPaths, ...simplePaths]) await replay(path, sink);
    const states = getStateNodes(pageProgressMachine.root).map((n) => n.id);
    const transitions = allTransitions(pageProgressMachine);
    expect(states.filter((id) => !sink.states.has(id))).toEqual([]);
    expect([...transitions].filter((k) => !sink.transitions.has(k))).toEqual([]);
    expect(states.filter((id) => sink.states.has(id)).length / states.length).toBe(1);
    expect([...transitions].filter((k) => sink.transitions.has(k)).length / transitions.size).toBe(1);
    expect(states).toHaveLength(5);
    expect(transitions.size).toBe(18);
  });
});
