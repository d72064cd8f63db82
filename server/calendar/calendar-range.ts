import { addDays, londonDate, londonInstant } from '@/server/time/london';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK } from '@/schemas/work-calendar';

/**
 * Calendar ranges (spec §9: every calendar rule is in Europe/London). A range of London calendar days, both ends
 * included, is the half-open span of instants from `from` 00:00 to the day after `to` 00:00, London time: a job at
 * 23:30 on the last day is inside, one at 00:30 the next day is not, whatever the clocks did in between (a BST day
 * starts at 23:00 UTC the day before).
 */
export interface InstantRange {
  readonly start: Date;
  /** Exclusive. */
  readonly end: Date;
}

/** The instants of the London days `from` to `to`, both included. */
export const londonDaysRange = (from: string, to: string): InstantRange => ({
  start: londonInstant(from, 0),
  end: londonInstant(addDays(to, 1), 0),
});

/**
 * Whether something from `start` to `end` belongs in `range`: it overlaps it, or (a point in time, end not after
 * start) it falls inside it. An entry ending exactly when the range starts is not in it.
 */
export const meetsRange = (start: Date, end: Date, range: InstantRange): boolean => {
  const s = start.getTime();
  const e = end.getTime();
  if (s >= range.end.getTime()) return false;
  return e > range.start.getTime() || s >= range.start.getTime();
};

/** The days the subscription address serves on `now`: the last 30 and the next 90 London days around today. */
export const feedDays = (now: Date): { from: string; to: string } => {
  const today = londonDate(now);
  return { from: addDays(today, -FEED_DAYS_BACK), to: addDays(today, FEED_DAYS_AHEAD) };
};
