import type { Plugin } from 'vite';

/** The module that holds React Aria's root menu trigger context, shared by its Dialog and its Menu. */
export const MENU_CONTEXT_MODULE = '\0tpp:rac-root-menu-trigger-context';

const CONTEXT_SOURCE = [
  "import { createContext } from 'react';",
  "/** React Aria Components' RootMenuTriggerStateContext, moved out of Menu.mjs (scripts/menu-context-split.ts). */",
  'export const RootMenuTriggerStateContext = /*#__PURE__*/ createContext(null);',
].join('\n');

const DIALOG = /[\\/]react-aria-components[\\/]dist[\\/]private[\\/]Dialog\.mjs$/;
const MENU = /[\\/]react-aria-components[\\/]dist[\\/]private[\\/]Menu\.mjs$/;

/**
 * Dialog.mjs: its import of the context from "./Menu.mjs" now names the context's own module. Throws when the import
 * is not there, so that a React Aria release that moves it fails the build instead of quietly undoing the split.
 */
export function dialogWithoutMenu(source: string): string {
  const from = /(import\s*\{\s*RootMenuTriggerStateContext\s+as\s+[\w$]+\s*\}\s*from\s*)"\.\/Menu\.mjs";/;
  if (!from.test(source)) throw new Error('menu-context-split: Dialog.mjs no longer imports the context from Menu.mjs');
  return source.replace(from, `$1${JSON.stringify(MENU_CONTEXT_MODULE)};`);
}

/**
 * Menu.mjs: the context it created itself is now imported from the shared module, under the same local name, so the
 * menu and every dialogue still read one and the same context. Throws when the declaration is not found.
 */
export function menuWithSharedContext(source: string): string {
  const local = source.match(/([\w$]+) as RootMenuTriggerStateContext\b/)?.[1];
  if (!local) throw new Error('menu-context-split: Menu.mjs no longer exports RootMenuTriggerStateContext');
  const escaped = local.replace(/\$/g, '\\$');
  const declaration = new RegExp(`const ${escaped} = /\\*#__PURE__\\*/ \\(0, [\\w$]+\\)\\(null\\);`);
  if (!declaration.test(source)) throw new Error('menu-context-split: the context is no longer created in Menu.mjs');
  return source.replace(
    declaration,
    `import { RootMenuTriggerStateContext as ${local} } from ${JSON.stringify(MENU_CONTEXT_MODULE)};`,
  );
}

/**
 * Cuts the one static edge from React Aria Components' Dialog to its Menu. Dialog.mjs imports a single context from
 * Menu.mjs; the import alone made every page with a dialogue (or a popover, which imports Dialog.mjs) load the whole
 * menu on first visit: Menu.mjs, its collections, selection and keyboard code, some 17 KB gzip, which only the user
 * menu's popup (loaded on first use) needs. The context moves to a module of its own that both import.
 */
export function menuContextSplit(): Plugin {
  return {
    name: 'tpp:menu-context-split',
    enforce: 'pre',
    resolveId(id) {
      return id === MENU_CONTEXT_MODULE ? MENU_CONTEXT_MODULE : null;
    },
    load(id) {
      return id === MENU_CONTEXT_MODULE ? CONTEXT_SOURCE : null;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (DIALOG.test(file)) return { code: dialogWithoutMenu(code), map: null };
      if (MENU.test(file)) return { code: menuWithSharedContext(code), map: null };
      return null;
    },
  };
}
