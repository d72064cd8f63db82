import type { SnapshotFrom } from 'xstate';
import type { privateWorkPreferencesMachine } from './private-work-preferences.machine';
import { volumeRule } from './private-work-preferences.rules';
import type { PreferencesRule } from './private-work-preferences.types';

type Snap = SnapshotFrom<typeof privateWorkPreferencesMachine>;

export const preferencesForm = (s: Snap) => s.context.form;
export const isPreferencesLoading = (s: Snap) => s.hasTag('loading');
export const hasPreferencesLoadFailed = (s: Snap) => s.hasTag('error');
export const isPreferencesSaving = (s: Snap) => s.hasTag('busy');
/** The failed save, told in the form (null while none, or while the read failed: that has its own notice). */
export const saveFailure = (s: Snap) => (s.matches('editing') ? s.context.failure : null);
export const loadFailure = (s: Snap) => (s.matches('loadFailed') ? s.context.failure : null);
/** The volume's broken rule, once the partner tried to save. */
export const shownVolumeRule = (s: Snap): PreferencesRule | null =>
  s.context.triedSave ? volumeRule(s.context.form) : null;
/** How the form ended: still open, saved (with the preferences as stored), or closed. */
export const preferencesOutcome = (s: Snap) =>
  s.matches('saved') ? ('saved' as const) : s.matches('closed') ? ('closed' as const) : ('open' as const);
