import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { newWorkAlertsMachine } from '@/machines/new-work-alerts/new-work-alerts.machine';
import {
  alertingSearches,
  alertsOf,
  hasAlertsFailed,
  hasNoAlertsOn,
  isLoadingAlerts,
  markedIds,
  totalMatches,
} from '@/machines/new-work-alerts/new-work-alerts.selectors';
import type { AlertMatch } from '@/schemas/alert';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { refreshBadgeCounters } from '@/src/app/layouts/new-work-badge';
import { useSession } from '@/src/app/session-scope';
import { useFormatters } from '@/src/app/use-formatters';
import { ListingPrice, ListingSummary, listingHref } from './listing-card';
import { CATEGORY_MESSAGES } from './listing-labels';
import './alerts-page.css';

type Formatters = ReturnType<typeof useFormatters>;
type Translate = (id: string, values?: Record<string, string | number>) => string;

/**
 * New-work alerts (/find-work/alerts; schemas/alert.ts): the jobs that newly match the partner's alerting saved
 * searches, newest first, each labelled with the searches it matches, those unseen when the page opened marked "New".
 * Opening the page marks them seen, so the top bar's counter drops to 0 while the marks stay for this visit. The
 * newWorkAlerts machine decides all of it; this page renders its state.
 */
export default function AlertsPage() {
  const intl = useIntl();
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const counters = useSession()?.badgeCounters;
  const actor = useActorRef(
    newWorkAlertsMachine.provide({ actions: { refreshCounters: () => counters && refreshBadgeCounters(counters) } }),
    { inspect },
  );
  const alerts = useSelector(actor, alertsOf);
  const marked = useSelector(actor, markedIds);
  const searches = useSelector(actor, alertingSearches);
  const total = useSelector(actor, totalMatches);
  const loading = useSelector(actor, isLoadingAlerts);
  const failed = useSelector(actor, hasAlertsFailed);
  const noneOn = useSelector(actor, hasNoAlertsOn);
  const isNew = useMemo(() => new Set<number>(marked), [marked]);
  const listed = !loading && !failed && searches.length > 0;

  return (
    <div className="alerts-page">
      <header className="page-header">
        <h1>{t('alerts.title')}</h1>
        <p className="muted">{t('alerts.intro')}</p>
      </header>

      {loading ? <PageLoading /> : null}
      {failed ? (
        <div className="alert alert-danger" role="alert">
          <p>{t('alerts.loadFailed')}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'alerts.retried' })}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}

      {noneOn ? (
        <section className="alerts-empty" aria-labelledby="alerts-none-on">
          <h2 id="alerts-none-on">{t('alerts.noneOn.title')}</h2>
          <p>{t('alerts.noneOn.how')}</p>
          <Link href="/find-work" className="button">
            {t('alerts.noneOn.action')}
          </Link>
        </section>
      ) : null}

      {listed ? (
        <>
          <section className="alerts-on" aria-labelledby="alerts-on-title">
            <h2 id="alerts-on-title">{t('alerts.on.title')}</h2>
            <ul className="alert-search-list">
              {searches.map((s) => (
                <li key={s.id} className="alert-search-chip">
                  <b>{s.name}</b>{' '}
                  <span className="muted">{t('alerts.on.since', { date: fmt.date(s.alert_since) })}</span>
                </li>
              ))}
            </ul>
            <Link href="/find-work" className="alerts-manage">
              {t('alerts.on.manage')}
            </Link>
          </section>

          <section className="alerts-matches" aria-labelledby="alerts-matches-title">
            <h2 id="alerts-matches-title">{t('alerts.matches.title')}</h2>
            <p className="alerts-summary" role="status" data-testid="alerts-summary">
              {alerts.length < total
                ? t('alerts.matches.someShown', { shown: alerts.length, count: total })
                : t('alerts.matches.count', { count: total })}
            </p>
            {alerts.length === 0 ? (
              <p className="alerts-none">{t('alerts.matches.none')}</p>
            ) : (
              <ol className="alert-list">
                {alerts.map((alert) => (
                  <li key={alert.listing.id}>
                    <AlertCard alert={alert} isNew={isNew.has(alert.listing.id)} fmt={fmt} t={t} />
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}

/** One match: the listing's facts as find work shows them, the searches it matches, and a "New" mark. */
function AlertCard({ alert, isNew, fmt, t }: { alert: AlertMatch; isNew: boolean; fmt: Formatters; t: Translate }) {
  const intl = useIntl();
  const { listing } = alert;
  const category = intl.formatMessage(CATEGORY_MESSAGES[listing.category]);
  const titleId = `alert-${listing.id}`;
  return (
    <article
      className={`listing-card alert-card${isNew ? ' is-new' : ''}`}
      aria-labelledby={titleId}
      data-listing-id={listing.id}
      data-new={isNew}
    >
      <div className="listing-main">
        <ListingSummary
          listing={listing}
          fmt={fmt}
          titleId={titleId}
          href={listingHref(listing)}
          // in the partner's language, where the listing's own title is the server's English
          title={t('alerts.card.title', { category, from: listing.pickup.town, to: listing.delivery.town })}
          lead={isNew ? <span className="new-mark">{t('alerts.card.new')}</span> : null}
        />
        <p className="alert-matched">
          {t('alerts.card.matches', { names: intl.formatList(alert.saved_searches.map((s) => s.name)) })}
          <span className="muted">
            {' · '}
            {t('alerts.card.posted', { date: fmt.date(alert.matched_at), time: fmt.time(alert.matched_at) })}
          </span>
        </p>
      </div>
      <div className="listing-price">
        <ListingPrice listing={listing} fmt={fmt} />
      </div>
    </article>
  );
}
