import type { BadgeCounters } from '@/schemas/app-init';
import { countUnseenAlerts } from '@/server/alerts/alert-matches';
import type { Db } from '@/server/db/db';

/**
 * Notification counters of the signed-in user; `won` counts their won jobs still waiting to be carried out (allocated),
 * `new-work-alerts` the jobs matching their alerting saved searches that they have not seen (server/alerts/).
 */
export const loadBadgeCounters = async (db: Db, userId: number, now: Date): Promise<typeof BadgeCounters.Encoded> => {
  const counters = db.query<
    Omit<typeof BadgeCounters.Encoded, 'book-now' | 'new-admin-messages' | 'new-messages' | 'new-work-alerts'> & {
      book_now: number;
      new_admin_messages: number;
      new_messages: number;
    }
  >(
    `select coalesce(n.alerts, 0) as alerts, coalesce(n.bidding, 0) as bidding, coalesce(n.book_now, 0) as book_now,
            coalesce(n.invitations, 0) as invitations, coalesce(n.journey, 0) as journey,
            coalesce(n.new_admin_messages, 0) as new_admin_messages, coalesce(n.new_messages, 0) as new_messages,
            coalesce(n.watching, 0) as watching,
            (select count(*)::int from jobs j where j.provider_id = u.id and j.status = 'allocated') as won
       from users u left join notification_counters n on n.user_id = u.id
      where u.id = $1`,
    [userId],
  );
  const [{ rows }, unseenAlerts] = await Promise.all([counters, countUnseenAlerts(db, userId, now)]);
  const row = rows[0];
  return {
    alerts: row?.alerts ?? 0,
    bidding: row?.bidding ?? 0,
    'book-now': row?.book_now ?? 0,
    invitations: row?.invitations ?? 0,
    journey: row?.journey ?? 0,
    'new-admin-messages': row?.new_admin_messages ?? 0,
    'new-messages': row?.new_messages ?? 0,
    watching: row?.watching ?? 0,
    won: row?.won ?? 0,
    'new-work-alerts': unseenAlerts,
  };
};
