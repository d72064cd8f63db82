import type { Plugin } from 'vite';
import { messagePartOf } from '../machines/locale/message-part-names.ts';

/** Where the build writes what each chunk is made of (read by scripts/check-budgets.ts). */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/** Per output file, the bytes each module left in it after tree-shaking (before minification), by module id. */
export type ChunkModules = Record<string, Record<string, number>>;

/**
 * Writes dist/.vite/chunk-modules.json beside Vite's manifest: for every JavaScript chunk, its modules and the length
 * of what each rendered. `npm run check:budgets` shares each chunk's gzip size out by these lengths to say which
 * libraries a route's first load is made of.
 */
export function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'tpp:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = `${config.root}/`;
    },
    generateBundle(_options, bundle) {
      // ids relative to the project, so the file names no folder of the machine that built it
      const relative = (id: string) =>
        id
          .split(root)
          .join('')
          .replace(/^.*\/node_modules\//, 'node_modules/');
      const modules: ChunkModules = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        modules[fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, info]) => [relative(id), info.renderedLength]),
        );
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(modules) });
    },
  };
}

/** The parts a first load is reported in: the libraries the architecture names, the messages, the portal's own code. */
export const PARTS = ['React', 'React Aria', 'Effect', 'XState', 'react-intl', 'messages', 'portal', 'other'] as const;
export type Part = (typeof PARTS)[number];

const PACKAGE_PART: Readonly<Record<string, Part>> = {
  react: 'React',
  'react-dom': 'React',
  scheduler: 'React',
  'react-aria': 'React Aria',
  'react-aria-components': 'React Aria',
  'react-stately': 'React Aria',
  effect: 'Effect',
  xstate: 'XState',
  '@xstate/react': 'XState',
  'use-sync-external-store': 'XState',
  'react-intl': 'react-intl',
  'intl-messageformat': 'react-intl',
};

/** The part a module id belongs to. */
export function partOf(id: string): Part {
  if (messagePartOf(id.replace(/^\0/, '')) !== null) return 'messages';
  const inPackages = id.lastIndexOf('node_modules/');
  if (inPackages < 0) return id.startsWith('\0') ? 'other' : 'portal';
  const [scope = '', name = ''] = id.slice(inPackages + 'node_modules/'.length).split('/');
  const pkg = scope.startsWith('@') ? `${scope}/${name}` : scope;
  if (PACKAGE_PART[pkg]) return PACKAGE_PART[pkg];
  if (pkg.startsWith('@react-aria/') || pkg.startsWith('@react-stately/') || pkg.startsWith('@internationalized/'))
    return 'React Aria';
  if (pkg.startsWith('@formatjs/')) return 'react-intl';
  return 'other';
}

/** A chunk's compressed size shared out among its parts in proportion to what each module rendered. */
export function partsOf(modules: Record<string, number>, compressedBytes: number): Map<Part, number> {
  const total = Object.values(modules).reduce((sum, n) => sum + n, 0);
  const parts = new Map<Part, number>();
  for (const [id, length] of Object.entries(modules)) {
    const part = partOf(id);
    parts.set(part, (parts.get(part) ?? 0) + (total === 0 ? 0 : (compressedBytes * length) / total));
  }
  return parts;
}
