import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createMessageLoader } from '@/machines/locale/locale.actors';
import type { PortalLocale } from '@/src/format/locale-codes';
import type { MessageFiles } from '@/machines/locale/locale.actors';

function run(files: MessageFiles, code: PortalLocale) {
  return toPromise(createActor(createMessageLoader(files), { input: { code } }).start());
}

describe('createMessageLoader', () => {
  it('loads the file of the requested code only', async () => {
    const loaded: string[] = [];
    const files: MessageFiles = {
      '/locales/en.json': async () => (loaded.push('en'), { 'app.title': 'Find work' }),
      '/locales/es.json': async () => (loaded.push('es'), { 'app.title': 'Buscar trabajo' }),
    };
    await expect(run(files, 'es')).resolves.toEqual({ code: 'es', messages: { 'app.title': 'Buscar trabajo' } });
    expect(loaded).toEqual(['es']);
  });

  it('accepts a module namespace with a default export', async () => {
    const files: MessageFiles = { '/locales/en.json': async () => ({ default: { hello: 'Hello' } }) };
    await expect(run(files, 'en')).resolves.toEqual({ code: 'en', messages: { hello: 'Hello' } });
  });

  it('fails with LocaleFileMissing when there is no file', async () => {
    await expect(run({ '/locales/en.json': async () => ({}) }, 'es')).rejects.toEqual({
      _tag: 'LocaleFileMissing',
      code: 'es',
    });
  });

  it('fails with LocaleFileInvalid for anything but a flat map of strings', async () => {
    const files: MessageFiles = { '/locales/en.json': async () => ({ nested: { a: 'b' } }) };
    await expect(run(files, 'en')).rejects.toEqual({ _tag: 'LocaleFileInvalid', code: 'en' });
  });

  it('fails with LocaleLoadFailed when the import fails', async () => {
    const files: MessageFiles = { '/locales/es.json': () => Promise.reject(new Error('chunk')) };
    await expect(run(files, 'es')).rejects.toEqual({ _tag: 'LocaleLoadFailed', code: 'es' });
  });
});
