import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { PortalLocale } from '@/src/format/locale-codes';

/**
 * A message catalogue as react-intl reads it: message id → ICU message text, or its parsed AST in
 * production builds (scripts/precompile-messages.ts).
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
  /** Messages of `code`; null until the first file has loaded. */
  messages: Messages | null;
  /** The last load failure, cleared by the next successful load. */
  error: LocaleLoadError | null;
}

/** Output of the `loadMessages` actor. */
export interface LoadedMessages {
  code: PortalLocale;
  messages: Messages;
}

export type LocaleEvent =
  /** The user picked a locale in the language menu; anything but en or es is ignored. */
  | { type: 'locale.selected'; code: string }
  /** Try again after the first load failed. */
  | { type: 'locale.retry' };
