import {
  ExpressPayResponse,
  Invoice,
  InvoicePage,
  PaymentsSummary,
  PayoutPage,
  type ExpressPaySettings,
  type PayoutStatus,
} from '@/schemas/payments';
import { api } from './api';
import { flattenQuery } from './query';

/**
 * Payments (issue 8; shapes and paths in schemas/payments.ts, the server in server/payments/): the summary, payouts
 * by status, invoices, the CSV export and the express pay switches. Every JSON answer is decoded here.
 */

/** GET /v1/payments/summary: this week, the next and last transfer, express pay. */
export const fetchPaymentsSummary = (signal?: AbortSignal): Promise<PaymentsSummary> =>
  api.get('v1/payments/summary', PaymentsSummary, 'PaymentsSummary', { signal });

/** GET /v1/payments: one page of one status's payouts, with their items. */
export const fetchPayouts = (
  query: { readonly status: PayoutStatus; readonly page: number },
  signal?: AbortSignal,
): Promise<PayoutPage> =>
  api.get('v1/payments', PayoutPage, 'PayoutPage', { signal, query: { status: query.status, page: query.page } });

/** GET /v1/invoices: one page of invoices, newest first. */
export const fetchInvoices = (page: number, signal?: AbortSignal): Promise<InvoicePage> =>
  api.get('v1/invoices', InvoicePage, 'InvoicePage', { signal, query: { page } });

/** GET /v1/invoices/{id}: one invoice in full (404 for one that is not the partner's). */
export const fetchInvoice = (id: number, signal?: AbortSignal): Promise<Invoice> =>
  api.get(`v1/invoices/${encodeURIComponent(String(id))}`, Invoice, 'Invoice', { signal });

/**
 * GET /v1/payments/export.csv: the CSV of a range, as text. Not JSON, so it goes through the client's raw GET
 * (`stream`: the same token, Accept-Language and re-login on 401; an error status, such as a 422 for the range, is
 * thrown as HttpError with the fields) and its body is taken whole, byte order mark included (`text()` would drop
 * it: the bytes are decoded without it, then it is put back so the saved file opens in Excel as UTF-8).
 */
export const downloadPaymentsCsv = async (
  range: { readonly from: string; readonly to: string },
  signal?: AbortSignal,
): Promise<{ readonly text: string; readonly fileName: string }> => {
  const response = await api.stream(`v1/payments/export.csv?${flattenQuery(range).toString()}`, { signal });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { text, fileName: named ?? `payments-${range.from}-${range.to}.csv` };
};

/** PUT /v1/payments/express-pay: both switches; 403 when express pay is not on the partner's account. */
export const saveExpressPay = (
  settings: Pick<ExpressPaySettings, 'enrolled' | 'auto_enrol'>,
  signal?: AbortSignal,
): Promise<ExpressPaySettings> =>
  api
    .put('v1/payments/express-pay', ExpressPayResponse, 'ExpressPayResponse', {
      signal,
      body: { enrolled: settings.enrolled, auto_enrol: settings.auto_enrol },
    })
    .then((r) => r.data);
