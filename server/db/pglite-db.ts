import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { lockDataDir } from '@/server/db/data-dir-lock';
import type { Db, SqlParam } from '@/server/db/db';
import { DURABLE_START_PARAMS, DurableNodeFS, type SyncFd, syncTree } from '@/server/db/durable-node-fs';

/** Runs a call on PGlite, unless PostgreSQL has stopped (see pgliteDb). */
type Guard = <T>(run: () => Promise<T>) => Promise<T>;

const overTransaction = (tx: Transaction, guard: Guard): Db => ({
  query: <T>(sql: string, params?: readonly SqlParam[]) =>
    guard(async () => ({ rows: (await tx.query<T>(sql, params as unknown[])).rows })),
  exec: (sql) =>
    guard(async () => {
      await tx.exec(sql);
    }),
  transaction: (fn) => fn(overTransaction(tx, guard)),
  close: async () => {
    throw new Error('close() inside a transaction');
  },
});

/** Test seams of openPgliteDb. */
export interface PgliteFolderOptions {
  /** What syncs a written file to the disk (fs.fsyncSync); tests record the calls. */
  readonly syncFd?: SyncFd;
}

/**
 * Embedded PostgreSQL: in memory when `dataDir` is 'memory', otherwise persisted in that folder. A folder is held
 * by one process at a time (`<dataDir>.lock`, server/db/data-dir-lock.ts; DataDirLockedError names the holder) and its
 * commits are on the disk when they return (server/db/durable-node-fs.ts); in memory neither applies.
 */
export const openPgliteDb = async (dataDir: string, options: PgliteFolderOptions = {}): Promise<Db> => {
  if (dataDir === 'memory') return pgliteDb(await PGlite.create());
  mkdirSync(dataDir, { recursive: true });
  const lock = await lockDataDir(dataDir);
  try {
    const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
    const pg = await PGlite.create(dataDir, {
      fs: new DurableNodeFS(dataDir, options.syncFd),
      startParams: [...DURABLE_START_PARAMS],
    });
    if (fresh) syncTree(dataDir, options.syncFd);
    const db = pgliteDb(pg);
    return {
      ...db,
      close: async () => {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
};

/**
 * The Db interface over a PGlite instance (the test snapshots open PGlite from a saved data folder). After a PANIC (a
 * write-ahead log that could not be synced to the disk) PostgreSQL has stopped and PGlite leaves every later query
 * waiting for ever; here they fail at once instead, saying so. Closing still works; the next open recovers from the log.
 */
export const pgliteDb = (pg: PGlite): Db => {
  let stoppedBy: Error | null = null;
  const guard: Guard = async (run) => {
    if (stoppedBy)
      throw new Error(`the embedded database has stopped (${stoppedBy.message}); restart the server`, {
        cause: stoppedBy,
      });
    try {
      return await run();
    } catch (error) {
      if ((error as { severity?: unknown }).severity === 'PANIC') stoppedBy = error as Error;
      throw error;
    }
  };
  return {
    query: <T>(sql: string, params?: readonly SqlParam[]) =>
      guard(async () => ({ rows: (await pg.query<T>(sql, params as unknown[])).rows })),
    exec: (sql) =>
      guard(async () => {
        await pg.exec(sql);
      }),
    transaction: (fn) => guard(() => pg.transaction((tx) => fn(overTransaction(tx, guard)))),
    close: () => pg.close(),
  };
};
