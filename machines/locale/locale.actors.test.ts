import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createMessageLoader, type MessageParts } from '@/machines/locale/locale.actors';
import type { PortalLocale } from '@/src/format/locale-codes';

function run(files: MessageParts, code: PortalLocale, parts: readonly string[] = ['shell']) {
  return toPromise(createActor(createMessageLoader(files), { input: { code, parts } }).start());
}

describe('createMessageLoader', () => {
  it('loads the parts asked for in the requested locale only, merged', async () => {
    const loaded: string[] = [];
    const files: MessageParts = {
      en: { shell: async () => (loaded.push('en'), { 'app.title': 'Find work' }) },
      es: {
        shell: async () => (loaded.push('es shell'), { 'app.title': 'Buscar trabajo' }),
        'find-work/find-work-page': async () => (loaded.push('es page'), { 'findWork.title': 'Buscar' }),
        'login/login-page': async () => (loaded.push('es login'), { 'login.title': 'Entrar' }),
      },
    };
    await expect(run(files, 'es', ['shell', 'find-work/find-work-page'])).resolves.toEqual({
      code: 'es',
      parts: ['shell', 'find-work/find-work-page'],
      messages: { 'app.title': 'Buscar trabajo', 'findWork.title': 'Buscar' },
    });
    expect(loaded).toEqual(['es shell', 'es page']);
  });

  it('accepts a module namespace with a default export', async () => {
    const files: MessageParts = { en: { shell: async () => ({ default: { hello: 'Hello' } }) } };
    await expect(run(files, 'en')).resolves.toEqual({ code: 'en', parts: ['shell'], messages: { hello: 'Hello' } });
  });

  it('fails with LocaleFileMissing when a part or the locale has none', async () => {
    const files: MessageParts = { en: { shell: async () => ({}) } };
    await expect(run(files, 'es')).rejects.toEqual({ _tag: 'LocaleFileMissing', code: 'es' });
    await expect(run(files, 'en', ['shell', 'terms/terms-page'])).rejects.toEqual({
      _tag: 'LocaleFileMissing',
      code: 'en',
    });
  });

  it('fails with LocaleFileInvalid for anything but a flat map of strings', async () => {
    const files: MessageParts = { en: { shell: async () => ({ nested: { a: 'b' } }) } };
    await expect(run(files, 'en')).rejects.toEqual({ _tag: 'LocaleFileInvalid', code: 'en' });
  });

  it('fails with LocaleLoadFailed when an import fails', async () => {
    const files: MessageParts = {
      es: { shell: async () => ({ a: 'b' }), 'terms/terms-page': () => Promise.reject(new Error('chunk')) },
    };
    await expect(run(files, 'es', ['shell', 'terms/terms-page'])).rejects.toEqual({
      _tag: 'LocaleLoadFailed',
      code: 'es',
    });
  });
});
