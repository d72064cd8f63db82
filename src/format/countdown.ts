import { isoFor, type PortalLocale } from '@/src/format/locale-codes';
import { EMPTY, isFiniteNumber } from '@/src/format/number';
import { numberFormat } from '@/src/format/intl-cache';

type Unit = 'day' | 'hour' | 'minute' | 'second';

/**
 * Time left until a deadline, in words, the two largest units that matter: '2 days 4 hours', '5 hours 12 minutes',
 * '4 minutes 10 seconds', '35 seconds'; Spanish '2 días 4 horas'. Rounded down (a countdown never promises more time
 * than is left); a zero second unit is left out ('3 days'). Zero or less gives '0 seconds'; null and NaN give 'N/A'.
 */
export function formatCountdown(ms: number | null | undefined, locale: PortalLocale): string {
  if (!isFiniteNumber(ms)) return EMPTY;
  const total = Math.max(0, Math.floor(ms / 1000));
  const parts: Array<[Unit, number]> = [
    ['day', Math.floor(total / 86_400)],
    ['hour', Math.floor(total / 3600) % 24],
    ['minute', Math.floor(total / 60) % 60],
    ['second', total % 60],
  ];
  const first = parts.findIndex(([, value]) => value > 0);
  if (first < 0) return inWords('second', 0, locale);
  const [major, minor] = [parts[first]!, parts[first + 1]];
  const words = [inWords(major[0], major[1], locale)];
  if (minor && minor[1] > 0) words.push(inWords(minor[0], minor[1], locale));
  return words.join(' ');
}

const inWords = (unit: Unit, value: number, locale: PortalLocale) =>
  numberFormat(isoFor(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
