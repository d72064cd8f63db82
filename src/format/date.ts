import { DISPLAY_TIME_ZONE, isoFor, type PortalLocale } from '@/src/format/locale-codes';
import { EMPTY } from '@/src/format/number';
import { dateTimeFormat } from '@/src/format/intl-cache';

/** A value parsed from text: a calendar date, or an exact time when the text carried a time of day. */
export type ParsedDate = Temporal.PlainDate | Temporal.Instant;

/** Anything the formatters accept. Strings go through `parseDateText`, then full ISO instants with an offset. */
export type DateInput =
  Temporal.Instant | Temporal.ZonedDateTime | Temporal.PlainDate | Date | string | null | undefined;

// yyyy-mm-dd or yyyy/mm/dd (one separator throughout), optionally 'T' or a space and hh:mm:ss (spec §5).
const DATE_TEXT = /^(\d{4})([-/])(\d{2})\2(\d{2})(?:[T ](\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * Parses yyyy-mm-dd or yyyy/mm/dd, optionally followed by hh:mm:ss after 'T' or a space (spec §5).
 * A date alone gives a `Temporal.PlainDate`; a date and time is read as UTC (how values are stored) and
 * gives a `Temporal.Instant`. Anything else, including impossible dates such as 2026-02-30, gives `fallback`.
 */
export function parseDateText(text: string | null | undefined): ParsedDate | 'n/a';
export function parseDateText<F>(text: string | null | undefined, fallback: F): ParsedDate | F;
export function parseDateText<F>(text: string | null | undefined, fallback: F | 'n/a' = 'n/a'): ParsedDate | F | 'n/a' {
  if (typeof text !== 'string') return fallback;
  const match = DATE_TEXT.exec(text.trim());
  if (!match) return fallback;
  const [, year, , month, day, hour, minute, second] = match;
  try {
    const date = Temporal.PlainDate.from(
      { year: Number(year), month: Number(month), day: Number(day) },
      { overflow: 'reject' },
    );
    if (hour === undefined) return date;
    return date
      .toPlainDateTime(
        Temporal.PlainTime.from(
          { hour: Number(hour), minute: Number(minute), second: Number(second) },
          { overflow: 'reject' },
        ),
      )
      .toZonedDateTime('UTC')
      .toInstant();
  } catch {
    return fallback;
  }
}

type Resolved = { kind: 'date'; date: Temporal.PlainDate } | { kind: 'instant'; zoned: Temporal.ZonedDateTime };

function resolve(input: DateInput): Resolved | null {
  if (input === null || input === undefined) return null;
  if (input instanceof Temporal.PlainDate) return { kind: 'date', date: input };
  if (input instanceof Temporal.Instant) return { kind: 'instant', zoned: input.toZonedDateTimeISO(DISPLAY_TIME_ZONE) };
  if (input instanceof Temporal.ZonedDateTime) return { kind: 'instant', zoned: input.withTimeZone(DISPLAY_TIME_ZONE) };
  if (input instanceof Date) {
    const ms = input.getTime();
    return Number.isNaN(ms) ? null : resolve(Temporal.Instant.fromEpochMilliseconds(ms));
  }
  if (typeof input !== 'string' || input.trim() === '') return null;
  const parsed = parseDateText(input, null);
  if (parsed) return resolve(parsed);
  // API values may also come as full ISO instants with an offset ('2026-11-20T10:00:00Z', '...+01:00').
  try {
    return resolve(Temporal.Instant.from(input.trim()));
  } catch {
    return null;
  }
}

function calendarDate(resolved: Resolved): Temporal.PlainDate {
  return resolved.kind === 'date' ? resolved.date : resolved.zoned.toPlainDate();
}

const englishOrdinalRules = new Intl.PluralRules('en-GB', { type: 'ordinal' });
const englishSuffix: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** 1st 2nd 3rd 4th … 11th 12th 13th … 21st 22nd 23rd … 31st. */
export function englishOrdinal(day: number): string {
  return `${day}${englishSuffix[englishOrdinalRules.select(day)] ?? 'th'}`;
}

/**
 * The default date format 'do MMMM yyyy', in Europe/London: '20th November 2026' in English,
 * '20 de noviembre de 2026' in Spanish. A `PlainDate` is a calendar date and is not shifted.
 * Empty or invalid input gives 'N/A'.
 */
export function formatDate(input: DateInput, locale: PortalLocale): string {
  const resolved = resolve(input);
  if (!resolved) return EMPTY;
  const date = calendarDate(resolved);
  // Noon UTC keeps the calendar day whatever zone Intl formats it in; we format in UTC anyway.
  const asUtcNoon = new Date(Date.UTC(date.year, date.month - 1, date.day, 12));
  if (locale === 'en') {
    const month = dateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(asUtcNoon);
    return `${englishOrdinal(date.day)} ${month} ${date.year}`;
  }
  return dateTimeFormat(isoFor(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(asUtcNoon);
}

/**
 * The time format 'HH:mm' (24-hour, two digits) in Europe/London, so it follows BST and GMT:
 * 2026-07-01T12:00Z → '13:00', 2026-12-01T12:00Z → '12:00'. The same in every locale.
 * A calendar date without a time, empty or invalid input gives 'N/A'.
 */
export function formatTime(input: DateInput, _locale?: PortalLocale): string {
  const resolved = resolve(input);
  if (!resolved || resolved.kind === 'date') return EMPTY;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(resolved.zoned.hour)}:${pad(resolved.zoned.minute)}`;
}

/** Date and time joined by ', ': '20th November 2026, 13:00'. A calendar date alone shows the date only. */
export function formatDateTime(input: DateInput, locale: PortalLocale): string {
  const resolved = resolve(input);
  if (!resolved) return EMPTY;
  const date = formatDate(input, locale);
  return resolved.kind === 'date' ? date : `${date}, ${formatTime(input, locale)}`;
}
