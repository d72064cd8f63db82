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

export function AppInitFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <main id="main" className="centered-message">
      <p role="alert">
        <FormattedMessage id="app.initFailed" />
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <FormattedMessage id="app.retry" />
      </button>
    </main>
  );
}

/** A page whose messages could not be loaded (a chunk that did not download): the layout stays, with a retry. */
export function PageMessagesFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="centered-message">
      <p role="alert">
        <FormattedMessage id="app.pageFailed" />
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <FormattedMessage id="app.retry" />
      </button>
    </div>
  );
}
