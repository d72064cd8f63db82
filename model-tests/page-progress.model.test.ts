import { afterAll, describe, expect, it } from 'vitest';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
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
import {
  byIncomingEvent,
  Coverage,
  delayEvents,
  describePath,
  edgeCoveringPaths,
  runPath,
  startMachine,
} from './model-harness';

type Snapshot = ReturnType<typeof pageProgressMachine.transition>;
type Event = Parameters<typeof pageProgressMachine.transition>[1];

// The three request events, and the timer event of every `after` delay: the graph treats a timer firing as one
// more event, and the harness turns it into clock time.
const requestEvents: Event[] = [{ type: 'request.started' }, { type: 'request.finished' }, { type: 'request.failed' }];
const timerEvents = delayEvents(pageProgressMachine) as Event[];

// Two requests at once are enough to tell "the last one ended" from "one of several ended".
const atMostTwoRequests = (snapshot: Snapshot, event: Event) =>
  snapshot.can(event) && !(event.type === 'request.started' && snapshot.context.outstanding >= 2);
const traversal = { events: [...requestEvents, ...timerEvents], filterEvents: atMostTwoRequests };

const shortestPaths = getShortestPaths(pageProgressMachine, {
  ...traversal,
  serializeState: byIncomingEvent.serializeState,
});
// Simple paths through all 20 ticks number in the millions; two ticks show the growth and keep them countable.
const allSimplePaths = getSimplePaths(pageProgressMachine, {
  ...traversal,
  filterEvents: (snapshot: Snapshot, event: Event) =>
    atMostTwoRequests(snapshot, event) &&
    !(String(event.type).startsWith('xstate.after.tick') && snapshot.context.ticks >= 2),
});
const simplePaths = edgeCoveringPaths(allSimplePaths);

const coverage = new Coverage(pageProgressMachine);

/** What the bar must look like in each state, independent of how the machine computes it. */
function expectLooksRight(snapshot: Snapshot) {
  const { outstanding, ticks, progress } = snapshot.context;
  const looks = { outstanding, progress, visible: isVisible(snapshot), failed: hasFailed(snapshot) };
  expect(outstanding).toBeGreaterThanOrEqual(0);
  switch (snapshot.value) {
    case 'idle':
      expect(looks).toEqual({ outstanding: 0, progress: 0, visible: false, failed: false });
      break;
    case 'pending':
      expect(outstanding).toBeGreaterThan(0);
      expect(looks).toEqual({ outstanding, progress: 0, visible: false, failed: false });
      break;
    case 'visible':
      expect(outstanding).toBeGreaterThan(0);
      expect(progress).toBe(progressAt(ticks));
      expect(progress).toBeLessThanOrEqual(PROGRESS_CEILING);
      expect(looks).toEqual({ outstanding, progress, visible: true, failed: false });
      break;
    case 'finishing':
      expect(looks).toEqual({ outstanding: 0, progress: 100, visible: true, failed: false });
      break;
    case 'failed':
      expect(looks).toEqual({ outstanding, progress: 100, visible: true, failed: true });
      break;
    default:
      throw new Error(`Unexpected state ${JSON.stringify(snapshot.value)}`);
  }
  expect(progressPercent(snapshot)).toBe(progress);
  expect(snapshot.hasTag('loading')).toBe(snapshot.matches('pending') || snapshot.matches('visible'));
}

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

  describe.each([
    ['shortest', shortestPaths],
    ['simple', simplePaths],
  ] as const)('%s paths', (_kind, paths) => {
    it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
      // Timers start when their state is entered and only delays move the clock, so every delay is exact.
      await runPath(
        pageProgressMachine,
        path,
        {
          delays: { throttle: THROTTLE_MS, tick: TICK_MS, hideAfter: HIDE_AFTER_MS },
          exactDelays: true,
          check: expectLooksRight,
        },
        coverage,
      );
    });
  });
});

describe('page-progress timing', () => {
  const start = () => startMachine(pageProgressMachine);

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

afterAll(() => coverage.expectComplete({ states: 5, transitions: 18 }));
