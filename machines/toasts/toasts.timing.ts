import type { ToastTone } from './toasts.types';

/**
 * How long a toast stays on screen (ms) while nothing pauses it. A danger toast says what went wrong and often
 * what to do, so it stays longer than a confirmation.
 */
export const TOAST_LIFETIME_MS: Readonly<Record<ToastTone, number>> = {
  success: 5000,
  info: 5000,
  danger: 8000,
};

/** Most toasts on screen at once; a sixth pushes the oldest out. */
export const MAX_TOASTS = 5;
