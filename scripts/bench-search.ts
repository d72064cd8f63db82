/**
 * npm run bench:search — the find-work latency budget (ARCHITECTURE.md: search p95 under 50 ms with the full demo
 * seed on this machine). Opens a database with the full default seed (PGlite in memory; with DATABASE_URL that
 * server, seeded only when empty), builds the app, signs in as the demo partner and times N `POST /v1/jobs` (20-mile
 * radius around varied real towns, varied sorts and categories) and N `POST /v1/jobs/tab-counts`, in process through
 * app.request(); with --http also over a real socket. Fails when POST /v1/jobs p95 ≥ 50 ms or tab-counts p95 ≥ 80 ms
 * twice running: a round over budget is measured once more, as the browser tests are retried once in CI, because a
 * stall of the host (its steal of this virtual machine's CPU, printed with each round) can push one round over; a
 * slower search fails both. Both rounds are printed.
 *
 * Options: --n=300 (requests of each kind), --http (also time over HTTP).
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { SEARCH_CATEGORIES, SORT_ORDERS } from '@/schemas/search';
import { createApp } from '@/server/app';
import { readConfig } from '@/server/config';
import { migrate } from '@/server/db/migrate';
import { openDb } from '@/server/db/open-db';
import { loadTowns } from '@/server/geo/towns';
import { Random } from '@/server/seed/random';
import { DEMO_SCALE, seedIfEmpty } from '@/server/seed/seed';
import { signIn } from '@/server/testing/seeded-app';

const JOBS_P95_BUDGET_MS = 50;
const TAB_COUNTS_P95_BUDGET_MS = 80;
const WARM_UP = 20;

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`));
const n = Number(arg('n=')?.split('=')[1] ?? 300);
const overHttp = arg('http') !== undefined;

const started = performance.now();
const base = readConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? 'memory' });
const unlimited = { limit: 1_000_000, windowS: 60 };
const config = {
  ...base,
  rateLimits: {
    ...base.rateLimits,
    loginFailuresPerAccountAndAddress: unlimited,
    loginFailuresPerAccount: unlimited,
    loginAttemptsPerAddress: unlimited,
    tokenCallsPerAddress: unlimited,
  },
};
const db = await openDb(config);
await migrate(db);
const seeded = await seedIfEmpty(db, { now: config.now(), scale: DEMO_SCALE });
const { rows: counts } = await db.query<{ jobs: number; journeys: number }>(
  `select (select count(*)::int from jobs where provider_id is null) as jobs,
          (select count(*)::int from journeys where status = 'open') as journeys`,
);
console.log(
  `${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in memory'}: ${counts[0]?.jobs} open jobs, ` +
    `${counts[0]?.journeys} open journeys${seeded ? ' (seeded now)' : ''}; ready in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const app = createApp({ db, config });
const { token } = await signIn(app, 'partner@example.com');

// Varied real towns (the 150 most populous), sorts, categories and tabs, from a fixed seed: the same run each time.
const random = new Random(2024);
const towns = loadTowns().slice(0, 150);
const criteria = () => {
  const town = random.pick(towns);
  const categories = random.chance(0.3)
    ? [...SEARCH_CATEGORIES]
    : Array.from({ length: random.int(1, 5) }, () => random.pick(SEARCH_CATEGORIES));
  return {
    type: random.weighted([
      ['instant', 5],
      ['auction', 3],
      ['journey', 1],
    ] as const),
    pickup: { location: { name: town.name, lat: town.lat, lon: town.lng }, radius: { value: 20, unit: 'mi' } },
    categories,
    order: random.pick(SORT_ORDERS),
    page: random.chance(0.8) ? 1 : random.int(2, 3),
    limit: 20,
  };
};

type Send = (path: string, body: unknown) => Promise<Response>;
const inProcess: Send = async (path, body) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** This machine's CPU time counters (/proc/stat), or null where there are none. */
const cpuCounters = (): number[] | null => {
  try {
    return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  } catch {
    return null;
  }
};
/** The share of the CPU time between two reads that the host took (steal, the 8th counter), as '  host steal 12%'. */
const stealBetween = (before: number[] | null, after: number[] | null) => {
  if (!before || !after) return '';
  const delta = after.map((value, i) => value - (before[i] ?? 0));
  const total = delta.reduce((sum, value) => sum + value, 0);
  return total > 0 ? `  host steal ${Math.round((100 * (delta[7] ?? 0)) / total)}%` : '';
};

const time = async (send: Send, path: string, label: string) => {
  for (let i = 0; i < WARM_UP; i++) await (await send(path, { payload: criteria() })).arrayBuffer();
  const times: number[] = [];
  const before = cpuCounters();
  for (let i = 0; i < n; i++) {
    const body = { payload: criteria() };
    const t0 = performance.now();
    const response = await send(path, body);
    await response.arrayBuffer();
    times.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  }
  const steal = stealBetween(before, cpuCounters());
  times.sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p));
  console.log(
    `${label.padEnd(34)} n=${n}  p50 ${p50?.toFixed(1)} ms  p95 ${p95?.toFixed(1)} ms  p99 ${p99?.toFixed(1)} ms  ` +
      `max ${times.at(-1)?.toFixed(1)} ms${steal}`,
  );
  return p95 ?? Infinity;
};

/** One round of both searches in process: what each is over its budget by, if it is. */
const round = async (): Promise<string[]> => {
  const jobsP95 = await time(inProcess, '/v1/jobs', 'POST /v1/jobs (in process)');
  const tabsP95 = await time(inProcess, '/v1/jobs/tab-counts', 'POST /v1/jobs/tab-counts (in process)');
  return [
    ...(jobsP95 >= JOBS_P95_BUDGET_MS ? [`POST /v1/jobs p95 ${jobsP95.toFixed(1)} ms ≥ ${JOBS_P95_BUDGET_MS} ms`] : []),
    ...(tabsP95 >= TAB_COUNTS_P95_BUDGET_MS
      ? [`POST /v1/jobs/tab-counts p95 ${tabsP95.toFixed(1)} ms ≥ ${TAB_COUNTS_P95_BUDGET_MS} ms`]
      : []),
  ];
};

let failures = await round();
if (failures.length > 0) {
  console.log(`Over budget in the first round (${failures.join('; ')}): measuring a second round`);
  failures = await round();
}

if (overHttp) {
  const server = serve({ fetch: app.fetch, port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const overSocket: Send = (path, body) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  await time(overSocket, '/v1/jobs', 'POST /v1/jobs (HTTP)');
  await time(overSocket, '/v1/jobs/tab-counts', 'POST /v1/jobs/tab-counts (HTTP)');
  await new Promise((resolve) => server.close(resolve));
}

await db.close();
if (failures.length > 0) {
  console.error(`Over budget twice running:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Within budget: POST /v1/jobs p95 < ${JOBS_P95_BUDGET_MS} ms, tab-counts p95 < ${TAB_COUNTS_P95_BUDGET_MS} ms`,
);
