import type { SnapshotFrom } from 'xstate';
import type { toastsMachine } from './toasts.machine';
import type { Toast } from './toasts.types';

type ToastsSnapshot = SnapshotFrom<typeof toastsMachine>;

/** The toasts on screen, oldest first. */
export const toastsOf = (s: ToastsSnapshot): readonly Toast[] => s.context.toasts;

/** No toast leaves by itself: the partner points at or is focused in them. */
export const areToastsPaused = (s: ToastsSnapshot): boolean => s.matches('paused');
