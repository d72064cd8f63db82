import { Schema } from 'effect';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { alertSwitchMachine } from '@/machines/new-work-alerts/alert-switch.machine';
import { NEW_WORK_SETTLE_MS, newWorkAlertsMachine } from '@/machines/new-work-alerts/new-work-alerts.machine';
import {
  alertsOf,
  hasAlertsFailed,
  hasNoAlertsOn,
  isAlertOn,
  isLoadingAlerts,
  isSwitching,
  markedIds,
} from '@/machines/new-work-alerts/new-work-alerts.selectors';
import type {
  AlertSwitchEmitted,
  AlertsAnswer,
  AlertSwitchInput,
} from '@/machines/new-work-alerts/new-work-alerts.types';
import { newWorkBadgeMachine } from '@/machines/new-work-alerts/new-work-badge.machine';
import { AlertsResponse } from '@/schemas/alert';
import { SavedSearch, type SavedSearchId } from '@/schemas/saved-search';
import { HttpError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, delayEvents, describePath, runPath, startMachine } from './model-harness';

type PageSnap = SnapshotFrom<typeof newWorkAlertsMachine>;
type SwitchSnap = SnapshotFrom<typeof alertSwitchMachine>;

/**
 * Every state and transition of each machine: a change to a machine changes these on purpose. (The page's root-level
 * `work.*`, which remembers new work while busy, is not a state's transition: the tests below check it.)
 */
const PAGE_SIZE = { states: 6, transitions: 13 };
const SWITCH_SIZE = { states: 2, transitions: 3 };
const BADGE_SIZE = { states: 2, transitions: 2 };
const pageCoverage = new Coverage(newWorkAlertsMachine);
const switchCoverage = new Coverage(alertSwitchMachine);
const badgeCoverage = new Coverage(newWorkBadgeMachine);

const boom = new HttpError({
  status: 500,
  message: 'Sorry, something went wrong',
  errors: {},
  code: null,
  url: 'v1/alerts',
});

// The alerts page.

const search = { id: 4, name: 'Leeds parcels', alert_since: '2026-11-18T09:00:00.000Z' };
const listing = (id: number, activatedAt: string) => ({
  id,
  kind: 'instant',
  category: 'parcels',
  title: `Parcels: Leeds to York`,
  status: 'click_and_claim',
  pickup: { town: 'Leeds', short_postcode: 'LS1', lat: 53.8, lng: -1.55, nuts1: null },
  delivery: { town: 'York', short_postcode: 'YO1', lat: 53.96, lng: -1.08, nuts1: null },
  pickup_date: { start: '2026-11-20T08:00:00.000Z', end: '2026-11-20T12:00:00.000Z' },
  price: { amount: 5000 + id },
  volume_m3: 2,
  distance_m: 40_000,
  allocation_method: 'click_and_claim',
  attributes: {},
  created_at: activatedAt,
  activated_at: activatedAt,
  pickup_distance_m: 900,
  delivery_distance_m: null,
  score: null,
});
const match = (id: number, activatedAt: string, unseen: boolean) => ({
  listing: listing(id, activatedAt),
  saved_searches: [{ id: search.id, name: search.name }],
  matched_at: activatedAt,
  unseen,
});
const answer = (asOf: string, matches: ReturnType<typeof match>[], searches = [search]): AlertsAnswer =>
  Schema.decodeUnknownSync(AlertsResponse)({
    data: matches,
    meta: {
      total: matches.length,
      unseen: matches.filter((m) => m.unseen).length,
      seen_at: null,
      as_of: asOf,
      searches,
    },
  });

/** On opening: job 11 is new, job 12 was seen on an earlier visit. */
const opening = answer('2026-11-18T10:00:00.000Z', [
  match(11, '2026-11-18T09:30:00.000Z', true),
  match(12, '2026-11-18T08:00:00.000Z', false),
]);
/** Nothing new: what a read answers once the page marked everything seen. */
const allSeen = answer('2026-11-18T10:01:00.000Z', [
  match(11, '2026-11-18T09:30:00.000Z', false),
  match(12, '2026-11-18T08:00:00.000Z', false),
]);
/** New work arrived while the page was open: job 13. */
const moreWork = answer('2026-11-18T10:05:00.000Z', [
  match(13, '2026-11-18T10:04:00.000Z', true),
  match(11, '2026-11-18T09:30:00.000Z', false),
  match(12, '2026-11-18T08:00:00.000Z', false),
]);
/** A partner with no alerting search. */
const noneOn = answer('2026-11-18T10:00:00.000Z', [], []);

const loaded = (output: AlertsAnswer, name: string) => ({ type: 'xstate.done.actor.loadAlerts', output, name });
const pageEvents: AnyEventObject[] = [
  loaded(opening, 'opening'),
  loaded(allSeen, 'all seen'),
  loaded(moreWork, 'more work'),
  loaded(noneOn, 'none on'),
  { type: 'xstate.error.actor.loadAlerts', error: boom },
  { type: 'xstate.done.actor.markSeen', output: { seen_at: '2026-11-18T10:00:00.000Z' } },
  { type: 'xstate.error.actor.markSeen', error: boom },
  { type: 'work.posted' },
  { type: 'work.reconnected' },
  { type: 'alerts.retried' },
  ...delayEvents(newWorkAlertsMachine),
];

/**
 * The answers arrive as the server would give them: the opening list first (or none on, or a failure), then, after
 * the page marked it seen, the same list seen or with more work. New work comes at most twice per path; more only
 * repeats the same transitions with longer lists of marks.
 */
const pageTraversal = {
  ...byIncomingEvent,
  filterEvents: (s: PageSnap, event: AnyEventObject) => {
    if (!s.can(event as never)) return false;
    const shown = s.context.asOf;
    if (event.type === 'xstate.done.actor.loadAlerts') {
      const output = (event as unknown as { output: AlertsAnswer }).output;
      if (shown === null) return output === opening || output === noneOn;
      if (s.context.searches.length === 0) return output === noneOn;
      return output === allSeen || output === moreWork;
    }
    if (event.type === 'work.posted' || event.type === 'work.reconnected')
      return s.context.stale === false && (s.context.asOf === null || s.context.alerts.length < 3);
    return true;
  },
};

describe('new-work alerts page machine', () => {
  const paths = getShortestPaths(newWorkAlertsMachine, { events: pageEvents, ...pageTraversal } as never);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let before: PageSnap | null = null;
    await runPath(
      newWorkAlertsMachine,
      path,
      {
        promiseActors: ['loadAlerts', 'markSeen'],
        callbackActors: ['watchPostedWork'],
        actions: ['refreshCounters'],
        delays: { settleDelay: NEW_WORK_SETTLE_MS },
        exactDelays: true,
        check: (snap, { event }, record) => {
          // one listener of new work for the page's whole life
          expect(record.calls.filter((c) => c.src === 'watchPostedWork')).toHaveLength(1);
          expect(record.stopped).toEqual([]);
          // the server is told the partner saw the list on screen, up to that list's own time
          if (snap.matches('marking')) {
            expect(record.calls.at(-1)).toEqual({ src: 'markSeen', input: { asOf: snap.context.asOf } });
            expect(snap.context.alerts.some((a) => a.unseen)).toBe(true);
          }
          // the counters are asked again exactly when the server took the mark
          const refreshes = record.actions.filter((a) => a.type === 'refreshCounters').length;
          const marksTaken = record.calls.filter((c) => c.src === 'markSeen').length;
          if (event.type === 'xstate.done.actor.markSeen') expect(refreshes).toBe(marksTaken);
          if (event.type === 'xstate.error.actor.markSeen') expect(refreshes).toBe(marksTaken - 1);
          // every job unseen in an answer keeps its mark for the visit; none other gets one
          for (const id of markedIds(before ?? snap)) expect(markedIds(snap)).toContain(id);
          for (const a of alertsOf(snap)) if (a.unseen) expect(markedIds(snap)).toContain(a.listing.id);
          for (const id of markedIds(snap)) expect([11, 13]).toContain(id);
          // a failed refresh keeps the list; only a failed first read shows the error page
          if (event.type === 'xstate.error.actor.loadAlerts' && before?.matches('refreshing'))
            expect(alertsOf(snap)).toBe(alertsOf(before));
          expect(hasAlertsFailed(snap)).toBe(snap.matches('failed'));
          expect(isLoadingAlerts(snap)).toBe(snap.matches('loading'));
          expect(hasNoAlertsOn(snap)).toBe(
            !snap.matches('loading') && !snap.matches('failed') && snap.context.searches.length === 0,
          );
          before = snap;
        },
      },
      pageCoverage,
    );
  });
});

describe('new-work alerts page machine: as the partner sees it', () => {
  const start = () =>
    startMachine(
      newWorkAlertsMachine,
      {
        promiseActors: ['loadAlerts', 'markSeen'],
        callbackActors: ['watchPostedWork'],
        actions: ['refreshCounters'],
        delays: { settleDelay: NEW_WORK_SETTLE_MS },
      },
      pageCoverage,
    );

  /** The calls of the promise actors (what `settle` counts), without the stream listener. */
  const requests = (live: ReturnType<typeof start>) => live.record.calls.filter((c) => c.src !== 'watchPostedWork');

  it('marks the new ones, tells the server they are seen, and keeps the marks when more work arrives', async () => {
    const live = start();
    await live.settle(0, 'done', opening);
    expect(requests(live)[1]).toEqual({ src: 'markSeen', input: { asOf: '2026-11-18T10:00:00.000Z' } });
    await live.settle(1, 'done', { seen_at: '2026-11-18T10:00:00.000Z' });
    expect(live.record.actions.map((a) => a.type)).toEqual(['refreshCounters']);
    expect(live.actor.getSnapshot().value).toBe('ready');
    expect(markedIds(live.actor.getSnapshot())).toEqual([11]);

    // two posts in a burst make one read
    live.actor.send({ type: 'work.posted' });
    live.actor.send({ type: 'work.posted' });
    live.clock.increment(NEW_WORK_SETTLE_MS);
    expect(requests(live).filter((c) => c.src === 'loadAlerts')).toHaveLength(2);
    await live.settle(2, 'done', moreWork);
    expect(requests(live)[3]).toEqual({ src: 'markSeen', input: { asOf: '2026-11-18T10:05:00.000Z' } });
    await live.settle(3, 'done', { seen_at: '2026-11-18T10:05:00.000Z' });
    expect(markedIds(live.actor.getSnapshot())).toEqual([11, 13]);
    expect(alertsOf(live.actor.getSnapshot()).map((a) => a.listing.id)).toEqual([13, 11, 12]);
    live.actor.stop();
  });

  it('reads again once done when work was posted while it was busy', async () => {
    const live = start();
    live.actor.send({ type: 'work.posted' });
    await live.settle(0, 'done', opening);
    live.actor.send({ type: 'work.posted' });
    expect(live.actor.getSnapshot().context.stale).toBe(true);
    await live.settle(1, 'done', { seen_at: '2026-11-18T10:00:00.000Z' });
    expect(live.actor.getSnapshot().value).toBe('settling');
    live.clock.increment(NEW_WORK_SETTLE_MS);
    expect(live.actor.getSnapshot().value).toBe('refreshing');
    expect(live.actor.getSnapshot().context.stale).toBe(false);
    live.actor.stop();
  });

  it('does not mark anything when nothing is new, and explains when no search alerts', async () => {
    const live = start();
    await live.settle(0, 'done', noneOn);
    expect(live.actor.getSnapshot().value).toBe('ready');
    expect(hasNoAlertsOn(live.actor.getSnapshot())).toBe(true);
    expect(live.record.calls.map((c) => c.src)).toEqual(['watchPostedWork', 'loadAlerts']);
    expect(live.record.actions).toEqual([]);
    live.actor.stop();
  });
});

// The "Alert me" switch.

const savedSearch = (alert: boolean) =>
  Schema.decodeUnknownSync(SavedSearch)({
    id: 4,
    name: 'Leeds parcels',
    criteria: { type: 'instant', categories: ['parcels'] },
    is_default: false,
    created_at: '2026-11-10T09:00:00.000Z',
    alert,
    alert_since: alert ? '2026-11-18T10:00:00.000Z' : null,
  });
const switchEvents: AnyEventObject[] = [
  { type: 'alert.toggled', alert: true },
  { type: 'alert.toggled', alert: false },
  { type: 'xstate.done.actor.switchAlert', output: savedSearch(true) },
  { type: 'xstate.done.actor.switchAlert', output: savedSearch(false) },
  { type: 'xstate.error.actor.switchAlert', error: boom },
];
const switchInput = (alert: boolean): AlertSwitchInput => ({ id: 4 as SavedSearchId, name: 'Leeds parcels', alert });
/** The server answers with the value it was sent. */
const sent = (s: SwitchSnap) =>
  (s.children.switchAlert?.getSnapshot() as { input?: { alert: boolean } } | undefined)?.input?.alert;

describe.each([false, true])('alert switch machine, starting with alert %s', (initial) => {
  const input = switchInput(initial);
  const paths = getShortestPaths(alertSwitchMachine, {
    events: switchEvents,
    input,
    ...byIncomingEvent,
    filterEvents: (s: SwitchSnap, event: AnyEventObject) =>
      s.can(event as never) &&
      !(event.type === 'xstate.done.actor.switchAlert' && (event.output as SavedSearch).alert !== sent(s)),
  } as never);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let before: SwitchSnap | null = null;
    await runPath(
      alertSwitchMachine,
      path,
      {
        input,
        promiseActors: ['switchAlert'],
        actions: ['announce'],
        check: (snap, { event }, record) => {
          expect(isSwitching(snap)).toBe(snap.matches('switching'));
          // optimistic: the switch shows the value asked for at once, and the server is sent exactly that
          if (event.type === 'alert.toggled') {
            expect(isAlertOn(snap)).toBe((event as unknown as { alert: boolean }).alert);
            expect(record.calls.at(-1)).toEqual({ src: 'switchAlert', input: { id: 4, alert: isAlertOn(snap) } });
          }
          // a failure goes back to what the server holds and is announced; a success is what the server holds
          if (event.type === 'xstate.error.actor.switchAlert') {
            expect(isAlertOn(snap)).toBe(before!.context.confirmed);
            expect(record.actions.at(-1)).toEqual({
              type: 'announce',
              params: {
                type: 'alert.failed',
                name: 'Leeds parcels',
                alert: isAlertOn(before!),
                message: 'Sorry, something went wrong',
              },
            });
          }
          if (snap.matches('idle')) expect(snap.context.confirmed).toBe(isAlertOn(snap));
          before = snap;
        },
      },
      switchCoverage,
    );
  });
});

describe('alert switch machine: what it tells the page', () => {
  it('emits one failure with the name and the value asked for, and ignores a flip while busy', async () => {
    const live = startMachine(alertSwitchMachine, { input: switchInput(false), promiseActors: ['switchAlert'] });
    const emitted: AlertSwitchEmitted[] = [];
    live.actor.on('*', (e) => void emitted.push(e));
    live.actor.send({ type: 'alert.toggled', alert: true });
    const busy = live.actor.getSnapshot();
    live.actor.send({ type: 'alert.toggled', alert: false });
    expect(live.actor.getSnapshot()).toBe(busy);
    await live.settle(0, 'error', new Error('offline'));
    expect(emitted).toEqual([{ type: 'alert.failed', name: 'Leeds parcels', alert: true, message: 'offline' }]);
    expect(isAlertOn(live.actor.getSnapshot())).toBe(false);
    live.actor.stop();
  });
});

// The live counter of the top bar.

describe('new-work badge machine', () => {
  const events: AnyEventObject[] = [
    { type: 'work.posted' },
    { type: 'work.reconnected' },
    ...delayEvents(newWorkBadgeMachine),
  ];
  const paths = getShortestPaths(newWorkBadgeMachine, { events, ...byIncomingEvent } as never);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      newWorkBadgeMachine,
      path,
      {
        callbackActors: ['watchPostedWork'],
        actions: ['refreshCounters'],
        delays: { settleDelay: NEW_WORK_SETTLE_MS },
        exactDelays: true,
        check: (snap, { event }, record) => {
          expect(record.calls).toEqual([{ src: 'watchPostedWork', input: undefined }]);
          const refreshes = record.actions.length;
          const settled = path.steps.filter((s) => s.event.type.startsWith('xstate.after.')).length;
          if (event.type.startsWith('xstate.after.')) expect(refreshes).toBeGreaterThan(0);
          expect(refreshes).toBeLessThanOrEqual(settled);
          expect(snap.matches('quiet') || snap.matches('settling')).toBe(true);
        },
      },
      badgeCoverage,
    );
  });

  it('reads the counters once for a burst of posts', () => {
    const live = startMachine(
      newWorkBadgeMachine,
      { callbackActors: ['watchPostedWork'], actions: ['refreshCounters'] },
      badgeCoverage,
    );
    for (let i = 0; i < 5; i++) live.actor.send({ type: 'work.posted' });
    live.clock.increment(NEW_WORK_SETTLE_MS - 1);
    expect(live.record.actions).toEqual([]);
    live.clock.increment(1);
    expect(live.record.actions.map((a) => a.type)).toEqual(['refreshCounters']);
    live.actor.send({ type: 'work.reconnected' });
    live.clock.increment(NEW_WORK_SETTLE_MS);
    expect(live.record.actions).toHaveLength(2);
    live.actor.stop();
  });
});

afterAll(() => {
  pageCoverage.expectComplete(PAGE_SIZE);
  switchCoverage.expectComplete(SWITCH_SIZE);
  badgeCoverage.expectComplete(BADGE_SIZE);
});
