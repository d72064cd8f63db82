import pg from 'pg';
import type { Db, SqlParam } from '@/server/db/db';

/**
 * The statements of one transaction, on the pooled client that holds it; a nested transaction joins it.
 * A client runs one query at a time: callers may start reads side by side (`Promise.all`), so each
 * statement waits for the one before. pg queues them itself today with a deprecation warning; pg 9 refuses.
 */
export const inTransaction = (client: Pick<pg.PoolClient, 'query'>): Db => {
  let last: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
  const tx: Db = {
    query: <T>(sql: string, params?: readonly SqlParam[]) =>
      serial(async () => ({ rows: (await client.query(sql, params as unknown[])).rows as T[] })),
    exec: (sql) =>
      serial(async () => {
        await client.query(sql);
      }),
    transaction: (fn) => fn(tx),
    close: async () => {
      throw new Error('close() inside a transaction');
    },
  };
  return tx;
};

/** A PostgreSQL server through a connection pool (DATABASE_URL). */
export const openPgDb = async (
  connectionString: string,
  logError: (error: Error) => void = (error) => console.error('PostgreSQL idle connection:', error.message),
): Promise<Db> => {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle pooled connection that the server ends (a restart, an admin's terminate) is reported here;
  // with no listener the 'error' event would crash the process. The pool drops that client and opens another.
  pool.on('error', logError);
  // A client checked out (a transaction, or one being ended as the pool closes) reports to itself, not to the pool:
  // every client gets the same listener, so no connection error is ever an unhandled 'error' event.
  pool.on('connect', (client) => client.on('error', logError));
  // Fail at start, not on the first request, when the server cannot be reached.
  await pool.query('select 1');
  return {
    query: async <T>(sql: string, params?: readonly SqlParam[]) => ({
      rows: (await pool.query(sql, params as unknown[])).rows as T[],
    }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(inTransaction(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};
