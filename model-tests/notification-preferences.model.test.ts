import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { notificationPreferencesMachine } from '@/machines/notification-preferences/notification-preferences.machine';
import {
  hasUnsavedChanges,
  preferencesLoadFailure,
} from '@/machines/notification-preferences/notification-preferences.selectors';
import {
  DEFAULT_NOTIFICATION_MATRIX,
  type NotificationMatrix,
  type NotificationPreferences,
} from '@/schemas/notification-preferences';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof notificationPreferencesMachine>;

/** What the server holds: the defaults but no SMS for return offers. */
const stored: NotificationPreferences = {
  preferences: { ...DEFAULT_NOTIFICATION_MATRIX, return_offers: { email: true, sms: false, in_app: true } },
  updated_at: '2026-11-01T10:00:00.000Z',
};
const changedMatrix: NotificationMatrix = {
  ...stored.preferences,
  payments: { ...stored.preferences.payments, sms: true },
};
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/notification-preferences' });
const broken = new HttpError({
  status: 500,
  message: 'Sorry',
  errors: {},
  code: null,
  url: 'v1/notification-preferences',
});

/** The partner switches SMS for payments on (and off again), saves or puts it back. */
const events = (s: Snap): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadNotificationPreferences', output: stored },
  { type: 'xstate.error.actor.loadNotificationPreferences', error: offline },
  { type: 'preferences.retried' },
  { type: 'preference.toggled', event: 'payments', channel: 'sms', enabled: !s.context.matrix.payments.sms },
  { type: 'preferences.submitted' },
  { type: 'preferences.reset' },
  {
    type: 'xstate.done.actor.saveNotificationMatrix',
    output: { preferences: changedMatrix, updated_at: '2026-11-18T14:30:00.000Z' },
  },
  { type: 'xstate.error.actor.saveNotificationMatrix', error: s.context.updatedAt ? broken : offline },
];

const coverage = new Coverage(notificationPreferencesMachine);

describe('notification preferences', () => {
  const paths = getShortestPaths(notificationPreferencesMachine, { events, ...byIncomingEvent } as never).filter(
    (p) => p.steps.length <= 6,
  );

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      notificationPreferencesMachine,
      path,
      {
        promiseActors: ['loadNotificationPreferences', 'saveNotificationMatrix'],
        actions: ['notifySaved', 'notifyFailed'],
        check: (snap, step, record) => {
          // only a changed matrix is sent, and always whole
          for (const call of record.calls.filter((c) => c.src === 'saveNotificationMatrix'))
            expect(call.input).toEqual(changedMatrix);
          if (step.event.type === 'xstate.error.actor.saveNotificationMatrix') {
            // 'Failed to update notification preferences', and the previous values back on screen
            expect(record.actions.at(-1)?.type).toBe('notifyFailed');
            expect(snap.context.matrix).toEqual(stored.preferences);
            expect(hasUnsavedChanges(snap)).toBe(false);
          }
          if (step.event.type === 'xstate.done.actor.saveNotificationMatrix') {
            expect(record.actions.at(-1)?.type).toBe('notifySaved');
            expect(snap.context.stored).toEqual(changedMatrix);
          }
          if (step.event.type === 'preferences.reset') expect(snap.context.matrix).toEqual(snap.context.stored);
          if (snap.matches('loadFailed')) expect(preferencesLoadFailure(snap)).toBe('offline');
        },
      },
      coverage,
    );
  });

  it('sends nothing when nothing changed', () => {
    const loaded = paths.find((p) => p.state.matches('editing') && !hasUnsavedChanges(p.state))!;
    expect(loaded.state.can({ type: 'preferences.submitted' })).toBe(false);
  });
});

afterAll(() => coverage.expectComplete({ states: 4, transitions: 8 }));
