import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { connectMyJourneys } from '@/machines/my-journeys/my-journeys.connect';
import { myJourneys } from '@/machines/my-journeys/my-journeys.machine';
import { MY_JOURNEY_TABS, type MyJourney, type MyJourneyTab } from '@/schemas/my-journeys';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useFormatters } from '@/src/app/use-formatters';
import { TabPanel, Tabs } from '@/src/components/tabs';
import { failureText } from '@/src/format/failure-text';
import { JourneyStatusBadge } from './journey-status-badge';
import { EMPTY_MESSAGES, STATUS_HINTS, TAB_MESSAGES } from './my-journeys-labels';
import './my-journeys.css';

const tabFromSearch = (search: string): MyJourneyTab => {
  const tab = new URLSearchParams(search).get('tab');
  return (MY_JOURNEY_TABS as readonly string[]).includes(tab ?? '') ? (tab as MyJourneyTab) : 'claimed';
};

/** One of the partner's journeys: where from and to (its page's link), its status in words, window, stops, pay. */
function JourneyRow({ journey }: { journey: MyJourney }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { start, end } = journey.window;
  const sameDay = fmt.date(start) === fmt.date(end);
  const titleId = `my-journey-${journey.id}`;
  return (
    <li>
      <article
        className="my-journey"
        data-testid="my-journey"
        data-journey-id={journey.id}
        data-status={journey.status_code}
        aria-labelledby={titleId}
      >
        <header className="my-journey-head">
          <h2 id={titleId} className="my-journey-title">
            <Link href={`/journey/${journey.id}`}>
              {t('journey.heading', { from: journey.route.start_town, to: journey.route.end_town })}
            </Link>
          </h2>
          <JourneyStatusBadge code={journey.status_code} testId="my-journey-status" />
        </header>
        <p className="my-journey-hint">{intl.formatMessage(STATUS_HINTS[journey.status_code])}</p>
        <dl className="my-journey-facts">
          <div className="my-journey-window">
            <dt>{t('myJourneys.window')}</dt>
            <dd data-testid="my-journey-window">
              {sameDay
                ? t('myJourneys.window.sameDay', { date: fmt.date(start), from: fmt.time(start), to: fmt.time(end) })
                : t('myJourneys.window.days', {
                    startDate: fmt.date(start),
                    from: fmt.time(start),
                    endDate: fmt.date(end),
                    to: fmt.time(end),
                  })}
            </dd>
          </div>
          <div>
            <dt>{t('myJourneys.pay')}</dt>
            <dd className="my-journey-pay" data-testid="my-journey-pay">
              {journey.pay.return
                ? t('myJourneys.pay.withReturn', {
                    amount: fmt.money(journey.pay.tp_quote.amount),
                    returnAmount: fmt.money(journey.pay.return.amount),
                  })
                : fmt.money(journey.pay.tp_quote.amount)}
            </dd>
          </div>
          <div>
            <dt>{t('myJourneys.stops')}</dt>
            <dd>{t('journey.stops', { count: journey.stops })}</dd>
          </div>
          <div>
            <dt>{t('myJourneys.vehicle')}</dt>
            <dd>{journey.vehicle?.registration_number ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('myJourneys.driver')}</dt>
            <dd data-testid="my-journey-driver">{journey.driver?.full_name ?? t('myJourneys.noDriver')}</dd>
          </div>
        </dl>
      </article>
    </li>
  );
}

/**
 * The partner's journeys (spec §2 `/journey` without an id): claimed, interest expressed and completed, each tab
 * with its count, a page at a time; each row links to its journey's page. The tab is in the address
 * (`?tab=interest`). Renders the my-journeys machine through its connect layer.
 */
export default function MyJourneysPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const search = useSearch();
  const [, navigate] = useLocation();
  const actor = useActorRef(myJourneys, { inspect, input: { tab: tabFromSearch(search) } });
  const snapshot = useSelector(actor, (s) => s);
  const view = connectMyJourneys(snapshot, actor.send);
  const selectTab = (tab: MyJourneyTab) => {
    view.selectTab(tab);
    navigate(tab === 'claimed' ? '/journey' : `/journey?tab=${tab}`, { replace: true });
  };

  return (
    <div className="my-journeys-page">
      <header className="page-header my-journeys-header">
        <div>
          <h1>{t('myJourneys.title')}</h1>
          <p className="muted">{t('myJourneys.intro')}</p>
        </div>
        <Link href="/find-work" className="button button-secondary">
          {t('myJourneys.findMore')}
        </Link>
      </header>

      <Tabs
        label={t('myJourneys.tabs')}
        tabs={MY_JOURNEY_TABS.map((tab) => ({
          id: tab,
          label: (
            <>
              {intl.formatMessage(TAB_MESSAGES[tab])}
              {view.counts ? (
                <span className="tab-count" data-testid={`my-journeys-count-${tab}`}>
                  {view.counts[tab]}
                </span>
              ) : null}
            </>
          ),
        }))}
        selected={view.tab}
        onSelect={selectTab}
      >
        <TabPanel id={view.tab} className="my-journeys-panel">
          <section
            className="my-journeys-list"
            aria-busy={view.isLoading}
            aria-label={intl.formatMessage(TAB_MESSAGES[view.tab])}
          >
            {view.isLoading && view.rows.length === 0 ? <PageLoading /> : null}
            {view.hasFailed ? (
              <div className="alert alert-danger" role="alert">
                <p>{t('myJourneys.failed')}</p>
                {view.failure ? <p>{failureText(intl, { kind: view.failure, message: '' })}</p> : null}
                <button type="button" className="button" onClick={view.retry}>
                  {t('app.retry')}
                </button>
              </div>
            ) : null}
            {view.isEmpty ? (
              <div className="my-journeys-empty" data-testid="my-journeys-empty">
                <p>{intl.formatMessage(EMPTY_MESSAGES[view.tab])}</p>
                {view.tab !== 'completed' ? <Link href="/find-work">{t('myJourneys.findMore')}</Link> : null}
              </div>
            ) : null}
            {view.rows.length > 0 ? (
              <ul className="my-journeys-rows">
                {view.rows.map((journey) => (
                  <JourneyRow key={journey.id} journey={journey} />
                ))}
              </ul>
            ) : null}
            {view.pages > 1 ? (
              <nav className="my-journeys-pager" aria-label={t('myJourneys.pages')}>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={!view.hasPreviousPage || view.isLoading}
                  onClick={view.previousPage}
                >
                  {t('myJourneys.page.previous')}
                </button>
                <span data-testid="my-journeys-page">
                  {t('myJourneys.page.of', { page: view.page, pages: view.pages })}
                </span>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={!view.hasNextPage || view.isLoading}
                  onClick={view.nextPage}
                >
                  {t('myJourneys.page.next')}
                </button>
              </nav>
            ) : null}
          </section>
        </TabPanel>
      </Tabs>
    </div>
  );
}
