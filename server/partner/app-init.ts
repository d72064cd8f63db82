import { FEATURE_FLAGS, type AppInit } from '@/schemas/app-init';
import type { Db } from '@/server/db/db';

/** App init of the signed-in user: every flag of FEATURE_FLAGS, off unless the user has it switched on. */
export const loadAppInit = async (db: Db, userId: number, fakeDate: string | null): Promise<typeof AppInit.Encoded> => {
  const { rows } = await db.query<{ flag: string; enabled: boolean }>(
    'select flag, enabled from feature_flags where user_id = $1',
    [userId],
  );
  const enabled = new Set(rows.filter((r) => r.enabled).map((r) => r.flag));
  return { features: Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, enabled.has(flag)])), fake_date: fakeDate };
};
