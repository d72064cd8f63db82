import {
  DeletedSavedSearchResponse,
  SavedSearchesResponse,
  SavedSearchResponse,
  type SavedSearchId,
} from '@/schemas/saved-search';
import {
  CategoryCountsResponse,
  JobsResponse,
  SearchInfoResponse,
  TabCountsResponse,
  type SearchCriteria,
} from '@/schemas/search';
import { api } from './api';

/** Find-work calls of spec §7 (relative to v1). Each takes the actor's abort signal so a newer request wins. */

/** GET v1/search-info: the default search and the places searched recently. */
export const fetchSearchInfo = (signal?: AbortSignal) =>
  api.get('v1/search-info', SearchInfoResponse, 'SearchInfo', { signal }).then((r) => r.data);

/** POST v1/jobs: one page of one tab. */
export const searchJobs = (criteria: SearchCriteria, signal?: AbortSignal) =>
  api.post('v1/jobs', JobsResponse, 'Jobs', { body: criteria, signal });

/** POST v1/jobs/tab-counts: the total of each tab for the same criteria. */
export const fetchTabCounts = (criteria: SearchCriteria, signal?: AbortSignal) =>
  api.post('v1/jobs/tab-counts', TabCountsResponse, 'TabCounts', { body: criteria, signal }).then((r) => r.data);

/** POST v1/jobs/counts: listings per category for the criteria without their categories. */
export const fetchCategoryCounts = (criteria: SearchCriteria, signal?: AbortSignal) =>
  api.post('v1/jobs/counts', CategoryCountsResponse, 'CategoryCounts', { body: criteria, signal }).then((r) => r.data);

/** GET v1/saved-searches: the partner's saved searches. */
export const fetchSavedSearches = (signal?: AbortSignal) =>
  api.get('v1/saved-searches', SavedSearchesResponse, 'SavedSearches', { signal }).then((r) => r.data);

/** POST v1/saved-searches: keeps the search params (with their categories) under a name. */
export const createSavedSearch = (name: string, criteria: SearchCriteria) =>
  api.post('v1/saved-searches', SavedSearchResponse, 'SavedSearch', { body: { name, criteria } }).then((r) => r.data);

/** POST v1/saved-searches/default: makes these params the default search. */
export const saveDefaultSearch = (criteria: SearchCriteria) =>
  api.post('v1/saved-searches/default', SavedSearchResponse, 'SavedSearch', { body: criteria }).then((r) => r.data);

/** DELETE v1/saved-searches/{id}. */
export const deleteSavedSearch = (id: SavedSearchId) =>
  api.delete(`v1/saved-searches/${id}`, DeletedSavedSearchResponse, 'DeletedSavedSearch').then((r) => r.data);
