import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { wonWork } from '@/machines/won-work/won-work.machine';
import {
  completionActor,
  hasFailed,
  isAnyRowBusy,
  isLoading,
  isRowBusy,
  pageCount,
} from '@/machines/won-work/won-work.selectors';
import type { WorkNotice } from '@/machines/won-work/won-work.types';
import { WON_WORK_TABS, type WonWorkTab } from '@/schemas/work';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useToasts } from '@/src/app/root-actors';
import { hasRoute } from '@/src/app/route-table';
import { failureText } from '@/src/format/failure-text';
import { TabPanel, Tabs } from '@/src/components/tabs';
import { LazyJobSheetDialog, LazyRecommendationSheet } from './lazy-sheets';
import { WonJobCard, type CardActions } from './won-job-card';
import { NOTICE_MESSAGES, TAB_MESSAGES } from './work-labels';
import './work.css';

/** The completion dialogue loads when a partner first starts completing a job. */
const CompletionDialog = lazyDialog(() => import('./completion-dialog'));

const PrivateJobDialog = lazyDialog(() =>
  import('@/src/pages/work-calendar/private-job-dialog').then((m) => ({ default: m.PrivateJobDialog })),
);

const tabFromSearch = (search: string): WonWorkTab => {
  const tab = new URLSearchParams(search).get('tab');
  return (WON_WORK_TABS as readonly string[]).includes(tab ?? '') ? (tab as WonWorkTab) : 'active';
};

/** Shows the page machine's notices as toasts: the action's title, and for a failure what went wrong. */
function useWorkNotices(actor: { on(type: 'work.notice', h: (n: WorkNotice) => void): { unsubscribe(): void } }) {
  const intl = useIntl();
  const toasts = useToasts();
  useEffect(() => {
    const subscription = actor.on('work.notice', (notice) => {
      const text =
        notice.tone === 'danger' && notice.kind
          ? failureText(intl, { kind: notice.kind, message: notice.message ?? '' })
          : undefined;
      toasts.send({
        type: 'toast.shown',
        tone: notice.tone,
        title: intl.formatMessage(NOTICE_MESSAGES[`${notice.action}_${notice.tone}`]),
        ...(text ? { text } : {}),
      });
    });
    return () => subscription.unsubscribe();
  }, [actor, intl, toasts]);
}

/**
 * Won work (spec §2 /work; issue 7): the partner's jobs by tab — active, completed, live quotes — with each tab's
 * count, filtered by vehicle and driver, a page at a time. The tab is in the address (`?tab=completed`). The children
 * of the route open over the list: `listing/{id}` the job sheet, `external/{uuid?}` a private job (or a new one),
 * `recommended/{id?}` recommended work. Renders the won-work machine; the completion dialogue is its child's.
 */
export default function WorkPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const search = useSearch();
  const [, navigate] = useLocation();
  const { child, id } = useParams<{ child?: string; id?: string }>();
  const actor = useActorRef(wonWork, { inspect, input: { tab: tabFromSearch(search) } });
  useWorkNotices(actor);
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, isLoading);
  const failed = useSelector(actor, hasFailed);
  const locked = useSelector(actor, isAnyRowBusy);
  const pages = useSelector(actor, pageCount);
  const busyRow = useSelector(actor, (s) => (isRowBusy(s, s.context.busyRow ?? -1) ? s.context.busyRow : null));
  const completion = useSelector(actor, completionActor);
  const back = `/work${search ? `?${search}` : ''}`;

  const actions: CardActions = useMemo(
    () => ({
      chooseDriver: (listingId, driverId) => actor.send({ type: 'work.driver.chosen', listingId, driverId }),
      assignDriver: (listingId) => actor.send({ type: 'work.driver.assigned', listingId }),
      startCompletion: (listingId, mode) => actor.send({ type: 'work.completion.started', listingId, mode }),
      archive: (listingId) => actor.send({ type: 'work.archive.requested', listingId }),
      requestFeedback: (listingId) => actor.send({ type: 'work.feedback.requested', listingId }),
    }),
    [actor],
  );
  const selectTab = (tab: WonWorkTab) => {
    actor.send({ type: 'work.tab.selected', tab });
    navigate(tab === 'active' ? '/work' : `/work?tab=${tab}`, { replace: true });
  };
  const { setup, counts } = context;
  const vehicles = setup?.vehicles ?? [];
  const drivers = setup?.drivers ?? [];
  const completing = context.completing
    ? context.rows.find((r) => r.listing_id === context.completing!.listingId)
    : undefined;
  const listingId = Number(id);

  /** The selected tab's filters, cards and pages. */
  const panel = (
    <>
      {context.tab !== 'live_quotes' ? (
        <div className="work-filters" role="group" aria-label={t('work.filters')}>
          <div className="field">
            <label htmlFor="work-vehicle">{t('work.filter.vehicle')}</label>
            <select
              id="work-vehicle"
              value={context.vehicleId ?? ''}
              onChange={(e) =>
                actor.send({ type: 'work.vehicle.filtered', vehicleId: e.target.value ? Number(e.target.value) : null })
              }
            >
              <option value="">{t('work.filter.all')}</option>
              {vehicles.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.registration_number} · {v.make} {v.model}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="work-driver">{t('work.filter.driver')}</label>
            <select
              id="work-driver"
              value={context.driverId ?? ''}
              onChange={(e) =>
                actor.send({ type: 'work.driver.filtered', driverId: e.target.value ? Number(e.target.value) : null })
              }
            >
              <option value="">{t('work.filter.all')}</option>
              {drivers.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.full_name}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}

      <section className="work-list" aria-busy={loading} aria-label={intl.formatMessage(TAB_MESSAGES[context.tab])}>
        {loading && context.rows.length === 0 ? <PageLoading /> : null}
        {failed ? (
          <div className="alert alert-danger" role="alert">
            <p>{t('work.failed')}</p>
            {context.failure ? <p>{failureText(intl, { kind: context.failure, message: '' })}</p> : null}
            <button type="button" className="button" onClick={() => actor.send({ type: 'work.retried' })}>
              {t('app.retry')}
            </button>
          </div>
        ) : null}
        {!loading && !failed && context.rows.length === 0 ? (
          <p className="work-empty" data-testid="work-empty">
            {t(`work.empty.${context.tab}`)}
          </p>
        ) : null}
        <div className="work-cards">
          {context.rows.map((job) => (
            <WonJobCard
              key={job.listing_id}
              job={job}
              drivers={drivers}
              chosenDriver={context.driverChoice[job.listing_id]}
              driverMissing={context.driverMissing === job.listing_id}
              busy={busyRow === job.listing_id}
              locked={locked || loading}
              sheetHref={`/work/listing/${job.listing_id}`}
              actions={actions}
            />
          ))}
        </div>
        {pages > 1 ? (
          <nav className="work-pager" aria-label={t('work.pages')}>
            <button
              type="button"
              className="button button-secondary"
              disabled={context.page <= 1 || loading}
              onClick={() => actor.send({ type: 'work.page.changed', page: context.page - 1 })}
            >
              {t('work.page.previous')}
            </button>
            <span data-testid="work-page">{t('work.page.of', { page: context.page, pages })}</span>
            <button
              type="button"
              className="button button-secondary"
              disabled={context.page >= pages || loading}
              onClick={() => actor.send({ type: 'work.page.changed', page: context.page + 1 })}
            >
              {t('work.page.next')}
            </button>
          </nav>
        ) : null}
      </section>
    </>
  );

  return (
    <div className="work-page">
      <header className="page-header work-header">
        <h1>{t('work.title')}</h1>
        <nav className="work-links" aria-label={t('work.links')}>
          {hasRoute('/work-calendar') ? (
            <Link href="/work-calendar" className="button button-secondary">
              {t('work.link.calendar')}
            </Link>
          ) : null}
          <Link href="/work/recommended" className="button button-secondary" data-testid="recommended-link">
            {t('work.link.recommended')}
          </Link>
          <Link href="/work/external" className="button" data-testid="new-private-job">
            {t('work.link.newPrivateJob')}
          </Link>
        </nav>
      </header>

      <Tabs
        label={t('work.tabs')}
        tabs={WON_WORK_TABS.map((tab) => ({
          id: tab,
          label: (
            <>
              {intl.formatMessage(TAB_MESSAGES[tab])}
              {counts ? (
                <span className="tab-count" data-testid={`work-count-${tab}`}>
                  {counts[tab]}
                </span>
              ) : null}
            </>
          ),
        }))}
        selected={context.tab}
        onSelect={selectTab}
      >
        {/* only the selected tab's panel is drawn */}
        <TabPanel id={context.tab} className="work-tab-panel">
          {panel}
        </TabPanel>
      </Tabs>
      {completion ? (
        <CompletionDialog
          actor={completion}
          job={completing}
          onUnavailable={() => completion.send({ type: 'completion.cancelled' })}
        />
      ) : null}
      {child === 'listing' && Number.isInteger(listingId) && listingId > 0 ? (
        <LazyJobSheetDialog listingId={listingId} onClose={() => navigate(back)} onUnavailable={() => navigate(back)} />
      ) : null}
      {child === 'recommended' ? (
        <LazyRecommendationSheet
          listingId={Number.isInteger(listingId) && listingId > 0 ? listingId : null}
          onClose={() => navigate(back)}
          onUnavailable={() => navigate(back)}
        />
      ) : null}
      {child === 'external' ? (
        <PrivateJobDialog
          {...(id ? { uuid: id } : {})}
          onClose={() => navigate(back)}
          onUnavailable={() => navigate(back)}
        />
      ) : null}
    </div>
  );
}
