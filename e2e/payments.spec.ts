import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { InvoicePage, Payout, PayoutPage } from '@/schemas/payments';
import { readCsvObjects } from '@/server/payments/csv-reader';
import { formatMoney } from '@/src/format/money';
import { LoginPage } from './pages/login-page';
import { PaymentsPage } from './pages/payments-page';
import { API_HEADERS, signInForToken } from './partner-api';
import { ORIGIN } from './ports';

/**
 * Payments (issue 8) against the seeded server, as the demo partner: the CSV export from the side sheet read back and
 * checked against the API, the tabs and an invoice, express pay's auto-enrolment kept over a reload and a refused
 * change that keeps the previous value (the test puts partner@'s switches back as seeded at the end), and Spanish
 * amounts in euros.
 */
const PARTNER = 'partner@example.com';

async function signIn(page: Page): Promise<void> {
  await page.goto('login');
  await new LoginPage(page).signIn(PARTNER);
  await page.waitForURL(/\/tpp\/$/);
}

/** The partner's payouts through the API, every page of every status. */
async function allPayouts(request: APIRequestContext): Promise<Payout[]> {
  const token = await signInForToken(request, PARTNER);
  const out: Payout[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`${ORIGIN}/v1/payments?page=${page}`, {
      headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
    });
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as PayoutPage;
    out.push(...body.data);
    if (page >= body.meta.last_page) return out;
  }
}

const londonToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const pence = (decimal: string) => Math.round(Number(decimal) * 100);

test('the CSV downloaded from the side sheet has the rows of the API for its range', async ({
  page,
  request,
}, info) => {
  await signIn(page);
  const payments = new PaymentsPage(page);
  await payments.open();
  await payments.openExport();

  // an end before the start is refused under the field, with the form scheme's words
  const today = londonToday();
  const from = addDays(today, -60);
  await payments.chooseRange(from, addDays(from, -1));
  await expect(payments.fieldError('export_to')).toHaveText(`To can't be before ${from}`);
  await expect(payments.exportSheet().locator('[data-field="export_to"] input')).toHaveClass(/is-invalid/);
  await page.screenshot({ path: info.outputPath('export-sheet-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath('export-sheet-390.png') });

  await payments.chooseRange(from, today);
  await expect(payments.fieldError('export_to')).toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    payments.exportSheet().getByTestId('export-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`payments-${from}-${today}.csv`);
  await expect(payments.exportSheet()).toBeHidden();
  await expect(payments.toast('Your CSV is downloaded')).toBeVisible();

  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  // every record ends with CRLF (the seeded descriptions hold no line breaks of their own)
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text).not.toMatch(/[^\r]\n/);
  const rows = readCsvObjects(text);

  const items = (await allPayouts(request)).flatMap((p) => p.items).filter((i) => i.date >= from && i.date <= today);
  expect(items.length).toBeGreaterThan(0);
  expect(rows).toHaveLength(items.length);
  expect(rows.reduce((sum, r) => sum + pence(r.amount!), 0)).toBe(items.reduce((sum, i) => sum + i.amount, 0));
  expect(rows.map((r) => r.description).sort()).toEqual(items.map((i) => i.description).sort());
  for (const row of rows) {
    expect(row.currency).toBe('GBP');
    expect(pence(row.net!)).toBe(pence(row.amount!) - pence(row.fee!));
  }
});

test('the tabs show the seeded payouts, and an invoice opens with its lines and total', async ({
  page,
  request,
}, info) => {
  await signIn(page);
  const payouts = await allPayouts(request);
  const count = (status: Payout['status']) => Math.min(20, payouts.filter((p) => p.status === status).length);
  const payments = new PaymentsPage(page);
  await payments.open();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(payments.payouts()).toHaveCount(count('pending'));
  const pending = payouts.find((p) => p.status === 'pending')!;
  await expect(payments.summary('current-week')).toContainText(formatMoney(pending.amount, 'en'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: info.outputPath('payments-1280.png'), fullPage: true });

  await payments.selectTab('Scheduled');
  await expect(payments.payouts()).toHaveCount(count('scheduled'));
  await payments.selectTab('Transferred');
  await expect(payments.payouts()).toHaveCount(count('transferred'));
  const first = payouts.find((p) => p.status === 'transferred')!;
  await expect(payments.payouts().first().getByTestId('payout-net')).toHaveText(formatMoney(first.net, 'en'));
  await expect(payments.payouts().first().getByTestId('payout-item')).toHaveCount(first.items.length);

  await payments.selectTab('Invoices');
  await expect(page).toHaveURL(/payments\?tab=invoices$/);
  const token = await signInForToken(request, PARTNER);
  const invoices = (await (
    await request.get(`${ORIGIN}/v1/invoices`, { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } })
  ).json()) as InvoicePage;
  await expect(payments.invoiceRows()).toHaveCount(invoices.data.length);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath('payments-390.png'), fullPage: true });

  // the invoice of the express payout: its lines include the fee, and they add up to the total
  const express = payouts.find((p) => p.express && p.invoice_id !== null)!;
  const brief = invoices.data.find((i) => i.id === express.invoice_id)!;
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    payments.invoiceRows().filter({ hasText: brief.number }).getByTestId('invoice-link').click(),
  ]);
  await expect(tab).toHaveURL(new RegExp(`/tpp/payments/invoice/${brief.id}$`));
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${brief.number}`);
  await expect(tab.getByTestId('invoice-line')).toHaveCount(express.items.length + 1);
  await expect(tab.getByTestId('invoice-line').last()).toContainText('Express pay fee');
  await expect(tab.getByTestId('invoice-total')).toHaveText(formatMoney(express.net, 'en'));
  await expect(tab.getByTestId('invoice-print')).toBeVisible();
  await tab.setViewportSize({ width: 1280, height: 800 });
  await tab.screenshot({ path: info.outputPath('invoice-1280.png'), fullPage: true });
  await tab.close();
});

test('auto-enrolment stays switched on over a reload, and a refused change keeps the previous value', async ({
  page,
  context,
  request,
}) => {
  await signIn(page);
  const payments = new PaymentsPage(page);
  try {
    await payments.open();
    await expect(page.getByTestId('express-fee')).toHaveText('The fee is 1.5% of the payment, at least £1.');
    await expect(page.getByTestId('express-example')).toHaveText(
      'For example, on £500 the fee is £7.50 and you receive £492.50.',
    );
    await expect(payments.autoEnrolSwitch()).not.toBeChecked();
    await payments.toggleAutoEnrol();
    await expect(payments.toast('Express pay updated')).toBeVisible();
    await expect(payments.autoEnrolSwitch()).toBeChecked();

    await page.reload();
    await payments.settled();
    await expect(payments.autoEnrolSwitch()).toBeChecked();

    // the server fails the change: the toast says so, and the switch is back on
    await context.addCookies([{ name: 'tpp_fault', value: '500@/v1/payments/express-pay', url: ORIGIN }]);
    await payments.toggleAutoEnrol();
    await expect(payments.toast('Failed to update express pay')).toBeVisible();
    await expect(payments.autoEnrolSwitch()).toBeChecked();
    await context.clearCookies({ name: 'tpp_fault' });
  } finally {
    // back as seeded, for the next run on the same server
    const token = await signInForToken(request, PARTNER);
    const res = await request.put(`${ORIGIN}/v1/payments/express-pay`, {
      headers: { ...API_HEADERS, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      data: { payload: { enrolled: false, auto_enrol: false } },
    });
    expect(res.ok()).toBe(true);
  }
});

test('in Spanish the amounts are in euros', async ({ browser, request }, info) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  try {
    await signIn(page);
    const payments = new PaymentsPage(page);
    await payments.open('transferred');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible();
    const first = (await allPayouts(request)).find((p) => p.status === 'transferred')!;
    const net = payments.payouts().first().getByTestId('payout-net');
    await expect(net).toHaveText(formatMoney(first.net, 'es'));
    await expect(net).toContainText('€');
    await expect(page.locator('.pay-page')).not.toContainText('£');
    await page.screenshot({ path: info.outputPath('payments-es-1280.png'), fullPage: true });
  } finally {
    await context.close();
  }
});
