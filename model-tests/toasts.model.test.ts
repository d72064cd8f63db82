import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { toastTimerMachine } from '@/machines/toasts/toast-timer.machine';
import { toastsMachine } from '@/machines/toasts/toasts.machine';
import { areToastsPaused, toastsOf } from '@/machines/toasts/toasts.selectors';
import { MAX_TOASTS, TOAST_LIFETIME_MS } from '@/machines/toasts/toasts.timing';
import type { ToastTone } from '@/machines/toasts/toasts.types';
import { byIncomingEvent, Coverage, delayEvents, describePath, runPath, startMachine } from './model-harness';

type Snapshot = ReturnType<typeof toastsMachine.transition>;

/** Every state and transition of each machine: a change to a machine changes these on purpose. */
const SIZE = { states: 3, transitions: 15 };
const TIMER_SIZE = { states: 4, transitions: 5 };
const coverage = new Coverage(toastsMachine);
const timerCoverage = new Coverage(toastTimerMachine);

// The n-th toast of a path has a tone that cycles, so paths show every tone without multiplying the graph by three.
const TONES: readonly ToastTone[] = ['success', 'danger', 'info'];
const toneOf = (n: number) => TONES[(n - 1) % TONES.length]!;
const shownEvent = (n: number) => ({
  type: 'toast.shown',
  tone: toneOf(n),
  title: `Title ${n}`,
  // every other toast has a second line, so both shapes are stored
  ...(n % 2 === 0 ? { text: `Text ${n}` } : {}),
});
/** One more toast than fit, so paths reach the push-out of the oldest, paused and not. */
const MOST_SHOWN = MAX_TOASTS + 1;

/**
 * Events offered in a snapshot: the next toast, pause and resume, a dismissal of the newest toast and the end of the
 * oldest one's timer (the toasts in between behave alike; the oldest is the one whose time runs out first). An unknown
 * id is offered too: `can()` drops it, since no transition takes it. New toasts come only until one has left: showing
 * after a removal takes the same transitions, and the graph stays a few hundred paths instead of thousands.
 */
function eventsIn(snapshot: Snapshot): AnyEventObject[] {
  const { toasts, nextId } = snapshot.context;
  const oldest = toasts[0];
  const newest = toasts.at(-1);
  const noneLeft = toasts.length === Math.min(nextId - 1, MAX_TOASTS);
  return [
    ...(nextId <= MOST_SHOWN && noneLeft ? [shownEvent(nextId)] : []),
    { type: 'toast.paused' },
    { type: 'toast.resumed' },
    { type: 'toast.dismissed', id: 'toast-99' },
    ...(newest ? [{ type: 'toast.dismissed', id: newest.id }] : []),
    ...(oldest ? [{ type: `xstate.done.actor.${oldest.id}`, output: { id: oldest.id } }] : []),
  ];
}

/** What the toasts must look like in a snapshot, independent of how the machine computes it. */
function expectConsistent(snapshot: Snapshot) {
  const toasts = toastsOf(snapshot);
  expect(toasts.length).toBeLessThanOrEqual(MAX_TOASTS);
  expect(snapshot.matches('idle')).toBe(toasts.length === 0);
  expect(areToastsPaused(snapshot)).toBe(snapshot.matches('paused'));
  // oldest first, ids from the counter, each toast as it was shown
  const numbers = toasts.map((t) => Number(t.id.replace('toast-', '')));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  for (const [i, toast] of toasts.entries()) {
    const n = numbers[i]!;
    expect(n).toBeLessThan(snapshot.context.nextId);
    expect(toast).toEqual({
      id: `toast-${n}`,
      tone: toneOf(n),
      title: `Title ${n}`,
      text: n % 2 === 0 ? `Text ${n}` : null,
    });
  }
}

describe('toasts machine model', () => {
  const paths = getShortestPaths(toastsMachine, { events: eventsIn, ...byIncomingEvent } as never);

  it('generates paths that push out the oldest toast, paused and not', () => {
    const pushOuts = paths.flatMap((p) =>
      p.steps.filter(
        (s, i) => s.event.type === 'toast.shown' && p.steps[i - 1]?.state.context.toasts.length === MAX_TOASTS,
      ),
    );
    expect(new Set(pushOuts.map((s) => s.state.value))).toEqual(new Set(['showing', 'paused']));
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let paused = false;
    await runPath(
      toastsMachine,
      path,
      {
        // the timers are fakes here: the path ends them itself (`xstate.done.actor.toast-<n>`)
        promiseActors: ['toastTimer'],
        check: (snap, step, record) => {
          expectConsistent(snap);
          if (step.event.type === 'toast.paused') paused = true;
          if (step.event.type === 'toast.resumed' || snap.matches('idle')) paused = false;
          // one timer per toast shown, with the toast's lifetime, started paused while the toasts are paused
          const shown = Number(snap.context.nextId) - 1;
          expect(record.calls).toHaveLength(shown);
          if (step.event.type === 'toast.shown') {
            const toast = toastsOf(snap).at(-1)!;
            expect(record.calls.at(-1)).toEqual({
              src: 'toastTimer',
              input: { id: toast.id, lifetimeMs: TOAST_LIFETIME_MS[toast.tone], startsPaused: paused },
            });
          }
        },
      },
      coverage,
    );
  });
});

describe('toast timer machine model', () => {
  const events: AnyEventObject[] = [
    { type: 'toast.paused' },
    { type: 'toast.resumed' },
    ...delayEvents(toastTimerMachine),
  ];
  describe.each([
    { id: 'toast-1', lifetimeMs: TOAST_LIFETIME_MS.success, startsPaused: false },
    { id: 'toast-2', lifetimeMs: TOAST_LIFETIME_MS.danger, startsPaused: true },
  ])('lasting $lifetimeMs ms, starting paused: $startsPaused', (input) => {
    const paths = getShortestPaths(toastTimerMachine, { events, input, ...byIncomingEvent } as never);
    it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
      await runPath(
        toastTimerMachine,
        path,
        {
          input,
          delays: { lifetime: input.lifetimeMs },
          exactDelays: true,
          check: (snap) => {
            expect(snap.context).toEqual(input);
            expect(snap.status).toBe(snap.matches('expired') ? 'done' : 'active');
            if (snap.status === 'done') expect(snap.output).toEqual({ id: input.id });
          },
        },
        timerCoverage,
      );
    });
  });
});

describe('toasts on the clock (real timers)', () => {
  const start = () => startMachine(toastsMachine);
  const ids = (snap: Snapshot) => toastsOf(snap).map((t) => t.id);

  it.each([
    ['success', 5000],
    ['info', 5000],
    ['danger', 8000],
  ] as const)('takes a %s toast away after exactly %i ms', (tone, ms) => {
    const { actor, clock } = start();
    actor.send({ type: 'toast.shown', tone, title: 'Saved' });
    clock.increment(ms - 1);
    expect(ids(actor.getSnapshot())).toEqual(['toast-1']);
    clock.increment(1);
    expect(ids(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(Object.keys(actor.getSnapshot().children)).toEqual([]);
  });

  it('counts each toast from its own start', () => {
    const { actor, clock } = start();
    actor.send({ type: 'toast.shown', tone: 'danger', title: 'Unable to cancel this reservation' });
    clock.increment(1000);
    actor.send({ type: 'toast.shown', tone: 'success', title: 'Cancellation successful' });
    clock.increment(4999);
    expect(ids(actor.getSnapshot())).toEqual(['toast-1', 'toast-2']);
    clock.increment(1);
    expect(ids(actor.getSnapshot())).toEqual(['toast-1']);
    clock.increment(1999);
    expect(ids(actor.getSnapshot())).toEqual(['toast-1']);
    clock.increment(1);
    expect(ids(actor.getSnapshot())).toEqual([]);
  });

  it('keeps every toast while paused, new ones too, then gives each its full time again', () => {
    const { actor, clock } = start();
    actor.send({ type: 'toast.shown', tone: 'success', title: 'One' });
    clock.increment(4000);
    actor.send({ type: 'toast.paused' });
    actor.send({ type: 'toast.shown', tone: 'danger', title: 'Two' });
    clock.increment(60_000);
    expect(ids(actor.getSnapshot())).toEqual(['toast-1', 'toast-2']);
    actor.send({ type: 'toast.resumed' });
    clock.increment(4999);
    expect(ids(actor.getSnapshot())).toEqual(['toast-1', 'toast-2']);
    clock.increment(1);
    expect(ids(actor.getSnapshot())).toEqual(['toast-2']);
    clock.increment(3000);
    expect(ids(actor.getSnapshot())).toEqual([]);
  });

  it('ends a pause with the last toast, so the next one counts down even if no resume comes', () => {
    const { actor, clock } = start();
    actor.send({ type: 'toast.shown', tone: 'success', title: 'One' });
    actor.send({ type: 'toast.paused' });
    actor.send({ type: 'toast.dismissed', id: 'toast-1' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'toast.shown', tone: 'success', title: 'Two' });
    clock.increment(5000);
    expect(ids(actor.getSnapshot())).toEqual([]);
  });

  it('pushes out the oldest of five and stops its timer', () => {
    const { actor, clock } = start();
    for (let n = 1; n <= 7; n++) actor.send({ type: 'toast.shown', tone: 'success', title: `T${n}` });
    expect(ids(actor.getSnapshot())).toEqual(['toast-3', 'toast-4', 'toast-5', 'toast-6', 'toast-7']);
    expect(Object.keys(actor.getSnapshot().children).sort()).toEqual(ids(actor.getSnapshot()).sort());
    clock.increment(5000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.nextId).toBe(8);
  });

  it('ignores a dismissal of a toast that is gone', () => {
    const { actor } = start();
    actor.send({ type: 'toast.shown', tone: 'info', title: 'One' });
    actor.send({ type: 'toast.dismissed', id: 'toast-1' });
    const before = actor.getSnapshot();
    actor.send({ type: 'toast.dismissed', id: 'toast-1' });
    expect(actor.getSnapshot()).toBe(before);
  });
});

afterAll(() => {
  coverage.expectComplete(SIZE);
  timerCoverage.expectComplete(TIMER_SIZE);
});
