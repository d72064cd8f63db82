import type { SnapshotFrom } from 'xstate';
import type { notificationPreferencesMachine } from './notification-preferences.machine';

type Snap = SnapshotFrom<typeof notificationPreferencesMachine>;

export const matrixOf = (s: Snap) => s.context.matrix;
export const isPreferencesLoading = (s: Snap) => s.hasTag('loading');
export const isPreferencesSaving = (s: Snap) => s.hasTag('busy');
export const preferencesLoadFailure = (s: Snap) => (s.hasTag('error') ? s.context.failure : null);
/** Whether the matrix on screen differs from the stored one (Save and Undo are offered then). */
export const hasUnsavedChanges = (s: Snap) => JSON.stringify(s.context.matrix) !== JSON.stringify(s.context.stored);
