import { MAX_QUOTE_MINOR_UNITS } from '@/schemas/listing-basics';

/** Why a typed quote is not an amount to send; the view shows `listing.quote.error.<reason>`. */
export type QuoteAmountError = 'empty' | 'notANumber' | 'notPositive' | 'tooLarge';

export type QuoteAmount =
  { readonly ok: true; readonly minorUnits: number } | { readonly ok: false; readonly error: QuoteAmountError };

/**
 * Reads a quote typed in pounds or euros (`120`, `120.50`, `£1,250`, `1.250,50 €`) as minor units. Both the English
 * and the Spanish way of writing numbers are read, whatever the portal's language, since a partner types what they
 * are used to: with both separators the later one is the decimal point; with one kind only, it is a decimal point
 * when one or two digits follow it once, and separates thousands otherwise. At most two decimals. The amount must be
 * more than 0 and at most MAX_QUOTE_MINOR_UNITS (the server checks the same, schemas/listing.ts QuoteAmount).
 */
export function readQuoteAmount(typed: string): QuoteAmount {
  const text = typed.replace(/[\s\u00a0\u202f£€]/g, '');
  if (text === '') return { ok: false, error: 'empty' };
  const negative = /^[-−]/.test(text);
  const unsigned = negative ? text.slice(1) : text;
  const normalised = withDecimalPoint(unsigned);
  const match = normalised === null ? null : /^(\d+)(?:\.(\d{0,2}))?$/.exec(normalised);
  if (!match) return { ok: false, error: 'notANumber' };
  const [, whole = '', fraction = ''] = match;
  if (negative && /[1-9]/.test(whole + fraction)) return { ok: false, error: 'notPositive' };
  if (whole.replace(/^0+/, '').length > 9) return { ok: false, error: 'tooLarge' };
  const minorUnits = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (minorUnits <= 0) return { ok: false, error: 'notPositive' };
  if (minorUnits > MAX_QUOTE_MINOR_UNITS) return { ok: false, error: 'tooLarge' };
  return { ok: true, minorUnits };
}

/** Digits with at most one `.` as the decimal point, or null when the separators make no sense. */
function withDecimalPoint(text: string): string | null {
  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  if (dots > 0 && commas > 0) {
    const decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    const grouping = decimal === '.' ? ',' : '.';
    const [whole = '', fraction, ...more] = text.split(decimal);
    if (more.length > 0 || fraction === undefined || fraction.includes(grouping) || !isGrouped(whole, grouping))
      return null;
    return `${whole.replaceAll(grouping, '')}.${fraction}`;
  }
  const separator = dots > 0 ? '.' : commas > 0 ? ',' : null;
  if (separator === null) return text;
  const parts = text.split(separator);
  const last = parts.at(-1) ?? '';
  if (parts.length === 2 && last.length <= 2) return parts.join('.');
  return isGrouped(text, separator) ? parts.join('') : null;
}

/** `1,250,000`: a first group of digits, then groups of three. */
const isGrouped = (whole: string, separator: string) =>
  whole.split(separator).every((group, i) => (i === 0 ? group.length > 0 : group.length === 3));
