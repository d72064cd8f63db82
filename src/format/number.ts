import { isoFor, type PortalLocale } from '@/src/format/locale-codes';
import { numberFormat } from '@/src/format/intl-cache';

/** What every formatter shows for an empty or unusable value (spec §9). */
export const EMPTY = 'N/A';

/** A finite number, or nothing: NaN, ±Infinity, null, undefined and other types are not. */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The "fixed" filter: two decimals with a dot, '0.00' for anything that is not a finite number. */
export function formatFixed(value: unknown): string {
  return isFiniteNumber(value) ? value.toFixed(2) : '0.00';
}

/**
 * A ratio as a percentage with two decimals: formatPercent(0.1234, 'en') === '12.34%', 'es' gives '12,34 %'.
 * The value is a fraction (0.5 is 50%), as Intl's percent style expects.
 */
export function formatPercent(value: number | null | undefined, locale: PortalLocale = 'en'): string {
  if (!isFiniteNumber(value)) return EMPTY;
  return numberFormat(isoFor(locale), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}
