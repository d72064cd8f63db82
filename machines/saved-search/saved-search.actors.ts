import { fromPromise } from 'xstate';
import type { SavedSearch, SavedSearchId } from '@/schemas/saved-search';
import { createSavedSearch, deleteSavedSearch, fetchSavedSearches, saveDefaultSearch } from '@/src/api/find-work';
import type { SaveRequest } from './saved-search.types';

export const loadSavedSearches = fromPromise<readonly SavedSearch[]>(({ signal }) => fetchSavedSearches(signal));

/**
 * Saves under a name, or as the default search (spec §7 saved-searches/default): the server keeps one default per
 * partner, under its own name, replacing the previous one.
 */
export const saveSearch = fromPromise<SavedSearch, SaveRequest>(({ input }) =>
  input.asDefault ? saveDefaultSearch(input.criteria) : createSavedSearch(input.name, input.criteria),
);

export const removeSavedSearch = fromPromise<{ id: SavedSearchId }, { id: SavedSearchId }>(({ input }) =>
  deleteSavedSearch(input.id),
);
