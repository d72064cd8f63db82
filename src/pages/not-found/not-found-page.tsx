import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';

/** Unknown pages (spec §2, §8): 'This page could not be found'. */
export function NotFoundPage() {
  const intl = useIntl();
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'error.notFound' });
  }, [intl]);
  return (
    <section className="centered-message" aria-labelledby="not-found-title">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">
        <FormattedMessage id="error.notFound" />
      </h1>
      <Link href="/" className="button">
        <FormattedMessage id="error.notFound.back" />
      </Link>
    </section>
  );
}
