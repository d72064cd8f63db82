import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { calendarFeedMachine } from '@/machines/work-calendar/calendar-feed.machine';
import { rangeOfView } from '@/machines/work-calendar/work-calendar.days';
import { workCalendarMachine } from '@/machines/work-calendar/work-calendar.machine';
import {
  colourOf,
  daysOf,
  feedLoadFailure,
  feedResetFailure,
  isCalendarLoading,
  isConfirmingFeedReset,
  isExporting,
  legendOf,
  UNASSIGNED_COLOUR,
} from '@/machines/work-calendar/work-calendar.selectors';
import type { CalendarInput, CalendarQuery } from '@/machines/work-calendar/work-calendar.types';
import type { CalendarFeed, WorkCalendar } from '@/schemas/work-calendar';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof workCalendarMachine>;
type FeedSnap = SnapshotFrom<typeof calendarFeedMachine>;

const TODAY = '2026-11-21';
const input: CalendarInput = { view: 'month', cursor: TODAY, today: TODAY, vehicleId: null, driverUserId: null };
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'work-calendar' });
const tooLong = new HttpError({
  status: 422,
  message: 'messages.validation',
  errors: { to: ['A range is at most 62 days'] },
  code: null,
  url: 'work-calendar',
});

/** A private job on vehicle 3 with driver 70, and a reservation with neither, on the 24th (London, GMT). */
const calendar: WorkCalendar = {
  entries: [
    {
      id: 'private-6f1c2a1e',
      kind: 'private',
      ref: '6f1c2a1e-8d7b-4c55-9a43-0c1e2f3a4b5c',
      title: 'Leeds → York',
      start: '2026-11-24T09:00:00Z',
      end: '2026-11-24T15:00:00Z',
      vehicle_id: 3,
      driver_user_id: 70,
      status: 'scheduled',
      stops: [
        { type: 'pickup', town: 'Leeds' },
        { type: 'delivery', town: 'York' },
      ],
    },
    {
      id: 'reservation-8',
      kind: 'reservation',
      ref: '8',
      title: 'Leeds → Leeds',
      start: '2026-11-24T08:00:00Z',
      end: '2026-11-24T18:00:00Z',
      vehicle_id: null,
      driver_user_id: null,
      status: 'accepted',
      stops: [],
    },
  ],
  vehicles: [{ id: 3, registration: 'LD21 ABC', colour: '#7c3aed' }],
  drivers: [{ user_id: 70, full_name: 'Sam Carter', active: true, colour: '#047857' }],
};
const ics = { text: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', fileName: 'work-calendar-2026-10-26-2026-12-06.ics' };

/** Month view of this month with no filter, nothing being downloaded: where every move and the export start from. */
const isHome = (s: Snap) =>
  s.context.view === 'month' &&
  s.context.cursor === TODAY &&
  s.context.vehicleId === null &&
  s.context.driverUserId === null;

/**
 * The colours are read first (by driver, or failing), then the calendar; from this month's view with no filter each
 * move is made once (the graph would otherwise walk months for ever), and the export runs from there.
 */
const events = (s: Snap): AnyEventObject[] => {
  if (s.matches({ colouring: 'reading' }))
    return [
      { type: 'xstate.done.actor.loadColourBy', output: 'driver' },
      { type: 'xstate.error.actor.loadColourBy', error: offline },
    ];
  const home = isHome(s) && s.context.colourBy === 'driver';
  return [
    ...(s.context.calendar === null || home
      ? [
          { type: 'xstate.done.actor.loadCalendar', output: calendar },
          { type: 'xstate.error.actor.loadCalendar', error: s.context.calendar === null ? offline : tooLong },
        ]
      : [{ type: 'xstate.done.actor.loadCalendar', output: calendar }]),
    { type: 'calendar.retried' },
    ...(home && s.matches({ entries: 'showing', exporting: 'idle' })
      ? [
          { type: 'calendar.view.chosen', view: 'week' },
          { type: 'calendar.previous' },
          { type: 'calendar.next' },
          { type: 'calendar.day.chosen', date: '2026-11-24', view: 'week' },
          { type: 'calendar.vehicle.chosen', vehicleId: 3 },
          { type: 'calendar.driver.chosen', driverUserId: 70 },
          { type: 'calendar.refreshed' },
          { type: 'calendar.colourBy.chosen', colourBy: 'vehicle' },
        ]
      : []),
    ...(s.context.cursor !== TODAY ? [{ type: 'calendar.today' }] : []),
    ...(home ? [{ type: 'calendar.export.requested' }, { type: 'calendar.export.dismissed' }] : []),
    { type: 'xstate.done.actor.downloadIcs', output: ics },
    { type: 'xstate.error.actor.downloadIcs', error: offline },
  ];
};

const SIZE = { states: 11, transitions: 19 };
const coverage = new Coverage(workCalendarMachine);

describe('work calendar', () => {
  const paths = getShortestPaths(workCalendarMachine, { events, input, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      workCalendarMachine,
      path,
      {
        input,
        promiseActors: ['loadCalendar', 'loadColourBy', 'downloadIcs'],
        actions: ['showInAddress', 'saveFile'],
        check: (snap, step, record) => {
          const { view, cursor, vehicleId, driverUserId } = snap.context;
          // every read and download asks for the London days the view shows, with the filters chosen
          const wanted: CalendarQuery = { ...rangeOfView(view, cursor), vehicleId, driverUserId };
          const last = record.calls.at(-1);
          if (last && last.src !== 'loadColourBy' && (isCalendarLoading(snap) || isExporting(snap)))
            expect(record.calls.filter((c) => c.src === last.src).at(-1)!.input).toEqual(wanted);
          // a move puts the calendar in the address at once
          const moves = record.actions.filter((a) => a.type === 'showInAddress');
          if (
            step.event.type.startsWith('calendar.') &&
            moves.length > 0 &&
            record.actions.at(-1)?.type === 'showInAddress'
          )
            expect(moves.at(-1)!.params).toEqual({ view, cursor, vehicleId, driverUserId });
          // a download is handed to the browser, once
          const saved = record.actions.filter((a) => a.type === 'saveFile');
          if (step.event.type === 'xstate.done.actor.downloadIcs') expect(saved.at(-1)!.params).toEqual(ics);
          // the entries read stay on screen while the next read runs
          if (step.event.type.startsWith('calendar.') && snap.context.calendar)
            expect(snap.context.calendar).toBe(calendar);
        },
      },
      coverage,
    );
  });

  it('moves by a month or a week, and a month shows whole weeks from Monday', () => {
    const path = (type: string) =>
      paths.find((p) => p.steps.at(-1)!.event.type === type && p.state.matches({ entries: 'loading' }))!.state;
    expect(path('calendar.next').context.cursor).toBe('2026-12-21');
    expect(path('calendar.previous').context.cursor).toBe('2026-10-21');
    const week = path('calendar.day.chosen');
    expect(daysOf(week).map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(rangeOfView('month', TODAY)).toEqual({ from: '2026-10-26', to: '2026-12-06' });
  });

  it('colours entries by their driver or vehicle as the preferences say, slate for none', () => {
    const shown = paths.find((p) => p.state.matches({ entries: 'showing' }) && p.state.context.colourBy === 'driver')!;
    const [job, reservation] = calendar.entries;
    expect(colourOf(shown.state, job!)).toBe('#047857');
    expect(colourOf(shown.state, reservation!)).toBe(UNASSIGNED_COLOUR);
    expect(legendOf(shown.state)).toEqual({
      items: [{ key: 'driver-70', label: 'Sam Carter', colour: '#047857' }],
      unassigned: true,
    });
    const byVehicle = paths.find(
      (p) => p.steps.at(-1)!.event.type === 'calendar.colourBy.chosen' && p.state.matches({ entries: 'showing' }),
    )!;
    expect(colourOf(byVehicle.state, job!)).toBe('#7c3aed');
    // the 24th holds both, at their London times (GMT: 09:00 is 09:00)
    const day = daysOf(shown.state).find((d) => d.date === '2026-11-24')!;
    expect(day.segments.map((s) => [s.entry.id, s.startMinute, s.endMinute, s.lane, s.lanes])).toEqual([
      ['reservation-8', 480, 1080, 0, 2],
      ['private-6f1c2a1e', 540, 900, 1, 2],
    ]);
  });
});

// The subscription address.

const feed: CalendarFeed = {
  url: 'https://portal.example/calendar/abc.ics',
  webcal_url: 'webcal://portal.example/calendar/abc.ics',
};
const newFeed: CalendarFeed = {
  url: 'https://portal.example/calendar/xyz.ics',
  webcal_url: 'webcal://portal.example/calendar/xyz.ics',
};

const feedEvents = (s: FeedSnap): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadFeed', output: feed },
  { type: 'xstate.error.actor.loadFeed', error: offline },
  { type: 'feed.retried' },
  ...(s.context.copied ? [] : [{ type: 'feed.copied' }]),
  ...(s.context.wasReset ? [] : [{ type: 'feed.reset.requested' }]),
  { type: 'feed.reset.confirmed' },
  { type: 'feed.reset.cancelled' },
  { type: 'xstate.done.actor.resetFeed', output: newFeed },
  { type: 'xstate.error.actor.resetFeed', error: offline },
];

const FEED_SIZE = { states: 5, transitions: 9 };
const feedCoverage = new Coverage(calendarFeedMachine);

describe('calendar subscription address', () => {
  const paths = getShortestPaths(calendarFeedMachine, { events: feedEvents, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      calendarFeedMachine,
      path,
      {
        promiseActors: ['loadFeed', 'resetFeed'],
        actions: ['copyAddress'],
        check: (snap, step, record) => {
          // the address copied is the one shown
          if (step.event.type === 'feed.copied')
            expect(record.actions.at(-1)).toEqual({ type: 'copyAddress', params: { url: snap.context.feed!.url } });
          // a reset shows the new address; a failed one keeps the old and says so
          if (step.event.type === 'xstate.done.actor.resetFeed')
            expect(snap.context).toMatchObject({ feed: newFeed, wasReset: true });
          if (step.event.type === 'xstate.error.actor.resetFeed')
            expect([snap.context.feed, feedResetFailure(snap)?.kind]).toEqual([feed, 'offline']);
          if (step.event.type === 'xstate.error.actor.loadFeed') expect(feedLoadFailure(snap)?.kind).toBe('offline');
          expect(isConfirmingFeedReset(snap)).toBe(snap.matches('confirmingReset') || snap.matches('resetting'));
        },
      },
      feedCoverage,
    );
  });
});

afterAll(() => {
  coverage.expectComplete(SIZE);
  feedCoverage.expectComplete(FEED_SIZE);
});
