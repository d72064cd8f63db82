import type { SnapshotFrom } from 'xstate';
import type { termsMachine } from './terms.machine';

type Snap = SnapshotFrom<typeof termsMachine>;

export const termsStatus = (s: Snap) => s.context.status;
export const isLoadingTerms = (s: Snap): boolean => s.matches('loading');
export const isAccepting = (s: Snap): boolean => s.matches('accepting');
export const termsLoadFailure = (s: Snap) => (s.matches('failed') ? s.context.loadFailure : null);
export const acceptFailure = (s: Snap) => s.context.acceptFailure;
export const canAccept = (s: Snap): boolean => s.matches('reading');
/** When the partner accepted the terms (ISO instant), or null. */
export const acceptedAt = (s: Snap): string | null => s.context.status?.accepted_at ?? null;
