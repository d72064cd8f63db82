import type { ReactNode } from 'react';

/** A banner across the top of a page: warnings about documents or the account. Props in, markup out. */
export function NoticeBanner({
  tone,
  title,
  children,
  testId,
}: {
  tone: 'warning' | 'danger' | 'info';
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className={`notice-banner notice-${tone}`} aria-label={title} data-testid={testId}>
      <h2 className="notice-title">{title}</h2>
      <div className="notice-body">{children}</div>
    </section>
  );
}
