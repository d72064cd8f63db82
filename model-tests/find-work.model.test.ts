import { Schema } from 'effect';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { canSearch } from '@/machines/find-work/find-work.criteria';
import { findWorkMachine } from '@/machines/find-work/find-work.machine';
import type { FindWorkInput, SearchSetup } from '@/machines/find-work/find-work.types';
import { HttpError } from '@/src/api/errors';
import { JobsResponse, SearchInfo, SEARCH_PAGE_SIZE } from '@/schemas/search';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

const input: FindWorkInput = { userId: 7, homeHasPoint: true, today: '2026-11-20' };
const manchester = { name: 'Manchester (M1)', lat: 53.4808, lon: -2.2426 };

const info = Schema.decodeUnknownSync(SearchInfo)({
  default_search: {
    type: 'instant',
    pickup: { location: manchester, radius: { value: 20, unit: 'mi' }, date: { start: '2026-11-20', end: null } },
    delivery: { location: null, radius: { value: 5, unit: 'mi' } },
    categories: ['house_move', 'piano'],
    page: 1,
    limit: 20,
    order: 'date_asc',
  },
  most_recent_searches: { pickup: [], delivery: [] },
});
const withDefault: SearchSetup = { info, filters: null, sorts: null };
const nothingKept: SearchSetup = { info: null, filters: null, sorts: null };

const listing = (id: number) => ({
  id,
  kind: 'instant',
  category: 'house_move',
  title: `Job ${id}`,
  status: 'pending_allocation',
  pickup: { town: 'Salford', short_postcode: 'M5', lat: 53.48, lng: -2.29, nuts1: null },
  delivery: { town: 'Leeds', short_postcode: 'LS1', lat: 53.8, lng: -1.55, nuts1: null },
  pickup_date: { start: '2026-11-21T09:00:00Z', end: '2026-11-21T12:00:00Z' },
  price: { amount: 12000, currency: 'GBP' },
  volume_m3: 6,
  distance_m: 70000,
  allocation_method: 'click_and_claim',
  attributes: {},
  created_at: '2026-11-19T09:00:00Z',
  activated_at: '2026-11-19T09:00:00Z',
  pickup_distance_m: 1200,
  delivery_distance_m: null,
  score: null,
});
const page = (ids: number[], total: number) =>
  Schema.decodeUnknownSync(JobsResponse)({ data: ids.map(listing), meta: { page: 1, limit: 20, total } });
const fullPage = page(
  Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => i + 1),
  23,
);
const lastPage = page([21, 22, 23], 23);
const boom = new HttpError({
  status: 500,
  message: 'Sorry, something went wrong',
  errors: {},
  code: null,
  url: 'v1/jobs',
});

const setupDone = (output: SearchSetup) => ({ type: 'xstate.done.actor.loadSetup', output });
const pageDone = (output: typeof fullPage) => ({ type: 'xstate.done.actor.loadPage', output });
const pageFailed = { type: 'xstate.error.actor.loadPage', error: boom };
const countsDone = {
  type: 'xstate.done.actor.loadTabCounts',
  output: { instant: 23, auction: 4, journey: 2, recommended: 9 },
};
const countsFailed = { type: 'xstate.error.actor.loadTabCounts', error: boom };

/**
 * The machine's context is unbounded (typed text, pages), so it is walked in scenarios, each with the events of one
 * concern; together they take every state and transition. The graph keeps the whole context of each state.
 */
const scenarios: Array<{ name: string; events: AnyEventObject[] }> = [
  {
    name: 'start-up, failures and retries',
    events: [
      setupDone(withDefault),
      setupDone(nothingKept),
      { type: 'xstate.error.actor.loadSetup', error: boom },
      pageDone(fullPage),
      pageDone(lastPage),
      pageFailed,
      countsDone,
      countsFailed,
      { type: 'search.submitted' },
      { type: 'search.retried' },
      { type: 'list.endReached' },
    ],
  },
  {
    name: 'the search form',
    events: [
      setupDone(nothingKept),
      { type: 'place.typed', end: 'pickup', text: 'Manch' },
      { type: 'place.chosen', end: 'pickup', location: manchester },
      { type: 'categories.set', categories: [] },
      { type: 'category.toggled', category: 'piano' },
      { type: 'search.submitted' },
      pageDone(lastPage),
      countsDone,
      { type: 'criteria.applied', criteria: info.default_search },
    ],
  },
  {
    name: 'tabs and paging',
    events: [
      setupDone(withDefault),
      pageDone(fullPage),
      pageDone(lastPage),
      pageFailed,
      countsDone,
      { type: 'tab.selected', tab: 'auction' },
      { type: 'tab.selected', tab: 'instant' },
      { type: 'list.endReached' },
      { type: 'listing.taken', id: 2, kind: 'instant' },
    ],
  },
  {
    name: 'sorts and toggles',
    events: [
      setupDone(withDefault),
      pageDone(lastPage),
      pageFailed,
      countsDone,
      { type: 'sort.selected', sort: 'payout', direction: 'desc' },
      { type: 'allocation.toggled', method: 'click_and_claim' },
      { type: 'capacity.chosen', capacity: { min: 3, max: 10 } },
    ],
  },
  {
    name: 'edits after a search',
    events: [
      setupDone(withDefault),
      pageDone(lastPage),
      countsDone,
      { type: 'radius.chosen', end: 'pickup', miles: 50 },
      { type: 'dates.chosen', start: '2026-11-22', end: '2026-11-30' },
      { type: 'subfilter.toggled', filter: 'piano_type', value: 'upright' },
      { type: 'search.submitted' },
    ],
  },
  {
    name: 'tab controls before any search',
    events: [
      setupDone(nothingKept),
      { type: 'tab.selected', tab: 'auction' },
      { type: 'sort.selected', sort: 'payout', direction: 'desc' },
      { type: 'allocation.toggled', method: 'click_and_claim' },
      { type: 'capacity.chosen', capacity: { min: 3, max: 10 } },
    ],
  },
];

type Snap = SnapshotFrom<typeof findWorkMachine>;

const traversal = {
  ...byIncomingEvent,
  // a full page always has a next one: two pages show the paging, a third would only repeat it; an edit that
  // changes nothing is not a step
  filterEvents: (s: Snap, event: AnyEventObject) =>
    s.can(event as never) &&
    !(event.type === 'list.endReached' && s.context.tabs[s.context.activeTab].page >= 2) &&
    !(event.type === 'subfilter.toggled' && (s.context.form.filters.piano_type?.length ?? 0) > 0) &&
    !(
      event.type === 'allocation.toggled' && s.context.tabs[s.context.activeTab].toggles.allocation_method.length > 0
    ) &&
    !(event.type === 'category.toggled' && s.context.form.categories.length > 1),
};

/** Of the shortest paths to every state, one per kind of last step (state before, event, state after). */
const onePerStep = <P extends { steps: Array<{ state: Snap; event: AnyEventObject }> }>(paths: P[]): P[] => {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const last = p.steps.at(-1)!;
    const before = p.steps.at(-2)?.state.value ?? null;
    const key = JSON.stringify([before, last.event.type, last.state.value]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The saved-search control is a machine of its own, with its own model test: a silent stand-in here. */
const machine = findWorkMachine.provide({ actors: { savedSearch: createMachine({}) } as never });

const SIZE = { states: 15, transitions: 36 };
const coverage = new Coverage(findWorkMachine);

describe.each(scenarios)('find-work machine: $name', ({ events }) => {
  const paths = onePerStep(
    getShortestPaths(machine, { events, input, ...traversal } as never) as never[],
  ) as ReturnType<typeof getShortestPaths>;
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let pagesBefore = 0;
    await runPath(
      machine,
      path,
      {
        input,
        promiseActors: ['loadSetup', 'loadPage', 'loadTabCounts'],
        callbackActors: ['watchTaken'],
        actions: ['persistFilters', 'persistSorts'],
        check: (snap, step, record) => {
          const pages = record.calls.filter((c) => c.src === 'loadPage');
          const last = pages.at(-1)?.input as { criteria: { type: string; page: number; order?: string } } | undefined;
          const tab = snap.context.tabs[snap.context.activeTab];
          // a request is for the active tab, at the next page when loading more
          if (snap.matches({ ready: { results: 'searching' } })) {
            expect(last?.criteria).toMatchObject({ type: snap.context.activeTab, page: 1 });
          }
          if (snap.matches({ ready: { results: 'loadingMore' } })) expect(last?.criteria.page).toBe(tab.page + 1);
          // pagination ends at a page shorter than the page size, and never repeats a row
          if (step.event.type === 'xstate.done.actor.loadPage') {
            const output = (step.event as unknown as { output: typeof fullPage }).output;
            expect(tab.complete).toBe(output.data.length < SEARCH_PAGE_SIZE);
            expect(new Set(tab.rows.map((r) => r.id)).size).toBe(tab.rows.length);
          }
          if (snap.matches({ ready: { results: 'showing' } }) && tab.complete)
            expect(snap.can({ type: 'list.endReached' })).toBe(false);
          // a failure keeps the results that were on screen
          if (step.event.type === 'xstate.error.actor.loadPage' && snap.context.submitted !== null) {
            expect(snap.matches({ ready: { results: 'showing' } })).toBe(true);
            expect(snap.context.lastError).toBe('Sorry, something went wrong');
          }
          // choosing a sort leaves that one value only
          if (step.event.type === 'sort.selected') expect(tab.sort).toEqual({ payout: 'desc' });
          // a search without a place or a category sends nothing and says why
          if (step.event.type === 'search.submitted' && !canSearch(snap.context.form)) {
            expect(pages.length).toBe(pagesBefore);
            if (snap.context.form.pickupText !== '')
              expect(snap.context.errors).not.toEqual({ place: false, categories: false });
          }
          pagesBefore = pages.length;
          // a new search's first page resets every other tab
          if (step.event.type === 'xstate.done.actor.loadPage' && pages.length > 0) {
            for (const other of Object.values(snap.context.tabs))
              if (other !== tab) expect(other.rows.length === 0 || other.page > 0).toBe(true);
          }
          if (step.event.type === 'listing.taken') expect(snap.context.taken).toContain('instant:2');
          // the server's taken-jobs stream is open once set up, and only then
          expect(record.calls.filter((c) => c.src === 'watchTaken')).toHaveLength(snap.matches('ready') ? 1 : 0);
        },
      },
      coverage,
    );
  });
});

afterAll(() => coverage.expectComplete(SIZE));

describe('find-work machine: a place field typed over', () => {
  it('keeps what the partner typed over the chosen place when the field then reports no place', () => {
    const never = fromPromise(() => new Promise<never>(() => undefined));
    const actor = createActor(
      machine.provide({ actors: { loadSetup: never, loadPage: never, loadTabCounts: never } as never }),
      { input },
    ).start();
    actor.send(setupDone(nothingKept) as never);
    actor.send({ type: 'place.chosen', end: 'pickup', location: manchester });
    // the place field reports the text first, then that no place is chosen any more (place-field.tsx)
    actor.send({ type: 'place.typed', end: 'pickup', text: 'Manchester (M1)x' });
    actor.send({ type: 'place.chosen', end: 'pickup', location: null });
    expect(actor.getSnapshot().context.form).toMatchObject({ pickupText: 'Manchester (M1)x', pickup: null });
    actor.stop();
  });
});

describe('find-work machine: saved searches', () => {
  it('start loading beside search-info, and then follow the search it restored', () => {
    const never = fromPromise(() => new Promise<never>(() => undefined));
    const told: unknown[] = [];
    const savedSearch = createMachine({
      types: {} as { events: { type: 'criteria.changed'; criteria: unknown } },
      on: { 'criteria.changed': { actions: ({ event }) => told.push(event.criteria) } },
    });
    const actor = createActor(
      findWorkMachine.provide({
        actors: { loadSetup: never, loadPage: never, loadTabCounts: never, savedSearch } as never,
      }),
      { input },
    ).start();
    // search-info is still on its way, and the saved searches have started already
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    expect(actor.getSnapshot().children.savedSearch).toBeDefined();
    actor.send(setupDone(withDefault) as never);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'instant', pickup: { location: { name: manchester.name } } });
    actor.stop();
  });
});
