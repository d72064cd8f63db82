import type { InvoiceBrief, PaymentsSummary, Payout } from '@/schemas/payments';
import type { FailureKind } from '@/src/api/errors';

/** The tabs of the payments page (spec §1: pending, scheduled, transferred, invoices): pending is this week. */
export const PAYMENTS_TABS = ['current_week', 'scheduled', 'transferred', 'invoices'] as const;
export type PaymentsTab = (typeof PAYMENTS_TABS)[number];

export interface PaymentsInput {
  /** The tab to open with (from the address); current week without one. */
  readonly tab?: PaymentsTab;
}

export interface PaymentsContext {
  readonly tab: PaymentsTab;
  /** The page of the tab, from 1. */
  readonly page: number;
  /** The page's head (this week, next and last transfer, express pay): read with the first page, and on refresh. */
  readonly summary: PaymentsSummary | null;
  /** The summary is out of date (express pay changed this week's fee): the next read brings it again. */
  readonly summaryStale: boolean;
  /** The payouts of a payout tab's page (empty on the invoices tab). */
  readonly payouts: readonly Payout[];
  /** The invoices of the invoices tab's page (empty on the others). */
  readonly invoices: readonly InvoiceBrief[];
  /** Rows of the whole tab, and how many a page holds. */
  readonly total: number;
  readonly pageSize: number;
  /** Why the tab could not be read. */
  readonly failure: FailureKind | null;
}

export type PaymentsEvent =
  | { readonly type: 'payments.tab.selected'; readonly tab: PaymentsTab }
  | { readonly type: 'payments.page.changed'; readonly page: number }
  /** Read the tab and the summary again (after express pay changed this week's fee). */
  | { readonly type: 'payments.refreshed' }
  | { readonly type: 'payments.retried' };

/** What the page loader is asked. */
export interface PaymentsLoadInput {
  readonly tab: PaymentsTab;
  readonly page: number;
  readonly withSummary: boolean;
}

/** What one read answers. */
export interface PaymentsLoadOutput {
  readonly payouts: readonly Payout[];
  readonly invoices: readonly InvoiceBrief[];
  readonly total: number;
  readonly pageSize: number;
  readonly summary: PaymentsSummary | null;
}
