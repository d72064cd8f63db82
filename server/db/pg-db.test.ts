import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { inTransaction, openPgDb } from '@/server/db/pg-db';

/** A pooled client that answers after a delay and records how many of its queries ran at once. */
const recordingClient = () => {
  let running = 0;
  const seen = { most: 0, order: [] as string[] };
  const client = {
    query: async (sql: string) => {
      running += 1;
      seen.most = Math.max(seen.most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running -= 1;
      seen.order.push(sql);
      if (sql === 'fail') throw new Error('failed statement');
      return { rows: [{ sql }] };
    },
  };
  return { client: client as unknown as pg.PoolClient, seen };
};

describe('a transaction on PostgreSQL', () => {
  it('runs reads started side by side one after another, in the order they were asked, on its one client', async () => {
    const { client, seen } = recordingClient();
    const tx = inTransaction(client);
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((sql) => tx.query<{ sql: string }>(sql)));
    expect(results.map((result) => result.rows[0]?.sql)).toEqual(['a', 'b', 'c', 'd']);
    expect(seen.most).toBe(1);
    expect(seen.order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('goes on with the next statement after one fails, and the failure reaches its caller', async () => {
    const { client, seen } = recordingClient();
    const tx = inTransaction(client);
    const [failed, next] = await Promise.allSettled([tx.exec('fail'), tx.query('after')]);
    expect(failed).toMatchObject({ status: 'rejected', reason: new Error('failed statement') });
    expect(next).toMatchObject({ status: 'fulfilled', value: { rows: [{ sql: 'after' }] } });
    expect(seen.most).toBe(1);
  });
});

type PgDb = Awaited<ReturnType<typeof openPgDb>>;

/**
 * Opens the portal's pool (its reported connection errors collected) and a separate admin connection that can end the
 * pool's connections, runs `check`, and closes both.
 */
async function withPoolAndAdmin(check: (db: PgDb, admin: pg.Client, reported: Error[]) => Promise<void>) {
  const reported: Error[] = [];
  const db = await openPgDb(process.env.TEST_DATABASE_URL ?? '', (error) => reported.push(error));
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await check(db, admin, reported);
  } finally {
    await admin.end();
    await db.close();
  }
}

// Needs a PostgreSQL server: runs in test:server:pg (CI starts one on loopback and fails if it is missing).
describe.runIf(process.env.TEST_DATABASE_URL)('the connection pool, on a PostgreSQL server', () => {
  it('survives the server ending an idle connection, reports it, and answers the next query on a new one', () =>
    withPoolAndAdmin(async (db, admin, reported) => {
      const [{ pid }] = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await expect.poll(() => reported.length).toBeGreaterThan(0);
      const after = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(after.rows[0]?.pid).not.toBe(pid);
    }));

  it('survives the server ending the connection of a transaction under way: the transaction fails, and is reported', () =>
    withPoolAndAdmin(async (db, admin, reported) => {
      const transaction = db.transaction(async (tx) => {
        const [{ pid }] = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
        await admin.query('select pg_terminate_backend($1)', [pid]);
        // the client is checked out and idle in the transaction when the server ends it
        await expect.poll(() => reported.length).toBeGreaterThan(0);
      });
      await expect(transaction).rejects.toThrow();
      expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    }));
});
