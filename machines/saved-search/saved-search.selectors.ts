import type { SnapshotFrom } from 'xstate';
import type { savedSearchMachine } from './saved-search.machine';

type Snapshot = SnapshotFrom<typeof savedSearchMachine>;

/** Spec §4 saved search status. */
export const savedStatus = (s: Snapshot): 'not_saved' | 'saving' | 'saved' =>
  s.matches({ status: 'saving' }) ? 'saving' : s.matches({ status: 'saved' }) ? 'saved' : 'not_saved';
/** "Save search" (under a name) is for criteria that are not a saved search yet. */
export const canSaveUnderName = (s: Snapshot) => s.matches({ status: 'not_saved' });
/** "Use as my default": asked of the machine, so the button is enabled exactly when the machine would act on it. */
export const canSaveAsDefault = (s: Snapshot) => s.can({ type: 'save.requested', name: '', asDefault: true });
export const savedSearches = (s: Snapshot) => s.context.list;
export const isListLoading = (s: Snapshot) => s.hasTag('loading');
export const hasListFailed = (s: Snapshot) => s.hasTag('error');
export const deletingId = (s: Snapshot) => s.context.deleting;
