import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { checkDocs, generateDocs, loadMachines, writeDocs, type LoadedMachine } from './machines/generate';
import { noSourceDocs } from './machines/source-docs';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

const machine = (id: string, description: string): LoadedMachine => ({
  machine: setup({}).createMachine({ id, initial: 'a', states: { a: { description } } }),
  source: { file: `machines/${id}/${id}.machine.ts`, exportName: `${id}Machine` },
  docs: noSourceDocs,
});

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'machines-docs-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('machines:docs --check', () => {
  it('finds nothing to do right after writing', () => {
    const dir = tempDir();
    const files = generateDocs([machine('door', 'Shut'), machine('pageProgress', 'Hidden')]);
    expect([...files.keys()]).toEqual(['README.md', 'door.md', 'page-progress.md']);
    writeDocs(dir, files);
    expect(checkDocs(dir, files)).toEqual({ missing: [], stale: [], orphaned: [] });
  });

  it('reports a page edited by hand, a page missing, and a page whose machine is gone', () => {
    const dir = tempDir();
    writeDocs(dir, generateDocs([machine('door', 'Shut'), machine('lamp', 'Off'), machine('old', 'Gone')]));
    writeFileSync(join(dir, 'door.md'), readFileSync(join(dir, 'door.md'), 'utf8').replace('Shut', 'Open'));
    writeFileSync(join(dir, 'notes.md'), 'written by a person, not generated\n');
    rmSync(join(dir, 'lamp.md'));

    const now = generateDocs([machine('door', 'Shut'), machine('lamp', 'Off')]);
    expect(checkDocs(dir, now)).toEqual({
      missing: ['lamp.md'],
      stale: ['README.md', 'door.md'],
      orphaned: ['old.md'],
    });

    writeDocs(dir, now);
    expect(checkDocs(dir, now)).toEqual({ missing: [], stale: [], orphaned: [] });
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('written by a person, not generated\n');
  });

  // One run of the real command (loading the machines through Vite takes seconds); `npm run machines:docs -- --check`
  // in CI is the run that passes.
  it('exits 1 and names the stale page when the docs of the real machines are out of date', async () => {
    const dir = tempDir();
    writeDocs(dir, generateDocs(await loadMachines(root, (path) => import(path))));
    writeFileSync(join(dir, 'auth.md'), `${readFileSync(join(dir, 'auth.md'), 'utf8')}\nedited by hand\n`);

    const failed = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/machines-docs.ts', '--check', '--out', dir],
      {
        cwd: root,
      },
    ).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('stale: auth.md');
    expect(failed?.stderr).not.toContain('stale: locale.md');
  }, 60_000);
});
