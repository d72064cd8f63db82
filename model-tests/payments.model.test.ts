import { afterAll, describe, expect, it } from 'vitest';
import { getNextSnapshot, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { payments } from '@/machines/payments/payments.machine';
import { hasFailed, isEmpty, isLoading, pageCount } from '@/machines/payments/payments.selectors';
import type { PaymentsLoadInput, PaymentsLoadOutput } from '@/machines/payments/payments.types';
import type { InvoiceBrief, PaymentsSummary, Payout } from '@/schemas/payments';
import { NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof payments>;

const summary = {
  current_week: { week_start: '2026-11-16', week_end: '2026-11-22', items: 2, amount: 30000 },
  next_scheduled: { id: 2, amount: 10100, net: 10100, date: '2026-11-20' },
  last_transferred: null,
  express_pay: { available: true, enrolled: false, auto_enrol: false, fee_basis_points: 150, fee_minimum: 100 },
} as unknown as PaymentsSummary;
const payout = { id: 1, status: 'transferred', items: [] } as unknown as Payout;
const invoice = { id: 1, number: 'INV-2026-000001' } as unknown as InvoiceBrief;
/** The transferred tab has 25 payouts (two pages); the others one page. */
const page = (tab: string, withSummary: boolean, rows: number): PaymentsLoadOutput => ({
  payouts: tab === 'invoices' || rows === 0 ? [] : [payout],
  invoices: tab === 'invoices' ? [invoice] : [],
  total: tab === 'transferred' ? 25 : rows,
  pageSize: 20,
  summary: withSummary ? summary : null,
});
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/payments' });

/** The partner opens the page, moves between tabs and pages, refreshes after express pay, and meets a failure. */
const events = (s: Snap): AnyEventObject[] => {
  const { tab, summary: head, summaryStale } = s.context;
  return [
    { type: 'xstate.done.actor.loadPaymentsTab', output: page(tab, summaryStale, tab === 'scheduled' ? 0 : 1) },
    ...(head !== null ? [{ type: 'xstate.error.actor.loadPaymentsTab', error: offline }] : []),
    { type: 'payments.retried' },
    ...(['scheduled', 'transferred', 'invoices'] as const)
      .filter((t) => t !== tab)
      .map((t) => ({ type: 'payments.tab.selected', tab: t })),
    ...(tab === 'transferred' && s.context.page === 1 ? [{ type: 'payments.page.changed', page: 2 }] : []),
    ...(tab === 'current_week' ? [{ type: 'payments.refreshed' }] : []),
  ];
};

const SIZE = { states: 3, transitions: 7 };
const coverage = new Coverage(payments);

describe('payments page', () => {
  const paths = getShortestPaths(payments, { events, ...byIncomingEvent, input: {} } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      payments,
      path,
      {
        input: {},
        promiseActors: ['loadPaymentsTab'],
        check: (snap, _step, record) => {
          // the summary is read with the first page and after a refresh, never with every page
          const loads = record.calls
            .filter((c) => c.src === 'loadPaymentsTab')
            .map((c) => c.input as PaymentsLoadInput);
          expect(loads[0]?.withSummary).toBe(true);
          // a refresh marks the summary stale, so the next read asks for it again; the old one stays on screen
          if (snap.matches('loading')) expect(loads.at(-1)?.withSummary).toBe(snap.context.summaryStale);
          if (isLoading(snap)) expect(snap.matches('loading')).toBe(true);
          if (hasFailed(snap)) expect(snap.context.failure).toBe('offline');
          if (snap.matches('ready')) {
            expect(snap.context.summary).not.toBeNull();
            expect(isEmpty(snap)).toBe(snap.context.tab === 'scheduled');
            expect(pageCount(snap)).toBe(snap.context.tab === 'transferred' ? 2 : 1);
          }
        },
      },
      coverage,
    );
  });

  it('goes to the first page of a newly chosen tab', () => {
    const paged = paths.find((p) => p.state.context.page === 2 && p.state.matches('ready'))!;
    expect(paged.state.context.tab).toBe('transferred');
    const next = getNextSnapshot(payments, paged.state, { type: 'payments.tab.selected', tab: 'invoices' });
    expect(next.context).toMatchObject({ tab: 'invoices', page: 1 });
  });
});

afterAll(() => coverage.expectComplete(SIZE));
