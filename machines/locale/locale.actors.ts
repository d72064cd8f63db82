import { fromPromise } from 'xstate';
import type { PortalLocale } from '@/src/format/locale-codes';
import type { LoadedMessages, LocaleLoadError, Messages } from '@/machines/locale/locale.types';

/** Lazy loaders for message files, keyed by path ('/locales/en.json'), as `import.meta.glob` gives them. */
export type MessageFiles = Record<string, () => Promise<unknown>>;

function failure(tag: LocaleLoadError['_tag'], code: PortalLocale): LocaleLoadError {
  return { _tag: tag, code };
}

function isMessages(value: unknown): value is Messages {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === 'string' || Array.isArray(text))
  );
}

/**
 * Builds the `loadMessages` actor over a set of lazily imported files. It rejects with a tagged
 * `LocaleLoadError`: LocaleFileMissing (no file for the code), LocaleFileInvalid (not a flat map of strings)
 * or LocaleLoadFailed (the import itself failed, e.g. a chunk that did not download).
 */
export function createMessageLoader(files: MessageFiles) {
  return fromPromise<LoadedMessages, { code: PortalLocale }>(async ({ input }) => {
    const { code } = input;
    const key = Object.keys(files).find((path) => path.endsWith(`/${code}.json`));
    const load = key === undefined ? undefined : files[key];
    if (!load) throw failure('LocaleFileMissing', code);
    let loaded: unknown;
    try {
      loaded = await load();
    } catch {
      throw failure('LocaleLoadFailed', code);
    }
    // A JSON module may arrive as the namespace object or as its default export.
    const messages = isMessages(loaded)
      ? loaded
      : typeof loaded === 'object' && loaded !== null && 'default' in loaded
        ? loaded.default
        : undefined;
    if (!isMessages(messages)) throw failure('LocaleFileInvalid', code);
    return { code, messages };
  });
}

/**
 * The real loader: dynamically imports `@/locales/<code>.json`. Vite turns the glob into one lazy chunk per
 * file at build time, so only the chosen locale is downloaded, and a missing file is a tagged failure rather
 * than a build error.
 */
export const loadMessages = createMessageLoader(import.meta.glob('@/locales/*.json', { import: 'default' }));
