import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialogWithoutMenu, MENU_CONTEXT_MODULE, menuWithSharedContext } from './menu-context-split';

// the files the build transforms, as installed
const racPrivate = join(
  dirname(createRequire(import.meta.url).resolve('react-aria-components/package.json')),
  'dist/private',
);
const installed = (file: string) => readFileSync(join(racPrivate, file), 'utf8');

describe("React Aria's dialogue no longer imports its menu", () => {
  it('takes the root menu trigger context from the shared module, under the same local name', () => {
    const before = installed('Dialog.mjs');
    const local = before.match(/RootMenuTriggerStateContext as ([\w$]+)\s*\}\s*from "\.\/Menu\.mjs"/)?.[1];
    expect(local).toBeTruthy();
    const after = dialogWithoutMenu(before);
    expect(after).not.toContain('./Menu.mjs');
    expect(after).toContain(`RootMenuTriggerStateContext as ${local}} from ${JSON.stringify(MENU_CONTEXT_MODULE)};`);
    // nothing else changed
    expect(after.split('\n').length).toBe(before.split('\n').length);
  });

  it('makes the menu import that same context instead of creating its own', () => {
    const before = installed('Menu.mjs');
    const local = before.match(/([\w$]+) as RootMenuTriggerStateContext\b/)![1]!;
    const after = menuWithSharedContext(before);
    expect(after).toContain(
      `import { RootMenuTriggerStateContext as ${local} } from ${JSON.stringify(MENU_CONTEXT_MODULE)};`,
    );
    expect(after).not.toContain(`const ${local} =`);
    // still exported under its name, for the menu's own users
    expect(after).toContain(`${local} as RootMenuTriggerStateContext`);
  });

  it('fails the build when a React Aria release moved what it rewrites', () => {
    expect(() => dialogWithoutMenu('import {X as $a} from "./Menu.mjs";')).toThrow(/Dialog\.mjs/);
    expect(() => menuWithSharedContext('export {$a as MenuContext};')).toThrow(/Menu\.mjs/);
    expect(() =>
      menuWithSharedContext('const $a = createContext(null);\nexport {$a as RootMenuTriggerStateContext};'),
    ).toThrow(/no longer created/);
  });
});
