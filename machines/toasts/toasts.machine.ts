import { enqueueActions, setup } from 'xstate';
import { toastTimerMachine } from './toast-timer.machine';
import { MAX_TOASTS, TOAST_LIFETIME_MS } from './toasts.timing';
import type { ToastsContext, ToastsEvent } from './toasts.types';

/** The toast a dismissal or a finished timer is about. */
const toastIdOf = (event: ToastsEvent): string | null =>
  event.type === 'toast.dismissed' ? event.id : 'output' in event ? event.output.id : null;

/**
 * A toast leaves when dismissed or when its time is up; with the last one the machine is idle, which also ends a
 * pause (the pointer may never send `toast.resumed` over a region that has emptied).
 */
const leaves = () => [
  { guard: 'isLastToast', target: 'idle', actions: 'removeToast' } as const,
  { guard: 'isKnownToast', actions: 'removeToast' } as const,
];

/**
 * The toasts of spec §8 (success and danger toasts after an action, danger toasts for failures), for the whole
 * portal: created once at the root (src/app/root-actors.tsx, `useToasts()`), shown by `ToastRegion`.
 *
 * Each toast has its own countdown, a spawned `toastTimerMachine` with the toast's id, so five toasts shown at
 * different moments each leave at their own time (5 s, danger 8 s). Pointing at or focusing the toasts pauses every
 * countdown; leaving gives each toast its full time again. At most five toasts: a sixth pushes out the oldest.
 * There is no toasts.actors.ts: the only actor is that timer, a machine of its own (toast-timer.machine.ts).
 */
export const toastsMachine = setup({
  types: {} as { context: ToastsContext; events: ToastsEvent },
  actors: { toastTimer: toastTimerMachine },
  actions: {
    /** Adds the toast with the next id, and starts its countdown (paused when the toasts are). */
    showToast: enqueueActions(({ context, event, enqueue }, params: { paused: boolean }) => {
      if (event.type !== 'toast.shown') return;
      const id = `toast-${context.nextId}`;
      enqueue.assign({
        toasts: [...context.toasts, { id, tone: event.tone, title: event.title, text: event.text ?? null }],
        nextId: context.nextId + 1,
      });
      enqueue.spawnChild('toastTimer', {
        id,
        input: { id, lifetimeMs: TOAST_LIFETIME_MS[event.tone], startsPaused: params.paused },
      });
    }),
    /** Takes the oldest toast away, and stops its countdown, to make room for a new one. */
    dropOldest: enqueueActions(({ context, enqueue }) => {
      const [oldest, ...rest] = context.toasts;
      if (!oldest) return;
      enqueue.stopChild(oldest.id);
      enqueue.assign({ toasts: rest });
    }),
    /** Takes away the toast that was dismissed or whose time is up, and stops its countdown. */
    removeToast: enqueueActions(({ context, event, enqueue }) => {
      const id = toastIdOf(event);
      if (id === null) return;
      enqueue.stopChild(id);
      enqueue.assign({ toasts: context.toasts.filter((t) => t.id !== id) });
    }),
    /** Stops every countdown. */
    pauseTimers: enqueueActions(({ context, enqueue }) => {
      for (const toast of context.toasts) enqueue.sendTo(toast.id, { type: 'toast.paused' });
    }),
    /** Starts every countdown again from its toast's full time. */
    resumeTimers: enqueueActions(({ context, enqueue }) => {
      for (const toast of context.toasts) enqueue.sendTo(toast.id, { type: 'toast.resumed' });
    }),
  },
  guards: {
    /** Five toasts are on screen already. */
    isFull: ({ context }) => context.toasts.length >= MAX_TOASTS,
    /** The event is about a toast on screen (a late or repeated dismissal is not). */
    isKnownToast: ({ context, event }) => context.toasts.some((t) => t.id === toastIdOf(event)),
    /** The event is about the only toast on screen. */
    isLastToast: ({ context, event }) => context.toasts.length === 1 && context.toasts[0]?.id === toastIdOf(event),
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], nextId: 1 },
  initial: 'idle',
  states: {
    idle: {
      description: 'No toast on screen (a pause ends with the last toast, so the next one counts down at once)',
      on: { 'toast.shown': { target: 'showing', actions: { type: 'showToast', params: { paused: false } } } },
    },
    showing: {
      description: 'Toasts on screen, each counting down its own time',
      on: {
        'toast.shown': [
          { guard: 'isFull', actions: ['dropOldest', { type: 'showToast', params: { paused: false } }] },
          { actions: { type: 'showToast', params: { paused: false } } },
        ],
        'toast.paused': { target: 'paused', actions: 'pauseTimers' },
        'toast.dismissed': leaves(),
        'xstate.done.actor.*': leaves(),
      },
    },
    paused: {
      description: 'The partner points at or is focused in the toasts: none leaves by itself, new ones wait too',
      on: {
        'toast.shown': [
          { guard: 'isFull', actions: ['dropOldest', { type: 'showToast', params: { paused: true } }] },
          { actions: { type: 'showToast', params: { paused: true } } },
        ],
        'toast.resumed': { target: 'showing', actions: 'resumeTimers' },
        // a timer that ran out just before the pause reached it still takes its toast away
        'toast.dismissed': leaves(),
        'xstate.done.actor.*': leaves(),
      },
    },
  },
});
