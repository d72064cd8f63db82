import { setup } from 'xstate';
import type { ToastTimerContext, ToastTimerEvent, ToastTimerInput, ToastTimerOutput } from './toasts.types';

/**
 * The countdown of one toast, spawned by `toastsMachine` for each toast it shows (actor id = toast id). It finishes
 * when the toast's time is up, and its output names the toast to take away. Pausing stops the countdown; resuming
 * starts it again from the toast's full time, so a partner who was reading a toast never loses it the moment they
 * look away (WCAG 2.2.1, timing adjustable). Machine time only: `after` delays, driven by `SimulatedClock` in tests.
 */
export const toastTimerMachine = setup({
  types: {} as {
    context: ToastTimerContext;
    events: ToastTimerEvent;
    input: ToastTimerInput;
    output: ToastTimerOutput;
  },
  guards: {
    /** The toast appeared while the toasts were paused. */
    startsPaused: ({ context }) => context.startsPaused,
  },
  delays: {
    /** The toast's full time: 5 s for success and info, 8 s for danger (toasts.timing.ts). */
    lifetime: ({ context }) => context.lifetimeMs,
  },
}).createMachine({
  id: 'toastTimer',
  context: ({ input }) => ({ ...input }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Reads whether the toasts are paused as this one appears',
      always: [{ guard: 'startsPaused', target: 'paused' }, { target: 'counting' }],
    },
    counting: {
      description: 'The toast is on screen and its time runs',
      after: { lifetime: { target: 'expired' } },
      on: { 'toast.paused': 'paused' },
    },
    paused: {
      description: 'The partner points at or is focused in the toasts: the time stands still',
      on: { 'toast.resumed': 'counting' },
    },
    expired: {
      description: 'Time is up: the toasts machine takes this toast away',
      type: 'final',
    },
  },
  output: ({ context }) => ({ id: context.id }),
});
