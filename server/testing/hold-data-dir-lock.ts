/**
 * A process that races others for one data folder's lock (server/db/data-dir-lock.process.test.ts). Argument: the
 * folder. It loads, prints `ready`, and on a line on stdin takes the lock: it prints `locked <pid>` and holds it until
 * stdin closes, or prints `refused <message>`. Either way it then exits without releasing the lock itself, so the lock
 * file goes only through the exit hook.
 */
import { createInterface } from 'node:readline';
import { lockDataDir } from '@/server/db/data-dir-lock';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: hold-data-dir-lock.ts <data folder>');
const lines = createInterface({ input: process.stdin });
console.log('ready');
lines.once('line', () => {
  lockDataDir(dataDir).then(
    () => {
      console.log(`locked ${process.pid}`);
      lines.once('close', () => process.exit(0));
    },
    (error: unknown) => {
      console.log(`refused ${error instanceof Error ? error.message : String(error)}`);
      process.exit(3);
    },
  );
});
