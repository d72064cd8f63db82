import type { SavedSearch, SavedSearchId } from '@/schemas/saved-search';
import type { SearchCriteria } from '@/schemas/search';

export interface SavedSearchInput {
  /** The criteria in the find-work form when the control starts. */
  readonly criteria: SearchCriteria;
}

export interface SavedSearchContext {
  readonly criteria: SearchCriteria;
  readonly list: readonly SavedSearch[];
  /** The search being deleted. */
  readonly deleting: SavedSearchId | null;
  readonly error: string | null;
}

export interface SaveRequest {
  readonly name: string;
  readonly criteria: SearchCriteria;
  /** Make it the default search too (POST saved-searches/default). */
  readonly asDefault: boolean;
}

export type SavedSearchEvent =
  | { type: 'criteria.changed'; criteria: SearchCriteria }
  | { type: 'save.requested'; name: string; asDefault: boolean }
  | { type: 'saved.deleted'; id: SavedSearchId }
  | { type: 'list.retried' };

/** Emitted for the page's toasts (spec §4 saved search status: an error returns to not_saved with a toast). */
export type SavedSearchEmitted =
  | { type: 'saved-search.failed'; what: 'save' | 'delete' | 'list'; message: string }
  | { type: 'saved-search.saved'; name: string }
  | { type: 'saved-search.deleted'; name: string };
