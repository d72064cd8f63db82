import { assign, setup } from 'xstate';
import { DEFAULT_LOCALE, PORTAL_LOCALES, isPortalLocale, type PortalLocale } from '@/src/format/locale-codes';
import { loadMessages } from '@/machines/locale/locale.actors';
import { SHELL_PART } from '@/machines/locale/message-part-names';
import { detectLocale } from '@/machines/locale/locale.detection';
import type {
  LoadedMessages,
  LocaleContext,
  LocaleEvent,
  LocaleInput,
  LocaleLoadError,
} from '@/machines/locale/locale.types';

function asLoadError(error: unknown, code: PortalLocale): LocaleLoadError {
  if (typeof error === 'object' && error !== null && '_tag' in error) {
    const tag = (error as { _tag: unknown })._tag;
    if (tag === 'LocaleFileMissing' || tag === 'LocaleFileInvalid' || tag === 'LocaleLoadFailed')
      return { _tag: tag, code };
  }
  return { _tag: 'LocaleLoadFailed', code };
}

/** The failure of the load that just ended, tagged with the locale that was being loaded. */
function failureParams({ context, event }: { context: LocaleContext; event: { error: unknown } }) {
  return { error: asLoadError(event.error, context.pendingCode ?? DEFAULT_LOCALE) };
}

/**
 * The portal's locale: detected at start (path prefix, cookie, browser languages, domain, fallback), its
 * messages loaded, then switchable from the language menu. The messages come in parts (scripts/message-parts.ts):
 * the shell at start, and each page's part when the page first shows (`messages.needed`); a switch of language
 * loads every part needed so far in the new one. The chosen locale is stored in a cookie by
 * `persistLocale`, which the React boundary provides.
 */
export const localeMachine = setup({
  types: {} as { context: LocaleContext; events: LocaleEvent; input: LocaleInput },
  actors: { loadMessages },
  actions: {
    /** The messages just loaded are the ones in use. */
    useLoaded: assign((_, loaded: LoadedMessages) => ({
      code: loaded.code,
      messages: loaded.messages,
      loadedParts: loaded.parts,
      pendingCode: null,
      error: null,
    })),
    /** The page's part joins the parts to load (once). */
    addPart: assign({
      parts: ({ context, event }) =>
        event.type === 'messages.needed' && !context.parts.includes(event.part)
          ? [...context.parts, event.part]
          : context.parts,
    }),
    /** Store the locale cookie (see `serializeLocaleCookie`); provided at the React boundary. */
    persistLocale: (_, _params: { code: PortalLocale }) => {},
    /** Log or report a failed message-file load (spec §8); provided at the React boundary. */
    reportLoadFailure: (_, _params: { error: LocaleLoadError }) => {},
  },
  guards: {
    /** The selected code is en or es and is neither in use nor already being loaded. */
    isNewLocale: ({ context, event }) =>
      event.type === 'locale.selected' &&
      isPortalLocale(event.code) &&
      event.code !== (context.pendingCode ?? context.code),
    hasPreviousMessages: ({ context }) => context.messages !== null && context.code !== null,
    /** A load in the locale already in use (a page's messages): the stored choice stays as it is. */
    isSameLocale: ({ context }, loaded: { code: PortalLocale }) => loaded.code === context.code,
    /** A page's messages that are not in use yet (never asked for, or their load failed). */
    isMissingPart: ({ context, event }) =>
      event.type === 'messages.needed' && !context.loadedParts.includes(event.part),
    /** A page's messages that the load under way does not include. */
    isNewPart: ({ context, event }) => event.type === 'messages.needed' && !context.parts.includes(event.part),
  },
}).createMachine({
  id: 'locale',
  context: ({ input }) => ({
    code: null,
    pendingCode: detectLocale({ ...input, available: PORTAL_LOCALES, fallback: DEFAULT_LOCALE }),
    messages: null,
    parts: [SHELL_PART],
    loadedParts: [],
    error: null,
  }),
  initial: 'detecting',
  states: {
    detecting: {
      // The code itself is computed from the input when the context is created (see `detectLocale`).
      description:
        'Picks the start-up locale from a language named in the address, the stored choice, the browser languages, the domain, or English',
      always: { target: 'loading' },
    },
    loading: {
      description:
        'Downloads the messages of the pending locale (the shell and the parts of the pages shown); the current messages stay on screen meanwhile',
      tags: ['loading'],
      invoke: {
        id: 'loadMessages',
        src: 'loadMessages',
        input: ({ context }) => ({ code: context.pendingCode ?? DEFAULT_LOCALE, parts: context.parts }),
        onDone: [
          {
            // a page's messages in the locale in use: nothing to store
            guard: { type: 'isSameLocale', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'useLoaded', params: ({ event }) => event.output },
          },
          {
            target: 'ready',
            actions: [
              { type: 'useLoaded', params: ({ event }) => event.output },
              { type: 'persistLocale', params: ({ event }) => ({ code: event.output.code }) },
            ],
          },
        ],
        onError: [
          {
            guard: 'hasPreviousMessages',
            target: 'ready',
            actions: [
              { type: 'reportLoadFailure', params: failureParams },
              assign(({ context, event }) => ({ pendingCode: null, error: failureParams({ context, event }).error })),
            ],
          },
          {
            target: 'failed',
            actions: [
              { type: 'reportLoadFailure', params: failureParams },
              assign(({ context, event }) => ({ error: failureParams({ context, event }).error })),
            ],
          },
        ],
      },
      on: {
        // Choosing again while a file loads drops that load and starts the newly chosen one.
        'locale.selected': {
          guard: 'isNewLocale',
          target: 'loading',
          reenter: true,
          actions: assign({ pendingCode: ({ event }) => event.code as PortalLocale }),
        },
        // A page asks for its messages while a load is under way: the load starts again with them.
        'messages.needed': { guard: 'isNewPart', target: 'loading', reenter: true, actions: 'addPart' },
      },
    },
    ready: {
      description: 'Messages of the current locale are in use; the partner may choose another language',
      on: {
        'locale.selected': {
          guard: 'isNewLocale',
          target: 'loading',
          actions: assign({ pendingCode: ({ event }) => event.code as PortalLocale }),
        },
        'messages.needed': {
          guard: 'isMissingPart',
          target: 'loading',
          description: 'A page not shown before (or whose messages failed to load): its messages load in this locale',
          actions: ['addPart', assign({ pendingCode: ({ context }) => context.code })],
        },
      },
    },
    failed: {
      description: 'The first messages could not be loaded, so there is nothing to show; the partner may retry',
      on: {
        'locale.retry': { target: 'loading' },
        'locale.selected': {
          guard: 'isNewLocale',
          target: 'loading',
          actions: assign({ pendingCode: ({ event }) => event.code as PortalLocale }),
        },
      },
    },
  },
});
