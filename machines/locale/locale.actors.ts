import { fromPromise } from 'xstate';
import type { PortalLocale } from '@/src/format/locale-codes';
import { MESSAGE_PARTS } from 'virtual:message-parts';
import type { LoadedMessages, LocaleLoadError, Messages } from '@/machines/locale/locale.types';

/** Lazy loaders of the message parts, by locale and part, as `virtual:message-parts` gives them. */
export type MessageParts = Readonly<Record<string, Readonly<Record<string, () => Promise<unknown>>>>>;

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

/** A loaded part: a JSON module may arrive as the namespace object or as its default export. */
function messagesIn(loaded: unknown): Messages | undefined {
  if (isMessages(loaded)) return loaded;
  const inner = typeof loaded === 'object' && loaded !== null && 'default' in loaded ? loaded.default : undefined;
  return isMessages(inner) ? inner : undefined;
}

/**
 * Builds the `loadMessages` actor over a set of lazily imported parts: it loads the parts asked for, in the locale
 * asked for, and merges them (a part loaded before comes from the module cache at once). It rejects with a tagged
 * `LocaleLoadError`: LocaleFileMissing (no such part for the code), LocaleFileInvalid (not a flat map of strings)
 * or LocaleLoadFailed (the import itself failed, e.g. a chunk that did not download).
 */
export function createMessageLoader(files: MessageParts) {
  return fromPromise<LoadedMessages, { code: PortalLocale; parts: readonly string[] }>(async ({ input }) => {
    const { code, parts } = input;
    const loads = parts.map((part) => files[code]?.[part]);
    if (loads.some((load) => load === undefined)) throw failure('LocaleFileMissing', code);
    let loaded: unknown[];
    try {
      loaded = await Promise.all(loads.map((load) => load!()));
    } catch {
      throw failure('LocaleLoadFailed', code);
    }
    const catalogues = loaded.map(messagesIn);
    if (catalogues.some((messages) => messages === undefined)) throw failure('LocaleFileInvalid', code);
    return { code, parts, messages: Object.assign({}, ...catalogues) as Messages };
  });
}

/**
 * The real loader, over `virtual:message-parts` (scripts/message-parts.ts): one lazy chunk per part and locale, so
 * only the chosen locale's shell and the shown pages' parts are downloaded.
 */
export const loadMessages = createMessageLoader(MESSAGE_PARTS);
