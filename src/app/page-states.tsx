import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** Shown while a page's code or the session is on its way; the progress bar tells the rest. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="visually-hidden">
        <FormattedMessage id="app.loading" />
      </span>
    </div>
  );
}

/** A failure the partner can try again: the message, and a retry button. */
function Failed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <>
      <p role="alert">{children}</p>
      <button type="button" className="button" onClick={onRetry}>
        <FormattedMessage id="app.retry" />
      </button>
    </>
  );
}

/** The account settings could not load: nothing of the portal can show, so this is the page's main content. */
export function AppInitFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <main id="main" className="centered-message">
      <Failed onRetry={onRetry}>
        <FormattedMessage id="app.initFailed" />
      </Failed>
    </main>
  );
}

/**
 * A page whose messages could not be loaded (a chunk that did not download): the layout stays, with a retry. Offline,
 * it says the page opens once the connection is back, which it then does by itself (GuardedRoute).
 */
export function PageMessagesFailed({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  return (
    <div className="centered-message">
      <Failed onRetry={onRetry}>
        <FormattedMessage id={offline ? 'app.pageOffline' : 'app.pageFailed'} />
      </Failed>
    </div>
  );
}
