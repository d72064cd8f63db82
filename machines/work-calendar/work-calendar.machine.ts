import { assign, setup } from 'xstate';
import type { WorkCalendar } from '@/schemas/work-calendar';
import { failureOf } from '@/machines/private-job/private-job.rules';
import { downloadIcs, loadCalendar, loadColourBy } from './work-calendar.actors';
import { movedCursor, rangeOfView } from './work-calendar.days';
import type {
  CalendarAddress,
  CalendarContext,
  CalendarEvent,
  CalendarInput,
  CalendarQuery,
  ColourBy,
} from './work-calendar.types';

const queryOf = (context: CalendarContext): CalendarQuery => ({
  ...rangeOfView(context.view, context.cursor),
  vehicleId: context.vehicleId,
  driverUserId: context.driverUserId,
});

const addressOf = ({ context }: { context: CalendarContext }): CalendarAddress => ({
  view: context.view,
  cursor: context.cursor,
  vehicleId: context.vehicleId,
  driverUserId: context.driverUserId,
});

/** Where a move takes the calendar: its view, cursor and filters after the event. */
function moved(context: CalendarContext, event: CalendarEvent): Partial<CalendarContext> {
  switch (event.type) {
    case 'calendar.view.chosen':
      return { view: event.view };
    case 'calendar.previous':
      return { cursor: movedCursor(context.view, context.cursor, -1) };
    case 'calendar.next':
      return { cursor: movedCursor(context.view, context.cursor, 1) };
    case 'calendar.today':
      return { cursor: context.today };
    case 'calendar.day.chosen':
      return { cursor: event.date, view: event.view };
    case 'calendar.vehicle.chosen':
      return { vehicleId: event.vehicleId };
    case 'calendar.driver.chosen':
      return { driverUserId: event.driverUserId };
    default:
      return {};
  }
}

/** A move (view, cursor or filter): take it, put it in the address, read the days now shown (dropping a read). */
const MOVE = {
  target: '.loading',
  reenter: true,
  actions: ['move', { type: 'showInAddress', params: addressOf }],
} as const;

/**
 * The work calendar (issue 7; spec §2 /work-calendar, §9 Europe/London and the colours): the partner's won jobs,
 * journeys, private jobs and reservations by month or by week, around a cursor day in London, filtered by vehicle and
 * driver. Three regions run side by side. In `entries`, every move (view, previous, next, today, a day, a filter)
 * reads the entries of the days now shown, while the last ones stay on screen (dimmed); a failed read says so with a
 * retry. The view, cursor and filters go into the address (`showInAddress`), so a reload, a link or a dialogue opened
 * over the page keeps them. In `exporting`, the .ics file of the days and filters shown is downloaded and handed to
 * the browser to save (`saveFile`). In `colouring`, what the entries are coloured by is read from the private work
 * preferences (vehicle until then, and when they cannot be read: the calendar never waits on them), and changes when
 * the partner saves new ones.
 */
export const workCalendarMachine = setup({
  types: {} as { context: CalendarContext; events: CalendarEvent; input: CalendarInput },
  actors: { loadCalendar, loadColourBy, downloadIcs },
  actions: {
    /** Platform effect (the page's router): write the view, cursor and filters into the address. */
    showInAddress: (_, _params: CalendarAddress) => {},
    /** Platform effect (the browser): save the downloaded file. */
    saveFile: (_, _params: { text: string; fileName: string }) => {},
    store: assign((_, params: { calendar: WorkCalendar }) => ({ calendar: params.calendar, failure: null })),
    move: assign(({ context, event }) => moved(context, event)),
  },
}).createMachine({
  id: 'workCalendar',
  context: ({ input }) => ({ ...input, calendar: null, failure: null, colourBy: 'vehicle', exportFailure: null }),
  type: 'parallel',
  states: {
    entries: {
      description: 'The entries of the days shown; every move reads them again',
      initial: 'loading',
      on: {
        'calendar.view.chosen': MOVE,
        'calendar.previous': MOVE,
        'calendar.next': MOVE,
        'calendar.today': MOVE,
        'calendar.day.chosen': MOVE,
        'calendar.vehicle.chosen': MOVE,
        'calendar.driver.chosen': MOVE,
      },
      states: {
        loading: {
          description: 'Reading the entries of the days shown; the last ones stay on screen, dimmed',
          tags: ['loading'],
          invoke: {
            id: 'loadCalendar',
            src: 'loadCalendar',
            input: ({ context }) => queryOf(context),
            onDone: {
              target: 'showing',
              actions: { type: 'store', params: ({ event }) => ({ calendar: event.output }) },
            },
            onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
          },
        },
        showing: {
          description: 'The entries of the days shown',
          on: { 'calendar.refreshed': { target: 'loading' } },
        },
        failed: {
          description: 'The entries could not be read: an error with a retry',
          tags: ['error'],
          on: { 'calendar.retried': { target: 'loading' } },
        },
      },
    },
    exporting: {
      description: 'The .ics file of the days and filters shown',
      initial: 'idle',
      states: {
        idle: {
          description: 'No download under way',
          on: { 'calendar.export.requested': { target: 'downloading' } },
        },
        downloading: {
          description: 'Downloading the .ics file of the days and filters shown',
          tags: ['exporting'],
          invoke: {
            id: 'downloadIcs',
            src: 'downloadIcs',
            input: ({ context }) => queryOf(context),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: assign({ exportFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        failed: {
          description: 'The download failed: said beside the button, which tries again',
          on: {
            'calendar.export.requested': { target: 'downloading', actions: assign({ exportFailure: null }) },
            'calendar.export.dismissed': { target: 'idle', actions: assign({ exportFailure: null }) },
          },
        },
      },
    },
    colouring: {
      description: 'What the entries are coloured by: vehicle or driver',
      initial: 'reading',
      states: {
        reading: {
          description: 'Reading what the entries are coloured by (vehicle meanwhile)',
          invoke: {
            id: 'loadColourBy',
            src: 'loadColourBy',
            onDone: { target: 'ready', actions: assign({ colourBy: ({ event }) => event.output }) },
            onError: { target: 'ready' },
          },
        },
        ready: {
          description: 'Coloured as the preferences say; a new choice applies at once',
          on: {
            'calendar.colourBy.chosen': {
              actions: assign({ colourBy: ({ event }) => event.colourBy satisfies ColourBy }),
            },
          },
        },
      },
    },
  },
});
