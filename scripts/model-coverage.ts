/**
 * Runs the unit-level model suite (model-tests/) and prints, per machine under machines/, the states reached and
 * the transitions taken out of all of them, beside what the UI-level model suites (e2e/*.model.spec.ts, played in
 * Chromium) went through in the last browser run. Exits non-zero when the suite fails or any machine is below 100%
 * at unit level, including a machine that no model test runs.
 *
 *   tsx scripts/model-coverage.ts                      the whole model suite
 *   tsx scripts/model-coverage.ts model-tests/auth     only some files (then other machines show as untested)
 *   tsx scripts/model-coverage.ts --ui-only            no unit run: the UI-level figures of the last browser run, and
 *                                                      a failure when a machine of UI_MACHINES was not played
 *
 * Each test file's `coverage.expectComplete(...)` appends its machine's coverage to MODEL_COVERAGE_FILE (see
 * `Coverage.report` in model-tests/model-harness.ts); this script merges those lines by machine. The browser run
 * writes test-results/ui-model-coverage.jsonl (e2e/ui-model-coverage.ts), or UI_MODEL_COVERAGE_FILE when set.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CoverageRecord } from '@/model-tests/model-harness';
import { coverageRows, isComplete, renderCoverageTable } from './machines/coverage';
import { loadMachines, withViteImport } from './machines/generate';

/** The machines whose paths the UI-level model suites must play in the browser (issue 9). */
const UI_MACHINES = ['auth', 'reservationWizard', 'journeyAllocation', 'findWork'];

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const uiOnly = args.includes('--ui-only');
const filters = args.filter((a) => a !== '--ui-only');
const uiFile = process.env.UI_MODEL_COVERAGE_FILE ?? join(root, 'test-results', 'ui-model-coverage.jsonl');
const dir = mkdtempSync(join(tmpdir(), 'model-coverage-'));
const file = join(dir, 'coverage.jsonl');

const readRecords = (path: string): CoverageRecord[] =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as CoverageRecord)
    : [];

try {
  const vitest = uiOnly
    ? { status: 0 }
    : spawnSync('npx', ['vitest', 'run', ...(filters.length ? filters : ['model-tests']), '--reporter=dot'], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, MODEL_COVERAGE_FILE: file },
      });
  const machines = (await withViteImport(root, (importModule) => loadMachines(root, importModule))).map(
    (m) => m.machine,
  );
  const uiRecords = readRecords(uiFile);
  const ui = existsSync(uiFile) ? coverageRows(machines, uiRecords) : undefined;
  const when = existsSync(uiFile)
    ? ` of ${statSync(uiFile).mtime.toISOString()}`
    : ': none found, run npm run test:e2e';

  if (uiOnly) {
    const rows = coverageRows(machines, uiRecords).filter((r) => !r.untested);
    console.log(`\nModel-test coverage, UI level (the browser run${when})\n`);
    console.log(renderCoverageTable(rows, undefined, { level: 'ui' }));
    const unplayed = UI_MACHINES.filter((id) => !rows.some((r) => r.machine === id));
    if (unplayed.length > 0) console.error(`\nNo UI-level model test played: ${unplayed.join(', ')}`);
    process.exitCode = unplayed.length === 0 ? 0 : 1;
  } else {
    const rows = coverageRows(machines, readRecords(file));
    console.log(`\nModel-test coverage (unit level; ui: the UI-level model suites in the browser run${when})\n`);
    console.log(renderCoverageTable(rows, ui));
    const incomplete = rows.filter((r) => !isComplete(r));
    if (vitest.status !== 0) console.error('\nThe model suite failed.');
    if (incomplete.length > 0) console.error(`\nBelow 100%: ${incomplete.map((r) => r.machine).join(', ')}`);
    process.exitCode = vitest.status === 0 && incomplete.length === 0 ? 0 : 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
