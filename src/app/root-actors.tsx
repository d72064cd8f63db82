import { useActorRef } from '@xstate/react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { waitFor, type ActorRefFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { authMachine } from '@/machines/auth/auth.machine';
import { connectivityMachine } from '@/machines/connectivity/connectivity.machine';
import { localeMachine } from '@/machines/locale/locale.machine';
import { serializeLocaleCookie } from '@/machines/locale/locale.cookie';
import { withoutLocalePrefix } from '@/machines/locale/locale.detection';
import { requestLanguageOf } from '@/machines/locale/locale.selectors';
import { pageProgressMachine } from '@/machines/page-progress/page-progress.machine';
import { toastsMachine } from '@/machines/toasts/toasts.machine';
import { api } from '@/src/api/api';
import { PORTAL_LOCALES } from '@/src/format/locale-codes';
import { inspect } from './inspection';
import { tokenStorage } from './token-storage';

interface RootActors {
  readonly auth: ActorRefFrom<typeof authMachine>;
  readonly connectivity: ActorRefFrom<typeof connectivityMachine>;
  readonly locale: ActorRefFrom<typeof localeMachine>;
  readonly progress: ActorRefFrom<typeof pageProgressMachine>;
  readonly toasts: ActorRefFrom<typeof toastsMachine>;
}

const RootActorsContext = createContext<RootActors | null>(null);

function useRootActors(): RootActors {
  const actors = useContext(RootActorsContext);
  if (!actors) throw new Error('useRootActors outside RootActorsProvider');
  return actors;
}
export const useAuthActor = () => useRootActors().auth;
export const useLocaleActor = () => useRootActors().locale;
export const useProgressActor = () => useRootActors().progress;
export const useConnectivityActor = () => useRootActors().connectivity;
/** The toasts of the whole portal: send `toast.shown` with translated texts (machines/toasts/toasts.types.ts). */
export const useToasts = () => useRootActors().toasts;

const readCookie = (name: string): string | null =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? null;

/**
 * The long-lived machines (auth, locale, page progress, toasts) are created once here and provided by
 * context (ARCHITECTURE.md). Their platform effects (storage, cookies, logging) are supplied here,
 * and the API client is bound to them: token, language, single-flight re-login, progress.
 */
export function RootActorsProvider({ children }: { children: ReactNode }) {
  const auth = useActorRef(
    authMachine.provide({
      actions: {
        persistToken: (_, { token }) => tokenStorage.save(token),
        forgetTokens: () => tokenStorage.clear(),
        // switch user, either way: the new user starts on their dashboard (the page before may not be theirs)
        userSwitched: () => navigate('/tpp/'),
      },
    }),
    { inspect, input: { token: tokenStorage.load() } },
  );
  const locale = useActorRef(
    localeMachine.provide({
      actions: {
        persistLocale: (_, { code }) => {
          document.cookie = serializeLocaleCookie(code);
          document.documentElement.lang = code;
        },
        reportLoadFailure: (_, { error }) => console.warn('Locale file could not be loaded', error),
      },
    }),
    {
      inspect,
      input: {
        cookie: readCookie('i18n_locale'),
        languages: navigator.languages,
        pathname: window.location.pathname,
        hostname: window.location.hostname,
      },
    },
  );
  // An address with a language in it (/tpp/es/find-work) chose the locale above; the page itself has no prefix.
  useState(() => {
    const page = withoutLocalePrefix(window.location.pathname, PORTAL_LOCALES);
    if (page !== null)
      window.history.replaceState(window.history.state, '', `${page}${window.location.search}${window.location.hash}`);
  });
  const progress = useActorRef(pageProgressMachine, { inspect });
  const connectivity = useActorRef(connectivityMachine, { inspect, input: { online: navigator.onLine } });
  const toasts = useActorRef(toastsMachine, { inspect });

  // Bound once, during the first render, so the very first request already carries the right headers.
  useState(() =>
    api.connect({
      getToken: () => auth.getSnapshot().context.token,
      getLanguage: () => requestLanguageOf(locale.getSnapshot()),
      renewToken: async () => {
        const before = auth.getSnapshot();
        if (!before.matches('loggedIn') && !before.matches('renewing')) throw new Error('not signed in');
        auth.send({ type: 'auth.token.expired' });
        const after = await waitFor(auth, (s) => !s.matches('renewing'));
        if (!after.matches('loggedIn')) throw new Error('session could not be renewed');
      },
      onRequest: (phase) => progress.send({ type: `request.${phase}` }),
    }),
  );

  const [actors] = useState<RootActors>(() => ({ auth, connectivity, locale, progress, toasts }));
  return <RootActorsContext.Provider value={actors}>{children}</RootActorsContext.Provider>;
}
