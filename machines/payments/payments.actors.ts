import { fromPromise } from 'xstate';
import type { PayoutStatus } from '@/schemas/payments';
import { fetchInvoices, fetchPaymentsSummary, fetchPayouts } from '@/src/api/payments';
import type { PaymentsLoadInput, PaymentsLoadOutput, PaymentsTab } from './payments.types';

/** The payout status each payout tab lists. */
export const TAB_STATUS: Readonly<Record<Exclude<PaymentsTab, 'invoices'>, PayoutStatus>> = {
  current_week: 'pending',
  scheduled: 'scheduled',
  transferred: 'transferred',
};

/** One page of a tab, and the summary beside it when asked; cancelled when the machine leaves the state. */
export const loadPaymentsTab = fromPromise<PaymentsLoadOutput, PaymentsLoadInput>(async ({ input, signal }) => {
  const summary = input.withSummary ? fetchPaymentsSummary(signal) : Promise.resolve(null);
  if (input.tab === 'invoices') {
    const [page, head] = await Promise.all([fetchInvoices(input.page, signal), summary]);
    return { payouts: [], invoices: page.data, total: page.meta.total, pageSize: page.meta.per_page, summary: head };
  }
  const [page, head] = await Promise.all([
    fetchPayouts({ status: TAB_STATUS[input.tab], page: input.page }, signal),
    summary,
  ]);
  return { payouts: page.data, invoices: [], total: page.meta.total, pageSize: page.meta.per_page, summary: head };
});
