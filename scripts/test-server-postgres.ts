/**
 * The server test suite again, on a real PostgreSQL server (TEST_DATABASE_URL), beside the default run
 * on PGlite. .ci/run starts one on loopback (.ci/start-postgres). Without TEST_DATABASE_URL a developer
 * run says so and stops; in CI that is a failure, so the PostgreSQL run can never be skipped silently.
 */
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  const message =
    'test:server:pg: TEST_DATABASE_URL is not set; start one with: export TEST_DATABASE_URL=$(bash .ci/start-postgres)';
  if (process.env.CI) {
    console.error(`${message} (required in CI)`);
    process.exit(1);
  }
  console.log(`${message} — not run here`);
  process.exit(0);
}
console.log(`test:server:pg: server suite on PostgreSQL at ${new URL(process.env.TEST_DATABASE_URL).host}`);
const run = spawnSync('npx', ['vitest', 'run', 'server'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
