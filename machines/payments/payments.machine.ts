import { assign, setup } from 'xstate';
import { PAYMENTS_PAGE_SIZE } from '@/schemas/payments';
import { failureKind } from '@/src/api/errors';
import { loadPaymentsTab } from './payments.actors';
import type { PaymentsContext, PaymentsEvent, PaymentsInput } from './payments.types';

/**
 * The payments page (spec §2 /payments: current week, scheduled, invoices; §1 pending, scheduled, transferred,
 * invoices; issue 8). One page of a tab at a time, like won work's tabs: choosing a tab goes to its first page; the
 * summary (this week, the next and the last transfer, express pay) is read with the first page and again on refresh.
 * The CSV export and express pay are machines of their own beside this one (csv-export, express-pay).
 */
export const payments = setup({
  types: {} as { context: PaymentsContext; events: PaymentsEvent; input: PaymentsInput },
  actors: { loadPaymentsTab },
}).createMachine({
  id: 'payments',
  context: ({ input }) => ({
    tab: input.tab ?? 'current_week',
    page: 1,
    summary: null,
    summaryStale: true,
    payouts: [],
    invoices: [],
    total: 0,
    pageSize: PAYMENTS_PAGE_SIZE,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading a page of the tab (and the summary, the first time and on refresh)',
      tags: ['loading'],
      invoke: {
        id: 'loadPaymentsTab',
        src: 'loadPaymentsTab',
        input: ({ context }) => ({ tab: context.tab, page: context.page, withSummary: context.summaryStale }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            payouts: event.output.payouts,
            invoices: event.output.invoices,
            total: event.output.total,
            pageSize: event.output.pageSize,
            summary: event.output.summary ?? context.summary,
            summaryStale: false,
            failure: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureKind(event.error) }) },
      },
    },
    failed: {
      description: 'The tab could not be read: what failed, and a retry',
      tags: ['error'],
      on: {
        'payments.retried': { target: 'loading' },
        'payments.tab.selected': { target: 'loading', actions: assign({ tab: ({ event }) => event.tab, page: 1 }) },
      },
    },
    ready: {
      description: 'The rows of the page, with the summary above the tabs',
      on: {
        'payments.tab.selected': { target: 'loading', actions: assign({ tab: ({ event }) => event.tab, page: 1 }) },
        'payments.page.changed': { target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
        'payments.refreshed': { target: 'loading', actions: assign({ summaryStale: true }) },
      },
    },
  },
});
