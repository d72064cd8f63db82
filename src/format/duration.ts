import { isoFor, type PortalLocale } from '@/src/format/locale-codes';
import { EMPTY, isFiniteNumber } from '@/src/format/number';
import { numberFormat } from '@/src/format/intl-cache';

/**
 * A duration given in seconds, in hours and minutes in words (spec §9), rounded to the nearest minute:
 * 7500 → '2 hours 5 minutes', 2700 → '45 minutes', 3600 → '1 hour'; Spanish '2 horas 5 minutos'.
 * Zero (or less than 30 seconds) gives '0 minutes'; negative, null, undefined and NaN give 'N/A'.
 */
export function formatDuration(seconds: number | null | undefined, locale: PortalLocale): string {
  if (!isFiniteNumber(seconds) || seconds < 0) return EMPTY;
  const totalMinutes = Math.round(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const iso = isoFor(locale);
  const inWords = (unit: 'hour' | 'minute', value: number) =>
    numberFormat(iso, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  const parts: string[] = [];
  if (hours > 0) parts.push(inWords('hour', hours));
  if (minutes > 0 || hours === 0) parts.push(inWords('minute', minutes));
  return parts.join(' ');
}
