import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { openPgDb } from '@/server/db/pg-db';
import { openPgliteDb } from '@/server/db/pglite-db';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR (or in memory). */
export const openDb = (config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> =>
  config.databaseUrl ? openPgDb(config.databaseUrl) : openPgliteDb(config.dataDir);
