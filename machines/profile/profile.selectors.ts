import type { SnapshotFrom } from 'xstate';
import type { accountPreferencesForm, profileEditForm } from './profile-form.machine';
import type { profileMachine } from './profile.machine';

type PageSnap = SnapshotFrom<typeof profileMachine>;
type FormSnap = SnapshotFrom<typeof profileEditForm> | SnapshotFrom<typeof accountPreferencesForm>;

export const profileOf = (s: PageSnap) => s.context.profile;
export const currentTab = (s: PageSnap) => s.context.tab;
export const isProfileLoading = (s: PageSnap) => s.hasTag('loading');
export const profileLoadFailure = (s: PageSnap) => (s.hasTag('error') ? s.context.failure : null);

export const isFormSaving = (s: FormSnap) => s.hasTag('busy');
/** The failed save, while the partner has not changed anything since ('Failed to update account details'). */
export const formFailure = (s: FormSnap) => s.context.failure;
