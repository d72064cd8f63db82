import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { PortalLocale } from '@/src/format/locale-codes';

/**
 * A message catalogue as react-intl reads it: message id → ICU message text, or its parsed AST in
 * production builds (scripts/message-parts.ts).
 */
export type Messages = Record<string, string | MessageFormatElement[]>;

/** What the locale flow starts from; the React boundary reads these from the browser. */
export interface LocaleInput {
  /** Value of the `i18n_locale` cookie (see `readLocaleCookie`), if one is stored. */
  cookie?: string | null;
  /** navigator.languages, most preferred first. */
  languages: readonly string[];
  /** location.pathname, for a locale path prefix such as '/tpp/es/…'. */
  pathname: string;
  /** location.hostname, for the domain suffix ('.es'). */
  hostname: string;
}

/** Tagged failure of a message-file load; carries no translated text. */
export interface LocaleLoadError {
  _tag: 'LocaleFileMissing' | 'LocaleFileInvalid' | 'LocaleLoadFailed';
  /** The locale whose file failed. */
  code: PortalLocale;
}

export interface LocaleContext {
  /** The locale whose messages are in use; null until the first file has loaded. */
  code: PortalLocale | null;
  /** The locale being loaded, or the one that failed in `failed`; null when ready. */
  pendingCode: PortalLocale | null;
  /** Messages of `code`: those of `loadedParts`; null until the first load. */
  messages: Messages | null;
  /** The message parts the portal needs: the shell, and each page it has shown (scripts/message-parts.ts). */
  parts: readonly string[];
  /** The parts in `messages`. */
  loadedParts: readonly string[];
  /** The last load failure, cleared by the next successful load. */
  error: LocaleLoadError | null;
}

/** Output of the `loadMessages` actor: the parts asked for, merged. */
export interface LoadedMessages {
  code: PortalLocale;
  messages: Messages;
  parts: readonly string[];
}

export type LocaleEvent =
  /** The user picked a locale in the language menu; anything but en or es is ignored. */
  | { type: 'locale.selected'; code: string }
  /** Try again after the first load failed. */
  | { type: 'locale.retry' }
  /** A page is about to show: its messages are needed (loaded once, then kept). */
  | { type: 'messages.needed'; part: string };
