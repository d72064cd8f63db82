import { Hono } from 'hono';
import {
  CSV_CONTENT_TYPE,
  EXPRESS_PAY_SAVED,
  ExpressPayRequest,
  InvoiceListQuery,
  PAYMENT_REFUSALS,
  PaymentExportQuery,
  PaymentListQuery,
} from '@/schemas/payments';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { NOT_FOUND } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { readBody } from '@/server/http/read-body';
import { readQuery } from '@/server/http/read-query';
import { invoiceHtml, printLocale } from '@/server/payments/invoice-html';
import {
  exportRows,
  listInvoices,
  listPayouts,
  loadInvoice,
  loadSummary,
  pathId,
  saveExpressPay,
} from '@/server/payments/payment-store';
import { paymentsCsv } from '@/server/payments/payments-csv';

/**
 * Payments, payouts, invoices and express pay (issue 8; shapes and paths in schemas/payments.ts, reads and writes in
 * server/payments/, design in server/README.md "Payments"). Mounted at the root with full /v1 paths: the app's
 * `/v1/*` requireToken guards them all. A partner reads only its own: another partner's invoice is 404 like a
 * missing one. The CSV and the printable invoice follow the caller's Accept-Language (es → EUR and Spanish, else
 * GBP and English), as the portal shows amounts (spec §1, §9).
 */
export const paymentRoutes = (db: Db, config: Config) => {
  const routes = new Hono<AppEnv>();

  routes.get('/v1/payments/summary', async (c) => c.json(await loadSummary(db, c.var.signedIn.userId, config.now())));

  routes.get('/v1/payments', async (c) => {
    const query = readQuery(c, PaymentListQuery, 'PaymentListQuery');
    return c.json(await listPayouts(db, c.var.signedIn.userId, query));
  });

  routes.get('/v1/payments/export.csv', async (c) => {
    const { from, to } = readQuery(c, PaymentExportQuery, 'PaymentExportQuery');
    const currency = printLocale(c.req.header('accept-language')) === 'es' ? 'EUR' : 'GBP';
    const body = paymentsCsv(await exportRows(db, c.var.signedIn.userId, from, to), currency);
    return c.body(body, 200, {
      'content-type': CSV_CONTENT_TYPE,
      'content-disposition': `attachment; filename="payments-${from}-${to}.csv"`,
      'cache-control': 'no-store',
    });
  });

  routes.put('/v1/payments/express-pay', async (c) => {
    const { payload } = await readBody(c, ExpressPayRequest, 'ExpressPayRequest');
    const saved = await saveExpressPay(db, c.var.signedIn.userId, payload, config.now());
    return saved
      ? c.json({ message: EXPRESS_PAY_SAVED, data: saved })
      : c.json({ message: PAYMENT_REFUSALS.expressPayOff }, 403);
  });

  routes.get('/v1/invoices', async (c) => {
    const { page } = readQuery(c, InvoiceListQuery, 'InvoiceListQuery');
    return c.json(await listInvoices(db, c.var.signedIn.userId, page));
  });

  routes.get('/v1/invoices/:id', async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(NOT_FOUND, 404);
    return c.json(await loadInvoice(db, c.var.signedIn.userId, id));
  });

  routes.get('/v1/invoices/:id/print', async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(NOT_FOUND, 404);
    const invoice = await loadInvoice(db, c.var.signedIn.userId, id);
    return c.html(invoiceHtml(invoice, printLocale(c.req.header('accept-language'))), 200, {
      'cache-control': 'no-store',
    });
  });

  return routes;
};
