import { fromPromise } from 'xstate';
import type { AccountPreferences, Profile } from '@/schemas/profile';
import { fetchProfile, saveAccountPreferences, saveProfile, type ProfileEdit } from '@/src/api/profile';

/** GET /v1/profile. */
export const loadProfile = fromPromise<Profile>(({ signal }) => fetchProfile(signal));

/** PUT /v1/profile; not aborted once the partner has saved. */
export const saveProfileEdit = fromPromise<Profile, ProfileEdit>(({ input }) => saveProfile(input));

/** PUT /v1/profile/preferences. */
export const savePreferences = fromPromise<Profile, AccountPreferences>(({ input }) => saveAccountPreferences(input));
