/**
 * Finds every machine under machines/, and writes or checks its docs page. Shared by `machines-docs.ts` and
 * `model-coverage.ts` (which uses the same list of machines to notice one that has no model test).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createServer, createServerModuleRunner } from 'vite';
import { messageParts } from '../message-parts.ts';
import type { AnyStateMachine } from 'xstate';
import { format, resolveConfig } from 'prettier';
import { describeMachine } from './describe';
import { firstSentence, shapeOf } from '@/src/pages/machines/statechart-layout';
import { layoutMachine, machineIndex } from './layout';
import { renderIndex, renderMachineDoc, type IndexEntry, type MachineSourceRef } from './render';
import { readSourceDocs, type SourceDocs } from './source-docs';

export interface LoadedMachine {
  readonly machine: AnyStateMachine;
  readonly source: MachineSourceRef;
  readonly docs: SourceDocs;
}

/**
 * How to call each machine factory to get an instance to document. A factory's parameters are its own business,
 * so a new factory is added here; one missing is an error that names it, not a page that silently lacks it.
 */
export const FACTORIES: Readonly<Record<string, { readonly args: () => unknown[]; readonly shown: string }>> = {
  createRequestMachine: {
    args: () => ['request', () => Promise.resolve(null)],
    shown: "createRequestMachine('request', load)",
  },
};

export const isStateMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'implementations' in value;

/** `machines/<flow>/<flow>.machine.ts` files, sorted, as absolute paths. */
export function machineFiles(root: string): string[] {
  const dir = join(root, 'machines');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .flatMap((flow) =>
      readdirSync(join(dir, flow))
        .filter((f) => f.endsWith('.machine.ts'))
        .sort()
        .map((f) => join(dir, flow, f)),
    );
}

export type ImportModule = (absolutePath: string) => Promise<Record<string, unknown>>;

/**
 * Imports modules as the portal's build sees them: through Vite, with the `@/` alias and `import.meta.env` (the API
 * client reads it), which plain Node and tsx lack. Inside Vitest a plain `import()` does the same.
 */
export async function withViteImport<T>(root: string, use: (importModule: ImportModule) => Promise<T>): Promise<T> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    appType: 'custom',
    resolve: { alias: { '@': join(root, '/') } },
    // the locale machine's loaders import the message parts
    plugins: [messageParts(root)],
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
  try {
    return await use((path) => runner.import(path));
  } finally {
    await runner.close();
    await server.close();
  }
}

/** Every machine exported by the machine files of `root`: machine objects, and one instance of each factory. */
export async function loadMachines(root: string, importModule: ImportModule): Promise<LoadedMachine[]> {
  const loaded: LoadedMachine[] = [];
  for (const file of machineFiles(root)) {
    const rel = relative(root, file).split(sep).join('/');
    const text = readFileSync(file, 'utf8');
    const mod = await importModule(file);
    for (const exportName of Object.keys(mod).sort()) {
      const value = mod[exportName];
      if (isStateMachine(value)) {
        loaded.push({
          machine: value,
          source: { file: rel, exportName },
          docs: readSourceDocs(file, text, exportName),
        });
      } else if (typeof value === 'function' && /^create\w*Machine$/.test(exportName)) {
        const factory = FACTORIES[exportName];
        if (!factory) throw new Error(`${rel}: add ${exportName} to FACTORIES in scripts/machines/generate.ts`);
        const machine: unknown = (value as (...args: unknown[]) => unknown)(...factory.args());
        if (!isStateMachine(machine)) throw new Error(`${rel}: ${exportName}(...) did not return a machine`);
        loaded.push({
          machine,
          source: { file: rel, exportName, instance: factory.shown },
          docs: readSourceDocs(file, text, exportName),
        });
      }
    }
  }
  return loaded;
}

/** `pageProgress` → `page-progress.md`, like the flow folders. */
export const docFileName = (machineId: string) =>
  `${machineId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase()}.md`;

export const INDEX_FILE = 'README.md';

/** `find-work.md` → `find-work.layout.json`: the statechart the machines page draws (scripts/machines/layout.ts). */
export const layoutFileName = (docFile: string) => docFile.replace(/\.md$/, '.layout.json');

/** The machines page's list of machines (src/pages/machines/statechart-layout.ts, `MachineIndex`). */
export const MACHINE_INDEX_FILE = 'machines.json';

/** Generated JSON, formatted as Prettier (run by `npm run format:check`) would format it. */
async function prettyJson(value: unknown, fileName: string): Promise<string> {
  const config = (await resolveConfig(fileName)) ?? {};
  return format(JSON.stringify(value), { ...config, parser: 'json', filepath: fileName });
}

/**
 * The statechart layouts of the given machines (ELK, in Node: elkjs never reaches the browser) and the machines
 * page's index, by file name. `root` is where Prettier's configuration is looked up.
 */
export async function generateLayouts(machines: readonly LoadedMachine[], root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const entries = [];
  for (const { machine, source, docs } of machines) {
    const slug = docFileName(machine.id).replace(/\.md$/, '');
    const desc = describeMachine(machine, docs);
    const fileName = layoutFileName(`${slug}.md`);
    files.set(fileName, await prettyJson(await layoutMachine(desc), join(root, fileName)));
    entries.push({
      id: desc.id,
      slug,
      ...(desc.description ? { summary: firstSentence(desc.description) } : {}),
      file: source.file,
      ...(source.instance ? { instance: source.instance } : {}),
      states: desc.states.filter((s) => s.node.path.length > 0).length,
      transitions: desc.transitions.length,
      shape: shapeOf(machine.root),
    });
  }
  files.set(MACHINE_INDEX_FILE, await prettyJson(machineIndex(entries), join(root, MACHINE_INDEX_FILE)));
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The pages of the given machines and their index, by file name. */
export function generateDocs(machines: readonly LoadedMachine[]): Map<string, string> {
  const files = new Map<string, string>();
  const entries: IndexEntry[] = [];
  for (const { machine, source, docs } of machines) {
    const fileName = docFileName(machine.id);
    if (files.has(fileName) || fileName === INDEX_FILE)
      throw new Error(`two machines would both be documented in ${fileName} (${source.file}): give them distinct ids`);
    const desc = describeMachine(machine, docs);
    files.set(fileName, renderMachineDoc(desc, source));
    entries.push({ fileName, desc, source });
  }
  files.set(INDEX_FILE, renderIndex(entries));
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

const isGenerated = (name: string, text: string) =>
  name.endsWith('.layout.json') || text.startsWith('<!-- Generated by `npm run machines:docs`');

export interface CheckResult {
  readonly missing: string[];
  readonly stale: string[];
  /** Generated pages of machines that no longer exist. */
  readonly orphaned: string[];
}

/** Compares the pages on disk with the ones generated now. */
export function checkDocs(outDir: string, files: ReadonlyMap<string, string>): CheckResult {
  const result: CheckResult = { missing: [], stale: [], orphaned: [] };
  for (const [name, text] of files) {
    const path = join(outDir, name);
    if (!existsSync(path)) result.missing.push(name);
    else if (readFileSync(path, 'utf8') !== text) result.stale.push(name);
  }
  if (existsSync(outDir))
    for (const name of readdirSync(outDir).sort())
      if (
        (name.endsWith('.md') || name.endsWith('.layout.json')) &&
        !files.has(name) &&
        isGenerated(name, readFileSync(join(outDir, name), 'utf8'))
      )
        result.orphaned.push(name);
  return result;
}

/** Writes the pages, and removes generated pages of machines that are gone. */
export function writeDocs(outDir: string, files: ReadonlyMap<string, string>): void {
  mkdirSync(outDir, { recursive: true });
  for (const name of checkDocs(outDir, files).orphaned) rmSync(join(outDir, name));
  for (const [name, text] of files) writeFileSync(join(outDir, name), text);
}
