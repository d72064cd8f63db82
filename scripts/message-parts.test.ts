import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import { messagePartModule, messagePartOf } from '@/machines/locale/message-part-names';
import { idsNamedIn, importsOf, pageFiles, resolveImport, splitMessages } from './message-parts';

const root = mkdtempSync(join(tmpdir(), 'message-parts-'));
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the source graph', () => {
  it('finds static, re-exported, bare and dynamic imports', () => {
    const source = [
      "import { a } from './a';",
      "export { b } from '@/lib/b';",
      "import './side-effect.css';",
      "const Dialog = lazy(() => import('./dialog'));",
      "import type { T } from 'react';",
    ].join('\n');
    expect(importsOf(source).sort()).toEqual(['./a', './dialog', './side-effect.css', '@/lib/b', 'react'].sort());
  });

  it('resolves project files by alias or relative path, with their extension or index, and nothing else', () => {
    write('src/x/a.tsx', '');
    write('src/x/dir/index.ts', '');
    write('lib/b.ts', '');
    const from = join(root, 'src/x/page.tsx');
    expect(resolveImport('./a', from, root)).toBe(join(root, 'src/x/a.tsx'));
    expect(resolveImport('./dir', from, root)).toBe(join(root, 'src/x/dir/index.ts'));
    expect(resolveImport('@/lib/b', from, root)).toBe(join(root, 'lib/b.ts'));
    expect(resolveImport('react', from, root)).toBeNull();
    expect(resolveImport('./missing', from, root)).toBeNull();
  });

  it('names the ids a file writes out, and every id under a template prefix', () => {
    const ids = ['a.title', 'cat.house', 'cat.piano', 'catalogue', 'other'];
    const source = 't(\'a.title\'); t(`cat.${c}`); const x = "nope.x";';
    expect([...idsNamedIn(source, new Set(ids))].sort()).toEqual(['a.title', 'cat.house', 'cat.piano']);
  });
});

describe('splitMessages', () => {
  it('puts what the entry reaches in the shell, and each page its own, its dialogues too, not another page', () => {
    write('main.tsx', "import './app';");
    write('app.tsx', "import { t } from './shared'; t('app.name'); const p = () => import('./pages/a-page');");
    write('shared.ts', "export const t = (id: string) => id; t('shared.ok');");
    write('pages/a-page.tsx', "import './shared'; import('./a-dialog'); t('a.title'); t(`cat.${c}`);");
    write('pages/a-dialog.tsx', "t('a.dialog'); t('app.name');");
    write('pages/b-page.tsx', "import { x } from './a-page'; t('b.title');");
    const ids = ['app.name', 'shared.ok', 'a.title', 'a.dialog', 'cat.one', 'b.title', 'orphan'];
    const parts = splitMessages(
      root,
      join(root, 'main.tsx'),
      { a: join(root, 'pages/a-page.tsx'), b: join(root, 'pages/b-page.tsx') },
      ids,
    );
    expect(parts).toEqual({
      // an id that no file names stays in the shell: loaded everywhere, never missing
      shell: ['app.name', 'orphan', 'shared.ok'],
      a: ['a.dialog', 'a.title', 'cat.one'],
      b: ['b.title'],
    });
  });

  it("places every one of the portal's messages, in the shell or in the part of each page that names it", () => {
    const ids = Object.keys(en);
    const parts = splitMessages(process.cwd(), join(process.cwd(), 'src/main.tsx'), pageFiles(process.cwd()), ids);
    const shell = new Set(parts.shell);
    const placed = new Set(Object.values(parts).flat());
    expect([...placed].sort()).toEqual([...ids].sort());
    for (const [part, own] of Object.entries(parts))
      if (part !== 'shell')
        expect(
          own.filter((id) => shell.has(id)),
          part,
        ).toEqual([]);
    // the shell is a small share of the whole, and the pages' own messages are theirs
    expect(parts.shell!.length).toBeLessThan(ids.length / 4);
    expect(parts['login/login-page']).toContain('login.createAccount');
    expect(parts['find-work/find-work-page']).toContain('savedSearch.title');
  });
});

describe('the module names of the parts', () => {
  it('carry the locale and the page module, and read back to both', () => {
    expect(messagePartModule('es', 'find-work/find-work-page')).toBe('messages/es-find-work--find-work-page.js');
    expect(messagePartOf('messages/es-find-work--find-work-page.js')).toEqual({
      code: 'es',
      part: 'find-work/find-work-page',
    });
    expect(messagePartOf(messagePartModule('en', 'shell'))).toEqual({ code: 'en', part: 'shell' });
    expect(messagePartOf('src/pages/find-work/find-work-page.tsx')).toBeNull();
  });
});
