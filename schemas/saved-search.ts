import { Effect, Schema } from 'effect';
import { SearchCriteria } from './search';
import { nullable, positiveId, StorableText } from './common';

/** Spec §4: the saved-search control's states in the portal. */
export const SavedSearchStatus = Schema.Literals(['not_saved', 'saving', 'saved']);
export type SavedSearchStatus = typeof SavedSearchStatus.Type;

export const SavedSearchId = positiveId('saved search').pipe(Schema.brand('SavedSearchId'));
export type SavedSearchId = typeof SavedSearchId.Type;

/** Most saved searches one partner keeps. */
export const MAX_SAVED_SEARCHES = 50;

/**
 * A partner's saved search. The default one (at most one) is what search-info offers first. `alert`: the partner is
 * alerted to jobs that newly match it, since `alert_since` (null while off; schemas/alert.ts has the rules). Both
 * default to off when absent, so a saved search written before alerts existed still decodes.
 */
export const SavedSearch = Schema.Struct({
  id: SavedSearchId,
  name: Schema.String,
  criteria: SearchCriteria,
  is_default: Schema.Boolean,
  created_at: Schema.String,
  alert: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
  alert_since: nullable(Schema.String),
});
export type SavedSearch = typeof SavedSearch.Type;

export const SavedSearchName = StorableText.pipe(Schema.decodeTo(Schema.Trim)).check(
  Schema.isNonEmpty({ message: "Name can't be blank" }).abort(),
  Schema.isMaxLength(100, { message: 'A name is at most 100 characters' }),
);

/** POST /v1/saved-searches: a name and the search params with their categories (spec §7). */
export const CreateSavedSearchRequest = Schema.Struct({
  payload: Schema.Struct({ name: SavedSearchName, criteria: SearchCriteria }).annotate({
    identifier: 'CreateSavedSearch',
  }),
});
export type CreateSavedSearchRequest = typeof CreateSavedSearchRequest.Type;

/** POST /v1/saved-searches/default: the search params to keep as the default search (replaces the previous one). */
export const SaveDefaultSearchRequest = Schema.Struct({ payload: SearchCriteria });
export type SaveDefaultSearchRequest = typeof SaveDefaultSearchRequest.Type;

export const SavedSearchResponse = Schema.Struct({ data: SavedSearch });
export const SavedSearchesResponse = Schema.Struct({ data: Schema.Array(SavedSearch) });
export const DeletedSavedSearchResponse = Schema.Struct({ data: Schema.Struct({ id: SavedSearchId }) });
