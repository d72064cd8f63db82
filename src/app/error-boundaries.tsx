import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';

interface BoundaryState {
  error: Error | null;
}

/**
 * What every error boundary here shares: the caught error in state, as an `Error` even when something else was
 * thrown (a thrown `null` would otherwise read as "no error" and render the failing children again). Subclasses
 * take their own props beside `children` and decide what to show.
 */
export abstract class Boundary<P extends object = object> extends Component<
  P & { children: ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(thrown: unknown): BoundaryState {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }
}

/**
 * The general error page (spec §2): the exact text, with links home and to sign-in. The error detail
 * is shown in development builds only.
 */
export function GeneralErrorPage({ error }: { error?: Error | null }) {
  return (
    <main id="main" className="centered-message error-page">
      <h1>
        <FormattedMessage id="error.general" />
      </h1>
      <p className="actions">
        <a className="button" href="/tpp/">
          <FormattedMessage id="error.general.home" />
        </a>
        <a className="button button-secondary" href="/tpp/login">
          <FormattedMessage id="error.general.login" />
        </a>
      </p>
      {import.meta.env.DEV && error ? <pre className="error-detail">{error.stack ?? error.message}</pre> : null}
    </main>
  );
}

/** Around the whole app: anything uncaught ends on the general error page. */
export class AppErrorBoundary extends Boundary {
  override render() {
    return this.state.error ? <GeneralErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** Around each page: a failing page keeps the shell and offers a link back home (spec §2). */
export class ComponentErrorBoundary extends Boundary {
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="component-error" role="alert">
        <p>
          <FormattedMessage id="error.component" />
        </p>
        <Link href="/" className="button" onClick={() => this.setState({ error: null })}>
          <FormattedMessage id="error.component.home" />
        </Link>
        {import.meta.env.DEV ? <pre className="error-detail">{this.state.error.message}</pre> : null}
      </div>
    );
  }
}
