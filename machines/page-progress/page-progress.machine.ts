import { assign, setup } from 'xstate';
import { HIDE_AFTER_MS, THROTTLE_MS, TICK_MS, TICKS, progressAt } from '@/machines/page-progress/page-progress.timing';
import type { PageProgressContext, PageProgressEvent } from '@/machines/page-progress/page-progress.types';

const startFresh = { ticks: 0, progress: 0 };

/**
 * The loading bar (spec §4, §9): shown while requests are outstanding, fails on a request error, finishes when
 * none remain. Time runs only through named `after` delays, so tests drive it with `SimulatedClock`; there are no
 * invoked actors, hence no page-progress.actors.ts.
 */
export const pageProgressMachine = setup({
  types: {} as { context: PageProgressContext; events: PageProgressEvent },
  actions: {
    countStarted: assign({ outstanding: ({ context }) => context.outstanding + 1 }),
    countEnded: assign({ outstanding: ({ context }) => Math.max(0, context.outstanding - 1) }),
    startBar: assign({ outstanding: ({ context }) => context.outstanding + 1, ...startFresh }),
    advanceProgress: assign(({ context }) => ({ ticks: context.ticks + 1, progress: progressAt(context.ticks + 1) })),
    fillBar: assign({ progress: 100 }),
    resetBar: assign(startFresh),
  },
  guards: {
    /** The request that just ended was the last outstanding one. */
    isLastRequest: ({ context }) => context.outstanding <= 1,
    hasOutstanding: ({ context }) => context.outstanding > 0,
    isBelowCeiling: ({ context }) => context.ticks < TICKS,
  },
  delays: {
    throttle: THROTTLE_MS,
    tick: TICK_MS,
    hideAfter: HIDE_AFTER_MS,
  },
}).createMachine({
  id: 'pageProgress',
  context: { outstanding: 0, ...startFresh },
  initial: 'idle',
  states: {
    idle: {
      description: 'No request is outstanding; the bar is hidden',
      on: { 'request.started': { target: 'pending', actions: 'startBar' } },
    },
    pending: {
      description: 'Requests are outstanding but the bar waits 200 ms, so quick requests never show it',
      tags: ['loading'],
      after: { throttle: { target: 'visible' } },
      on: {
        'request.started': { actions: 'countStarted' },
        'request.finished': [
          { guard: 'isLastRequest', target: 'idle', actions: 'countEnded' },
          { actions: 'countEnded' },
        ],
        'request.failed': { target: 'failed', actions: 'countEnded' },
      },
    },
    visible: {
      description: 'The bar is shown and grows toward 90% over 5 seconds while requests are outstanding',
      tags: ['loading', 'visible'],
      after: {
        tick: { guard: 'isBelowCeiling', target: 'visible', reenter: true, actions: 'advanceProgress' },
      },
      on: {
        'request.started': { actions: 'countStarted' },
        'request.finished': [
          { guard: 'isLastRequest', target: 'finishing', actions: 'countEnded' },
          { actions: 'countEnded' },
        ],
        'request.failed': { target: 'failed', actions: 'countEnded' },
      },
    },
    finishing: {
      description: 'The last request has ended: the bar is full for 500 ms, then hides',
      tags: ['visible'],
      entry: 'fillBar',
      after: { hideAfter: { target: 'idle', actions: 'resetBar' } },
      on: { 'request.started': { target: 'visible', actions: 'startBar' } },
    },
    failed: {
      description: 'A request failed: the bar shows its failed look for 500 ms, then hides',
      tags: ['visible', 'error'],
      entry: 'fillBar',
      after: {
        hideAfter: [
          // Requests still running get a fresh bar rather than being forgotten.
          { guard: 'hasOutstanding', target: 'pending', actions: 'resetBar' },
          { target: 'idle', actions: 'resetBar' },
        ],
      },
      on: {
        'request.started': { target: 'pending', actions: 'startBar' },
        'request.finished': { actions: 'countEnded' },
        'request.failed': { actions: 'countEnded' },
      },
    },
  },
});
