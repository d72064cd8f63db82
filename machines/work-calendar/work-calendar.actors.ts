import { fromPromise } from 'xstate';
import type { CalendarFeed, WorkCalendar } from '@/schemas/work-calendar';
import { fetchPrivateWorkPreferences } from '@/src/api/private-jobs';
import {
  downloadWorkCalendarIcs,
  fetchCalendarFeed,
  fetchWorkCalendar,
  resetCalendarFeed,
} from '@/src/api/work-calendar';
import type { CalendarQuery, ColourBy } from './work-calendar.types';

/** GET …/work-calendar for the view's days and filters; a newer read aborts an older one (the invoke stops). */
export const loadCalendar = fromPromise<WorkCalendar, CalendarQuery>(({ input, signal }) =>
  fetchWorkCalendar(input, signal),
);

/** GET …/private-work-preferences: only what the calendar colours by. */
export const loadColourBy = fromPromise<ColourBy>(({ signal }) =>
  fetchPrivateWorkPreferences(signal).then((p) => p.calendar_colour_by),
);

/** GET …/work-calendar.ics for the same days and filters, as text with the file name to save it under. */
export const downloadIcs = fromPromise<{ text: string; fileName: string }, CalendarQuery>(
  async ({ input, signal }) => ({
    text: await downloadWorkCalendarIcs(input, signal),
    fileName: `work-calendar-${input.from}-${input.to}.ics`,
  }),
);

/** GET …/work-calendar/feed (the secret is made on the first call). */
export const loadFeed = fromPromise<CalendarFeed>(({ signal }) => fetchCalendarFeed(signal));

/** POST …/work-calendar/feed/reset: not aborted once asked. */
export const resetFeed = fromPromise<CalendarFeed>(() => resetCalendarFeed());
