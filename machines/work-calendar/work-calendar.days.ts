import { isCalendarDate as isExistingDate } from '@/schemas/common';
import type { CalendarEntry } from '@/schemas/work-calendar';

/**
 * The calendar's days and where its entries sit, pure (spec §9: time zone Europe/London; §5 "stored in UTC, shown in
 * London time"). A day is a London calendar day, so a summer day starts at 23:00 UTC the evening before, and the days
 * the clocks change last 23 or 25 hours. Entries are placed by their London wall-clock times: a job from 09:00 to
 * 11:00 London sits at 09:00 whatever the UTC offset. Weeks run Monday to Sunday, as in the UK.
 */

export type CalendarView = 'month' | 'week';
export const CALENDAR_VIEWS: readonly CalendarView[] = ['month', 'week'];
export const LONDON = 'Europe/London';

const MINUTES_IN_DAY = 24 * 60;
/** The week view's hours when nothing lies outside them. */
const DEFAULT_HOURS = { first: 7, last: 19 } as const;

const plain = (date: string) => Temporal.PlainDate.from(date);
const mondayOf = (date: Temporal.PlainDate) => date.subtract({ days: date.dayOfWeek - 1 });

/** Every day from `from` to `to`, both included. */
function daysBetween(from: Temporal.PlainDate, to: Temporal.PlainDate): string[] {
  const days: string[] = [];
  for (let d = from; Temporal.PlainDate.compare(d, to) <= 0; d = d.add({ days: 1 })) days.push(d.toString());
  return days;
}

/**
 * The days a view shows around its cursor: the week (Monday to Sunday) holding it, or the month's whole weeks (from
 * the Monday on or before the 1st to the Sunday on or after the last day: 4 to 6 weeks, at most 42 days, within the
 * API's 62).
 */
export function visibleDays(view: CalendarView, cursor: string): string[] {
  const day = plain(cursor);
  if (view === 'week') return daysBetween(mondayOf(day), mondayOf(day).add({ days: 6 }));
  const first = day.with({ day: 1 });
  const last = first.add({ months: 1 }).subtract({ days: 1 });
  return daysBetween(mondayOf(first), mondayOf(last).add({ days: 6 }));
}

/** The London days a view asks the API for (both included). */
export function rangeOfView(view: CalendarView, cursor: string): { from: string; to: string } {
  const days = visibleDays(view, cursor);
  return { from: days[0]!, to: days.at(-1)! };
}

/** The cursor a month or a week before (-1) or after (1): 31 January and a month on is 28 or 29 February. */
export const movedCursor = (view: CalendarView, cursor: string, step: 1 | -1): string =>
  plain(cursor)
    .add(view === 'month' ? { months: step } : { weeks: step })
    .toString();

/** Whether `date` is a calendar date (yyyy-MM-dd that exists), for a cursor read from the address. */
export function isCalendarDate(date: string | null | undefined): date is string {
  return date != null && isExistingDate(date);
}

/** An entry's part on one London day, in minutes of that day's wall clock. */
export interface DaySegment {
  readonly entry: CalendarEntry;
  readonly day: string;
  /** 0 when the entry began on an earlier day. */
  readonly startMinute: number;
  /** 1440 when it runs on into the next day. */
  readonly endMinute: number;
  readonly continuesBefore: boolean;
  readonly continuesAfter: boolean;
  /** Side by side with the entries it overlaps: its column, and how many columns the group needs. */
  readonly lane: number;
  readonly lanes: number;
}

const wallMinute = (at: Temporal.ZonedDateTime) => at.hour * 60 + at.minute;

/** Segments of the entries that meet `day`, ordered by start, each with its lane among those it overlaps. */
export function segmentsOn(entries: readonly CalendarEntry[], day: string): DaySegment[] {
  const dayStart = plain(day).toZonedDateTime({ timeZone: LONDON });
  const nextStart = plain(day).add({ days: 1 }).toZonedDateTime({ timeZone: LONDON });
  const raw = entries.flatMap((entry) => {
    const start = Temporal.Instant.from(entry.start).toZonedDateTimeISO(LONDON);
    const end = Temporal.Instant.from(entry.end).toZonedDateTimeISO(LONDON);
    const meets =
      Temporal.ZonedDateTime.compare(start, nextStart) < 0 &&
      (Temporal.ZonedDateTime.compare(end, dayStart) > 0 || Temporal.ZonedDateTime.compare(start, dayStart) >= 0);
    if (!meets) return [];
    const continuesBefore = Temporal.ZonedDateTime.compare(start, dayStart) < 0;
    const continuesAfter = Temporal.ZonedDateTime.compare(end, nextStart) > 0;
    const startMinute = continuesBefore ? 0 : wallMinute(start);
    const endMinute =
      continuesAfter || Temporal.ZonedDateTime.compare(end, nextStart) === 0 ? MINUTES_IN_DAY : wallMinute(end);
    return [{ entry, day, startMinute, endMinute: Math.max(endMinute, startMinute), continuesBefore, continuesAfter }];
  });
  raw.sort(
    (a, b) => a.startMinute - b.startMinute || b.endMinute - a.endMinute || a.entry.id.localeCompare(b.entry.id),
  );
  return withLanes(raw);
}

/** Overlapping segments share the day's width: each group of overlaps gets as many lanes as it needs at once. */
function withLanes(sorted: readonly Omit<DaySegment, 'lane' | 'lanes'>[]): DaySegment[] {
  const placed: DaySegment[] = [];
  let group: { segment: Omit<DaySegment, 'lane' | 'lanes'>; lane: number }[] = [];
  let groupEnd = -1;
  const flush = () => {
    const lanes = Math.max(1, ...group.map((g) => g.lane + 1));
    for (const g of group) placed.push({ ...g.segment, lane: g.lane, lanes });
    group = [];
  };
  for (const segment of sorted) {
    if (group.length > 0 && segment.startMinute >= groupEnd) flush();
    const laneEnds: number[] = [];
    for (const g of group) laneEnds[g.lane] = Math.max(laneEnds[g.lane] ?? 0, g.segment.endMinute);
    let lane = laneEnds.findIndex((end) => end <= segment.startMinute);
    if (lane < 0) lane = laneEnds.length;
    group.push({ segment, lane });
    groupEnd = Math.max(groupEnd, segment.endMinute);
  }
  if (group.length > 0) flush();
  return placed;
}

/**
 * The hours the week view draws: 07:00 to 19:00, widened to the whole hours any segment reaches (a job at 05:30 shows
 * from 05:00), so nothing is cut off and an empty night takes no room.
 */
export function hourSpan(segments: readonly DaySegment[]): { first: number; last: number } {
  let first: number = DEFAULT_HOURS.first;
  let last: number = DEFAULT_HOURS.last;
  for (const s of segments) {
    first = Math.min(first, Math.floor(s.startMinute / 60));
    last = Math.max(last, Math.ceil(s.endMinute / 60));
  }
  return { first, last: Math.min(last, 24) };
}
