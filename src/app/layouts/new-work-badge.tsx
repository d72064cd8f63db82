import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { RequestEvent } from '@/machines/request/request.types';
import './new-work-badge.css';

/** The stream listener is not needed for the first paint: it loads after the page (and stays out of its budget). */
const NewWorkWatch = lazy(() => import('./new-work-watch'));

/** The session's badge counters (a request machine), as far as asking them again goes. */
export interface BadgeCountersRef {
  send(event: RequestEvent): void;
}

/**
 * Asks the badge counters again, whatever state they are in: a refresh keeps the numbers on screen meanwhile, and a
 * retry is what a failed first read listens to (each state ignores the other event).
 */
export const refreshBadgeCounters = (counters: BadgeCountersRef) => {
  counters.send({ type: 'request.refresh' });
  counters.send({ type: 'request.retry' });
};

/**
 * The top bar's new-work alerts counter (schemas/alert.ts): how many jobs matching the partner's alerting saved
 * searches they have not seen, as a link to the alerts page. Live: a listener of new work (newWorkBadge machine) asks
 * the counters again whenever a job is posted. Shown at every width, unlike the plain counters, since it leads
 * somewhere.
 */
export function NewWorkBadge({
  count,
  current,
  counters,
}: {
  /** Unseen matches; null until the counters answered. */
  count: number | null;
  /** The alerts page is the page on screen. */
  current: boolean;
  counters: BadgeCountersRef;
}) {
  const intl = useIntl();
  return (
    <>
      <Link
        href="/find-work/alerts"
        className={`new-work-badge${count ? ' has-new' : ''}`}
        aria-current={current ? 'page' : undefined}
        data-counter="new-work-alerts"
      >
        <span aria-hidden="true">
          {intl.formatMessage({ id: 'counters.short.new-work-alerts' })} <b>{count ?? '–'}</b>
        </span>
        <span className="visually-hidden">
          {intl.formatMessage({ id: 'counters.new-work-alerts' }, { count: count ?? 0 })}
        </span>
      </Link>
      <Suspense fallback={null}>
        <NewWorkWatch onNewWork={() => refreshBadgeCounters(counters)} />
      </Suspense>
    </>
  );
}
