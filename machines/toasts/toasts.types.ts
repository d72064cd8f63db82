import type { DoneActorEvent } from 'xstate';

/** How a toast looks and how it is announced: success and info politely, danger at once (spec §8). */
export type ToastTone = 'success' | 'danger' | 'info';

/** One toast on screen. */
export interface Toast {
  /** `toast-<n>` from the machine's counter: the same events give the same ids, in tests and docs alike. */
  readonly id: string;
  readonly tone: ToastTone;
  /**
   * Already translated by the sender. Unlike other machines this one carries text, not message ids: a toast often
   * shows the server's own messages (spec §8: "the server's error messages joined by new lines"), which have no id.
   */
  readonly title: string;
  /** An optional second line, also translated by the sender; null when there is none. */
  readonly text: string | null;
}

export interface ToastsContext {
  /** The toasts on screen, oldest first; never more than `MAX_TOASTS`. */
  toasts: readonly Toast[];
  /** The number in the id of the next toast. */
  nextId: number;
}

/** What a toast's timer answers when its time is up: which toast to take away. */
export interface ToastTimerOutput {
  readonly id: string;
}

export type ToastsEvent =
  /** Show a toast; the oldest goes when five are already on screen. */
  | { type: 'toast.shown'; tone: ToastTone; title: string; text?: string }
  /** The partner closed a toast (its dismiss button). Unknown ids are ignored. */
  | { type: 'toast.dismissed'; id: string }
  /** The pointer is over the toasts or focus is inside them: no toast goes away by itself meanwhile. */
  | { type: 'toast.paused' }
  /** The pointer left and focus moved out: every toast's countdown starts again from its full time. */
  | { type: 'toast.resumed' }
  /** A toast's timer (`toastTimerMachine`, spawned with the toast's id) ran out. */
  | DoneActorEvent<ToastTimerOutput>;

export interface ToastTimerInput {
  /** The toast this timer belongs to; also the timer's actor id. */
  readonly id: string;
  /** How long the toast stays (ms) while nothing pauses it. */
  readonly lifetimeMs: number;
  /** The toast appeared while the toasts were paused: the countdown waits for `toast.resumed`. */
  readonly startsPaused: boolean;
}

export type ToastTimerContext = ToastTimerInput;

export type ToastTimerEvent = { type: 'toast.paused' } | { type: 'toast.resumed' };
