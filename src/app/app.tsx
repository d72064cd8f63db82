import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { I18nProvider } from 'react-aria-components';
import { IntlProvider, useIntl } from 'react-intl';
import { Route, Router, Switch } from 'wouter';
import { isAdmin } from '@/machines/auth/auth.selectors';
import { currentLocale, messagesOf } from '@/machines/locale/locale.selectors';
import { hasFailed, isVisible, progressPercent } from '@/machines/page-progress/page-progress.selectors';
import { toastsOf } from '@/machines/toasts/toasts.selectors';
import { ProgressBar } from '@/src/components/progress-bar';
import { ToastRegion } from '@/src/components/toast-region';
import { isoFor } from '@/src/format/locale-codes';
import { NotFoundPage } from '@/src/pages/not-found/not-found-page';
import { AppErrorBoundary } from './error-boundaries';
import { GuardedRoute } from './guarded-route';
import { attachRecorder, inspection } from './inspection';
import { DefaultLayout } from './layouts/default-layout';
import { RootActorsProvider, useAuthActor, useLocaleActor, useProgressActor, useToasts } from './root-actors';
import { ROUTES } from './routes';
import { SessionScope } from './session-scope';

function PageProgress() {
  const progress = useProgressActor();
  const visible = useSelector(progress, isVisible);
  const percent = useSelector(progress, progressPercent);
  const failed = useSelector(progress, hasFailed);
  const intl = useIntl();
  return (
    <ProgressBar
      visible={visible}
      percent={percent}
      failed={failed}
      label={intl.formatMessage({ id: 'progress.label' })}
    />
  );
}

/** The toasts of the whole portal (spec §8), on every page, signed in or not. */
function Toasts() {
  const toasts = useToasts();
  const shown = useSelector(toasts, toastsOf);
  return (
    <ToastRegion
      toasts={shown}
      onDismiss={(id) => toasts.send({ type: 'toast.dismissed', id })}
      onPause={() => toasts.send({ type: 'toast.paused' })}
      onResume={() => toasts.send({ type: 'toast.resumed' })}
    />
  );
}

const InspectorPanel = lazy(() => import('@/src/pages/machines/inspector-panel'));
if (inspection.recording) void import('./inspection-recorder').then((m) => attachRecorder(m.createRecorder()));

/**
 * The developers' inspector (src/app/inspection.ts): in development builds, and for admins in a tab that opened a
 * page with `?inspect`. Its code loads only then.
 */
function Inspector() {
  const admin = useSelector(useAuthActor(), isAdmin);
  if (!inspection.recording || !(import.meta.env.DEV || admin)) return null;
  return (
    <Suspense fallback={null}>
      <InspectorPanel />
    </Suspense>
  );
}

/**
 * An error of react-intl (a message missing from the loaded parts, a message that does not format) goes to the
 * console in production too, where react-intl alone stays silent: the browser tests fail on it (accessibility.spec.ts
 * visits every page in both languages).
 */
const reportIntlError = (error: { code: string; message: string }) =>
  console.error(`[intl] ${error.code}: ${error.message}`);

/** Renders nothing until the first message file is in: every text on screen is translated. */
function LocalisedApp() {
  const locale = useLocaleActor();
  const code = useSelector(locale, currentLocale);
  const messages = useSelector(locale, messagesOf);
  const failed = useSelector(locale, (s) => s.matches('failed'));
  if (failed) {
    // The message files themselves could not load: the one text that cannot be translated.
    return (
      <main id="main" className="centered-message">
        <p role="alert">The portal could not load. Please check your connection.</p>
        <button type="button" className="button" onClick={() => locale.send({ type: 'locale.retry' })}>
          Try again
        </button>
      </main>
    );
  }
  if (!code) return null;
  return (
    // A catalogue is all text (development) or all ASTs (production); react-intl types the two apart.
    <IntlProvider
      locale={isoFor(code)}
      messages={messages as Record<string, string>}
      defaultLocale="en-GB"
      onError={reportIntlError}
    >
      {/* React Aria's own strings and its date and number handling follow the portal's locale, not the browser's */}
      <I18nProvider locale={isoFor(code)}>
        <AppErrorBoundary>
          <SessionScope>
            <Router base="/tpp">
              <PageProgress />
              <Switch>
                {/* keyed by page, not address: moving between the addresses of one page (a child route opening a
                  dialogue over its list) keeps the page and its machines instead of mounting them again */}
                {ROUTES.map((route) => (
                  <Route key={route.module} path={route.path}>
                    <GuardedRoute route={route} />
                  </Route>
                ))}
                <Route>
                  <DefaultLayout>
                    <NotFoundPage />
                  </DefaultLayout>
                </Route>
              </Switch>
            </Router>
            <Toasts />
            <Inspector />
          </SessionScope>
        </AppErrorBoundary>
      </I18nProvider>
    </IntlProvider>
  );
}

export function App() {
  return (
    <RootActorsProvider>
      <LocalisedApp />
    </RootActorsProvider>
  );
}
