import { fromPromise } from 'xstate';
import type { PrivateWorkPreferences } from '@/schemas/private-job';
import { fetchPrivateWorkPreferences, savePrivateWorkPreferences } from '@/src/api/private-jobs';

/** GET …/private-work-preferences (the defaults when never saved). */
export const loadPreferences = fromPromise<PrivateWorkPreferences>(({ signal }) => fetchPrivateWorkPreferences(signal));

/** PUT …/private-work-preferences; not aborted once the partner has saved. */
export const savePreferences = fromPromise<PrivateWorkPreferences, PrivateWorkPreferences>(({ input }) =>
  savePrivateWorkPreferences(input),
);
