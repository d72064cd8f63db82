/**
 * Writes docs/machines/<machine>.md for every machine under machines/ (a Mermaid state diagram and tables of its
 * states, events, guards, actions, delays and invoked actors, all read from the machine definition) and an index;
 * and, for the machines page (/tpp/machines), docs/machines/<machine>.layout.json (the statechart laid out by ELK,
 * here at docs time so that elkjs never ships to the browser) and docs/machines/machines.json (the list of machines).
 * --check covers the layouts too: the page's pictures cannot drift from the machines either.
 *
 *   tsx scripts/machines-docs.ts              regenerate the pages
 *   tsx scripts/machines-docs.ts --check      exit 1 when a page is missing, stale or left over (CI)
 *   --out <dir>                               another output folder (tests)
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDocs, generateDocs, generateLayouts, loadMachines, withViteImport, writeDocs } from './machines/generate';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const check = args.includes('--check');
const outAt = args.indexOf('--out');
const outDir = outAt >= 0 && args[outAt + 1] ? resolve(args[outAt + 1]!) : resolve(root, 'docs/machines');

const machines = await withViteImport(root, (importModule) => loadMachines(root, importModule));
const files = new Map([...generateDocs(machines), ...(await generateLayouts(machines, root))]);

if (check) {
  const { missing, stale, orphaned } = checkDocs(outDir, files);
  const problems = [
    ...missing.map((f) => `missing: ${f}`),
    ...stale.map((f) => `stale: ${f}`),
    ...orphaned.map((f) => `left over (its machine is gone): ${f}`),
  ];
  if (problems.length > 0) {
    console.error(`Machine docs in ${outDir} are out of date; run npm run machines:docs.`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log(`Machine docs are up to date (${files.size} files in ${outDir}).`);
} else {
  writeDocs(outDir, files);
  console.log(`Wrote ${files.size} files to ${outDir}: ${[...files.keys()].join(', ')}`);
}
