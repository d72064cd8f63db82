import { assign, setup } from 'xstate';
import type { PrivateWorkPreferences } from '@/schemas/private-job';
import { failureOf } from '@/machines/private-job/private-job.rules';
import { loadPreferences, savePreferences } from './private-work-preferences.actors';
import { DEFAULT_FORM, formOfPreferences, preferencesOfForm, volumeRule } from './private-work-preferences.rules';
import type { PreferencesContext, PreferencesEvent } from './private-work-preferences.types';

/**
 * The private work preferences form (issue 7, spec §2 "private work form and preferences"): read the partner's
 * preferences, change them, save. A save the server refuses or never answers is told in the form ('Failed to update
 * private work preferences', worded like spec §8's 'Failed to update notification preferences') with everything
 * typed kept, so saving again is one press. The volume's rule shows once the partner tried to save.
 */
export const privateWorkPreferencesMachine = setup({
  types: {} as { context: PreferencesContext; events: PreferencesEvent; output: PrivateWorkPreferences | null },
  actors: { loadPreferences, savePreferences },
  guards: { isFormValid: ({ context }) => volumeRule(context.form) === null },
}).createMachine({
  id: 'privateWorkPreferences',
  context: { form: DEFAULT_FORM, triedSave: false, failure: null, saved: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the preferences',
      tags: ['loading'],
      on: { 'preferences.closed': { target: 'closed' } },
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: { target: 'editing', actions: assign({ form: ({ event }) => formOfPreferences(event.output) }) },
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    loadFailed: {
      description: 'The preferences could not be read: a retry',
      tags: ['error'],
      on: {
        'preferences.retried': { target: 'loading', actions: assign({ failure: null }) },
        'preferences.closed': { target: 'closed' },
      },
    },
    editing: {
      description: 'The form; a failed save is told here with what was typed',
      on: {
        'preferences.changed': {
          actions: assign({ form: ({ context, event }) => ({ ...context.form, ...event.patch }) }),
        },
        'preferences.submitted': [
          { guard: 'isFormValid', target: 'saving', actions: assign({ triedSave: true, failure: null }) },
          { actions: assign({ triedSave: true }) },
        ],
        'preferences.closed': { target: 'closed' },
      },
    },
    saving: {
      description: 'Saving; the form cannot be closed until the answer',
      tags: ['busy'],
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        input: ({ context }) => preferencesOfForm(context.form),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    saved: { description: 'Saved: new private jobs and the calendar follow them', type: 'final' },
    closed: { description: 'Closed without saving', type: 'final' },
  },
  output: ({ context }) => context.saved,
});
