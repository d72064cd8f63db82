import type { SnapshotFrom } from 'xstate';
import { DEFAULT_LOCALE, requestLanguage, type PortalLocale, type RequestLanguage } from '@/src/format/locale-codes';
import type { localeMachine } from '@/machines/locale/locale.machine';
import type { Messages } from '@/machines/locale/locale.types';

export type LocaleSnapshot = SnapshotFrom<typeof localeMachine>;

const NO_MESSAGES: Messages = Object.freeze({}) as Messages;

/** The locale whose messages are in use; null until the first file has loaded. */
export function currentLocale(snapshot: LocaleSnapshot): PortalLocale | null {
  return snapshot.context.code;
}

/** Messages in use (an empty catalogue until the first file has loaded; the same object while it lasts). */
export function messagesOf(snapshot: LocaleSnapshot): Messages {
  return snapshot.context.messages ?? NO_MESSAGES;
}

/** A switch to another language is under way while the current messages stay on screen. */
export function isSwitching(snapshot: LocaleSnapshot): boolean {
  const { code, pendingCode } = snapshot.context;
  return snapshot.hasTag('loading') && code !== null && pendingCode !== code;
}

/** The messages of a part (a page module, or the shell) are in use. */
export const hasMessagesOf =
  (part: string) =>
  (snapshot: LocaleSnapshot): boolean =>
    snapshot.context.loadedParts.includes(part);

/** The messages of a part could not be loaded: its page shows a failure with a retry. */
export const messagesFailedFor =
  (part: string) =>
  (snapshot: LocaleSnapshot): boolean =>
    snapshot.matches('ready') && snapshot.context.error !== null && !snapshot.context.loadedParts.includes(part);

/** The request-language value for the API (Accept-Language), e.g. 'es_ES'; the pending locale before the first load. */
export function requestLanguageOf(snapshot: LocaleSnapshot): RequestLanguage {
  return requestLanguage(snapshot.context.code ?? snapshot.context.pendingCode ?? DEFAULT_LOCALE);
}
