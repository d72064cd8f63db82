import {
  DEFAULT_RADIUS_MILES,
  DEFAULT_RADIUS_WITH_LOCATION_MILES,
  SEARCH_CATEGORIES,
  SEARCH_PAGE_SIZE,
  SORT_IDS,
  type SearchCriteria,
  type SearchFilters,
  type SortId,
  type SortOrder,
} from '@/schemas/search';
import type {
  CapacitySelection,
  FindWorkInput,
  FormErrors,
  FormFilterKey,
  FormFilters,
  RadiusMiles,
  SearchCategory,
  SearchForm,
  SearchSetup,
  SortDirection,
  SortValues,
  TabId,
  TabState,
  TabToggles,
} from './find-work.types';
import { TABS } from './find-work.types';

/**
 * The rules of find work as pure functions (spec §3 search parameters, §4 search tabs, §5 find-work rules, §9
 * constants): the machine calls them, and unit tests hold each rule at its boundary.
 */

/**
 * Spec §9: capacity filter defaults "1 to 10 for one kind of job, 8 to 60 for another". Single jobs (instant,
 * auction, and the recommended ones, which are single jobs) take 1–10 m³; journeys, which gather several loads in
 * one van, take 8–60 m³.
 */
export const FULL_CAPACITY: Readonly<Record<TabId, CapacitySelection>> = {
  instant: { min: 1, max: 10 },
  auction: { min: 1, max: 10 },
  journey: { min: 8, max: 60 },
  recommended: { min: 1, max: 10 },
};

/** Spec §9 default sorts: job searches and recommended by date ascending, journeys newest first. */
export const DEFAULT_SORT: Readonly<Record<TabId, SortValues>> = {
  instant: { date: 'asc' },
  auction: { date: 'asc' },
  journey: { created_at: 'desc' },
  recommended: { date: 'asc' },
};

/** Sorts measured from a place: without a search place they fall back to the registered address's point. */
export const LOCATION_SORTS: readonly SortId[] = ['pickup_proximity', 'delivery_proximity'];

export const FORM_FILTER_KEYS: readonly FormFilterKey[] = [
  'people',
  'property_access',
  'property_type',
  'package',
  'car_weight',
  'vehicle_condition',
  'piano_type',
  'motorbike_type',
];

export const emptyForm = (today: string | null): SearchForm => ({
  pickupText: '',
  pickup: null,
  pickupRadius: DEFAULT_RADIUS_MILES,
  deliveryText: '',
  delivery: null,
  deliveryRadius: DEFAULT_RADIUS_MILES,
  dateStart: today,
  dateEnd: null,
  categories: [...SEARCH_CATEGORIES],
  filters: {},
});

export const defaultToggles = (tab: TabId): TabToggles => ({ allocation_method: [], capacity: FULL_CAPACITY[tab] });

export const emptyTab = (
  tab: TabId,
  sort: SortValues = DEFAULT_SORT[tab],
  toggles = defaultToggles(tab),
): TabState => ({
  rows: [],
  page: 0,
  total: null,
  complete: false,
  sort,
  toggles,
});

/** A tab's list emptied for a new search, keeping its sort and toggles. */
export const resetTab = (tab: TabState): TabState => ({ ...tab, rows: [], page: 0, total: null, complete: false });

export const mapTabs = <T>(f: (tab: TabId) => T): Record<TabId, T> =>
  Object.fromEntries(TABS.map((tab) => [tab, f(tab)])) as Record<TabId, T>;

/** Spec §4: choosing a sort clears the tab's other sort values, then sets the chosen one. */
export const chooseSort = (_values: SortValues, id: SortId, direction: SortDirection): SortValues => ({
  [id]: direction,
});

/** The order id a tab's sort values send (`payout_desc`), or none. */
export const sortOrderOf = (values: SortValues): SortOrder | undefined => {
  const id = SORT_IDS.find((s) => values[s] !== undefined);
  return id ? (`${id}_${values[id]}` as SortOrder) : undefined;
};

/** Spec §9: a search starts at 5 miles, and at 20 once a place is chosen for that end (unless the partner chose). */
export const radiusAfterChoosing = (
  previous: SearchForm['pickup'],
  next: SearchForm['pickup'],
  radius: RadiusMiles,
): RadiusMiles =>
  previous === null && next !== null && radius === DEFAULT_RADIUS_MILES ? DEFAULT_RADIUS_WITH_LOCATION_MILES : radius;

/** Spec §5: search is allowed only once a from or to place text is entered. */
export const hasPlaceText = (form: SearchForm): boolean =>
  form.pickupText.trim() !== '' || form.deliveryText.trim() !== '';

/** Spec §5: a pickup or delivery place must be chosen, and at least one category. */
export const validate = (form: SearchForm): FormErrors => ({
  place: form.pickup === null && form.delivery === null,
  categories: form.categories.length === 0,
});
export const NO_ERRORS: FormErrors = { place: false, categories: false };
export const isValid = (errors: FormErrors): boolean => !errors.place && !errors.categories;
export const canSearch = (form: SearchForm): boolean => hasPlaceText(form) && isValid(validate(form));

/**
 * Spec §5: the capacity filter is sent only when it differs from the tab's full range, with null for an end left
 * at its limit.
 */
export const capacityToSend = (tab: TabId, selection: CapacitySelection): SearchCriteria['capacity'] => {
  const full = FULL_CAPACITY[tab];
  const min = selection.min <= full.min ? null : selection.min;
  const max = selection.max >= full.max ? null : selection.max;
  return min === null && max === null ? undefined : { min, max };
};

/** Spec §5: the filter count badge counts the narrowed sub-filters and capacity, never allocation_method. */
export const filterCount = (form: SearchForm, toggles: TabToggles, tab: TabId): number =>
  FORM_FILTER_KEYS.filter((key) => (form.filters[key]?.length ?? 0) > 0).length +
  (capacityToSend(tab, toggles.capacity) ? 1 : 0);

const withoutEmpty = (filters: FormFilters, allocation: readonly string[]): SearchFilters => {
  const entries = Object.entries({ ...filters, allocation_method: allocation }).filter(
    ([, values]) => values !== undefined && values.length > 0,
  );
  return Object.fromEntries(entries) as SearchFilters;
};

/**
 * The body of POST v1/jobs for one page of one tab (spec §3 search parameters). The recommended tab sends only
 * page, limit and type (spec §7).
 */
export const criteriaFor = (form: SearchForm, tab: TabId, state: TabState, page: number): SearchCriteria => {
  if (tab === 'recommended') return { type: tab, page, limit: SEARCH_PAGE_SIZE };
  const capacity = capacityToSend(tab, state.toggles.capacity);
  const order = sortOrderOf(state.sort);
  const dated = form.dateStart !== null || form.dateEnd !== null;
  return {
    type: tab,
    pickup: {
      location: form.pickup,
      radius: { value: form.pickupRadius, unit: 'mi' },
      ...(dated ? { date: { start: form.dateStart, end: form.dateEnd } } : {}),
    },
    delivery: { location: form.delivery, radius: { value: form.deliveryRadius, unit: 'mi' } },
    categories: form.categories,
    filters: withoutEmpty(form.filters, state.toggles.allocation_method),
    ...(capacity ? { capacity } : {}),
    page,
    limit: SEARCH_PAGE_SIZE,
    ...(order ? { order } : {}),
  };
};

/** The body of tab-counts: the shared search (spec §7: the same search params), as the instant tab sends it. */
export const countsCriteria = (form: SearchForm): SearchCriteria => {
  const { filters: _f, capacity: _c, order: _o, ...shared } = criteriaFor(form, 'instant', emptyTab('instant'), 1);
  return { ...shared, filters: withoutEmpty(form.filters, []) };
};

const isRadius = (n: number | undefined): n is RadiusMiles => n !== undefined && [5, 10, 20, 50, 100, 200].includes(n);

/** The form a criteria object describes (a default search from search-info, or a saved search). */
export const formFromCriteria = (criteria: SearchCriteria, today: string | null): SearchForm => {
  const { allocation_method: _a, ...filters } = criteria.filters ?? {};
  const pickup = criteria.pickup?.location ?? null;
  const delivery = criteria.delivery?.location ?? null;
  const date = criteria.pickup?.date ?? null;
  const radius = (r: number | undefined, located: boolean): RadiusMiles =>
    isRadius(r) ? r : located ? DEFAULT_RADIUS_WITH_LOCATION_MILES : DEFAULT_RADIUS_MILES;
  return {
    pickupText: pickup?.name ?? '',
    pickup,
    pickupRadius: radius(criteria.pickup?.radius?.value, pickup !== null),
    deliveryText: delivery?.name ?? '',
    delivery,
    deliveryRadius: radius(criteria.delivery?.radius?.value, delivery !== null),
    ...keepFutureDates(date?.start ?? null, date?.end ?? null, today),
    categories: criteria.type === 'recommended' ? [...SEARCH_CATEGORIES] : [...(criteria.categories ?? [])],
    filters: filters as FormFilters,
  };
};

/** A kept date range never starts in the past: a start before today becomes today, an end before today is dropped. */
export const keepFutureDates = (
  start: string | null,
  end: string | null,
  today: string | null,
): { dateStart: string | null; dateEnd: string | null } => {
  if (today === null) return { dateStart: start, dateEnd: end };
  return {
    dateStart: start !== null && start < today ? today : start,
    dateEnd: end !== null && end < today ? null : end,
  };
};

/**
 * What the page starts from (spec §9 storage, §5 restore rule): the filters stored for this user, else the
 * default search of search-info, else an empty form; each tab's stored sort, except a location-based one when
 * the registered address has no point; stored toggles are clamped to the tab's full range.
 */
export const restoreSearch = (
  setup: SearchSetup,
  input: FindWorkInput,
): { form: SearchForm; tabs: Record<TabId, TabState> } => {
  const filters = setup.filters?.userId === input.userId ? setup.filters : null;
  const sorts = setup.sorts?.userId === input.userId ? setup.sorts.sorts : {};
  const form = filters
    ? { ...filters.form, ...keepFutureDates(filters.form.dateStart, filters.form.dateEnd, input.today) }
    : setup.info
      ? formFromCriteria(setup.info.default_search, input.today)
      : emptyForm(input.today);
  const tabs = mapTabs((tab) => {
    const stored = sorts[tab];
    const locationBased = stored !== undefined && LOCATION_SORTS.some((id) => stored[id] !== undefined);
    const sort = stored && !(locationBased && !input.homeHasPoint) ? stored : DEFAULT_SORT[tab];
    const toggles = filters?.toggles[tab] ?? defaultToggles(tab);
    return emptyTab(tab, sort, { ...toggles, capacity: clampCapacity(tab, toggles.capacity) });
  });
  return { form, tabs };
};

export const clampCapacity = (tab: TabId, c: CapacitySelection): CapacitySelection => {
  const full = FULL_CAPACITY[tab];
  const min = Math.min(Math.max(c.min, full.min), full.max);
  return { min, max: Math.max(Math.min(c.max, full.max), min) };
};

/** Adds or removes one value of a list (a category, a sub-filter value, an allocation method). */
export const toggle = <T>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** Rows of a next page appended without repeating a listing already shown (a job may move between pages). */
export const appendRows = <R extends { id: number; kind: string }>(rows: readonly R[], more: readonly R[]): R[] => {
  const seen = new Set(rows.map((r) => `${r.kind}:${r.id}`));
  return [...rows, ...more.filter((r) => !seen.has(`${r.kind}:${r.id}`))];
};

export const ALL_CATEGORIES: readonly SearchCategory[] = SEARCH_CATEGORIES;
