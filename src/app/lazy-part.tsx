import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import { FormattedMessage } from 'react-intl';
import { isChunkLoadError } from './chunk-reload';
import { Boundary } from './error-boundaries';
import { PageLoading } from './page-states';

/** In the place of a part of a page whose code could not be fetched: the rest of the page stays, with a retry. */
export function PartFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="alert alert-danger" role="alert">
      <p>
        <FormattedMessage id="error.component" />
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <FormattedMessage id="app.retry" />
      </button>
    </div>
  );
}

/** Holds a part whose code could not be fetched (PartFailed); any other error goes on up. */
class PartLoadBoundary extends Boundary<{ onRetry: () => void }> {
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return <PartFailed onRetry={this.props.onRetry} />;
  }
}

/**
 * A part of a page whose code is not on the page's first load because nothing shows it before data arrives (find
 * work's feed, before the first results). `preload()` asks for the code early, beside the request for that data, so
 * the part is usually here when its data is; until it is, the part shows the page's loading state.
 *
 * When the code cannot be fetched (offline, a deploy that replaced its chunk), only the part fails: it says so and
 * offers to try again, which fetches the code anew (React.lazy alone would keep the failure for good). Any other
 * error goes on up to the page's boundary.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own type: any props
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loading: Promise<C> | null = null;
  const once = (): Promise<C> =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  /** Fetches the code now; a failure shows when the part renders (and is asked for again there). */
  const preload = (): void => void once().catch(() => {});
  const fromPreload = () => lazy(() => once().then((component) => ({ default: component })));
  let Loaded = fromPreload();

  function LazyPart(props: ComponentProps<C>) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Loaded = fromPreload();
      setAttempt((n) => n + 1);
    };
    return (
      <PartLoadBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageLoading />}>
          <Loaded {...props} />
        </Suspense>
      </PartLoadBoundary>
    );
  }
  return Object.assign(LazyPart, { preload });
}
