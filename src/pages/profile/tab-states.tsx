import { useIntl } from 'react-intl';
import type { FailureKind } from '@/src/api/errors';
import { PageLoading } from '@/src/app/page-states';
import { failureText } from '@/src/format/failure-text';

/** A tab's read in flight, or failed with what went wrong and a retry. */
export function TabReadState({
  loading,
  failure,
  onRetry,
}: {
  loading: boolean;
  failure: FailureKind | null;
  onRetry: () => void;
}) {
  const intl = useIntl();
  if (failure)
    return (
      <div className="alert alert-danger" role="alert">
        <p>{intl.formatMessage({ id: 'profile.readFailed' })}</p>
        <p>{failureText(intl, { kind: failure, message: '' })}</p>
        <button type="button" className="button" onClick={onRetry}>
          {intl.formatMessage({ id: 'app.retry' })}
        </button>
      </div>
    );
  return loading ? <PageLoading /> : null;
}

/** Previous / next between pages of a list. */
export function Pager({
  page,
  lastPage,
  onPage,
  label,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const intl = useIntl();
  if (lastPage <= 1) return null;
  return (
    <nav className="profile-pager" aria-label={label}>
      <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {intl.formatMessage({ id: 'profile.page.previous' })}
      </button>
      <span>{intl.formatMessage({ id: 'profile.page.of' }, { page, pages: lastPage })}</span>
      <button
        type="button"
        className="button button-secondary"
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
      >
        {intl.formatMessage({ id: 'profile.page.next' })}
      </button>
    </nav>
  );
}

/** A month (`2026-11`) in the locale's short words: "Nov 2026", "nov 2026". */
export const monthLabel = (locale: string, month: string, withYear = false): string =>
  new Intl.DateTimeFormat(locale, { month: 'short', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
