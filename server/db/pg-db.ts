import pg from 'pg';
import type { Db, SqlParam } from '@/server/db/db';

/** The statements of one transaction, on the pooled client that holds it; a nested transaction joins it. */
const inTransaction = (client: pg.PoolClient): Db => {
  const tx: Db = {
    query: async <T>(sql: string, params?: readonly SqlParam[]) => ({
      rows: (await client.query(sql, params as unknown[])).rows as T[],
    }),
    exec: async (sql) => {
      await client.query(sql);
    },
    transaction: (fn) => fn(tx),
    close: async () => {
      throw new Error('close() inside a transaction');
    },
  };
  return tx;
};

/** A PostgreSQL server through a connection pool (DATABASE_URL). */
export const openPgDb = async (connectionString: string): Promise<Db> => {
  const pool = new pg.Pool({ connectionString, max: 10 });
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
