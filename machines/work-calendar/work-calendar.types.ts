import type { PrivateJobFailure } from '@/machines/private-job/private-job.types';
import type { PrivateWorkPreferences } from '@/schemas/private-job';
import type { CalendarFeed, WorkCalendar } from '@/schemas/work-calendar';
import type { CalendarView } from './work-calendar.days';

/** What the entries are coloured by: their vehicle (palette by vehicle id) or their driver (by user id), spec §9. */
export type ColourBy = PrivateWorkPreferences['calendar_colour_by'];

/** Where the calendar opens: from the address (`?view=week&date=2027-06-15&vehicle=3`), else this month. */
export interface CalendarInput {
  readonly view: CalendarView;
  /** A London date (yyyy-MM-dd) inside the period shown. */
  readonly cursor: string;
  /** Today in London (app init's fake_date when set). */
  readonly today: string;
  readonly vehicleId: number | null;
  /** A driver's user id (the calendar's driver key). */
  readonly driverUserId: number | null;
}

export interface CalendarContext extends CalendarInput {
  /** The last calendar read; kept on screen while the next one is on its way. */
  readonly calendar: WorkCalendar | null;
  /** Why the last read failed; null after a success. */
  readonly failure: PrivateJobFailure | null;
  /** From the private work preferences; 'vehicle' until read (and when they cannot be read). */
  readonly colourBy: ColourBy;
  /** Why the last .ics download failed; null when none did. */
  readonly exportFailure: PrivateJobFailure | null;
}

export type CalendarEvent =
  | { readonly type: 'calendar.view.chosen'; readonly view: CalendarView }
  | { readonly type: 'calendar.previous' }
  | { readonly type: 'calendar.next' }
  | { readonly type: 'calendar.today' }
  /** Open a day in a view (a month's "more" opens the day's week). */
  | { readonly type: 'calendar.day.chosen'; readonly date: string; readonly view: CalendarView }
  | { readonly type: 'calendar.vehicle.chosen'; readonly vehicleId: number | null }
  | { readonly type: 'calendar.driver.chosen'; readonly driverUserId: number | null }
  | { readonly type: 'calendar.retried' }
  /** Read again: a private job was created, changed or deleted. */
  | { readonly type: 'calendar.refreshed' }
  | { readonly type: 'calendar.colourBy.chosen'; readonly colourBy: ColourBy }
  | { readonly type: 'calendar.export.requested' }
  | { readonly type: 'calendar.export.dismissed' };

/** Which entries to read: the view's London days and the filters. */
export interface CalendarQuery {
  readonly from: string;
  readonly to: string;
  readonly vehicleId: number | null;
  readonly driverUserId: number | null;
}

/** What the address shows of the calendar (the platform effect `showInAddress` writes it). */
export type CalendarAddress = Pick<CalendarInput, 'view' | 'cursor' | 'vehicleId' | 'driverUserId'>;

/** The subscription address and its reset (calendar-feed.machine.ts). */
export interface CalendarFeedContext {
  readonly feed: CalendarFeed | null;
  /** Why the last read or reset failed; null after a success. */
  readonly failure: PrivateJobFailure | null;
  /** The address shown was made by a reset just now (the old one no longer works). */
  readonly wasReset: boolean;
  /** The address was copied to the clipboard since it was shown. */
  readonly copied: boolean;
}

export type CalendarFeedEvent =
  | { readonly type: 'feed.retried' }
  | { readonly type: 'feed.copied' }
  | { readonly type: 'feed.reset.requested' }
  | { readonly type: 'feed.reset.confirmed' }
  | { readonly type: 'feed.reset.cancelled' };
