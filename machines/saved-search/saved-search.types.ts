import type { FailureKind } from '@/src/api/errors';
import type { SavedSearch, SavedSearchId } from '@/schemas/saved-search';
import type { SearchCriteria } from '@/schemas/search';

export interface SavedSearchInput {
  /** The criteria in the find-work form when the control starts. */
  readonly criteria: SearchCriteria;
}

export interface SavedSearchContext {
  /** The criteria in the find-work form now (sent by find work on each change). */
  readonly criteria: SearchCriteria;
  /** The partner's saved searches: the list read, with those saved since; at most one is the default. */
  readonly list: readonly SavedSearch[];
  /** The search being deleted. */
  readonly deleting: SavedSearchId | null;
  /** The text of the last failed read or save, until one succeeds. */
  readonly error: string | null;
}

export interface SaveRequest {
  /** The name to save under, trimmed (the server names the default search itself). */
  readonly name: string;
  /** The criteria in the form, or, made the default, those of the saved search they equal. */
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
  | { type: 'saved-search.failed'; what: 'save' | 'delete' | 'list'; message: string; kind: FailureKind }
  | { type: 'saved-search.saved'; name: string }
  | { type: 'saved-search.deleted'; name: string };
