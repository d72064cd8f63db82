import type { SavedSearch } from '@/schemas/saved-search';
import { DEFAULT_RADIUS_WITH_LOCATION_MILES, type SearchCriteria } from '@/schemas/search';

type End = { readonly location?: { lat: number; lon: number } | null; readonly radius?: { value: number } };

/**
 * One end of a search as the server filters by it (server/search/listing-filter.ts): the point, and the radius
 * around it (20 miles when a place comes without one, spec §9). A place's name and bounds are not a filter, and a
 * radius with no place around it filters nothing.
 */
const area = (end: End | undefined) =>
  end?.location
    ? {
        location: { lat: end.location.lat, lon: end.location.lon },
        radius: end.radius?.value ?? DEFAULT_RADIUS_WITH_LOCATION_MILES,
      }
    : { location: null, radius: null };

const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);

const byText = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A value in one canonical shape: object keys sorted, empty values (null, [], {}) left out, and lists sorted
 * without repeats. Every list of the criteria is a set (categories, the values of a sub-filter).
 */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) {
    const items = new Map(value.map(canonical).map((item) => [JSON.stringify(item), item] as [string, unknown]));
    return [...items].sort(byText).map(([, item]) => item);
  }
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, v]) => [key, canonical(v)] as [string, unknown])
        .filter(([, v]) => !isEmpty(v))
        .sort(byText),
    );
  return value;
};

/**
 * What of the criteria decides which listings a search finds, as text. Left out: paging (page, limit), the order
 * of the results and the point proximity sorts measure from (order, proximity: a saved search is applied without
 * its sort, so a sort must not make it look unsaved), and desktopMode, which the server ignores. A recommended
 * search is its type alone (spec §7: it sends only page, limit and type). Any other field counts, a new one too.
 */
const searchKey = (criteria: SearchCriteria): string => {
  if (criteria.type === 'recommended') return JSON.stringify({ type: criteria.type });
  const { page: _p, limit: _l, order: _o, proximity: _x, desktopMode: _d, pickup, delivery, ...search } = criteria;
  return JSON.stringify(
    canonical({ ...search, pickup: { ...pickup, ...area(pickup) }, delivery: { ...delivery, ...area(delivery) } }),
  );
};

/**
 * The one test of spec §4 "saved": two criteria are the same search when they find the same listings, whatever
 * the order of their keys, of categories or of sub-filter values, and whatever their page.
 */
export const sameSearch = (a: SearchCriteria, b: SearchCriteria): boolean => searchKey(a) === searchKey(b);

/** The saved search the criteria are, if any (the first, when two hold the same search). */
export const findSaved = (list: readonly SavedSearch[], criteria: SearchCriteria): SavedSearch | undefined => {
  const key = searchKey(criteria);
  return list.find((s) => searchKey(s.criteria) === key);
};

/**
 * The list with a search just saved: added at the end, once per id. A new default replaces the previous default,
 * which the server deleted (spec §7 saved-searches/default: one default per partner).
 */
export const withSaved = (list: readonly SavedSearch[], saved: SavedSearch): SavedSearch[] => [
  ...list.filter((s) => s.id !== saved.id && !(saved.is_default && s.is_default)),
  saved,
];

/**
 * The list the server sent, with the searches saved while it was on its way (`kept`, in the order they were saved):
 * merged by id, and a default saved meanwhile replaces the one the list may still show.
 */
export const withLoaded = (loaded: readonly SavedSearch[], kept: readonly SavedSearch[]): SavedSearch[] =>
  kept.reduce<SavedSearch[]>(withSaved, [...loaded]);
