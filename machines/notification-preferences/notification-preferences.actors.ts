import { fromPromise } from 'xstate';
import type { NotificationMatrix, NotificationPreferences } from '@/schemas/notification-preferences';
import { fetchNotificationPreferences, saveNotificationPreferences } from '@/src/api/notification-preferences';

/** GET /v1/notification-preferences (the defaults when never saved). */
export const loadNotificationPreferences = fromPromise<NotificationPreferences>(({ signal }) =>
  fetchNotificationPreferences(signal),
);

/** PUT /v1/notification-preferences: the whole matrix; not aborted once the partner has saved. */
export const saveNotificationMatrix = fromPromise<NotificationPreferences, NotificationMatrix>(({ input }) =>
  saveNotificationPreferences(input),
);
