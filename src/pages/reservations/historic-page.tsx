import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { reservationList } from '@/machines/reservations/reservation-list.machine';
import {
  hasFailed,
  hasRefreshFailed,
  isBusy,
  isLoading,
  pageOf,
  reservationsOf,
  todayOf,
} from '@/machines/reservations/reservation-list.selectors';
import { PageLoading } from '@/src/app/page-states';
import { historicAddress, pageFromSearch } from './historic-address';
import { JourneyReadyGuard } from './journey-ready-guard';
import { ReservationCard } from './reservation-card';
import { ListFailed } from './reservation-list-view';
import './reservations.css';
import { inspect } from '@/src/app/inspection';

/**
 * The historic reservations (spec §2 /reservations/historic, §7): newest first, 20 a page. The page is in the address
 * (`?page=2`): the machine reads it at the start and when back or forward change it, and writes the page the partner
 * chose there.
 */
function HistoricList() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const addressPage = pageFromSearch(useSearch());
  const actor = useActorRef(
    reservationList.provide({
      actions: {
        showPageInAddress: (_, { page, replace }) => navigate(historicAddress(page), { replace }),
      },
    }),
    { inspect, input: { kind: 'historic', page: addressPage } },
  );
  useEffect(() => {
    actor.send({ type: 'page.restored', page: addressPage });
  }, [actor, addressPage]);
  const loading = useSelector(actor, isLoading);
  const failed = useSelector(actor, hasFailed);
  const busy = useSelector(actor, isBusy);
  const refreshFailed = useSelector(actor, hasRefreshFailed);
  const list = useSelector(actor, reservationsOf);
  const today = useSelector(actor, todayOf);
  const { page, lastPage, total, from, to } = useSelector(
    actor,
    pageOf,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );

  if (loading) return <PageLoading />;
  if (failed) return <ListFailed onRetry={() => actor.send({ type: 'list.retried' })} />;
  const go = (n: number) => {
    actor.send({ type: 'page.selected', page: n });
    document.getElementById('main')?.scrollIntoView({ block: 'start' });
  };
  return (
    <div aria-busy={busy} className="resv-list">
      {refreshFailed ? (
        <p className="alert alert-danger" role="alert">
          {intl.formatMessage({ id: 'reservations.list.refreshFailed' })}
        </p>
      ) : null}
      {list.length === 0 ? <p className="muted">{intl.formatMessage({ id: 'reservations.historic.empty' })}</p> : null}
      {from !== null && to !== null ? (
        <p className="muted" data-testid="historic-range" aria-live="polite">
          {intl.formatMessage({ id: 'reservations.historic.range' }, { from, to, total })}
        </p>
      ) : null}
      <div className="resv-cards">
        {list.map((r) => (
          <ReservationCard key={r.id} reservation={r} today={today} />
        ))}
      </div>
      {lastPage > 1 ? (
        <nav className="resv-pager" aria-label={intl.formatMessage({ id: 'reservations.historic.pages' })}>
          <button
            type="button"
            className="button button-secondary"
            disabled={page <= 1 || busy}
            onClick={() => go(page - 1)}
          >
            {intl.formatMessage({ id: 'reservations.historic.previous' })}
          </button>
          <span data-testid="historic-page">
            {intl.formatMessage({ id: 'reservations.historic.page' }, { page, lastPage })}
          </span>
          <button
            type="button"
            className="button button-secondary"
            disabled={page >= lastPage || busy}
            onClick={() => go(page + 1)}
          >
            {intl.formatMessage({ id: 'reservations.historic.next' })}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

/** /reservations/historic; redirects to /reservations when the partner is not journey-ready (spec §2). */
export default function HistoricPage() {
  const intl = useIntl();
  return (
    <JourneyReadyGuard>
      <div className="resv-page">
        <p className="resv-back">
          <Link href="/reservations">
            <span aria-hidden="true">←</span>
            {intl.formatMessage({ id: 'reservations.back' })}
          </Link>
        </p>
        <header className="resv-header">
          <h1>{intl.formatMessage({ id: 'reservations.historic.title' })}</h1>
        </header>
        <HistoricList />
      </div>
    </JourneyReadyGuard>
  );
}
