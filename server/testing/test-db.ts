import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '@/server/db/db';
import { openPgDb } from '@/server/db/pg-db';
import { openPgliteDb, pgliteDb } from '@/server/db/pglite-db';

/**
 * The database of one test file: in-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
 * server, e.g. the one .ci/run starts on loopback) a new, empty database on that server, so test files
 * running in parallel never share data. Closing it drops that database.
 */
export async function openTestDb(): Promise<Db> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return tracked(await openPgliteDb('memory'));
  const name = testDatabaseName();
  await onServer(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  return tracked(await openDroppable(serverUrl, name));
}

/** A database name no other test file of any run on the same server uses. */
const testDatabaseName = () => `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;

const open = new Set<Db>();

/** A database closed by closeTestDatabases when its test file ends, unless the file closes it first. */
function tracked(db: Db): Db {
  const closing: Db = {
    ...db,
    close: async () => {
      open.delete(closing);
      await db.close();
    },
  };
  open.add(closing);
  return closing;
}

/**
 * Closes the databases the test file opened and left open (server/testing/close-databases.ts, after each file): test
 * files share one worker process, where an in-memory PGlite left open would keep its memory for the rest of the run,
 * and a PostgreSQL test database would outlive it.
 */
export async function closeTestDatabases(): Promise<void> {
  await Promise.all([...open].map((db) => db.close()));
}

/**
 * A database of its own for one test file, already migrated and seeded by `prepare` — which runs once per test run,
 * not once per file. A fresh PGlite costs ~5 s to initialise, migrate and seed on a 2-core machine, and some thirty
 * files start from the same seed; so the first file to ask saves the seeded data folder (PGlite's dumpDataDir) in the
 * run's snapshot folder and every later one loads it (~1 s). On PostgreSQL the first builds a template database and
 * every file gets `CREATE DATABASE … TEMPLATE` of it. The snapshot folder and the template name come from
 * server/testing/global-setup.ts, which removes both at the end of the run, so no snapshot outlives the code that
 * made it. `prepare` must be the same function of the same inputs for every caller in a run.
 */
export async function openSeededTestDb<S>(prepare: (db: Db) => Promise<S>): Promise<{ db: Db; seeded: S }> {
  const dir = inject('seedSnapshotDir');
  const serverUrl = process.env.TEST_DATABASE_URL;
  const summaryFile = join(dir, `seeded-${serverUrl ? 'postgresql' : 'pglite'}.json`);
  if (serverUrl) return openSeededPg(serverUrl, inject('seedTemplateDb'), summaryFile, prepare);

  const snapshotFile = join(dir, 'seeded-pglite.tar');
  if (existsSync(snapshotFile)) {
    const db = tracked(pgliteDb(await PGlite.create({ loadDataDir: new Blob([readFileSync(snapshotFile)]) })));
    return { db, seeded: JSON.parse(readFileSync(summaryFile, 'utf8')) as S };
  }
  const instance = await PGlite.create();
  const db = tracked(pgliteDb(instance));
  const seeded = await prepare(db);
  // Written under temporary names and renamed, the summary first: a snapshot file present is a complete one, even
  // with another worker building its own at the same moment.
  writeAtomically(summaryFile, JSON.stringify(seeded));
  writeAtomically(snapshotFile, Buffer.from(await (await instance.dumpDataDir('none')).arrayBuffer()));
  return { db, seeded };
}

async function openSeededPg<S>(
  serverUrl: string,
  template: string,
  summaryFile: string,
  prepare: (db: Db) => Promise<S>,
): Promise<{ db: Db; seeded: S }> {
  const name = testDatabaseName();
  await onServer(serverUrl, async (admin) => {
    // One worker at a time: the first builds the template; a copy needs no one else connected to it.
    await admin.query('SELECT pg_advisory_lock(7261)');
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount === 0) {
        await admin.query(`CREATE DATABASE ${template}`);
        const db = await openPgDb(databaseUrl(serverUrl, template));
        try {
          writeAtomically(summaryFile, JSON.stringify(await prepare(db)));
        } finally {
          await db.close();
        }
      }
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(7261)');
    }
  });
  const db = tracked(await openDroppable(serverUrl, name));
  return { db, seeded: JSON.parse(readFileSync(summaryFile, 'utf8')) as S };
}

/** Drops the template database of a run (global-setup.ts's teardown). */
export const dropTemplateDb = (serverUrl: string, template: string) =>
  onServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${template}`));

async function onServer<T>(serverUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function openDroppable(serverUrl: string, name: string): Promise<Db> {
  const db = await openPgDb(databaseUrl(serverUrl, name));
  return {
    ...db,
    close: async () => {
      await db.close();
      await onServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name}`));
    },
  };
}

function writeAtomically(file: string, content: string | Buffer): void {
  const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
  writeFileSync(partial, content);
  renameSync(partial, file);
}

/** Which database the server tests run on, for their names and the report. */
export const testDatabaseKind = (): 'postgresql' | 'pglite' =>
  process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
