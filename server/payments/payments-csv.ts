import { EXPORT_COLUMNS } from '@/schemas/payments';
import type { ExportRow } from '@/server/payments/payment-store';

/**
 * The payments CSV (issue 8 "download a CSV that opens in a spreadsheet"): RFC 4180 — CRLF after every record,
 * fields with a comma, a double quote, CR or LF quoted and their quotes doubled — behind a UTF-8 byte order mark, so
 * Excel reads names like "Zoë" as UTF-8 rather than the system code page. Amounts are decimals with a dot and two
 * places (12345 pence → 123.45), whatever the partner's locale, so every spreadsheet parses them as numbers.
 */

export const BOM = '\uFEFF';
const CRLF = '\r\n';

/** One field as RFC 4180 wants it: quoted only when it must be. */
export const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Pence as a plain decimal: 12345 → '123.45', -5 → '-0.05'. */
export const decimalAmount = (pence: number): string => {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR) as a formula: a description the partner or a
 * customer wrote could carry one. Such text gets a leading apostrophe (OWASP "CSV injection"), shown as text.
 */
const inert = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The whole file: BOM, header row, one record per row, each ended by CRLF. */
export const paymentsCsv = (rows: readonly ExportRow[], currency: 'GBP' | 'EUR'): string => {
  const records = rows.map((row) =>
    [
      row.date,
      row.reference,
      inert(row.description),
      row.status,
      decimalAmount(row.amount),
      decimalAmount(row.fee),
      decimalAmount(row.amount - row.fee),
      currency,
    ]
      .map(csvField)
      .join(','),
  );
  return BOM + [EXPORT_COLUMNS.join(','), ...records].map((record) => record + CRLF).join('');
};
