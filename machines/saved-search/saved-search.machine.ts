import { errorText, failureKind } from '@/src/api/errors';
import { assertEvent, assign, emit, not, setup } from 'xstate';
import { loadSavedSearches, removeSavedSearch, saveSearch } from './saved-search.actors';
import { findSaved, sameSearch, withLoaded, withSaved } from './saved-search.criteria';
import type { SavedSearchContext, SavedSearchEmitted, SavedSearchEvent, SavedSearchInput } from './saved-search.types';

/**
 * The saved searches of find work (spec §4 saved search status, §7 saved-searches calls). Two regions: `status`,
 * the spec's not_saved → saving → saved for the criteria in the form (back to not_saved when they change; an error
 * returns to not_saved with a toast), and `list`, the partner's saved searches with delete. Outside saving, the
 * status is whether the criteria in the form are a saved search (`sameSearch`): it follows the form, the list
 * arriving, a save and a delete alike, so the list and the status cannot disagree.
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
    /** The criteria in the form, as find work sends them on each change (while saving too: the form stays open). */
    keepCriteria: assign({
      criteria: ({ event }) => {
        assertEvent(event, 'criteria.changed');
        return event.criteria;
      },
    }),
    /** Tells the page (its toasts) what happened. */
    announce: emit((_, params: SavedSearchEmitted) => params),
  },
  guards: {
    /** The criteria in the form equal a listed saved search's (spec §4 saved). */
    isSaved: ({ context }) => findSaved(context.list, context.criteria) !== undefined,
    /** A save under a name that is not blank, or as the default search. */
    hasName: ({ event }) => event.type === 'save.requested' && (event.asDefault || event.name.trim() !== ''),
    /** "Use as my default" for the saved search in the form, unless it is the default search already. */
    canMakeDefault: ({ context, event }) =>
      event.type === 'save.requested' &&
      event.asDefault &&
      !context.list.some((s) => s.is_default && sameSearch(s.criteria, context.criteria)),
  },
}).createMachine({
  id: 'savedSearch',
  context: ({ input }) => ({ criteria: input.criteria, list: [], deleting: null, error: null }),
  type: 'parallel',
  states: {
    status: {
      description: 'Whether the criteria in the form are saved: not saved, saving or saved',
      initial: 'not_saved',
      on: { 'criteria.changed': { actions: 'keepCriteria' } },
      states: {
        not_saved: {
          description: 'The criteria in the form are not a saved search',
          always: {
            guard: 'isSaved',
            target: 'saved',
            description: 'The criteria are a saved search: the form changed to one, or the list showing it arrived',
          },
          on: { 'save.requested': { guard: 'hasName', target: 'saving' } },
        },
        saving: {
          description: 'Saving the criteria under a name, or as the default search',
          invoke: {
            id: 'saveSearch',
            src: 'saveSearch',
            input: ({ context, event }) => {
              assertEvent(event, 'save.requested');
              // "Use as my default" on a saved search makes that search's own criteria the default
              const criteria = findSaved(context.list, context.criteria)?.criteria ?? context.criteria;
              return { name: event.name.trim(), asDefault: event.asDefault, criteria };
            },
            onDone: {
              // then `saved` checks the criteria: changed while saving, they are not the search just saved
              target: 'saved',
              actions: [
                assign({ list: ({ context, event }) => withSaved(context.list, event.output), error: null }),
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
                    kind: failureKind(event.error),
                  }),
                },
              ],
            },
          },
        },
        saved: {
          description: 'The criteria in the form are saved',
          always: {
            guard: not('isSaved'),
            target: 'not_saved',
            description: 'The criteria are no saved search any more: the form changed, or their search was deleted',
          },
          on: { 'save.requested': { guard: 'canMakeDefault', target: 'saving' } },
        },
      },
    },
    list: {
      description: "The partner's saved searches",
      initial: 'loading',
      states: {
        loading: {
          description: 'Reading the saved searches (GET saved-searches)',
          tags: ['loading'],
          invoke: {
            id: 'loadSavedSearches',
            src: 'loadSavedSearches',
            onDone: {
              target: 'ready',
              description: 'Searches saved while the list was on its way stay in it',
              actions: assign({ list: ({ context, event }) => withLoaded(event.output, context.list), error: null }),
            },
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
                    kind: failureKind(event.error),
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
          description: 'Deleting one saved search (DELETE saved-searches/{id}); the others can wait',
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
                    kind: failureKind(event.error),
                  }),
                },
              ],
            },
          },
        },
        failed: {
          description: 'The saved searches could not be read: the error, with a retry',
          tags: ['error'],
          on: { 'list.retried': 'loading' },
        },
      },
    },
  },
});
