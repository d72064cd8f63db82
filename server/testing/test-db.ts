import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '@/server/db/db';
import { openPgDb } from '@/server/db/pg-db';
import { openPgliteDb } from '@/server/db/pglite-db';

/**
 * The database of one test file: in-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
 * server, e.g. the one .ci/run starts on loopback) a new, empty database on that server, so test files
 * running in parallel never share data. Closing it drops that database.
 */
export async function openTestDb(): Promise<Db> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPgliteDb('memory');
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPgDb(url.toString());
  return {
    ...db,
    close: async () => {
      await db.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
      await dropper.end();
    },
  };
}

/** Which database the server tests run on, for their names and the report. */
export const testDatabaseKind = (): 'postgresql' | 'pglite' =>
  process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
