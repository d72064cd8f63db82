import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { csvExport } from '@/machines/payments/csv-export.machine';
import { isSheetOpen } from '@/machines/payments/csv-export.selectors';
import { expressPay } from '@/machines/payments/express-pay.machine';
import { payments } from '@/machines/payments/payments.machine';
import { hasFailed, isEmpty, isLoading, pageCount } from '@/machines/payments/payments.selectors';
import { PAYMENTS_TABS, type PaymentsTab } from '@/machines/payments/payments.types';
import type { ExpressPaySettings, PaymentsSummary } from '@/schemas/payments';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useToasts } from '@/src/app/root-actors';
import { useFormatters } from '@/src/app/use-formatters';
import { failureText } from '@/src/format/failure-text';
import { TabPanel, Tabs } from '@/src/components/tabs';
import { ExpressPayPanel } from './express-pay-panel';
import { InvoiceTable, PayoutCard } from './payout-list';
import { saveCsvFile } from './save-csv';
import './payments.css';

/** The CSV export sheet loads when it first opens: React Aria's modal and radio group, which the page does not need. */
const ExportSheet = lazyDialog(() => import('./export-sheet'));

const tabFromSearch = (search: string): PaymentsTab => {
  const tab = new URLSearchParams(search).get('tab');
  return (PAYMENTS_TABS as readonly string[]).includes(tab ?? '') ? (tab as PaymentsTab) : 'current_week';
};

/** Today in London, yyyy-MM-dd: the export presets count from it. */
const londonToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** The head of the page: this week so far, the next transfer, the last one. */
function SummaryCards({ summary }: { summary: PaymentsSummary }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const { current_week: week, next_scheduled: next, last_transferred: last } = summary;
  return (
    <div className="summary-cards pay-summary">
      <section className="summary-card" data-testid="summary-current-week">
        <h2>{t('payments.summary.currentWeek')}</h2>
        <p className="pay-summary-amount">{fmt.money(week.amount)}</p>
        <p className="muted">
          {t('payments.summary.items', { count: week.items })} ·{' '}
          {t('payments.summary.weekRange', { from: fmt.date(week.week_start), to: fmt.date(week.week_end) })}
        </p>
      </section>
      <section className="summary-card" data-testid="summary-next">
        <h2>{t('payments.summary.next')}</h2>
        {next ? (
          <>
            <p className="pay-summary-amount">{fmt.money(next.net)}</p>
            <p className="muted">{t('payments.summary.on', { date: fmt.date(next.date) })}</p>
          </>
        ) : (
          <p className="muted">{t('payments.summary.none')}</p>
        )}
      </section>
      <section className="summary-card" data-testid="summary-last">
        <h2>{t('payments.summary.last')}</h2>
        {last ? (
          <>
            <p className="pay-summary-amount">{fmt.money(last.net)}</p>
            <p className="muted">{t('payments.summary.on', { date: fmt.date(last.date) })}</p>
          </>
        ) : (
          <p className="muted">{t('payments.summary.none')}</p>
        )}
      </section>
    </div>
  );
}

/** Express pay beside the tabs: its own machine, started once the summary brought the settings. */
function ExpressPay({ settings, onSaved }: { settings: ExpressPaySettings; onSaved(): void }) {
  const intl = useIntl();
  const toasts = useToasts();
  const actor = useActorRef(expressPay, { inspect, input: { settings } });
  useEffect(() => {
    const notices = actor.on('expressPay.notice', (notice) => {
      const text =
        notice.tone === 'danger' && notice.kind
          ? failureText(intl, { kind: notice.kind, message: notice.message ?? '' })
          : undefined;
      toasts.send({
        type: 'toast.shown',
        tone: notice.tone,
        title: intl.formatMessage({
          id: notice.tone === 'success' ? 'payments.express.saved' : 'payments.express.failed',
        }),
        ...(text ? { text } : {}),
      });
    });
    const saved = actor.on('expressPay.saved', onSaved);
    return () => {
      notices.unsubscribe();
      saved.unsubscribe();
    };
  }, [actor, intl, toasts, onSaved]);
  return <ExpressPayPanel actor={actor} />;
}

/**
 * Payments (spec §2 /payments: current week, scheduled, invoices; CSV export side sheet; express pay details;
 * issue 8): the summary, the tabs current week / scheduled / transferred / invoices (the tab in the address,
 * `?tab=invoices`), the CSV export side sheet and express pay. Amounts come in minor units and show in the locale's
 * currency (en → GBP, es → EUR) through the shared formatters; dates in London time.
 */
export default function PaymentsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const search = useSearch();
  const [, navigate] = useLocation();
  const toasts = useToasts();
  const actor = useActorRef(payments, { inspect, input: { tab: tabFromSearch(search) } });
  const exporter = useActorRef(csvExport, { inspect, input: { today: londonToday() } });
  const exportOpen = useSelector(exporter, isSheetOpen);
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, isLoading);
  const failed = useSelector(actor, hasFailed);
  const empty = useSelector(actor, isEmpty);
  const pages = useSelector(actor, pageCount);
  const settings = context.summary?.express_pay ?? null;
  const refresh = useMemo(() => () => actor.send({ type: 'payments.refreshed' }), [actor]);

  useEffect(() => {
    const files = exporter.on('export.file', (file) => saveCsvFile(file));
    const notices = exporter.on('export.notice', (notice) =>
      toasts.send({
        type: 'toast.shown',
        tone: notice.tone,
        title: intl.formatMessage({
          id: notice.tone === 'success' ? 'payments.export.done' : 'payments.export.failed',
        }),
        ...(notice.kind ? { text: failureText(intl, { kind: notice.kind, message: '' }) } : {}),
      }),
    );
    return () => {
      files.unsubscribe();
      notices.unsubscribe();
    };
  }, [exporter, toasts, intl]);

  const selectTab = (tab: PaymentsTab) => {
    actor.send({ type: 'payments.tab.selected', tab });
    navigate(tab === 'current_week' ? '/payments' : `/payments?tab=${tab}`, { replace: true });
  };

  const panel = (
    <section className="pay-list" aria-busy={loading}>
      {loading ? <PageLoading /> : null}
      {failed ? (
        <div className="alert alert-danger" role="alert">
          <p>{t('payments.failed')}</p>
          {context.failure ? <p>{failureText(intl, { kind: context.failure, message: '' })}</p> : null}
          <button type="button" className="button" onClick={() => actor.send({ type: 'payments.retried' })}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}
      {empty ? (
        <p className="muted" data-testid="payments-empty">
          {t(`payments.empty.${context.tab}`)}
        </p>
      ) : null}
      {!loading && context.tab === 'invoices' && context.invoices.length > 0 ? (
        <InvoiceTable invoices={context.invoices} />
      ) : null}
      {!loading && context.tab !== 'invoices'
        ? context.payouts.map((payout) => <PayoutCard key={payout.id} payout={payout} />)
        : null}
      {pages > 1 ? (
        <nav className="pay-pager" aria-label={t('payments.pages')}>
          <button
            type="button"
            className="button button-secondary"
            disabled={context.page <= 1 || loading}
            onClick={() => actor.send({ type: 'payments.page.changed', page: context.page - 1 })}
          >
            {t('payments.page.previous')}
          </button>
          <span>{t('payments.page.of', { page: context.page, pages })}</span>
          <button
            type="button"
            className="button button-secondary"
            disabled={context.page >= pages || loading}
            onClick={() => actor.send({ type: 'payments.page.changed', page: context.page + 1 })}
          >
            {t('payments.page.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );

  return (
    <div className="pay-page">
      <header className="page-header pay-header">
        <h1>{t('payments.title')}</h1>
        <button
          type="button"
          className="button button-secondary"
          data-testid="export-open"
          onClick={() => exporter.send({ type: 'export.opened' })}
        >
          {t('payments.export.open')}
        </button>
      </header>
      {context.summary ? <SummaryCards summary={context.summary} /> : null}
      <div className="pay-layout">
        <div className="pay-main">
          <Tabs
            label={t('payments.tabs')}
            tabs={PAYMENTS_TABS.map((tab) => ({ id: tab, label: t(`payments.tab.${tab}`) }))}
            selected={context.tab}
            onSelect={selectTab}
          >
            {/* only the selected tab's panel is drawn */}
            <TabPanel id={context.tab}>{panel}</TabPanel>
          </Tabs>
        </div>
        <aside className="pay-aside">{settings ? <ExpressPay settings={settings} onSaved={refresh} /> : null}</aside>
      </div>
      {exportOpen ? (
        <ExportSheet actor={exporter} onUnavailable={() => exporter.send({ type: 'export.closed' })} />
      ) : null}
    </div>
  );
}
