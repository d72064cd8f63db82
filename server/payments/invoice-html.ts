import type { Invoice, InvoiceParty } from '@/schemas/payments';

/**
 * The printable page of an invoice (`GET /v1/invoices/{id}/print`), for a client that is not the portal (the portal
 * renders its own at /payments/invoice/{id}, with its print stylesheet). Self-contained and inert: no script (the
 * CSP forbids inline script), no style element or attribute (style-src allows only files and one hash), so the
 * browser's own table and heading styles lay it out and it prints as it is. Texts in the caller's language
 * (Accept-Language: es… → Spanish, anything else English), amounts in that locale's currency (spec §1, §9: GBP for
 * English, EUR for Spanish; minor units divided by 100), dates in London time.
 */

export type PrintLocale = 'en' | 'es';

/** The language of the caller: Spanish when Accept-Language starts with es (es, es-ES, es_ES), else English. */
export const printLocale = (acceptLanguage: string | undefined): PrintLocale =>
  acceptLanguage?.trim().toLowerCase().startsWith('es') ? 'es' : 'en';

const TEXTS = {
  en: {
    title: 'Invoice',
    selfBilled: 'Self-billed invoice: issued by the customer on behalf of the supplier.',
    supplier: 'Supplier',
    customer: 'Customer',
    number: 'Invoice number',
    issued: 'Issued',
    week: 'Work of the week starting',
    vatNumber: 'VAT number',
    description: 'Description',
    date: 'Date',
    amount: 'Amount',
    fee: 'Express pay fee',
    net: 'Net',
    vat: 'VAT',
    total: 'Total',
  },
  es: {
    title: 'Factura',
    selfBilled: 'Autofactura: emitida por el cliente en nombre del proveedor.',
    supplier: 'Proveedor',
    customer: 'Cliente',
    number: 'Número de factura',
    issued: 'Emitida',
    week: 'Trabajo de la semana que empieza el',
    vatNumber: 'NIF-IVA',
    description: 'Descripción',
    date: 'Fecha',
    amount: 'Importe',
    fee: 'Comisión de pago exprés',
    net: 'Base imponible',
    vat: 'IVA',
    total: 'Total',
  },
} as const;

const ISO = { en: 'en-GB', es: 'es-ES' } as const;
const CURRENCY = { en: 'GBP', es: 'EUR' } as const;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Minor units in the locale's currency, always 2 decimals on an invoice. */
export const invoiceMoney = (minorUnits: number, locale: PrintLocale): string =>
  new Intl.NumberFormat(ISO[locale], {
    style: 'currency',
    currency: CURRENCY[locale],
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minorUnits / 100);

/** A calendar date (yyyy-MM-dd) or an instant, as a London date in the locale's long form. */
const invoiceDate = (value: string, locale: PrintLocale): string =>
  new Intl.DateTimeFormat(ISO[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: value.length === 10 ? 'UTC' : 'Europe/London',
  }).format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));

const party = (heading: string, p: InvoiceParty, vatLabel: string): string =>
  [
    `<section><h2>${escapeHtml(heading)}</h2><address>`,
    [p.name, ...p.address].map(escapeHtml).join('<br>'),
    '</address>',
    p.vat_number ? `<p>${escapeHtml(vatLabel)}: ${escapeHtml(p.vat_number)}</p>` : '',
    '</section>',
  ].join('');

export const invoiceHtml = (invoice: Invoice, locale: PrintLocale): string => {
  const t = TEXTS[locale];
  const money = (n: number) => escapeHtml(invoiceMoney(n, locale));
  const lines = invoice.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.kind === 'fee' ? t.fee : line.description)}</td>` +
        `<td>${line.date ? escapeHtml(invoiceDate(line.date, locale)) : ''}</td><td>${money(line.amount)}</td></tr>`,
    )
    .join('');
  return [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`${t.title} ${invoice.number}`)}</title></head><body><main>`,
    `<h1>${escapeHtml(`${t.title} ${invoice.number}`)}</h1>`,
    `<p>${escapeHtml(t.selfBilled)}</p>`,
    '<dl>',
    `<dt>${escapeHtml(t.number)}</dt><dd>${escapeHtml(invoice.number)}</dd>`,
    `<dt>${escapeHtml(t.issued)}</dt><dd>${escapeHtml(invoiceDate(invoice.issued_at, locale))}</dd>`,
    `<dt>${escapeHtml(t.week)}</dt><dd>${escapeHtml(invoiceDate(invoice.week_start, locale))}</dd>`,
    '</dl>',
    party(t.supplier, invoice.supplier, t.vatNumber),
    party(t.customer, invoice.customer, t.vatNumber),
    `<table><thead><tr><th scope="col">${escapeHtml(t.description)}</th><th scope="col">${escapeHtml(t.date)}</th>`,
    `<th scope="col">${escapeHtml(t.amount)}</th></tr></thead><tbody>${lines}</tbody><tfoot>`,
    `<tr><th scope="row" colspan="2">${escapeHtml(t.net)}</th><td>${money(invoice.net)}</td></tr>`,
    `<tr><th scope="row" colspan="2">${escapeHtml(`${t.vat} (${invoice.vat_rate}%)`)}</th><td>${money(invoice.vat)}</td></tr>`,
    `<tr><th scope="row" colspan="2">${escapeHtml(t.total)}</th><td>${money(invoice.total)}</td></tr>`,
    '</tfoot></table></main></body></html>',
  ].join('\n');
};
