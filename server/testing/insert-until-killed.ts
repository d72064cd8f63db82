/**
 * A process that writes to a PGlite folder until it is killed (server/db/data-dir-lock.process.test.ts). Argument: the
 * folder. It opens the folder through openPgliteDb, makes table `acknowledged`, then inserts rows one commit at a
 * time and prints `acknowledged <id>` after each commit returns, until it is killed.
 */
import { openPgliteDb } from '@/server/db/pglite-db';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: insert-until-killed.ts <data folder>');
const db = await openPgliteDb(dataDir);
await db.exec('CREATE TABLE IF NOT EXISTS acknowledged (id serial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())');
for (;;) {
  const { rows } = await db.query<{ id: number }>('INSERT INTO acknowledged DEFAULT VALUES RETURNING id');
  console.log(`acknowledged ${rows[0]?.id}`);
}
