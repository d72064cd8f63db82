import { isDeepStrictEqual } from 'node:util';
import { Schema } from 'effect';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { savedSearchMachine } from '@/machines/saved-search/saved-search.machine';
import { canSaveAsDefault, canSaveUnderName } from '@/machines/saved-search/saved-search.selectors';
import type { SavedSearchEmitted, SavedSearchInput, SaveRequest } from '@/machines/saved-search/saved-search.types';
import { SavedSearch, type SavedSearchId } from '@/schemas/saved-search';
import { SearchCriteria } from '@/schemas/search';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath, startMachine } from './model-harness';

type Snap = SnapshotFrom<typeof savedSearchMachine>;

const place = (name: string, lat: number, lon: number) => ({ name, lat, lon });
/** A find-work search from one pickup place, as the find-work form sends it (page 1 of the instant tab). */
const criteriaFrom = (location: ReturnType<typeof place>, categories: string[]): SearchCriteria =>
  Schema.decodeUnknownSync(SearchCriteria)({
    type: 'instant',
    pickup: { location, radius: { value: 20, unit: 'mi' }, date: { start: '2026-11-20', end: null } },
    delivery: { location: null, radius: { value: 5, unit: 'mi' } },
    categories,
    filters: {},
    page: 1,
    limit: 20,
    order: 'date_asc',
  });

/** The form's criteria when the control starts: not a saved search. */
const manchester = criteriaFrom(place('Manchester (M1)', 53.4808, -2.2426), ['house_move', 'piano']);
/** The criteria of the partner's default saved search. */
const leeds = criteriaFrom(place('Leeds (LS1)', 53.7997, -1.5492), ['piano']);
/** Criteria no saved search has. */
const sheffield = criteriaFrom(place('Sheffield (S1)', 53.3811, -1.4701), ['parcels']);

const saved = (id: number, name: string, criteria: SearchCriteria, isDefault: boolean): SavedSearch =>
  Schema.decodeUnknownSync(SavedSearch)({
    id,
    name,
    criteria: Schema.encodeSync(SearchCriteria)(criteria),
    is_default: isDefault,
    created_at: `2026-11-${String(10 + id).padStart(2, '0')}T09:00:00Z`,
  });

const leedsDefault = saved(1, 'Leeds pianos', leeds, true);
const londonVans = saved(
  2,
  'London vans',
  criteriaFrom(place('London (EC1)', 51.5246, -0.0999), ['vehicle_move']),
  false,
);
const stored = [leedsDefault, londonVans];

/** What the server answers to a save under a name and to a save as the default (spec §7), per criteria sent. */
const NAMED = '  Weekly run  ';
const namedOf = new Map([
  [manchester, saved(3, NAMED.trim(), manchester, false)],
  [sheffield, saved(4, NAMED.trim(), sheffield, false)],
]);
const defaultOf = new Map([
  [manchester, saved(5, 'Default search', manchester, true)],
  [sheffield, saved(6, 'Default search', sheffield, true)],
]);

const boom = new HttpError({
  status: 500,
  message: 'Sorry, something went wrong',
  errors: {},
  code: null,
  url: 'v1/saved-searches',
});

const listDone = { type: 'xstate.done.actor.loadSavedSearches', output: stored };
const listFailed = { type: 'xstate.error.actor.loadSavedSearches', error: boom };
// `search` and `id` only name the step in the test's title: the machine reads the output
const saveDone = (output: SavedSearch) => ({
  type: 'xstate.done.actor.saveSearch',
  output,
  search: `${output.id} ${output.criteria.pickup?.location?.name}`,
});
const saveFailed = { type: 'xstate.error.actor.saveSearch', error: boom };
const removeDone = (id: number) => ({ type: 'xstate.done.actor.removeSavedSearch', output: { id }, id });
const removeFailed = { type: 'xstate.error.actor.removeSavedSearch', error: boom };
const changed = (criteria: SearchCriteria) => ({
  type: 'criteria.changed',
  criteria,
  place: criteria.pickup?.location?.name,
});
const deleted = (id: number) => ({ type: 'saved.deleted', id });
const saveNamed = { type: 'save.requested', name: NAMED, asDefault: false };
const saveDefault = { type: 'save.requested', name: '', asDefault: true };

/**
 * The search itself, without paging, as the status compares it: the test's own oracle (key order does not count
 * in a deep equality), enough for these criteria; `sameSearch` of the machine has its unit tests.
 */
const sameSearch = (a: SearchCriteria, b: SearchCriteria) =>
  isDeepStrictEqual({ ...a, page: 0, limit: 0 }, { ...b, page: 0, limit: 0 });
const savedOf = (list: readonly SavedSearch[], criteria: SearchCriteria) =>
  list.find((s) => sameSearch(s.criteria, criteria));

/** Keys in the reverse order, at every level: criteria as another client (or a reload) may build them. */
const reversed = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([k, v]) => [k, reversed(v)]),
      )
    : value;
/** The default search's criteria as the form rebuilds them after a reload: other key order, another page. */
const leedsReloaded = { ...(reversed(leeds) as SearchCriteria), page: 3 };
const london = londonVans.criteria;
const londonDefault = saved(7, 'Default search', london, true);

/**
 * The context is unbounded (any list, any criteria), so the machine is walked in scenarios, each with the events of
 * one concern; together they take every state and transition.
 */
const scenarios: Array<{ name: string; input?: SavedSearchInput; events: AnyEventObject[] }> = [
  {
    name: 'loading the list, failures and retries',
    events: [listDone, listFailed, { type: 'list.retried' }, changed(leeds), changed(sheffield)],
  },
  {
    name: 'starting on the default search',
    input: { criteria: leedsReloaded },
    events: [listDone, listFailed, { type: 'list.retried' }, deleted(1), removeDone(1), changed(sheffield)],
  },
  {
    name: 'saving under a name',
    events: [
      listDone,
      saveNamed,
      ...[...namedOf.values()].map(saveDone),
      saveFailed,
      changed(manchester),
      changed(leeds),
      changed(sheffield),
    ],
  },
  {
    name: 'saving as the default search',
    events: [
      listDone,
      saveDefault,
      ...[...defaultOf.values()].map(saveDone),
      saveFailed,
      changed(manchester),
      changed(leeds),
      changed(sheffield),
    ],
  },
  {
    name: 'making a saved search the default',
    events: [
      listDone,
      changed(london),
      changed(leeds),
      saveDefault,
      saveDone(londonDefault),
      saveFailed,
      changed(sheffield),
    ],
  },
  {
    name: 'deleting',
    events: [
      listDone,
      deleted(1),
      deleted(2),
      deleted(3),
      removeDone(1),
      removeDone(2),
      removeDone(3),
      removeFailed,
      saveNamed,
      saveDone(namedOf.get(manchester)!),
      changed(leeds),
    ],
  },
];

/** The criteria the running save was sent (its fake has not answered yet: the snapshot holds its input). */
const criteriaSent = (s: Snap) =>
  (s.children.saveSearch?.getSnapshot() as { input?: SaveRequest } | undefined)?.input?.criteria;

const traversal = {
  ...byIncomingEvent,
  // The fakes answer like the server: a save returns the criteria it was sent, a delete the id it was asked for,
  // and the page only offers to delete a listed search. A change changes the criteria, while saving too (the form
  // stays open). One successful save and one delete of the loaded searches per path show saving and deleting: a
  // second would only repeat them.
  filterEvents: (s: Snap, event: AnyEventObject) =>
    s.can(event as never) &&
    !(event.type === 'xstate.done.actor.saveSearch' && !sameSearch(event.output.criteria, criteriaSent(s)!)) &&
    !(event.type === 'xstate.done.actor.removeSavedSearch' && event.output.id !== s.context.deleting) &&
    !(event.type === 'saved.deleted' && !s.context.list.some((x) => x.id === event.id)) &&
    !(event.type === 'saved.deleted' && !stored.every((x) => s.context.list.includes(x))) &&
    !(event.type === 'save.requested' && s.context.list.some((x) => x.id > londonVans.id)) &&
    !(event.type === 'criteria.changed' && sameSearch(event.criteria, s.context.criteria)),
};

const SIZE = { states: 9, transitions: 13 };
const coverage = new Coverage(savedSearchMachine);
const input: SavedSearchInput = { criteria: manchester };

describe.each(scenarios)('saved-search machine: $name', ({ events, input: start = input }) => {
  const paths = getShortestPaths(savedSearchMachine, { events, input: start, ...traversal } as never);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let before: Snap | null = null;
    await runPath(
      savedSearchMachine,
      path,
      {
        input: start,
        promiseActors: ['loadSavedSearches', 'saveSearch', 'removeSavedSearch'],
        check: (snap, { event }, record) => {
          const { list, criteria } = snap.context;
          const saves = record.calls.filter((c) => c.src === 'saveSearch');
          // saving sends the trimmed name, whether it is the default search, and the criteria in the form; made
          // the default, a saved search sends its own criteria
          if (event.type === 'save.requested') {
            const request = event as unknown as { name: string; asDefault: boolean };
            const { list: was, criteria: form } = before!.context;
            expect(snap.matches({ status: 'saving' })).toBe(true);
            expect(saves.at(-1)?.input).toEqual({
              name: request.name.trim(),
              asDefault: request.asDefault,
              criteria: savedOf(was, form)?.criteria ?? form,
            } satisfies SaveRequest);
            expect((saves.at(-1)?.input as SaveRequest).criteria).toBe(savedOf(was, form)?.criteria ?? form);
            // only a default can be asked of a saved search, and not of the default search itself
            if (before!.matches({ status: 'saved' })) {
              expect(request.asDefault).toBe(true);
              expect(savedOf(was, form)?.is_default).toBe(false);
            }
          }
          // a failed save leaves the list as it was
          if (event.type === 'xstate.error.actor.saveSearch') {
            expect(list).toEqual(before?.context.list);
            expect(snap.context.error).toBe('Sorry, something went wrong');
          }
          // saving as the default replaces the previous default; a named save keeps every other search
          if (event.type === 'xstate.done.actor.saveSearch') {
            const output = (event as unknown as { output: SavedSearch }).output;
            const kept = before!.context.list.filter((s) => !(output.is_default && s.is_default));
            expect(list).toEqual([...kept, output]);
          }
          // the list read keeps the searches saved while it was on its way, a new default in place of the old
          if (event.type === 'xstate.done.actor.loadSavedSearches') {
            const was = before!.context.list;
            const loaded = (event as unknown as { output: SavedSearch[] }).output;
            const newDefault = was.some((s) => s.is_default);
            expect(list).toEqual([
              ...loaded.filter((s) => !was.some((w) => w.id === s.id) && !(newDefault && s.is_default)),
              ...was,
            ]);
          }
          if (event.type === 'criteria.changed') {
            expect(criteria).toBe((event as unknown as { criteria: SearchCriteria }).criteria);
            if (before?.matches({ status: 'saving' })) expect(snap.matches({ status: 'saving' })).toBe(true);
          }
          // outside saving, the status says whether the criteria in the form are a saved search, whatever changed
          if (!snap.matches({ status: 'saving' }))
            expect(snap.matches({ status: 'saved' })).toBe(savedOf(list, criteria) !== undefined);
          // deleting removes exactly that search, and a failed delete removes none
          if (event.type === 'saved.deleted') {
            expect(snap.context.deleting).toBe((event as unknown as { id: SavedSearchId }).id);
            expect(record.calls.at(-1)).toEqual({ src: 'removeSavedSearch', input: { id: snap.context.deleting } });
          }
          if (event.type === 'xstate.done.actor.removeSavedSearch') {
            const id = before!.context.deleting;
            expect(list).toEqual(before!.context.list.filter((s) => s.id !== id));
            expect(list).toHaveLength(before!.context.list.length - 1);
          }
          if (event.type === 'xstate.error.actor.removeSavedSearch') expect(list).toEqual(before?.context.list);
          if (!snap.matches({ list: 'deleting' })) expect(snap.context.deleting).toBeNull();
          // at most one default search
          expect(list.filter((s) => s.is_default).length).toBeLessThanOrEqual(1);
          before = snap;
        },
      },
      coverage,
    );
  });
});

describe('saved-search machine: what it tells the page', () => {
  const start = () => {
    const live = startMachine(savedSearchMachine, {
      input,
      promiseActors: ['loadSavedSearches', 'saveSearch', 'removeSavedSearch'],
    });
    const emitted: SavedSearchEmitted[] = [];
    live.actor.on('*', (e) => void emitted.push(e));
    return { ...live, emitted };
  };

  it('announces a save with the name the server kept, the trimmed one or the default search’s', async () => {
    const live = start();
    await live.settle(0, 'done', stored);
    live.actor.send({ type: 'save.requested', name: NAMED, asDefault: false });
    await live.settle(1, 'done', namedOf.get(manchester));
    live.actor.send({ type: 'criteria.changed', criteria: sheffield });
    live.actor.send({ type: 'save.requested', name: 'ignored', asDefault: true });
    expect(live.record.calls[2]?.input).toEqual({ name: 'ignored', asDefault: true, criteria: sheffield });
    await live.settle(2, 'done', defaultOf.get(sheffield));
    expect(live.emitted).toEqual([
      { type: 'saved-search.saved', name: 'Weekly run' },
      { type: 'saved-search.saved', name: 'Default search' },
    ]);
    expect(live.actor.getSnapshot().context.list.map((s) => s.id)).toEqual([2, 3, 6]);
  });

  it('announces each failure with its message and what failed, keeping the list', async () => {
    const live = start();
    await live.settle(0, 'error', boom);
    expect(live.actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    live.actor.send({ type: 'list.retried' });
    await live.settle(1, 'done', stored);
    live.actor.send({ type: 'save.requested', name: 'Weekly run', asDefault: false });
    await live.settle(2, 'error', boom);
    live.actor.send({ type: 'saved.deleted', id: londonVans.id });
    await live.settle(3, 'error', new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/x' }));
    // `kind` lets the page word the failure for the partner (src/format/failure-text.ts); `message` is the raw text
    expect(live.emitted).toEqual([
      { type: 'saved-search.failed', what: 'list', message: 'Sorry, something went wrong', kind: 'server' },
      { type: 'saved-search.failed', what: 'save', message: 'Sorry, something went wrong', kind: 'server' },
      { type: 'saved-search.failed', what: 'delete', message: 'Failed to fetch', kind: 'offline' },
    ]);
    expect(live.actor.getSnapshot().context.list).toEqual(stored);
    expect(live.actor.getSnapshot().value).toEqual({ status: 'not_saved', list: 'ready' });
  });

  it('announces a delete with the name of the search removed', async () => {
    const live = start();
    await live.settle(0, 'done', stored);
    live.actor.send({ type: 'saved.deleted', id: leedsDefault.id });
    expect(live.actor.getSnapshot().context.deleting).toBe(leedsDefault.id);
    await live.settle(1, 'done', { id: leedsDefault.id });
    expect(live.emitted).toEqual([{ type: 'saved-search.deleted', name: 'Leeds pianos' }]);
    expect(live.actor.getSnapshot().context.list).toEqual([londonVans]);
  });

  it('does not save under a blank name', async () => {
    const live = start();
    await live.settle(0, 'done', stored);
    const ready = live.actor.getSnapshot();
    live.actor.send({ type: 'save.requested', name: ' \t ', asDefault: false });
    expect(live.actor.getSnapshot()).toBe(ready);
    expect(live.record.calls.map((c) => c.src)).toEqual(['loadSavedSearches']);
  });
});

describe('saved-search machine: the status follows the list and the form', () => {
  const start = (criteria: SearchCriteria = manchester) =>
    startMachine(
      savedSearchMachine,
      { input: { criteria }, promiseActors: ['loadSavedSearches', 'saveSearch', 'removeSavedSearch'] },
      coverage,
    );
  const status = (live: ReturnType<typeof start>) => live.actor.getSnapshot().value;

  it('goes to not_saved when the saved search on screen is deleted (A)', async () => {
    const live = start(manchester);
    await live.settle(0, 'done', stored);
    live.actor.send({ type: 'criteria.changed', criteria: london });
    expect(status(live)).toEqual({ status: 'saved', list: 'ready' });
    live.actor.send({ type: 'saved.deleted', id: londonVans.id });
    await live.settle(1, 'done', { id: londonVans.id });
    expect(live.actor.getSnapshot().context.list).toEqual([leedsDefault]);
    expect(status(live)).toEqual({ status: 'not_saved', list: 'ready' });
  });

  it('stays saved when a search other than the one on screen is deleted (A)', async () => {
    const live = start(london);
    await live.settle(0, 'done', stored);
    live.actor.send({ type: 'saved.deleted', id: leedsDefault.id });
    await live.settle(1, 'done', { id: leedsDefault.id });
    expect(status(live)).toEqual({ status: 'saved', list: 'ready' });
  });

  it('starts saved once the list shows the criteria it starts on, whatever their key order and page (B)', async () => {
    const live = start(leedsReloaded);
    expect(status(live)).toEqual({ status: 'not_saved', list: 'loading' });
    await live.settle(0, 'done', stored);
    expect(status(live)).toEqual({ status: 'saved', list: 'ready' });
  });

  it('starts saved after a failed list is read again (B)', async () => {
    const live = start(london);
    await live.settle(0, 'error', boom);
    expect(status(live)).toEqual({ status: 'not_saved', list: 'failed' });
    live.actor.send({ type: 'list.retried' });
    await live.settle(1, 'done', stored);
    expect(status(live)).toEqual({ status: 'saved', list: 'ready' });
  });

  it('ends not_saved when the criteria change while saving, and still lists the search saved (C)', async () => {
    const live = start(manchester);
    await live.settle(0, 'done', stored);
    live.actor.send({ type: 'save.requested', name: NAMED, asDefault: false });
    live.actor.send({ type: 'criteria.changed', criteria: sheffield });
    expect(status(live)).toEqual({ status: 'saving', list: 'ready' });
    expect(live.actor.getSnapshot().context.criteria).toBe(sheffield);
    await live.settle(1, 'done', namedOf.get(manchester));
    expect(live.actor.getSnapshot().context.list).toEqual([...stored, namedOf.get(manchester)]);
    expect(status(live)).toEqual({ status: 'not_saved', list: 'ready' });
  });

  it('ends saved when the criteria change while saving back to the ones saved (C)', async () => {
    const live = start(manchester);
    await live.settle(0, 'done', stored);
    live.actor.send({ type: 'save.requested', name: NAMED, asDefault: false });
    live.actor.send({ type: 'criteria.changed', criteria: sheffield });
    live.actor.send({ type: 'criteria.changed', criteria: manchester });
    await live.settle(1, 'done', namedOf.get(manchester));
    expect(status(live)).toEqual({ status: 'saved', list: 'ready' });
  });

  it('keeps a search saved before the list arrived (D)', async () => {
    const live = start(manchester);
    live.actor.send({ type: 'save.requested', name: NAMED, asDefault: false });
    await live.settle(1, 'done', namedOf.get(manchester));
    await live.settle(0, 'done', stored);
    expect(live.actor.getSnapshot().context.list).toEqual([...stored, namedOf.get(manchester)]);
    expect(status(live)).toEqual({ status: 'saved', list: 'ready' });
  });

  it('keeps a default saved before the list arrived, in place of the default the list still shows (D)', async () => {
    const live = start(manchester);
    live.actor.send({ type: 'save.requested', name: '', asDefault: true });
    await live.settle(1, 'done', defaultOf.get(manchester));
    await live.settle(0, 'done', stored);
    expect(live.actor.getSnapshot().context.list).toEqual([londonVans, defaultOf.get(manchester)]);
    expect(status(live)).toEqual({ status: 'saved', list: 'ready' });
  });

  it('makes the saved search on screen the default search (E)', async () => {
    const live = start(manchester);
    await live.settle(0, 'done', stored);
    const buttons = () => [canSaveUnderName, canSaveAsDefault].map((can) => can(live.actor.getSnapshot()));
    expect(buttons()).toEqual([true, true]);
    live.actor.send({ type: 'criteria.changed', criteria: london });
    expect(status(live)).toEqual({ status: 'saved', list: 'ready' });
    // the page offers what the machine does: no second save under a name, a default of the saved search
    expect(buttons()).toEqual([false, true]);
    live.actor.send({ type: 'save.requested', name: '', asDefault: true });
    expect(status(live)).toEqual({ status: 'saving', list: 'ready' });
    expect(buttons()).toEqual([false, false]);
    expect(live.record.calls[1]).toEqual({
      src: 'saveSearch',
      input: { name: '', asDefault: true, criteria: londonVans.criteria },
    });
    await live.settle(1, 'done', londonDefault);
    expect(live.actor.getSnapshot().context.list).toEqual([londonVans, londonDefault]);
    expect(status(live)).toEqual({ status: 'saved', list: 'ready' });
  });

  it('returns to saved when making the saved search on screen the default fails (E)', async () => {
    const live = start(london);
    await live.settle(0, 'done', stored);
    live.actor.send({ type: 'save.requested', name: '', asDefault: true });
    await live.settle(1, 'error', boom);
    expect(live.actor.getSnapshot().context.list).toEqual(stored);
    expect(status(live)).toEqual({ status: 'saved', list: 'ready' });
  });

  it('does not save again, under a name or as the default, criteria that are the default search already (E)', async () => {
    const live = start(leeds);
    await live.settle(0, 'done', stored);
    const ready = live.actor.getSnapshot();
    expect(ready.value).toEqual({ status: 'saved', list: 'ready' });
    expect(canSaveUnderName(ready)).toBe(false);
    expect(canSaveAsDefault(ready)).toBe(false);
    live.actor.send({ type: 'save.requested', name: '', asDefault: true });
    live.actor.send({ type: 'save.requested', name: 'Leeds again', asDefault: false });
    expect(live.actor.getSnapshot()).toBe(ready);
    expect(live.record.calls.map((c) => c.src)).toEqual(['loadSavedSearches']);
  });
});

afterAll(() => coverage.expectComplete(SIZE));
