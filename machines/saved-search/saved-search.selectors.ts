import type { SnapshotFrom } from 'xstate';
import type { SavedSearch } from '@/schemas/saved-search';
import type { SearchCriteria } from '@/schemas/search';
import type { savedSearchMachine } from './saved-search.machine';

type Snapshot = SnapshotFrom<typeof savedSearchMachine>;

/** The search itself, without paging: two criteria that find the same listings compare equal. */
const searchKey = (c: SearchCriteria): string => {
  const { page: _p, limit: _l, desktopMode: _d, ...search } = c;
  return JSON.stringify(search, Object.keys(flatten(search)).sort());
};
const flatten = (value: unknown, into: Record<string, true> = {}): Record<string, true> => {
  if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      into[k] = true;
      flatten(v, into);
    }
  return into;
};

export const sameSearch = (a: SearchCriteria, b: SearchCriteria): boolean => searchKey(a) === searchKey(b);
export const isSavedAlready = (list: readonly SavedSearch[], criteria: SearchCriteria): boolean =>
  list.some((s) => sameSearch(s.criteria, criteria));

/** Spec §4 saved search status. */
export const savedStatus = (s: Snapshot): 'not_saved' | 'saving' | 'saved' =>
  s.matches({ status: 'saving' }) ? 'saving' : s.matches({ status: 'saved' }) ? 'saved' : 'not_saved';
export const savedSearches = (s: Snapshot) => s.context.list;
export const isListLoading = (s: Snapshot) => s.matches({ list: 'loading' });
export const hasListFailed = (s: Snapshot) => s.matches({ list: 'failed' });
export const deletingId = (s: Snapshot) => s.context.deleting;
