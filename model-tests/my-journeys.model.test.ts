import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { connectMyJourneys } from '@/machines/my-journeys/my-journeys.connect';
import { myJourneys } from '@/machines/my-journeys/my-journeys.machine';
import type { MyJourneysEvent, MyJourneysPage } from '@/machines/my-journeys/my-journeys.types';
import type { MyJourney, MyJourneyTab } from '@/schemas/my-journeys';
import { NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, edgeCoveringPaths, runPath, type RunRecord } from './model-harness';

type Snap = SnapshotFrom<typeof myJourneys>;

const journey = { id: 1012, status_code: 'IP_ALLOCATED' } as unknown as MyJourney;
/** A page of the claimed tab: 41 journeys in all, three pages of 20. */
const page: MyJourneysPage = {
  rows: [journey],
  total: 41,
  pageSize: 20,
  counts: { claimed: 41, interest: 4, completed: 5 },
};
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/my-journeys' });

/** Whether the list is as first shown: each path changes the tab or the page once at most. */
const atStart = (s: Snap) => s.context.tab === 'claimed' && s.context.page === 1;

const events = (s: Snap): AnyEventObject[] => [
  ...(atStart(s)
    ? [
        { type: 'journeys.tab.selected', tab: 'interest' },
        { type: 'journeys.page.changed', page: 2 },
      ]
    : []),
  // the tab shown: nothing to do (the guard refuses it, so no path takes it)
  { type: 'journeys.tab.selected', tab: s.context.tab },
  { type: 'journeys.retried' },
  { type: 'xstate.done.actor.loadMyJourneys', output: page },
  { type: 'xstate.error.actor.loadMyJourneys', error: offline },
];

/** What must hold in each state, whatever the path that led there. */
const CHECKS: Readonly<Record<'loading' | 'ready' | 'failed', (s: Snap, record: RunRecord) => void>> = {
  loading: (s, record) => {
    expect(s.hasTag('loading')).toBe(true);
    // the read under way asks for the tab and page shown
    expect(record.calls.at(-1)).toEqual({ src: 'loadMyJourneys', input: { tab: s.context.tab, page: s.context.page } });
  },
  ready: (s) => {
    expect(s.context).toMatchObject({ rows: [journey], total: 41, counts: page.counts, failure: null });
    expect(connectMyJourneys(s, () => {})).toMatchObject({ pages: 3, isEmpty: false, hasFailed: false });
  },
  failed: (s) => {
    expect(s.context).toMatchObject({ failure: 'offline', rows: [] });
    expect(connectMyJourneys(s, () => {})).toMatchObject({ hasFailed: true, isLoading: false, isEmpty: false });
  },
};

/** What each event must have done, checked right after it. */
const AFTER: Readonly<Record<string, (s: Snap, event: AnyEventObject) => void>> = {
  'journeys.tab.selected': (s, event) => {
    expect(s.context).toMatchObject({ tab: event.tab as MyJourneyTab, page: 1, rows: [], total: 0 });
  },
  'journeys.page.changed': (s, event) => {
    expect(s.context.page).toBe(event.page);
    // the page read before stays on screen until the next one arrives
    if (s.context.counts) expect(s.context.rows).toEqual([journey]);
  },
};

const SIZE = { states: 3, transitions: 5 };
const coverage = new Coverage(myJourneys);

describe('my journeys', () => {
  const paths = edgeCoveringPaths(getShortestPaths(myJourneys, { events, input: {}, ...byIncomingEvent } as never));

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      myJourneys,
      path,
      {
        input: {},
        promiseActors: ['loadMyJourneys'],
        check: (snap, step, record) => {
          CHECKS[snap.value as keyof typeof CHECKS](snap, record);
          AFTER[step.event.type]?.(snap, step.event);
        },
      },
      coverage,
    );
  });

  afterAll(() => coverage.expectComplete(SIZE));
});

describe('my journeys, as the page uses it', () => {
  it('opens on the tab of the address', () => {
    const actor = createActor(myJourneys, { input: { tab: 'completed' } });
    expect(actor.getSnapshot().context.tab).toBe('completed');
  });

  it('reads the chosen tab at once, and the answer of the read it replaced changes nothing', async () => {
    const reads: { tab: MyJourneyTab; resolve: (p: MyJourneysPage) => void }[] = [];
    const actor = createActor(
      myJourneys.provide({
        actors: {
          loadMyJourneys: fromPromise<MyJourneysPage, { tab: MyJourneyTab; page: number }>(
            ({ input }) => new Promise((resolve) => reads.push({ tab: input.tab, resolve })),
          ),
        },
      }),
      { input: {} },
    ).start();
    const sent: MyJourneysEvent[] = [];
    const view = () =>
      connectMyJourneys(actor.getSnapshot(), (event) => {
        sent.push(event);
        actor.send(event);
      });
    view().selectTab('interest');
    await Promise.resolve();
    expect(sent).toEqual([{ type: 'journeys.tab.selected', tab: 'interest' }]);
    expect(reads.map((r) => r.tab)).toEqual(['claimed', 'interest']);
    reads[0]!.resolve({ ...page, total: 99 });
    await new Promise((r) => setImmediate(r));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    reads[1]!.resolve({ ...page, rows: [], total: 0 });
    await new Promise((r) => setImmediate(r));
    expect(view()).toMatchObject({ tab: 'interest', isEmpty: true, pages: 1, hasNextPage: false });
    actor.stop();
  });

  it('pages forward and back through the connect commands', () => {
    const sent: MyJourneysEvent[] = [];
    const snapshot = myJourneys.resolveState({
      value: 'ready',
      context: { ...page, tab: 'claimed', page: 2, failure: null },
    });
    const view = connectMyJourneys(snapshot, (event) => sent.push(event));
    expect(view).toMatchObject({ page: 2, pages: 3, hasPreviousPage: true, hasNextPage: true });
    view.nextPage();
    view.previousPage();
    view.retry();
    expect(sent).toEqual([
      { type: 'journeys.page.changed', page: 3 },
      { type: 'journeys.page.changed', page: 1 },
      { type: 'journeys.retried' },
    ]);
  });
});
