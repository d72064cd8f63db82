import { assign, setup } from 'xstate';
import { DEFAULT_NOTIFICATION_MATRIX, type NotificationMatrix } from '@/schemas/notification-preferences';
import { failureKind } from '@/src/api/errors';
import { loadNotificationPreferences, saveNotificationMatrix } from './notification-preferences.actors';
import type { NotificationPreferencesContext, NotificationPreferencesEvent } from './notification-preferences.types';

const sameMatrix = (a: NotificationMatrix, b: NotificationMatrix) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The notifications page (issue 8): read the partner's matrix of events × channels (e-mail, SMS, in-app), change any
 * cell, save the whole matrix. Saving with nothing changed sends nothing. A save the server refuses or never answers
 * puts the previous values back on screen and says 'Failed to update notification preferences' (`notifyFailed`, spec
 * §8: "the previous values kept"); a save that works says so (`notifySaved`). Both toasts are provided at the React
 * boundary. Nothing can be changed while a save runs.
 */
export const notificationPreferencesMachine = setup({
  types: {} as { context: NotificationPreferencesContext; events: NotificationPreferencesEvent },
  actors: { loadNotificationPreferences, saveNotificationMatrix },
  actions: { notifySaved: () => {}, notifyFailed: () => {} },
  guards: { hasChanges: ({ context }) => !sameMatrix(context.matrix, context.stored) },
}).createMachine({
  id: 'notificationPreferences',
  context: { matrix: DEFAULT_NOTIFICATION_MATRIX, stored: DEFAULT_NOTIFICATION_MATRIX, updatedAt: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the preferences',
      tags: ['loading'],
      invoke: {
        id: 'loadNotificationPreferences',
        src: 'loadNotificationPreferences',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            matrix: event.output.preferences,
            stored: event.output.preferences,
            updatedAt: event.output.updated_at,
          })),
        },
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => failureKind(event.error) }) },
      },
    },
    loadFailed: {
      description: 'The preferences could not be read: what went wrong, and a retry',
      tags: ['error'],
      on: { 'preferences.retried': { target: 'loading', actions: assign({ failure: null }) } },
    },
    editing: {
      description: 'The matrix; each cell can be switched on or off, then saved or put back',
      on: {
        'preference.toggled': {
          actions: assign({
            matrix: ({ context, event }) => ({
              ...context.matrix,
              [event.event]: { ...context.matrix[event.event], [event.channel]: event.enabled },
            }),
          }),
        },
        'preferences.submitted': { guard: 'hasChanges', target: 'saving', actions: assign({ failure: null }) },
        'preferences.reset': { guard: 'hasChanges', actions: assign({ matrix: ({ context }) => context.stored }) },
      },
    },
    saving: {
      description: 'Saving the whole matrix; the switches wait for the answer',
      tags: ['busy'],
      invoke: {
        id: 'saveNotificationMatrix',
        src: 'saveNotificationMatrix',
        input: ({ context }) => context.matrix,
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({
              matrix: event.output.preferences,
              stored: event.output.preferences,
              updatedAt: event.output.updated_at,
            })),
            'notifySaved',
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({
              matrix: ({ context }) => context.stored,
              failure: ({ event }) => failureKind(event.error),
            }),
            'notifyFailed',
          ],
        },
      },
    },
  },
});
