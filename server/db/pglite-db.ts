import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, SqlParam } from '@/server/db/db';

const overTransaction = (tx: Transaction): Db => ({
  query: async <T>(sql: string, params?: readonly SqlParam[]) => ({
    rows: (await tx.query<T>(sql, params as unknown[])).rows,
  }),
  exec: async (sql) => {
    await tx.exec(sql);
  },
  transaction: (fn) => fn(overTransaction(tx)),
  close: async () => {
    throw new Error('close() inside a transaction');
  },
});

/** Embedded PostgreSQL: in memory when `dataDir` is 'memory', otherwise persisted in that folder. */
export const openPgliteDb = async (dataDir: string): Promise<Db> => {
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  return pgliteDb(await PGlite.create(dataDir === 'memory' ? undefined : dataDir));
};

/** The Db interface over a PGlite instance (the test snapshots open PGlite from a saved data folder). */
export const pgliteDb = (pg: PGlite): Db => ({
  query: async <T>(sql: string, params?: readonly SqlParam[]) => ({
    rows: (await pg.query<T>(sql, params as unknown[])).rows,
  }),
  exec: async (sql) => {
    await pg.exec(sql);
  },
  transaction: (fn) => pg.transaction((tx) => fn(overTransaction(tx))),
  close: () => pg.close(),
});
