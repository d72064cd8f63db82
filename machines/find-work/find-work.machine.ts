import { errorText, failureKind } from '@/src/api/errors';
import { assertEvent, assign, emit, raise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { savedSearchMachine } from '@/machines/saved-search/saved-search.machine';
import { SEARCH_PAGE_SIZE, type SearchCriteria } from '@/schemas/search';
import {
  loadPage,
  loadSetup,
  loadTabCounts,
  watchTaken,
  writeStored,
  FILTERS_KEY,
  SORTS_KEY,
} from './find-work.actors';
import {
  appendRows,
  canSearch,
  chooseSort,
  clampCapacity,
  countsCriteria,
  criteriaFor,
  emptyForm,
  emptyTab,
  formFromCriteria,
  hasPlaceText,
  isValid,
  mapTabs,
  NO_ERRORS,
  radiusAfterChoosing,
  resetTab,
  restoreSearch,
  toggle,
  validate,
} from './find-work.criteria';
import type {
  FindWorkContext,
  FindWorkEmitted,
  FindWorkEvent,
  FindWorkInput,
  SearchForm,
  StoredFilters,
  StoredSorts,
  TabId,
  TabState,
} from './find-work.types';

/** The criteria the saved-search control saves: the form as the active job tab would send it (page 1). */
export const savableCriteria = (context: FindWorkContext): SearchCriteria => {
  const tab: TabId = context.activeTab === 'recommended' ? 'instant' : context.activeTab;
  return criteriaFor(context.form, tab, context.tabs[tab], 1);
};

const updateTab = (context: FindWorkContext, tab: TabId, change: (state: TabState) => TabState) => ({
  ...context.tabs,
  [tab]: change(context.tabs[tab]),
});

/** What a failed page request does (typed once: `event.error` of an invoke's error event). */
const FAILED_SEARCH = [
  { type: 'keepFailure', params: ({ event }: { event: { error: unknown } }) => ({ message: errorText(event.error) }) },
  {
    type: 'announceFailure',
    params: ({ event }: { event: { error: unknown } }) => ({
      type: 'request.failed' as const,
      what: 'search' as const,
      message: errorText(event.error),
      kind: failureKind(event.error),
    }),
  },
] as const;

/** The form a page request is for: a search being started, else the search on screen. */
const formOfRequest = (context: FindWorkContext): SearchForm => context.pending ?? context.submitted ?? context.form;

/**
 * Find work (spec §2 /find-work, §3 search parameters, §4 search tabs, §5 find-work rules, §7 search calls, §9).
 *
 * Two regions once set up: `results`, the active tab's list (first page, further pages as the partner scrolls,
 * until a page holds fewer rows than the page size), and `counts`, the tab counts of each search. A new search
 * replaces every tab's list only when its first page arrives: a failed request keeps the results on screen and
 * emits `request.failed` for the page's danger toast (spec §8). Each tab keeps its own sort and toggles.
 */
export const findWorkMachine = setup({
  types: {} as {
    context: FindWorkContext;
    events: FindWorkEvent;
    input: FindWorkInput;
    emitted: FindWorkEmitted;
  },
  actors: { loadSetup, loadPage, loadTabCounts, watchTaken, savedSearch: savedSearchMachine },
  actions: {
    /** Spec §9 storage: the filters, with the user id (written when a search runs or a toggle changes). */
    persistFilters: ({ context }) =>
      writeStored(FILTERS_KEY, {
        userId: context.userId,
        form: context.form,
        toggles: mapTabs((tab) => context.tabs[tab].toggles),
      } satisfies StoredFilters),
    /** Spec §9 storage: each tab's sort. */
    persistSorts: ({ context }) =>
      writeStored(SORTS_KEY, {
        userId: context.userId,
        sorts: mapTabs((tab) => context.tabs[tab].sort),
      } satisfies StoredSorts),
    selectTab: assign({
      activeTab: ({ event }) => {
        assertEvent(event, 'tab.selected');
        return event.tab;
      },
    }),
    chooseSort: assign({
      tabs: ({ context, event }) => {
        assertEvent(event, 'sort.selected');
        return updateTab(context, context.activeTab, (t) => ({
          ...t,
          sort: chooseSort(t.sort, event.sort, event.direction),
        }));
      },
    }),
    toggleAllocation: assign({
      tabs: ({ context, event }) => {
        assertEvent(event, 'allocation.toggled');
        return updateTab(context, context.activeTab, (t) => ({
          ...t,
          toggles: { ...t.toggles, allocation_method: toggle(t.toggles.allocation_method, event.method) },
        }));
      },
    }),
    chooseCapacity: assign({
      tabs: ({ context, event }) => {
        assertEvent(event, 'capacity.chosen');
        return updateTab(context, context.activeTab, (t) => ({
          ...t,
          toggles: { ...t.toggles, capacity: clampCapacity(context.activeTab, event.capacity) },
        }));
      },
    }),
    /** A failed request: its text is kept for the notice, and a search that was starting is given up. */
    keepFailure: assign((_, params: { message: string }) => ({ lastError: params.message, pending: null })),
    announceFailure: emit((_, params: FindWorkEmitted) => params),
    tellSavedSearch: sendTo('savedSearch', ({ context }) => ({
      type: 'criteria.changed' as const,
      criteria: savableCriteria(context),
    })),
  },
  guards: {
    formCanSearch: ({ context }) => canSearch(context.form),
    formValid: ({ context }) => isValid(validate(context.form)),
    hasPlaceText: ({ context }) => hasPlaceText(context.form),
    noSearchYet: ({ context }) => context.submitted === null && context.pending === null,
    tabLoaded: ({ context, event }) =>
      event.type === 'tab.selected' && context.pending === null && context.tabs[event.tab].page > 0,
    hasResults: ({ context }) => context.submitted !== null,
    canLoadMore: ({ context }) => {
      const tab = context.tabs[context.activeTab];
      return tab.page > 0 && !tab.complete;
    },
  },
}).createMachine({
  id: 'findWork',
  context: ({ input }) => ({
    ...input,
    form: emptyForm(input.today),
    submitted: null,
    pending: null,
    activeTab: 'instant',
    tabs: mapTabs((tab) => emptyTab(tab)),
    tabCounts: null,
    recent: { pickup: [], delivery: [] },
    errors: NO_ERRORS,
    taken: [],
    lastError: null,
  }),
  // The saved searches load beside search-info, not after it: the page shows once both are in, one round trip sooner.
  // The list's status follows the criteria: the empty form's first, then the restored search's (`tellSavedSearch`).
  invoke: { id: 'savedSearch', src: 'savedSearch', input: ({ context }) => ({ criteria: savableCriteria(context) }) },
  initial: 'starting',
  states: {
    starting: {
      description: 'Reads search-info and what local storage kept, and restores the last search',
      tags: ['loading'],
      invoke: {
        id: 'loadSetup',
        src: 'loadSetup',
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              ...restoreSearch(event.output, context),
              recent: event.output.info?.most_recent_searches ?? context.recent,
            })),
            'tellSavedSearch',
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            assign({ lastError: ({ event }) => errorText(event.error) }),
            emit(({ event }) => ({
              type: 'request.failed' as const,
              what: 'setup' as const,
              message: errorText(event.error),
              kind: failureKind(event.error),
            })),
          ],
        },
      },
    },
    ready: {
      type: 'parallel',
      invoke: { id: 'watchTaken', src: 'watchTaken' },
      on: {
        'place.typed': {
          description: 'Typing a place clears the place chosen for that end',
          actions: [
            assign(({ context: { form }, event }) => {
              const chosen = form[event.end];
              const keep = chosen !== null && chosen.name === event.text;
              return {
                form: { ...form, [`${event.end}Text`]: event.text, [event.end]: keep ? chosen : null },
              };
            }),
            'tellSavedSearch',
          ],
        },
        'place.chosen': {
          actions: [
            assign(({ context: { form, errors }, event }) => {
              const radiusKey = `${event.end}Radius` as const;
              return {
                form: {
                  ...form,
                  [event.end]: event.location,
                  // no place (the partner typed over the chosen one): the typed text stays
                  [`${event.end}Text`]: event.location?.name ?? form[`${event.end}Text`],
                  [radiusKey]: radiusAfterChoosing(form[event.end], event.location, form[radiusKey]),
                },
                errors: event.location ? { ...errors, place: false } : errors,
              };
            }),
            'tellSavedSearch',
          ],
        },
        'radius.chosen': {
          actions: [
            assign({ form: ({ context, event }) => ({ ...context.form, [`${event.end}Radius`]: event.miles }) }),
            'tellSavedSearch',
          ],
        },
        'dates.chosen': {
          actions: [
            assign({ form: ({ context, event }) => ({ ...context.form, dateStart: event.start, dateEnd: event.end }) }),
            'tellSavedSearch',
          ],
        },
        'category.toggled': {
          actions: [
            assign(({ context, event }) => ({
              form: { ...context.form, categories: toggle(context.form.categories, event.category) },
              errors: { ...context.errors, categories: false },
            })),
            'tellSavedSearch',
          ],
        },
        'categories.set': {
          actions: [
            assign(({ context, event }) => ({
              form: { ...context.form, categories: [...event.categories] },
              errors: { ...context.errors, categories: false },
            })),
            'tellSavedSearch',
          ],
        },
        'subfilter.toggled': {
          actions: [
            assign({
              form: ({ context: { form }, event }) => ({
                ...form,
                filters: { ...form.filters, [event.filter]: toggle(form.filters[event.filter] ?? [], event.value) },
              }),
            }),
            'tellSavedSearch',
          ],
        },
        'criteria.applied': {
          description: 'A saved search: its criteria fill the form, then it is searched',
          actions: [
            assign({
              form: ({ context, event }) => formFromCriteria(event.criteria, context.today),
              errors: NO_ERRORS,
            }),
            'tellSavedSearch',
            raise({ type: 'search.submitted' }),
          ],
        },
        'listing.taken': {
          description: 'The server says a listing was taken: its card is marked, wherever it is',
          actions: assign({
            taken: ({ context, event }) => [
              ...context.taken.filter((k) => k !== `${event.kind}:${event.id}`),
              `${event.kind}:${event.id}`,
            ],
          }),
        },
      },
      states: {
        results: {
          initial: 'deciding',
          on: {
            'search.submitted': [
              {
                guard: 'formValid',
                target: '.searching',
                actions: [assign({ pending: ({ context }) => context.form, errors: NO_ERRORS }), 'persistFilters'],
              },
              {
                guard: 'hasPlaceText',
                description: 'Nothing is sent; the fields say what is missing',
                actions: assign({ errors: ({ context }) => validate(context.form) }),
              },
            ],
            'tab.selected': [
              { guard: 'noSearchYet', actions: ['selectTab', 'tellSavedSearch'] },
              { guard: 'tabLoaded', target: '.showing', actions: ['selectTab', 'tellSavedSearch'] },
              { target: '.searching', actions: ['selectTab', 'tellSavedSearch'] },
            ],
            'sort.selected': [
              { guard: 'noSearchYet', actions: ['chooseSort', 'persistSorts', 'tellSavedSearch'] },
              { target: '.searching', actions: ['chooseSort', 'persistSorts', 'tellSavedSearch'] },
            ],
            'allocation.toggled': [
              { guard: 'noSearchYet', actions: ['toggleAllocation', 'persistFilters', 'tellSavedSearch'] },
              { target: '.searching', actions: ['toggleAllocation', 'persistFilters', 'tellSavedSearch'] },
            ],
            'capacity.chosen': [
              { guard: 'noSearchYet', actions: ['chooseCapacity', 'persistFilters', 'tellSavedSearch'] },
              { target: '.searching', actions: ['chooseCapacity', 'persistFilters', 'tellSavedSearch'] },
            ],
          },
          states: {
            deciding: {
              description: 'A restored search that can run, runs',
              always: [
                {
                  guard: 'formCanSearch',
                  target: 'searching',
                  actions: assign({ pending: ({ context }) => context.form }),
                },
                { target: 'idle' },
              ],
            },
            idle: { description: 'Nothing searched yet: the form waits for a place and a category' },
            searching: {
              description: "First page of the active tab; a new search's first page replaces every tab's list",
              tags: ['loading'],
              invoke: {
                id: 'loadPage',
                src: 'loadPage',
                input: ({ context }) => ({
                  criteria: criteriaFor(formOfRequest(context), context.activeTab, context.tabs[context.activeTab], 1),
                }),
                onDone: {
                  target: 'showing',
                  actions: assign(({ context, event }) => {
                    const fresh = context.pending !== null;
                    const tabs = fresh ? mapTabs((tab) => resetTab(context.tabs[tab])) : { ...context.tabs };
                    const { data, meta } = event.output;
                    tabs[context.activeTab] = {
                      ...tabs[context.activeTab],
                      rows: data,
                      page: 1,
                      total: meta.total,
                      complete: data.length < SEARCH_PAGE_SIZE,
                    };
                    return {
                      tabs,
                      submitted: context.pending ?? context.submitted,
                      pending: null,
                      taken: fresh ? [] : context.taken,
                      lastError: null,
                    };
                  }),
                },
                onError: [
                  {
                    guard: 'hasResults',
                    target: 'showing',
                    description: 'The results on screen stay; a toast says what failed',
                    actions: FAILED_SEARCH,
                  },
                  { target: 'failed', actions: FAILED_SEARCH },
                ],
              },
            },
            showing: {
              description: "The active tab's list; scrolling to its end loads the next page",
              on: { 'list.endReached': { guard: 'canLoadMore', target: 'loadingMore' } },
            },
            loadingMore: {
              description: 'The next page of the active tab, appended',
              tags: ['loadingMore'],
              invoke: {
                id: 'loadPage',
                src: 'loadPage',
                input: ({ context }) => {
                  const tab = context.tabs[context.activeTab];
                  return { criteria: criteriaFor(formOfRequest(context), context.activeTab, tab, tab.page + 1) };
                },
                onDone: {
                  target: 'showing',
                  actions: assign({
                    tabs: ({ context, event }) =>
                      updateTab(context, context.activeTab, (t) => ({
                        ...t,
                        rows: appendRows(t.rows, event.output.data),
                        page: t.page + 1,
                        total: event.output.meta.total,
                        complete: event.output.data.length < SEARCH_PAGE_SIZE,
                      })),
                    lastError: null,
                  }),
                },
                onError: { target: 'showing', actions: FAILED_SEARCH },
              },
            },
            failed: {
              description: 'The first search failed and there is nothing to show: the error, with a retry',
              on: {
                'search.retried': {
                  guard: 'formValid',
                  target: 'searching',
                  actions: assign({ pending: ({ context }) => context.pending ?? context.form }),
                },
              },
            },
          },
        },
        counts: {
          initial: 'deciding',
          on: { 'search.submitted': { guard: 'formValid', target: '.loading' } },
          states: {
            deciding: {
              always: [{ guard: 'formCanSearch', target: 'loading' }, { target: 'idle' }],
            },
            idle: { description: 'No search yet, so no tab counts' },
            loading: {
              description: 'Tab counts of the search just started (each search updates them)',
              invoke: {
                id: 'loadTabCounts',
                src: 'loadTabCounts',
                input: ({ context }) => ({ criteria: countsCriteria(context.form) }),
                onDone: { target: 'loaded', actions: assign({ tabCounts: ({ event }) => event.output }) },
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'announceFailure',
                    params: ({ event }) => ({
                      type: 'request.failed',
                      what: 'counts',
                      message: errorText(event.error),
                      kind: failureKind(event.error),
                    }),
                  },
                },
              },
            },
            loaded: { description: 'Each tab shows its count' },
            failed: { description: 'The counts of the last search could not be read: the previous counts stay' },
          },
        },
      },
    },
  },
});

export type FindWorkActorRef = ActorRefFrom<typeof findWorkMachine>;
