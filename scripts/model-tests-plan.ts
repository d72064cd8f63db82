/**
 * Prints the test plan of a machine as readable steps, for a tester: every path the model tests run (xstate/graph's
 * shortest and simple paths, with the events and payloads the tests send), one step per line —
 * "in loggedOut, send auth.login.submitted with {…}, expect signingIn".
 *
 *   npm run model-tests:plan -- auth                 by machine id, or by its docs name (find-work)
 *   npm run model-tests:plan -- auth --shortest      only the shortest paths (or --simple)
 *
 * The machine's model tests (model-tests/*.model.test.ts that name it) run once with a recorder
 * (scripts/machines/plan-recorder.ts) that writes down each path they hand to the harness. A machine no model test
 * runs gets shortest paths generated from the machine alone, without payloads, and says so.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { shapeOf } from '@/src/pages/machines/statechart-layout';
import { docFileName, loadMachines, withViteImport } from './machines/generate';
import { pathsFromMachine, renderPlan, uniquePaths, type PlannedPath } from './machines/plan';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const wanted = args.find((a) => !a.startsWith('--'));
const only = args.includes('--shortest') ? 'shortest' : args.includes('--simple') ? 'simple' : null;

const machines = await withViteImport(root, (importModule) => loadMachines(root, importModule));
const slug = (id: string) => docFileName(id).replace(/\.md$/, '');
const found = machines.find((m) => m.machine.id === wanted || slug(m.machine.id) === wanted);
if (!found) {
  console.error(`Usage: npm run model-tests:plan -- <machine> [--shortest|--simple]`);
  console.error(`${wanted ? `No machine ${wanted}. ` : ''}Machines: ${machines.map((m) => m.machine.id).join(', ')}`);
  process.exit(wanted ? 1 : 2);
}
const { machine, source } = found;

const testDir = join(root, 'model-tests');
const tests = readdirSync(testDir)
  .filter((f) => f.endsWith('.model.test.ts'))
  .sort()
  .filter((f) => new RegExp(`\\b${source.exportName}\\b`).test(readFileSync(join(testDir, f), 'utf8')))
  .map((f) => `model-tests/${f}`);

let paths: PlannedPath[] = [];
let from = 'the machine alone (no model test runs it yet: events without payloads)';
if (tests.length > 0) {
  const dir = mkdtempSync(join(tmpdir(), 'model-plan-'));
  const file = join(dir, 'paths.jsonl');
  try {
    process.env.MODEL_PLAN_FILE = file;
    console.error(`Running ${tests.join(', ')} to record its paths…`);
    // the project's Vitest config, with the recorder as one more setup file
    const vitest = await startVitest(
      'test',
      tests,
      // quiet: the plan is what goes to stdout
      { run: true, watch: false, reporters: [{}] },
      { test: { setupFiles: [join(root, 'scripts/machines/plan-recorder.ts')] } },
    );
    const failed = vitest.state.getCountOfFailedTests() > 0;
    await vitest.close();
    process.exitCode = 0;
    if (failed) console.error(`Warning: ${tests.join(', ')} failed; the plan shows the paths it ran.`);
    const shape = shapeOf(machine.root);
    const recorded = existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as PlannedPath)
      : [];
    paths = uniquePaths(recorded.filter((p) => p.machine === machine.id || p.shape === shape));
    from = tests.join(', ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (paths.length === 0) {
  paths = pathsFromMachine(machine);
  from = 'the machine alone (its model tests ran no generated path of it: events without payloads)';
  if (tests.length === 0) from = 'the machine alone (no model test runs it yet: events without payloads)';
}
if (only) paths = paths.filter((p) => p.generator === only);
process.stdout.write(renderPlan(machine.id, paths, from));
