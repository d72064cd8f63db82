import {
  DEFAULT_NOTIFICATION_MATRIX,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationMatrix,
  type NotificationPreferences,
} from '@/schemas/notification-preferences';
import type { Db } from '@/server/db/db';
import { insertRows } from '@/server/seed/insert-rows';

/**
 * GET and PUT /v1/notification-preferences (migration 0013): the signed-in partner's choices per event and channel.
 * Stored as one row per saved cell; a cell without a row (never saved) has its default (DEFAULT_NOTIFICATION_MATRIX).
 * A save replaces the whole matrix in one transaction.
 */

interface PreferenceRow {
  event: NotificationEvent;
  channel: NotificationChannel;
  enabled: boolean;
  updated_at: Date;
}

export const loadNotificationPreferences = async (
  db: Db,
  userId: number,
): Promise<typeof NotificationPreferences.Encoded> => {
  const { rows } = await db.query<PreferenceRow>(
    'select event, channel, enabled, updated_at from notification_preferences where user_id = $1',
    [userId],
  );
  const saved = new Map(rows.map((r) => [`${r.event}.${r.channel}`, r.enabled]));
  const preferences = Object.fromEntries(
    NOTIFICATION_EVENTS.map((event) => [
      event,
      Object.fromEntries(
        NOTIFICATION_CHANNELS.map((channel) => [
          channel,
          saved.get(`${event}.${channel}`) ?? DEFAULT_NOTIFICATION_MATRIX[event][channel],
        ]),
      ),
    ]),
  ) as NotificationMatrix;
  const latest = rows.reduce<Date | null>((at, r) => (at === null || r.updated_at > at ? r.updated_at : at), null);
  return { preferences, updated_at: latest?.toISOString() ?? null };
};

export const saveNotificationPreferences = async (
  db: Db,
  userId: number,
  matrix: NotificationMatrix,
  now: Date,
): Promise<typeof NotificationPreferences.Encoded> => {
  await db.transaction(async (tx) => {
    await tx.query('delete from notification_preferences where user_id = $1', [userId]);
    await insertRows(
      tx,
      'notification_preferences',
      NOTIFICATION_EVENTS.flatMap((event) =>
        NOTIFICATION_CHANNELS.map((channel) => ({
          user_id: userId,
          event,
          channel,
          enabled: matrix[event][channel],
          updated_at: now,
        })),
      ),
    );
  });
  return loadNotificationPreferences(db, userId);
};
