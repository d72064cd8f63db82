import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * A dashboard card: a title, its figures, and a link to the page when that page exists.
 * Props in, markup out.
 */
export function SummaryCard({
  title,
  href,
  linkLabel,
  children,
  testId,
}: {
  title: string;
  href: string | null;
  linkLabel: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <article className="summary-card card" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`}>{href ? <Link href={href}>{title}</Link> : title}</h2>
      <div className="summary-card-body">{children}</div>
      {href ? (
        <Link href={href} className="summary-card-link" aria-hidden="true" tabIndex={-1}>
          {linkLabel}
        </Link>
      ) : null}
    </article>
  );
}
