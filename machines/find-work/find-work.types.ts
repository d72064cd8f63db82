import type { FailureKind } from '@/src/api/errors';
import type {
  RecentPlace,
  SearchCriteria,
  SearchFilters,
  SearchLocation,
  SearchType,
  SortId,
  TabCounts,
} from '@/schemas/search';
import type { Listing, JobsResponse, SearchInfo } from '@/schemas/search';

/** The four tabs of find work (spec §4), instant first (the default). */
export const TABS = ['instant', 'auction', 'journey', 'recommended'] as const satisfies readonly SearchType[];
export type TabId = (typeof TABS)[number];

export type PlaceEnd = 'pickup' | 'delivery';
export type RadiusMiles = 5 | 10 | 20 | 50 | 100 | 200;
export type SortDirection = 'asc' | 'desc';
/** A tab's sort values: choosing one clears the others (spec §4), so at most one is set. */
export type SortValues = Readonly<Partial<Record<SortId, SortDirection>>>;
export type AllocationMethod = 'click_and_claim' | 'express_interest';
/** The sub-filters of the search form: every sub-filter of spec §3 except allocation method (a tab toggle). */
export type FormFilterKey = Exclude<keyof SearchFilters, 'allocation_method'>;
export type FormFilters = Readonly<Partial<Record<FormFilterKey, readonly string[]>>>;

/** A volume range in m³, always inside its tab's full range (spec §9 capacity defaults). */
export interface CapacitySelection {
  readonly min: number;
  readonly max: number;
}

/** What the filter bar of one tab holds: its own toggles (spec §4). */
export interface TabToggles {
  readonly allocation_method: readonly AllocationMethod[];
  readonly capacity: CapacitySelection;
}

/** The search form shared by the tabs, as typed: a place's text is kept apart from the place chosen for it. */
export interface SearchForm {
  readonly pickupText: string;
  readonly pickup: SearchLocation | null;
  readonly pickupRadius: RadiusMiles;
  readonly deliveryText: string;
  readonly delivery: SearchLocation | null;
  readonly deliveryRadius: RadiusMiles;
  readonly dateStart: string | null;
  readonly dateEnd: string | null;
  readonly categories: readonly SearchCategory[];
  readonly filters: FormFilters;
}
export type SearchCategory = NonNullable<SearchCriteria['categories']>[number];

/** One tab's list: the pages loaded for the current search, and the tab's own sort and toggles. */
export interface TabState {
  readonly rows: readonly Listing[];
  /** The last page loaded for the current search; 0 before the first. */
  readonly page: number;
  readonly total: number | null;
  /** A page came back with fewer rows than the page size: nothing more to load. */
  readonly complete: boolean;
  readonly sort: SortValues;
  readonly toggles: TabToggles;
}

/** Which fields stopped a search (spec §5 find-work rules). */
export interface FormErrors {
  readonly place: boolean;
  readonly categories: boolean;
}

/** What local storage keeps between visits (spec §9 storage: saved filters with the user id, saved sort). */
export interface StoredFilters {
  readonly userId: number;
  readonly form: SearchForm;
  readonly toggles: Readonly<Record<TabId, TabToggles>>;
}
export interface StoredSorts {
  readonly userId: number;
  readonly sorts: Readonly<Partial<Record<TabId, SortValues>>>;
}

export interface FindWorkInput {
  readonly userId: number;
  /** The registered address has a point (location-based sorts need one when the search has no place). */
  readonly homeHasPoint: boolean;
  /** Today in London, yyyy-MM-dd (the app's fake date when it has one): stored dates before it are dropped. */
  readonly today: string;
}

export interface FindWorkContext extends FindWorkInput {
  readonly form: SearchForm;
  /** The form of the search the lists show; null before the first search. */
  readonly submitted: SearchForm | null;
  /** The form of a search whose first page is on its way; the lists still show `submitted` until it lands. */
  readonly pending: SearchForm | null;
  readonly activeTab: TabId;
  readonly tabs: Readonly<Record<TabId, TabState>>;
  readonly tabCounts: TabCounts | null;
  readonly recent: SearchInfo['most_recent_searches'];
  readonly errors: FormErrors;
  /** Listings taken by someone else since they were loaded (`kind:id`): marked on their cards, never bookable. */
  readonly taken: readonly string[];
  /** The text of the last failed request, for a notice beside the kept results. */
  readonly lastError: string | null;
}

/** What the set-up read returns: search-info, and what local storage held. */
export interface SearchSetup {
  readonly info: SearchInfo | null;
  readonly filters: StoredFilters | null;
  readonly sorts: StoredSorts | null;
}

export interface PageRequest {
  readonly criteria: SearchCriteria;
}
export type PageResponse = JobsResponse;

export type FindWorkEvent =
  | { type: 'place.typed'; end: PlaceEnd; text: string }
  | { type: 'place.chosen'; end: PlaceEnd; location: SearchLocation | null }
  | { type: 'radius.chosen'; end: PlaceEnd; miles: RadiusMiles }
  | { type: 'dates.chosen'; start: string | null; end: string | null }
  | { type: 'category.toggled'; category: SearchCategory }
  | { type: 'categories.set'; categories: readonly SearchCategory[] }
  | { type: 'subfilter.toggled'; filter: FormFilterKey; value: string }
  | { type: 'criteria.applied'; criteria: SearchCriteria }
  | { type: 'search.submitted' }
  | { type: 'search.retried' }
  | { type: 'tab.selected'; tab: TabId }
  | { type: 'sort.selected'; sort: SortId; direction: SortDirection }
  | { type: 'allocation.toggled'; method: AllocationMethod }
  | { type: 'capacity.chosen'; capacity: CapacitySelection }
  | { type: 'list.endReached' }
  | { type: 'listing.taken'; id: number; kind: 'instant' | 'auction' | 'journey' };

/** Emitted for the page to show (a danger toast with the error text, spec §8 search failure). */
export type FindWorkEmitted = {
  type: 'request.failed';
  what: 'search' | 'counts' | 'setup';
  message: string;
  kind: FailureKind;
};

export type { RecentPlace, TabCounts };
