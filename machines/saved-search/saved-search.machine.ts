import { errorText } from '@/src/api/errors';
import { assertEvent, assign, emit, setup } from 'xstate';
import { loadSavedSearches, removeSavedSearch, saveSearch } from './saved-search.actors';
import type { SavedSearchContext, SavedSearchEmitted, SavedSearchEvent, SavedSearchInput } from './saved-search.types';
import { isSavedAlready } from './saved-search.selectors';

/**
 * The saved searches of find work (spec §4 saved search status, §7 saved-searches calls). Two regions: `status`,
 * the spec's not_saved → saving → saved for the criteria in the form (back to not_saved when they change; an error
 * returns to not_saved with a toast), and `list`, the partner's saved searches with delete. Criteria that equal a
 * saved search (a saved search just applied) count as saved.
 */
export const savedSearchMachine = setup({
  types: {} as {
    context: SavedSearchContext;
    events: SavedSearchEvent;
    input: SavedSearchInput;
    emitted: SavedSearchEmitted;
  },
  actors: { loadSavedSearches, saveSearch, removeSavedSearch },
  actions: {
    keepCriteria: assign({
      criteria: ({ event }) => {
        assertEvent(event, 'criteria.changed');
        return event.criteria;
      },
    }),
    announce: emit((_, params: SavedSearchEmitted) => params),
  },
  guards: {
    knownCriteria: ({ context, event }) => {
      assertEvent(event, 'criteria.changed');
      return isSavedAlready(context.list, event.criteria);
    },
    hasName: ({ event }) => event.type === 'save.requested' && (event.asDefault || event.name.trim() !== ''),
  },
}).createMachine({
  id: 'savedSearch',
  context: ({ input }) => ({ criteria: input.criteria, list: [], deleting: null, error: null }),
  type: 'parallel',
  states: {
    status: {
      initial: 'not_saved',
      on: {
        'criteria.changed': [
          { guard: 'knownCriteria', target: '.saved', actions: 'keepCriteria' },
          { target: '.not_saved', actions: 'keepCriteria' },
        ],
      },
      states: {
        not_saved: {
          description: 'The criteria in the form are not a saved search',
          on: { 'save.requested': { guard: 'hasName', target: 'saving' } },
        },
        saving: {
          description: 'Saving the criteria under a name, or as the default search',
          invoke: {
            id: 'saveSearch',
            src: 'saveSearch',
            input: ({ context, event }) => {
              assertEvent(event, 'save.requested');
              return { name: event.name.trim(), asDefault: event.asDefault, criteria: context.criteria };
            },
            onDone: {
              target: 'saved',
              actions: [
                assign({
                  list: ({ context, event }) => [
                    ...context.list.filter((s) => !(event.output.is_default && s.is_default)),
                    event.output,
                  ],
                  error: null,
                }),
                { type: 'announce', params: ({ event }) => ({ type: 'saved-search.saved', name: event.output.name }) },
              ],
            },
            onError: {
              target: 'not_saved',
              actions: [
                assign({ error: ({ event }) => errorText(event.error) }),
                {
                  type: 'announce',
                  params: ({ event }) => ({
                    type: 'saved-search.failed',
                    what: 'save',
                    message: errorText(event.error),
                  }),
                },
              ],
            },
          },
          // The form is frozen while saving (the page disables it): a change now would be lost on the way.
          on: { 'criteria.changed': { actions: 'keepCriteria' } },
        },
        saved: { description: 'The criteria in the form are saved' },
      },
    },
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadSavedSearches',
            src: 'loadSavedSearches',
            onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output, error: null }) },
            onError: {
              target: 'failed',
              actions: [
                assign({ error: ({ event }) => errorText(event.error) }),
                {
                  type: 'announce',
                  params: ({ event }) => ({
                    type: 'saved-search.failed',
                    what: 'list',
                    message: errorText(event.error),
                  }),
                },
              ],
            },
          },
        },
        ready: {
          description: 'The saved searches are listed',
          on: {
            'saved.deleted': { target: 'deleting', actions: assign({ deleting: ({ event }) => event.id }) },
          },
        },
        deleting: {
          invoke: {
            id: 'removeSavedSearch',
            src: 'removeSavedSearch',
            input: ({ context }) => ({ id: context.deleting! }),
            onDone: {
              target: 'ready',
              actions: [
                {
                  type: 'announce',
                  params: ({ context, event }) => ({
                    type: 'saved-search.deleted',
                    name: context.list.find((s) => s.id === event.output.id)?.name ?? '',
                  }),
                },
                assign({
                  list: ({ context, event }) => context.list.filter((s) => s.id !== event.output.id),
                  deleting: null,
                }),
              ],
            },
            onError: {
              target: 'ready',
              actions: [
                assign({ deleting: null }),
                {
                  type: 'announce',
                  params: ({ event }) => ({
                    type: 'saved-search.failed',
                    what: 'delete',
                    message: errorText(event.error),
                  }),
                },
              ],
            },
          },
        },
        failed: { on: { 'list.retried': 'loading' } },
      },
    },
  },
});
