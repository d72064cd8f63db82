import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { messagePartModule, messagePartOf, SHELL_PART } from '../machines/locale/message-part-names.ts';
import { ROUTE_TABLE, type PageModule } from '../src/app/route-table.ts';
import { PORTAL_LOCALES } from '../src/format/locale-codes.ts';

const INDEX_ID = 'virtual:message-parts';
const PART_ID = 'virtual:message-part/';
/** Virtual modules' ids begin with \0 (Rollup's convention); the rest is `messagePartModule`'s name. */
const VIRTUAL = '\0';

const SOURCE_EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The module specifiers a source file imports: `import … from`, `export … from`, `import '…'` and `import('…')`. */
export function importsOf(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"\n]+)['"]/g)) found.add(match[1]!);
  return [...found];
}

/**
 * The project file a specifier names (`@/` is the project's root, as in vite.config.ts), or null for a package, a
 * stylesheet or anything that is not a TypeScript source.
 */
export function resolveImport(specifier: string, fromFile: string, root: string): string | null {
  const base = specifier.startsWith('@/')
    ? join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? join(dirname(fromFile), specifier)
      : null;
  if (base === null) return null;
  for (const extension of SOURCE_EXTENSIONS) {
    const file = base + extension;
    if (/\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * The message ids a source file names: a string that is an id, or a template that begins with an id's prefix
 * (`category.${…}` names every `category.` id).
 */
export function idsNamedIn(source: string, ids: ReadonlySet<string>): Set<string> {
  const named = new Set<string>();
  for (const match of source.matchAll(/['"`]([A-Za-z][\w.-]*)['"`]/g)) if (ids.has(match[1]!)) named.add(match[1]!);
  for (const match of source.matchAll(/`([A-Za-z][\w.-]*\.)\$\{/g))
    for (const id of ids) if (id.startsWith(match[1]!)) named.add(id);
  return named;
}

/** The project files reachable from `start` through imports, not going into the `stops` (other pages). */
function reachable(start: string, stops: ReadonlySet<string>, importsIn: (file: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const target of importsIn(file)) if (!stops.has(target) && !seen.has(target)) queue.push(target);
  }
  return seen;
}

/**
 * Which messages each part holds. The shell: the ids named by the entry and every module it reaches, except through
 * a page. A page: the ids named by the page and every module it reaches (its dialogues loaded later too), except
 * through another page, less the shell's. A message no part names is in the shell, so none can be left out.
 */
export function splitMessages(
  root: string,
  entry: string,
  pages: Readonly<Record<string, string>>,
  ids: readonly string[],
): Record<string, string[]> {
  const pageFiles = new Set(Object.values(pages));
  // Modules shared by several pages are walked once per page: read each file, and find its imports and ids, once.
  const known = new Set(ids);
  const scanned = new Map<string, { imports: string[]; ids: Set<string> }>();
  const scan = (file: string) => {
    let entry = scanned.get(file);
    if (!entry) {
      const source = readFileSync(file, 'utf8');
      const imports = importsOf(source).map((specifier) => resolveImport(specifier, file, root));
      entry = { imports: imports.filter((target) => target !== null), ids: idsNamedIn(source, known) };
      scanned.set(file, entry);
    }
    return entry;
  };
  const importsIn = (file: string) => scan(file).imports;
  const named = (files: Set<string>) => {
    const all = new Set<string>();
    for (const file of files) for (const id of scan(file).ids) all.add(id);
    return all;
  };
  const shell = named(reachable(entry, pageFiles, importsIn));
  const parts: Record<string, string[]> = {};
  const placed = new Set(shell);
  for (const [part, file] of Object.entries(pages)) {
    const own = [...named(reachable(file, new Set([...pageFiles].filter((f) => f !== file)), importsIn))].filter(
      (id) => !shell.has(id),
    );
    own.forEach((id) => placed.add(id));
    parts[part] = own.sort();
  }
  parts[SHELL_PART] = [...shell, ...ids.filter((id) => !placed.has(id))].sort();
  return parts;
}

/** The page modules of the route table, each with its file. */
export function pageFiles(root: string): Record<PageModule, string> {
  return Object.fromEntries(ROUTE_TABLE.map((r) => [r.page, join(root, 'src', 'pages', `${r.page}.tsx`)])) as Record<
    PageModule,
    string
  >;
}

const readCatalogue = (root: string, code: string) =>
  JSON.parse(readFileSync(join(root, 'locales', `${code}.json`), 'utf8')) as Record<string, string>;

/**
 * The messages in parts (`virtual:message-parts`): the shell, and one part per page, in each locale. The portal
 * loads the shell and the part of each page it shows (machines/locale), so a first load carries the messages of one
 * page, not of every page's (24 pages, so 25 parts a locale with the shell). Production builds ship each part parsed into ICU ASTs and alias the parser to formatjs'
 * no-parser entry (no parsing at run time, about 8 KB gzip less). The dev server and the tests serve every message in
 * every part: a message added while developing shows at once.
 */
export function messageParts(root: string): Plugin {
  let build = false;
  let split: Record<string, string[]> | null = null;
  const parts = () => [SHELL_PART, ...new Set(ROUTE_TABLE.map((r) => r.page))];
  return {
    name: 'message-parts',
    enforce: 'pre',
    config: (_, env) => {
      build = env.command === 'build' && env.mode !== 'test';
      return build
        ? {
            resolve: {
              alias: [
                {
                  find: /^@formatjs\/icu-messageformat-parser$/,
                  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
                },
              ],
            },
          }
        : {};
    },
    buildStart() {
      split = null;
    },
    resolveId(source) {
      if (source === INDEX_ID) return `${VIRTUAL}${INDEX_ID}`;
      if (source.startsWith(PART_ID)) {
        const [code = '', ...part] = source.slice(PART_ID.length).split('/');
        return VIRTUAL + messagePartModule(code, part.join('/'));
      }
      return null;
    },
    load(id) {
      if (id === `${VIRTUAL}${INDEX_ID}`) {
        const loaders = PORTAL_LOCALES.map(
          (code) =>
            `${JSON.stringify(code)}: {${parts()
              .map((part) => `${JSON.stringify(part)}: () => import(${JSON.stringify(`${PART_ID}${code}/${part}`)})`)
              .join(',\n')}}`,
        );
        return `export const MESSAGE_PARTS = {${loaders.join(',\n')}};`;
      }
      const named = id.startsWith(VIRTUAL) ? messagePartOf(id.slice(VIRTUAL.length)) : null;
      if (named === null) return null;
      const { code, part } = named;
      // a change to a locale file reloads its parts (the dev server), and the English one re-splits all (build watch)
      this.addWatchFile(join(root, 'locales', `${code}.json`));
      this.addWatchFile(join(root, 'locales', 'en.json'));
      const catalogue = readCatalogue(root, code);
      if (!build) return `export default ${JSON.stringify(catalogue)};`;
      split ??= splitMessages(
        root,
        join(root, 'src', 'main.tsx'),
        pageFiles(root),
        Object.keys(readCatalogue(root, 'en')),
      );
      const ids = split[part];
      if (!ids) this.error(`no message part ${part} (${relative(root, id)})`);
      return `export default ${JSON.stringify(Object.fromEntries(ids.map((key) => [key, parse(catalogue[key] ?? '')])))};`;
    },
  };
}
