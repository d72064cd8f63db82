import { useSelector } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Redirect, useLocation, useSearch } from 'wouter';
import { authStatus, hasSignedOut, isAdmin } from '@/machines/auth/auth.selectors';
import { isOffline } from '@/machines/connectivity/connectivity.selectors';
import { hasMessagesOf, messagesFailedFor } from '@/machines/locale/locale.selectors';
import { NotFoundPage } from '@/src/pages/not-found/not-found-page';
import { ComponentErrorBoundary } from './error-boundaries';
import { DefaultLayout } from './layouts/default-layout';
import { ProviderLayout } from './layouts/provider-layout';
import { AppInitFailed, PageLoading, PageMessagesFailed } from './page-states';
import { useAuthActor, useConnectivityActor, useLocaleActor } from './root-actors';
import { decideAccess } from './route-access';
import type { RouteDefinition } from './routes';
import { useSession } from './session-scope';

/** Renders a route once its guard allows it (spec §2 auth guard), in its layout. */
export function GuardedRoute({ route }: { route: RouteDefinition }) {
  const auth = useAuthActor();
  const session = useSession();
  const status = useSelector(auth, authStatus);
  const signedOut = useSelector(auth, hasSignedOut);
  const admin = useSelector(auth, isAdmin);
  const features = session?.features ?? null;
  const [location] = useLocation();
  const search = useSearch();
  const intl = useIntl();
  const locale = useLocaleActor();
  const part = route.module;
  const messagesIn = useSelector(locale, hasMessagesOf(part));
  const messagesFailed = useSelector(locale, messagesFailedFor(part));
  const connectivity = useConnectivityActor();
  const offline = useSelector(connectivity, isOffline);
  // the page's own messages load beside its code, while the guard decides (machines/locale)
  useEffect(() => locale.send({ type: 'messages.needed', part }), [locale, part]);
  // messages that could not load (offline, most likely) load again when the connection is back
  useEffect(() => {
    if (!messagesFailed) return;
    const subscription = connectivity.on('connection.back', () => locale.send({ type: 'messages.needed', part }));
    return () => subscription.unsubscribe();
  }, [connectivity, locale, part, messagesFailed]);

  useEffect(() => {
    document.title = `${intl.formatMessage({ id: route.title })} · ${intl.formatMessage({ id: 'app.name' })}`;
  }, [intl, route.title]);

  if (session?.initFailed) return <AppInitFailed onRetry={() => session?.appInit.send({ type: 'appInit.retry' })} />;
  const decision = decideAccess({
    access: route.access,
    auth: status,
    signedOut,
    location: `${location}${search ? `?${search}` : ''}`,
    redirectParam: new URLSearchParams(search).get('redirect'),
    hash: window.location.hash,
    features: route.access === 'auth' ? features : null,
    feature: route.feature,
    isAdmin: admin,
    devBuild: import.meta.env.DEV,
  });
  if (decision.kind === 'wait') return <PageLoading />;
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  if (decision.kind === 'notFound')
    return (
      <DefaultLayout>
        <NotFoundPage />
      </DefaultLayout>
    );

  const Layout = route.layout === 'provider' ? ProviderLayout : DefaultLayout;
  const Page = route.page;
  return (
    <Layout>
      <ComponentErrorBoundary>
        {messagesFailed ? (
          <PageMessagesFailed offline={offline} onRetry={() => locale.send({ type: 'messages.needed', part })} />
        ) : (
          <Suspense fallback={<PageLoading />}>{messagesIn ? <Page /> : <PageLoading />}</Suspense>
        )}
      </ComponentErrorBoundary>
    </Layout>
  );
}
