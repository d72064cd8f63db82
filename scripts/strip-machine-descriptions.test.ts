import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MACHINE_MODULE, stripMachineDescriptions } from './strip-machine-descriptions';

const root = join(import.meta.dirname, '..');

describe("the build leaves out the machines' descriptions", () => {
  it("removes the config's written descriptions, states and transitions alike, with their commas", () => {
    const source = `export const m = setup({}).createMachine({
  id: 'm',
  description: 'The machine',
  states: {
    idle: { description: "Waiting" + ' for you', on: { go: { target: 'busy', description: \`Starts\` } } },
    busy: {
      description: 'Working',
    },
  },
});`;
    const spaced = (code: string) => code.replace(/\s+/g, ' ');
    expect(spaced(stripMachineDescriptions(source))).toBe(
      spaced(`export const m = setup({}).createMachine({
  id: 'm',
  states: {
    idle: { on: { go: { target: 'busy', } } },
    busy: { },
  },
});`),
    );
  });

  it('keeps a description computed from something, and any outside createMachine', () => {
    const source = `const help = { description: 'kept' };
export const m = createMachine({ context: { description: help.description }, description: \`a \${x}\` });`;
    expect(stripMachineDescriptions(source)).toBe(source);
  });

  it('names machine modules only', () => {
    expect(MACHINE_MODULE.test('/work/main/machines/auth/auth.machine.ts')).toBe(true);
    expect(MACHINE_MODULE.test('/work/main/machines/auth/auth.actors.ts')).toBe(false);
    expect(MACHINE_MODULE.test('/work/main/src/pages/machines/machines-page.tsx')).toBe(false);
  });

  it("leaves every machine of the portal valid, with none of its config's written descriptions", () => {
    const files = readdirSync(join(root, 'machines'), { recursive: true, encoding: 'utf8' })
      .map((file) => join(root, 'machines', file))
      .filter((file) => MACHINE_MODULE.test(file));
    expect(files.length).toBeGreaterThan(30);
    let removed = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const stripped = stripMachineDescriptions(source, file);
      const output = ts.transpileModule(stripped, { fileName: file, reportDiagnostics: true });
      expect(output.diagnostics ?? [], file).toEqual([]);
      // stripping twice changes nothing: no written description is left in a config
      expect(stripMachineDescriptions(stripped, file), file).toBe(stripped);
      removed += source.split('description:').length - stripped.split('description:').length;
    }
    expect(removed).toBeGreaterThan(300);
  });
});
