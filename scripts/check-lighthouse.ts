/**
 * Lighthouse (mobile profile, simulated throttling) on the dashboard, find work and reservations (every signed-in
 * page with LIGHTHOUSE_PAGES=all, the pages named with LIGHTHOUSE_PAGES=/find-work,/work), served by the reference
 * server with its demo seed. Prints performance, accessibility and best-practices scores with FCP, Speed Index, LCP,
 * CLS and TBT, and each page's LCP as a ratio to an empty static page from the same server, so the figure holds on a
 * noisy machine.
 * Fails below 95 performance or 100 accessibility. Run after `vite build`; `.ci/run` runs it on the build of the browser
 * tests, on a quiet machine.
 *
 * Noise: a run Lighthouse could not finish (a runtime error) is run again, at most twice; a page under a bound is
 * measured once more (three runs again), and fails only if that median is under too. A run's warnings (a page that
 * never finished loading, for one) are printed: its figures are then incomplete.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@/e2e/chromium-flags';
import { startReferenceServer } from './reference-server';
import { ROUTE_TABLE } from '@/src/app/route-table';

const PORT = 4610;
const DEBUG_PORT = 9333;
const ORIGIN = `http://localhost:${PORT}`;
const MIN_PERFORMANCE = 95;
const MIN_ACCESSIBILITY = 100;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const GATED_PAGES = ['/', '/find-work', '/reservations'];

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  si: number;
  lcp: number;
  cls: number;
  tbt: number;
}

/** LIGHTHOUSE_DETAILS=1: also print each run's figures and, from each page's first run, where the main thread's time went. */
const DETAILS = process.env.LIGHTHOUSE_DETAILS === '1';

interface TableDetails {
  type: string;
  items?: Record<string, unknown>[];
}

const itemsOf = (audit: { details?: unknown } | undefined): Record<string, unknown>[] =>
  ((audit?.details as TableDetails | undefined)?.items ?? []) as Record<string, unknown>[];
const shortUrl = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
const ms = (value: unknown) => `${Math.round(Number(value))} ms`;

/** The long tasks (simulated, with the script each is put down to) and each script's boot-up time. */
function printDetails(url: string, audits: Record<string, { details?: unknown }>) {
  console.log(`  ${shortUrl(url)}: long tasks (start, duration, script)`);
  for (const task of itemsOf(audits['long-tasks']))
    console.log(`    ${ms(task.startTime)}\t${ms(task.duration)}\t${shortUrl(task.url)}`);
  console.log(`  ${shortUrl(url)}: boot-up time per script (total, scripting, parse and compile)`);
  for (const script of itemsOf(audits['bootup-time']))
    console.log(
      `    ${ms(script.total)}\t${ms(script.scripting)}\t${ms(script.scriptParseCompile)}\t${shortUrl(script.url)}`,
    );
  console.log(`  ${shortUrl(url)}: main-thread work`);
  for (const group of itemsOf(audits['mainthread-work-breakdown']))
    console.log(`    ${ms(group.duration)}\t${String(group.groupLabel)}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A run Lighthouse could not finish is run again, up to this many times. */
const RUN_ATTEMPTS = 3;

async function runOnce(url: string) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port: DEBUG_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // keep the signed-in session (cookie and token) that the script set up
      disableStorageReset: true,
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { runtimeError, runWarnings } = result.lhr;
    for (const warning of runWarnings) console.log(`  ${shortUrl(url)}: Lighthouse warns: ${warning}`);
    if (!runtimeError) return result.lhr;
    console.log(`  ${shortUrl(url)}: run ${attempt} failed (${runtimeError.code}: ${runtimeError.message})`);
    if (attempt === RUN_ATTEMPTS) throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.message}`);
  }
}

async function measure(url: string): Promise<Measure> {
  const runs: Measure[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const { categories, audits } = await runOnce(url);
    const failing = Object.values(audits).filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        ['binary', 'numeric'].includes(a.scoreDisplayMode) &&
        (categories.accessibility?.auditRefs ?? []).some((r) => r.id === a.id && r.weight > 0),
    );
    if (failing.length > 0 && i === 0)
      console.log(`  ${url}: accessibility audits failing: ${failing.map((a) => a.id).join(', ')}`);
    if (DETAILS && i === 0) printDetails(url, audits);
    runs.push({
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
      fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
      si: audits['speed-index']?.numericValue ?? NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    });
  }
  if (DETAILS)
    for (const r of runs)
      console.log(
        `  run: performance ${r.performance}, FCP ${Math.round(r.fcp)} ms, SI ${Math.round(r.si)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms`,
      );
  const pick = (k: keyof Measure) => median(runs.map((r) => r[k]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    fcp: pick('fcp'),
    si: pick('si'),
    lcp: pick('lcp'),
    cls: pick('cls'),
    tbt: pick('tbt'),
  };
}

const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
const server = await startReferenceServer(PORT);
let failed = false;
try {
  // The persistent context is the browser's default one, which Lighthouse also uses: it sees the session.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [`--remote-debugging-port=${DEBUG_PORT}`, ...CHROMIUM_FLAGS],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${ORIGIN}/tpp/login`);
  await page.locator('input[name=email]').fill('partner@example.com');
  await page.locator('input[name=password]').fill('demo1234');
  await page.locator('form button[type=submit]').click();
  await page.locator('.summary-card').first().waitFor();

  const baseline = await measure(`${ORIGIN}/tpp/lighthouse-baseline.html`);
  // Issue 3 names the dashboard, find work and reservations; LIGHTHOUSE_PAGES=all measures every signed-in page (a
  // path with parameters at its example address, route-table.ts), about 2.5 minutes a page with three runs each;
  // LIGHTHOUSE_PAGES=/find-work,/reservations measures the pages named.
  const named = process.env.LIGHTHOUSE_PAGES;
  const pages =
    named === 'all'
      ? ROUTE_TABLE.filter((r) => r.access === 'auth').map((r) => r.example ?? r.path)
      : named
        ? named.split(',').map((path) => path.trim())
        : GATED_PAGES;
  console.log(`Lighthouse ${RUNS} run(s) per page, median; mobile profile; signed in as partner@example.com`);
  console.log(
    ['page'.padEnd(26), 'perf', 'a11y', 'best', 'FCP ms', 'SI ms', 'LCP ms', 'CLS', 'TBT ms', 'LCP ratio'].join('\t'),
  );
  const line = (name: string, m: Measure) =>
    console.log(
      [
        name.padEnd(26),
        m.performance,
        m.accessibility,
        m.bestPractices,
        Math.round(m.fcp),
        Math.round(m.si),
        Math.round(m.lcp),
        m.cls.toFixed(3),
        Math.round(m.tbt),
        (m.lcp / baseline.lcp).toFixed(2),
      ].join('\t'),
    );
  line('(static empty page)', baseline);
  const under = (m: Measure) => m.performance < MIN_PERFORMANCE || m.accessibility < MIN_ACCESSIBILITY;
  for (const path of pages) {
    const url = `${ORIGIN}/tpp${path === '/' ? '/' : path}`;
    let m = await measure(url);
    line(path, m);
    if (under(m)) {
      console.log(`  ${path} is under a bound: measured once more`);
      m = await measure(url);
      line(`${path} (again)`, m);
    }
    if (under(m)) {
      failed = true;
      console.error(
        `${path}: performance ${m.performance} (min ${MIN_PERFORMANCE}), accessibility ${m.accessibility} (min ${MIN_ACCESSIBILITY})`,
      );
    }
  }
  await context.close();
} finally {
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
