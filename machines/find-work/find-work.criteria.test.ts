// @vitest-environment jsdom
import { Schema } from 'effect';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { SEARCH_CATEGORIES, SearchCriteria, SearchInfo, type SearchLocation } from '@/schemas/search';
import { fetchSearchInfo } from '@/src/api/find-work';
import { FILTERS_KEY, loadSetup, SORTS_KEY, writeStored } from './find-work.actors';
import {
  appendRows,
  canSearch,
  capacityToSend,
  chooseSort,
  clampCapacity,
  countsCriteria,
  criteriaFor,
  DEFAULT_SORT,
  defaultToggles,
  emptyForm,
  emptyTab,
  filterCount,
  formFromCriteria,
  FULL_CAPACITY,
  hasPlaceText,
  keepFutureDates,
  radiusAfterChoosing,
  restoreSearch,
  sortOrderOf,
  toggle,
  validate,
} from './find-work.criteria';
import type {
  FindWorkInput,
  SearchForm,
  SearchSetup,
  StoredFilters,
  StoredSorts,
  TabId,
  TabToggles,
} from './find-work.types';

vi.mock('@/src/api/find-work', () => ({ fetchSearchInfo: vi.fn(), fetchTabCounts: vi.fn(), searchJobs: vi.fn() }));

const today = '2026-11-20';
const manchester: SearchLocation = { name: 'Manchester (M1)', lat: 53.4808, lon: -2.2426 };
const leeds: SearchLocation = { name: 'Leeds (LS1)', lat: 53.7997, lon: -1.5492 };
const input: FindWorkInput = { userId: 7, homeHasPoint: true, today };

/** A form ready to search: a pickup place chosen and two categories. */
const form = (change: Partial<SearchForm> = {}): SearchForm => ({
  ...emptyForm(today),
  pickupText: manchester.name,
  pickup: manchester,
  pickupRadius: 20,
  categories: ['house_move', 'piano'],
  ...change,
});
const toggles = (change: Partial<TabToggles> = {}, tab: TabId = 'instant'): TabToggles => ({
  ...defaultToggles(tab),
  ...change,
});
const decodeCriteria = Schema.decodeUnknownSync(SearchCriteria);

describe('chooseSort', () => {
  it('clears the other sort values of the tab and sets the chosen one', () => {
    expect(chooseSort({ date: 'asc', payout: 'desc' }, 'volume', 'asc')).toEqual({ volume: 'asc' });
    expect(chooseSort({ payout: 'desc' }, 'payout', 'asc')).toEqual({ payout: 'asc' });
    expect(chooseSort({}, 'pickup_proximity', 'desc')).toEqual({ pickup_proximity: 'desc' });
  });
});

describe('sortOrderOf', () => {
  it('names the order the sort value sends, or none without one', () => {
    expect(sortOrderOf({ payout: 'desc' })).toBe('payout_desc');
    expect(sortOrderOf({ created_at: 'asc' })).toBe('created_at_asc');
    expect(sortOrderOf({ delivery_proximity: 'asc' })).toBe('delivery_proximity_asc');
    expect(sortOrderOf({})).toBeUndefined();
    expect(sortOrderOf({ date: undefined })).toBeUndefined();
  });

  it('gives the default sort of each tab as spec §9 says', () => {
    expect(sortOrderOf(DEFAULT_SORT.instant)).toBe('date_asc');
    expect(sortOrderOf(DEFAULT_SORT.auction)).toBe('date_asc');
    expect(sortOrderOf(DEFAULT_SORT.journey)).toBe('created_at_desc');
    expect(sortOrderOf(DEFAULT_SORT.recommended)).toBe('date_asc');
  });
});

describe('radiusAfterChoosing', () => {
  it('widens 5 miles to 20 when a place is first chosen for that end', () => {
    expect(radiusAfterChoosing(null, manchester, 5)).toBe(20);
  });

  it('keeps a radius the partner chose', () => {
    expect(radiusAfterChoosing(null, manchester, 10)).toBe(10);
    expect(radiusAfterChoosing(null, manchester, 200)).toBe(200);
  });

  it('keeps 5 miles when a place replaces another, is cleared, or none is chosen', () => {
    expect(radiusAfterChoosing(manchester, leeds, 5)).toBe(5);
    expect(radiusAfterChoosing(manchester, null, 5)).toBe(5);
    expect(radiusAfterChoosing(null, null, 5)).toBe(5);
  });
});

describe('hasPlaceText', () => {
  it('takes text at either end, and whitespace only as no text', () => {
    expect(hasPlaceText(form())).toBe(true);
    expect(hasPlaceText(form({ pickupText: '', deliveryText: ' L' }))).toBe(true);
    expect(hasPlaceText(form({ pickupText: '', deliveryText: '' }))).toBe(false);
    expect(hasPlaceText(form({ pickupText: '   ', deliveryText: '\t\n' }))).toBe(false);
  });
});

describe('validate and canSearch', () => {
  it('needs a pickup or a delivery place', () => {
    expect(validate(form())).toEqual({ place: false, categories: false });
    expect(validate(form({ pickup: null, delivery: leeds, deliveryText: leeds.name }))).toEqual({
      place: false,
      categories: false,
    });
    expect(validate(form({ pickup: null }))).toEqual({ place: true, categories: false });
    expect(canSearch(form({ pickup: null, delivery: leeds }))).toBe(true);
    expect(canSearch(form({ pickup: null }))).toBe(false);
  });

  it('needs at least one category', () => {
    expect(validate(form({ categories: [] }))).toEqual({ place: false, categories: true });
    expect(validate(form({ pickup: null, categories: [] }))).toEqual({ place: true, categories: true });
    expect(canSearch(form({ categories: ['parcels'] }))).toBe(true);
    expect(canSearch(form({ categories: [] }))).toBe(false);
  });

  it('searches only with place text, even with a place chosen', () => {
    expect(canSearch(form({ pickupText: '  ' }))).toBe(false);
  });
});

describe('capacityToSend', () => {
  it('sends nothing for the full range of the tab', () => {
    expect(capacityToSend('instant', { min: 1, max: 10 })).toBeUndefined();
    expect(capacityToSend('auction', { min: 1, max: 10 })).toBeUndefined();
    expect(capacityToSend('recommended', { min: 1, max: 10 })).toBeUndefined();
    expect(capacityToSend('journey', { min: 8, max: 60 })).toBeUndefined();
  });

  it('sends null for an end left at its limit', () => {
    expect(capacityToSend('instant', { min: 1, max: 9 })).toEqual({ min: null, max: 9 });
    expect(capacityToSend('instant', { min: 2, max: 10 })).toEqual({ min: 2, max: null });
    expect(capacityToSend('journey', { min: 8, max: 59 })).toEqual({ min: null, max: 59 });
    expect(capacityToSend('journey', { min: 9, max: 60 })).toEqual({ min: 9, max: null });
  });

  it('sends both ends when both are narrowed', () => {
    expect(capacityToSend('instant', { min: 3, max: 7 })).toEqual({ min: 3, max: 7 });
    expect(capacityToSend('journey', { min: 10, max: 40 })).toEqual({ min: 10, max: 40 });
  });

  it('counts a value beyond the range as at the limit', () => {
    expect(capacityToSend('instant', { min: 0, max: 11 })).toBeUndefined();
    expect(capacityToSend('instant', { min: -5, max: 4 })).toEqual({ min: null, max: 4 });
    expect(capacityToSend('journey', { min: 12, max: 100 })).toEqual({ min: 12, max: null });
  });

  it('measures journeys against 8–60 and jobs against 1–10', () => {
    expect(FULL_CAPACITY).toEqual({
      instant: { min: 1, max: 10 },
      auction: { min: 1, max: 10 },
      journey: { min: 8, max: 60 },
      recommended: { min: 1, max: 10 },
    });
    expect(capacityToSend('journey', { min: 1, max: 10 })).toEqual({ min: null, max: 10 });
    expect(capacityToSend('instant', { min: 8, max: 60 })).toEqual({ min: 8, max: null });
  });
});

describe('filterCount', () => {
  it('counts each narrowed sub-filter, not empty ones', () => {
    expect(filterCount(form(), toggles(), 'instant')).toBe(0);
    expect(filterCount(form({ filters: { piano_type: ['upright'], people: [] } }), toggles(), 'instant')).toBe(1);
    expect(
      filterCount(
        form({ filters: { piano_type: ['upright', 'grand'], people: ['two_people'] } }),
        toggles(),
        'instant',
      ),
    ).toBe(2);
  });

  it('never counts allocation_method, as a toggle or in the form', () => {
    const allocation = toggles({ allocation_method: ['click_and_claim', 'express_interest'] });
    expect(filterCount(form(), allocation, 'instant')).toBe(0);
    const stray = form({ filters: { allocation_method: ['click_and_claim'] } as unknown as SearchForm['filters'] });
    expect(filterCount(stray, toggles(), 'instant')).toBe(0);
  });

  it('counts a narrowed capacity once, whichever ends are narrowed', () => {
    expect(filterCount(form(), toggles({ capacity: { min: 2, max: 10 } }), 'instant')).toBe(1);
    expect(filterCount(form(), toggles({ capacity: { min: 2, max: 9 } }), 'instant')).toBe(1);
    expect(
      filterCount(form({ filters: { package: ['premium'] } }), toggles({ capacity: { min: 2, max: 9 } }), 'instant'),
    ).toBe(2);
    expect(filterCount(form(), toggles({}, 'journey'), 'journey')).toBe(0);
    expect(filterCount(form(), toggles({ capacity: { min: 8, max: 30 } }, 'journey'), 'journey')).toBe(1);
  });
});

describe('criteriaFor', () => {
  it('sends only type, page and limit for the recommended tab', () => {
    const state = emptyTab('recommended', { payout: 'desc' }, toggles({ allocation_method: ['click_and_claim'] }));
    expect(criteriaFor(form({ filters: { piano_type: ['grand'] } }), 'recommended', state, 3)).toEqual({
      type: 'recommended',
      page: 3,
      limit: 20,
    });
  });

  it('sends the whole search of a tab, with its order, and decodes as the server does', () => {
    const criteria = criteriaFor(
      form({ dateStart: '2026-11-22', dateEnd: '2026-11-30', delivery: leeds, deliveryRadius: 10 }),
      'auction',
      emptyTab('auction', { payout: 'desc' }),
      2,
    );
    expect(criteria).toEqual({
      type: 'auction',
      pickup: {
        location: manchester,
        radius: { value: 20, unit: 'mi' },
        date: { start: '2026-11-22', end: '2026-11-30' },
      },
      delivery: { location: leeds, radius: { value: 10, unit: 'mi' } },
      categories: ['house_move', 'piano'],
      filters: {},
      page: 2,
      limit: 20,
      order: 'payout_desc',
    });
    expect(decodeCriteria(criteria)).toEqual(criteria);
  });

  it('sends dates only when one is set', () => {
    const undated = criteriaFor(form({ dateStart: null, dateEnd: null }), 'instant', emptyTab('instant'), 1);
    expect(undated.pickup).not.toHaveProperty('date');
    const endOnly = criteriaFor(form({ dateStart: null, dateEnd: '2026-12-01' }), 'instant', emptyTab('instant'), 1);
    expect(endOnly.pickup?.date).toEqual({ start: null, end: '2026-12-01' });
    const startOnly = criteriaFor(form(), 'instant', emptyTab('instant'), 1);
    expect(startOnly.pickup?.date).toEqual({ start: today, end: null });
  });

  it('sends the order of the sort, and none without a sort', () => {
    expect(criteriaFor(form(), 'journey', emptyTab('journey'), 1).order).toBe('created_at_desc');
    expect(criteriaFor(form(), 'instant', emptyTab('instant', {}), 1)).not.toHaveProperty('order');
  });

  it('merges the allocation toggles into the filters and drops empty sub-filter lists', () => {
    const state = emptyTab('instant', DEFAULT_SORT.instant, toggles({ allocation_method: ['express_interest'] }));
    const criteria = criteriaFor(form({ filters: { piano_type: ['upright'], people: [] } }), 'instant', state, 1);
    expect(criteria.filters).toEqual({ piano_type: ['upright'], allocation_method: ['express_interest'] });
    expect(criteriaFor(form({ filters: { people: [] } }), 'instant', emptyTab('instant'), 1).filters).toEqual({});
  });

  it('sends capacity only when narrowed, per the tab’s range', () => {
    expect(criteriaFor(form(), 'instant', emptyTab('instant'), 1)).not.toHaveProperty('capacity');
    const narrowed = emptyTab('journey', DEFAULT_SORT.journey, toggles({ capacity: { min: 8, max: 30 } }, 'journey'));
    expect(criteriaFor(form(), 'journey', narrowed, 1).capacity).toEqual({ min: null, max: 30 });
  });
});

describe('countsCriteria', () => {
  it('sends the shared search of the instant tab, without order, capacity or allocation', () => {
    const criteria = countsCriteria(form({ filters: { piano_type: ['upright'], people: [] } }));
    expect(criteria).not.toHaveProperty('order');
    expect(criteria).not.toHaveProperty('capacity');
    expect(criteria).toEqual({
      type: 'instant',
      pickup: { location: manchester, radius: { value: 20, unit: 'mi' }, date: { start: today, end: null } },
      delivery: { location: null, radius: { value: 5, unit: 'mi' } },
      categories: ['house_move', 'piano'],
      filters: { piano_type: ['upright'] },
      page: 1,
      limit: 20,
    });
  });
});

describe('formFromCriteria', () => {
  const criteria = (c: unknown) => decodeCriteria(c);

  it('falls back to 20 miles for a located end without a radius, 5 miles for an end without a place', () => {
    const f = formFromCriteria(
      criteria({ type: 'instant', pickup: { location: manchester }, categories: ['piano'] }),
      today,
    );
    expect(f).toMatchObject({ pickup: manchester, pickupText: manchester.name, pickupRadius: 20 });
    expect(f).toMatchObject({ delivery: null, deliveryText: '', deliveryRadius: 5 });
  });

  it('keeps a radius the criteria give, and replaces one outside the options', () => {
    const given = criteria({
      type: 'instant',
      pickup: { location: manchester, radius: { value: 50, unit: 'mi' } },
      delivery: { location: null, radius: { value: 100, unit: 'mi' } },
      categories: ['piano'],
    });
    expect(formFromCriteria(given, today)).toMatchObject({ pickupRadius: 50, deliveryRadius: 100 });
    const odd = {
      ...given,
      pickup: { location: manchester, radius: { value: 7, unit: 'mi' } },
    } as unknown as SearchCriteria;
    expect(formFromCriteria(odd, today).pickupRadius).toBe(20);
  });

  it('gives every category for a recommended search', () => {
    const f = formFromCriteria(criteria({ type: 'recommended', categories: ['piano'] }), today);
    expect(f.categories).toEqual([...SEARCH_CATEGORIES]);
    expect(formFromCriteria(criteria({ type: 'recommended' }), today).categories).toEqual([...SEARCH_CATEGORIES]);
  });

  it('drops allocation_method from the form filters', () => {
    const f = formFromCriteria(
      criteria({
        type: 'instant',
        pickup: { location: manchester },
        categories: ['piano'],
        filters: { allocation_method: ['click_and_claim'], piano_type: ['grand'] },
      }),
      today,
    );
    expect(f.filters).toEqual({ piano_type: ['grand'] });
  });

  it('keeps future dates only', () => {
    const dated = (start: string | null, end: string | null) =>
      formFromCriteria(
        criteria({ type: 'instant', pickup: { location: manchester, date: { start, end } }, categories: ['piano'] }),
        today,
      );
    expect(dated('2026-11-01', '2026-11-10')).toMatchObject({ dateStart: today, dateEnd: null });
    expect(dated('2026-11-01', '2026-11-25')).toMatchObject({ dateStart: today, dateEnd: '2026-11-25' });
    expect(dated('2026-11-21', null)).toMatchObject({ dateStart: '2026-11-21', dateEnd: null });
    expect(formFromCriteria(criteria({ type: 'instant', categories: ['piano'] }), today)).toMatchObject({
      dateStart: null,
      dateEnd: null,
    });
  });
});

describe('keepFutureDates', () => {
  it('keeps a start of today and later', () => {
    expect(keepFutureDates(today, '2026-11-21', today)).toEqual({ dateStart: today, dateEnd: '2026-11-21' });
    expect(keepFutureDates('2026-11-21', null, today)).toEqual({ dateStart: '2026-11-21', dateEnd: null });
  });

  it('moves a start before today to today', () => {
    expect(keepFutureDates('2026-11-19', '2026-11-22', today)).toEqual({ dateStart: today, dateEnd: '2026-11-22' });
  });

  it('keeps an end of today, drops an end before today', () => {
    expect(keepFutureDates(null, today, today)).toEqual({ dateStart: null, dateEnd: today });
    expect(keepFutureDates(null, '2026-11-19', today)).toEqual({ dateStart: null, dateEnd: null });
    expect(keepFutureDates('2026-10-01', '2026-10-31', today)).toEqual({ dateStart: today, dateEnd: null });
  });

  it('keeps open ends open, and everything without a today', () => {
    expect(keepFutureDates(null, null, today)).toEqual({ dateStart: null, dateEnd: null });
    expect(keepFutureDates('2020-01-01', '2020-01-02', null)).toEqual({
      dateStart: '2020-01-01',
      dateEnd: '2020-01-02',
    });
  });
});

describe('restoreSearch', () => {
  const info = Schema.decodeUnknownSync(SearchInfo)({
    default_search: {
      type: 'instant',
      pickup: { location: leeds, radius: { value: 50, unit: 'mi' } },
      categories: ['parcels'],
      order: 'date_asc',
    },
    most_recent_searches: { pickup: [], delivery: [] },
  });
  const storedForm = form({ dateStart: '2026-11-01', dateEnd: '2026-11-30' });
  const storedFilters = (userId: number, change: Partial<Record<TabId, TabToggles>> = {}) =>
    ({
      userId,
      form: storedForm,
      toggles: {
        instant: defaultToggles('instant'),
        auction: defaultToggles('auction'),
        journey: defaultToggles('journey'),
        recommended: defaultToggles('recommended'),
        ...change,
      },
    }) satisfies StoredFilters;
  const sorts = (userId: number, s: StoredSorts['sorts']): StoredSorts => ({ userId, sorts: s });
  const setup = (change: Partial<SearchSetup>): SearchSetup => ({ info, filters: null, sorts: null, ...change });

  it('restores this user’s stored form, with past dates moved on', () => {
    const { form: restored } = restoreSearch(setup({ filters: storedFilters(7) }), input);
    expect(restored).toEqual({ ...storedForm, dateStart: today, dateEnd: '2026-11-30' });
  });

  it('ignores the filters and sorts another user stored', () => {
    const restored = restoreSearch(
      setup({ filters: storedFilters(8), sorts: sorts(8, { instant: { payout: 'desc' } }) }),
      input,
    );
    expect(restored.form).toEqual(formFromCriteria(info.default_search, today));
    expect(restored.form.pickup).toEqual(leeds);
    expect(restored.tabs.instant.sort).toEqual(DEFAULT_SORT.instant);
  });

  it('starts from an empty form without stored filters or search-info', () => {
    expect(restoreSearch(setup({ info: null }), input).form).toEqual(emptyForm(today));
  });

  it('drops a stored location-based sort when the registered address has no point, keeps it when it has', () => {
    const stored = sorts(7, { instant: { pickup_proximity: 'asc' }, journey: { delivery_proximity: 'desc' } });
    const without = restoreSearch(setup({ sorts: stored }), { ...input, homeHasPoint: false });
    expect(without.tabs.instant.sort).toEqual(DEFAULT_SORT.instant);
    expect(without.tabs.journey.sort).toEqual(DEFAULT_SORT.journey);
    const withPoint = restoreSearch(setup({ sorts: stored }), input);
    expect(withPoint.tabs.instant.sort).toEqual({ pickup_proximity: 'asc' });
    expect(withPoint.tabs.journey.sort).toEqual({ delivery_proximity: 'desc' });
  });

  it('keeps a stored sort that is not location-based, whatever the registered address', () => {
    const restored = restoreSearch(setup({ sorts: sorts(7, { auction: { payout: 'desc' } }) }), {
      ...input,
      homeHasPoint: false,
    });
    expect(restored.tabs.auction.sort).toEqual({ payout: 'desc' });
    expect(restored.tabs.instant.sort).toEqual(DEFAULT_SORT.instant);
  });

  it('clamps stored toggles to each tab’s range and starts every list empty', () => {
    const filters = storedFilters(7, {
      instant: { allocation_method: ['click_and_claim'], capacity: { min: 0, max: 99 } },
      journey: { allocation_method: [], capacity: { min: 2, max: 30 } },
    });
    const { tabs } = restoreSearch(setup({ filters }), input);
    expect(tabs.instant.toggles).toEqual({ allocation_method: ['click_and_claim'], capacity: { min: 1, max: 10 } });
    expect(tabs.journey.toggles.capacity).toEqual({ min: 8, max: 30 });
    expect(tabs.auction).toEqual(emptyTab('auction'));
    for (const tab of Object.values(tabs))
      expect(tab).toMatchObject({ rows: [], page: 0, total: null, complete: false });
  });
});

describe('clampCapacity', () => {
  it('keeps a selection inside the range as it is', () => {
    expect(clampCapacity('instant', { min: 1, max: 10 })).toEqual({ min: 1, max: 10 });
    expect(clampCapacity('journey', { min: 9, max: 59 })).toEqual({ min: 9, max: 59 });
  });

  it('moves each end outside the range to the limit', () => {
    expect(clampCapacity('instant', { min: 0, max: 11 })).toEqual({ min: 1, max: 10 });
    expect(clampCapacity('journey', { min: 1, max: 100 })).toEqual({ min: 8, max: 60 });
  });

  it('never leaves max below min', () => {
    expect(clampCapacity('instant', { min: 7, max: 3 })).toEqual({ min: 7, max: 7 });
    expect(clampCapacity('instant', { min: 20, max: 30 })).toEqual({ min: 10, max: 10 });
    expect(clampCapacity('journey', { min: 1, max: 2 })).toEqual({ min: 8, max: 8 });
  });
});

describe('toggle', () => {
  it('adds a missing value at the end and removes a present one, leaving the list as it was', () => {
    const list: readonly string[] = ['piano', 'parcels'];
    expect(toggle(list, 'ebay')).toEqual(['piano', 'parcels', 'ebay']);
    expect(toggle(list, 'piano')).toEqual(['parcels']);
    expect(toggle([], 'piano')).toEqual(['piano']);
    expect(list).toEqual(['piano', 'parcels']);
  });
});

describe('appendRows', () => {
  it('drops rows already shown, by kind and id, keeping the order of both pages', () => {
    const row = (kind: string, id: number) => ({ kind, id });
    const shown = [row('instant', 1), row('auction', 2)];
    expect(
      appendRows(shown, [
        row('instant', 3),
        row('instant', 1),
        row('journey', 2),
        row('auction', 2),
        row('auction', 4),
      ]),
    ).toEqual([row('instant', 1), row('auction', 2), row('instant', 3), row('journey', 2), row('auction', 4)]);
    expect(appendRows([], [row('instant', 1)])).toEqual([row('instant', 1)]);
    expect(appendRows(shown, [])).toEqual(shown);
  });
});

describe('local storage of find work', () => {
  const sorted: StoredSorts = { userId: 7, sorts: { instant: { payout: 'desc' } } };

  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('writes a value as JSON under its key', () => {
    writeStored(SORTS_KEY, sorted);
    expect(JSON.parse(localStorage.getItem(SORTS_KEY)!)).toEqual(sorted);
  });

  it('survives a storage that refuses to write', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => writeStored(SORTS_KEY, sorted)).not.toThrow();
    expect(setItem).toHaveBeenCalledOnce();
    expect(localStorage.getItem(SORTS_KEY)).toBeNull();
  });

  it('survives having no storage at all', () => {
    vi.stubGlobal('localStorage', undefined);
    try {
      expect(() => writeStored(SORTS_KEY, sorted)).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  describe('loadSetup', () => {
    const info = { default_search: { type: 'recommended', page: 1, limit: 20 } } as unknown as SearchInfo;
    const load = () => toPromise(createActor(loadSetup).start());
    beforeEach(() => vi.mocked(fetchSearchInfo).mockResolvedValue(info));

    it('reads back what writeStored kept, with search-info', async () => {
      const filters = { userId: 7, form: form(), toggles: {} } as unknown as StoredFilters;
      writeStored(FILTERS_KEY, filters);
      writeStored(SORTS_KEY, sorted);
      expect(await load()).toEqual({ info, filters, sorts: sorted });
    });

    it('ignores stored values of another shape, and unreadable ones', async () => {
      localStorage.setItem(FILTERS_KEY, JSON.stringify({ form: form() }));
      localStorage.setItem(SORTS_KEY, '{not json');
      expect(await load()).toEqual({ info, filters: null, sorts: null });
      localStorage.setItem(FILTERS_KEY, JSON.stringify({ userId: 7, toggles: {} }));
      localStorage.setItem(SORTS_KEY, JSON.stringify({ userId: '7', sorts: {} }));
      expect(await load()).toEqual({ info, filters: null, sorts: null });
    });

    it('reads nothing from a storage that refuses to read', async () => {
      writeStored(SORTS_KEY, sorted);
      const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      });
      expect(await load()).toEqual({ info, filters: null, sorts: null });
      expect(getItem).toHaveBeenCalledTimes(2);
    });
  });
});
