import type { SnapshotFrom } from 'xstate';
import { driverColour, vehicleColour, type CalendarEntry } from '@/schemas/work-calendar';
import { hourSpan, segmentsOn, visibleDays, type DaySegment } from './work-calendar.days';
import type { calendarFeedMachine } from './calendar-feed.machine';
import type { workCalendarMachine } from './work-calendar.machine';

type Snap = SnapshotFrom<typeof workCalendarMachine>;

/** An entry with nobody's colour (no vehicle or no driver chosen): slate, 7:1 against white text. */
export const UNASSIGNED_COLOUR = '#475569';

export const isCalendarLoading = (s: Snap) => s.hasTag('loading');
/** The read failed: the grid is shown empty with an error and a retry. */
export const hasCalendarFailed = (s: Snap) => s.hasTag('error');
/** Nothing read yet (the first read): the grid is drawn empty meanwhile. */
export const isFirstLoad = (s: Snap) => s.context.calendar === null && s.hasTag('loading');
/** Why the entries could not be read, while that is so. */
export const calendarFailureOf = (s: Snap) => (s.hasTag('error') ? s.context.failure : null);
export const isExporting = (s: Snap) => s.hasTag('exporting');
export const exportFailureOf = (s: Snap) => s.context.exportFailure;
export const viewOf = (s: Snap) => s.context.view;
export const cursorOf = (s: Snap) => s.context.cursor;
export const todayOf = (s: Snap) => s.context.today;
export const colourByOf = (s: Snap) => s.context.colourBy;
export const filtersOf = (s: Snap) => ({ vehicleId: s.context.vehicleId, driverUserId: s.context.driverUserId });
export const vehiclesOf = (s: Snap) => s.context.calendar?.vehicles ?? [];
export const driversOf = (s: Snap) => s.context.calendar?.drivers ?? [];
export const entriesOf = (s: Snap): readonly CalendarEntry[] => s.context.calendar?.entries ?? [];

/**
 * An entry's colour (spec §9): its vehicle's (palette by vehicle id) or its driver's (by user id), as the server's
 * lists give them, else from the same palette; slate when the entry has no vehicle or driver.
 */
export function colourOf(s: Snap, entry: CalendarEntry): string {
  if (s.context.colourBy === 'driver') {
    if (entry.driver_user_id === null) return UNASSIGNED_COLOUR;
    return driversOf(s).find((d) => d.user_id === entry.driver_user_id)?.colour ?? driverColour(entry.driver_user_id);
  }
  if (entry.vehicle_id === null) return UNASSIGNED_COLOUR;
  return vehiclesOf(s).find((v) => v.id === entry.vehicle_id)?.colour ?? vehicleColour(entry.vehicle_id);
}

/** The legend: the vehicles or drivers the colours stand for, and whether any entry shown has none. */
export function legendOf(s: Snap): { items: { key: string; label: string; colour: string }[]; unassigned: boolean } {
  const entries = entriesOf(s);
  if (s.context.colourBy === 'driver')
    return {
      items: driversOf(s).map((d) => ({ key: `driver-${d.user_id}`, label: d.full_name, colour: d.colour })),
      unassigned: entries.some((e) => e.driver_user_id === null),
    };
  return {
    items: vehiclesOf(s).map((v) => ({ key: `vehicle-${v.id}`, label: v.registration, colour: v.colour })),
    unassigned: entries.some((e) => e.vehicle_id === null),
  };
}

export interface CalendarDay {
  readonly date: string;
  readonly isToday: boolean;
  /** Month view: the day lies in the cursor's month (the others fill its first and last weeks). */
  readonly inPeriod: boolean;
  readonly segments: readonly DaySegment[];
}

/** The days shown, each with its entries' segments; a month's days in weeks of seven. */
export function daysOf(s: Snap): CalendarDay[] {
  const { view, cursor, today } = s.context;
  const month = cursor.slice(0, 7);
  const entries = entriesOf(s);
  return visibleDays(view, cursor).map((date) => ({
    date,
    isToday: date === today,
    inPeriod: view === 'week' || date.startsWith(month),
    segments: segmentsOn(entries, date),
  }));
}

export function weeksOf(days: readonly CalendarDay[]): CalendarDay[][] {
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** The hours the week view draws for these days. */
export const hoursOf = (days: readonly CalendarDay[]) => hourSpan(days.flatMap((d) => d.segments));

// The subscription address (calendar-feed.machine.ts).

type FeedSnap = SnapshotFrom<typeof calendarFeedMachine>;

export const feedOf = (s: FeedSnap) => s.context.feed;
export const isFeedLoading = (s: FeedSnap) => s.hasTag('loading');
export const hasFeedFailed = (s: FeedSnap) => s.hasTag('error');
export const isFeedResetting = (s: FeedSnap) => s.hasTag('busy');
export const isConfirmingFeedReset = (s: FeedSnap) => s.matches('confirmingReset') || s.matches('resetting');
/** A failed reset, told beside the address (the read's failure has its own notice). */
export const feedResetFailure = (s: FeedSnap) => (s.matches('shown') ? s.context.failure : null);
export const feedLoadFailure = (s: FeedSnap) => (s.matches('failed') ? s.context.failure : null);
