import { currencyFor, isoFor, type PortalLocale } from '@/src/format/locale-codes';
import { EMPTY, isFiniteNumber } from '@/src/format/number';
import { numberFormat } from '@/src/format/intl-cache';

export interface MoneyOptions {
  /** Force 0 or 2 decimals; without it the rule in `formatMoney` applies. */
  decimals?: 0 | 2;
}

/**
 * Formats an amount held in minor units (pence, cents): the currency filter divides by 100 (spec §9).
 * Currency follows the locale: GBP for 'en', EUR for 'es'.
 *
 * Decimals rule, unless `options.decimals` says otherwise:
 * - GBP shows no decimals when the amount is whole pounds and 2 decimals otherwise, so pence are never
 *   hidden: 123400 → '£1,234', 123456 → '£1,234.56'.
 * - EUR always shows 2 decimals: 123456 → '1234,56 €' (es-ES groups thousands only from five digits).
 * With `decimals: 0` the amount is rounded to whole units: 123456 → '£1,235'.
 * null, undefined, NaN and ±Infinity give 'N/A'.
 */
export function formatMoney(
  minorUnits: number | null | undefined,
  locale: PortalLocale,
  options: MoneyOptions = {},
): string {
  if (!isFiniteNumber(minorUnits)) return EMPTY;
  const currency = currencyFor(locale);
  const wholeUnits = Number.isInteger(minorUnits) && minorUnits % 100 === 0;
  const decimals = options.decimals ?? (currency === 'GBP' && wholeUnits ? 0 : 2);
  return numberFormat(isoFor(locale), {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(minorUnits / 100);
}
