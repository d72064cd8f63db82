import { Temporal } from 'temporal-polyfill';
import { londonDate, londonInstant } from '@/server/time/london';

/** The London calendar month of an instant, `yyyy-MM`. */
export const londonMonth = (at: Date): string => londonDate(at).slice(0, 7);

/**
 * The last `count` London months up to the one holding `now`, oldest first (`['2025-12', …, '2026-11']`), and the
 * instant the oldest began (its first day, midnight London), for `>=` in SQL.
 */
export const lastLondonMonths = (now: Date, count: number): { list: string[]; start: Date } => {
  const current = Temporal.PlainYearMonth.from(londonMonth(now));
  const list = Array.from({ length: count }, (_, i) => current.subtract({ months: count - 1 - i }).toString());
  return { list, start: londonInstant(`${list[0]}-01`, 0) };
};
