/**
 * Runs the unit-level model suite (model-tests/) and prints, per machine under machines/, the states reached and
 * the transitions taken out of all of them. Exits non-zero when the suite fails or any machine is below 100%,
 * including a machine that no model test runs.
 *
 *   tsx scripts/model-coverage.ts                      the whole model suite
 *   tsx scripts/model-coverage.ts model-tests/auth     only some files (then other machines show as untested)
 *
 * Each test file's `coverage.expectComplete(...)` appends its machine's coverage to MODEL_COVERAGE_FILE (see
 * `Coverage.report` in model-tests/model-harness.ts); this script merges those lines by machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CoverageRecord } from '@/model-tests/model-harness';
import { coverageRows, isComplete, renderCoverageTable } from './machines/coverage';
import { loadMachines, withViteImport } from './machines/generate';

const root = fileURLToPath(new URL('..', import.meta.url));
const filters = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'model-coverage-'));
const file = join(dir, 'coverage.jsonl');

try {
  const vitest = spawnSync(
    'npx',
    ['vitest', 'run', ...(filters.length ? filters : ['model-tests']), '--reporter=dot'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, MODEL_COVERAGE_FILE: file } },
  );
  const records: CoverageRecord[] = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as CoverageRecord)
    : [];
  const machines = await withViteImport(root, (importModule) => loadMachines(root, importModule));
  const rows = coverageRows(
    machines.map((m) => m.machine),
    records,
  );

  console.log('\nModel-test coverage (unit level; ui: UI-level model tests, not yet measured)\n');
  console.log(renderCoverageTable(rows));
  const incomplete = rows.filter((r) => !isComplete(r));
  if (vitest.status !== 0) console.error('\nThe model suite failed.');
  if (incomplete.length > 0) console.error(`\nBelow 100%: ${incomplete.map((r) => r.machine).join(', ')}`);
  process.exitCode = vitest.status === 0 && incomplete.length === 0 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
