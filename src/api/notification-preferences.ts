import {
  NotificationPreferencesResponse,
  type NotificationMatrix,
  type NotificationPreferences,
} from '@/schemas/notification-preferences';
import { api } from './api';

/** The signed-in partner's notification preferences (schemas/notification-preferences.ts). */

export const fetchNotificationPreferences = (signal?: AbortSignal): Promise<NotificationPreferences> =>
  api
    .get('v1/notification-preferences', NotificationPreferencesResponse, 'NotificationPreferencesResponse', { signal })
    .then((r) => r.data);

export const saveNotificationPreferences = (preferences: NotificationMatrix): Promise<NotificationPreferences> =>
  api
    .put('v1/notification-preferences', NotificationPreferencesResponse, 'NotificationPreferencesResponse', {
      body: { preferences },
    })
    .then((r) => r.data);
