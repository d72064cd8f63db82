import {
  DEFAULT_PRIVATE_WORK_PREFERENCES,
  type OnSiteOption,
  type PrivateWorkPreferences,
} from '@/schemas/private-job';
import type { Db } from '@/server/db/db';

/**
 * The private work preferences (migration 0008 private_work_preferences): one row per partner once saved, the
 * defaults (DEFAULT_PRIVATE_WORK_PREFERENCES) before. A PUT replaces every field; the values were checked by the
 * schema, and the table's own checks hold the same limits.
 */

interface PreferencesRow {
  default_volume_m3: number;
  pickup_on_site_s: number;
  delivery_on_site_s: number;
  block_marketplace_overlap: boolean;
  calendar_colour_by: 'vehicle' | 'driver';
}

const view = (row: PreferencesRow): PrivateWorkPreferences => ({
  default_volume_m3: Number(row.default_volume_m3),
  pickup_on_site_s: row.pickup_on_site_s as OnSiteOption,
  delivery_on_site_s: row.delivery_on_site_s as OnSiteOption,
  block_marketplace_overlap: row.block_marketplace_overlap,
  calendar_colour_by: row.calendar_colour_by,
});

export const loadPreferences = async (db: Db, userId: number): Promise<PrivateWorkPreferences> => {
  const { rows } = await db.query<PreferencesRow>(
    `select default_volume_m3, pickup_on_site_s, delivery_on_site_s, block_marketplace_overlap, calendar_colour_by
       from private_work_preferences where user_id = $1`,
    [userId],
  );
  return rows[0] ? view(rows[0]) : DEFAULT_PRIVATE_WORK_PREFERENCES;
};

export const savePreferences = async (
  db: Db,
  userId: number,
  preferences: PrivateWorkPreferences,
  now: Date,
): Promise<PrivateWorkPreferences> => {
  const { rows } = await db.query<PreferencesRow>(
    `insert into private_work_preferences (user_id, default_volume_m3, pickup_on_site_s, delivery_on_site_s,
                                           block_marketplace_overlap, calendar_colour_by, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (user_id) do update set
       default_volume_m3 = excluded.default_volume_m3, pickup_on_site_s = excluded.pickup_on_site_s,
       delivery_on_site_s = excluded.delivery_on_site_s, block_marketplace_overlap = excluded.block_marketplace_overlap,
       calendar_colour_by = excluded.calendar_colour_by, updated_at = excluded.updated_at
     returning default_volume_m3, pickup_on_site_s, delivery_on_site_s, block_marketplace_overlap, calendar_colour_by`,
    [
      userId,
      preferences.default_volume_m3,
      preferences.pickup_on_site_s,
      preferences.delivery_on_site_s,
      preferences.block_marketplace_overlap,
      preferences.calendar_colour_by,
      now,
    ],
  );
  return view(rows[0]!);
};
