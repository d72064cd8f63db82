import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { SavedSearch } from '@/schemas/saved-search';
import { SearchCriteria } from '@/schemas/search';
import { findSaved, sameSearch, withLoaded, withSaved } from './saved-search.criteria';

const decode = Schema.decodeUnknownSync(SearchCriteria);
const manchester = { name: 'Manchester (M1)', lat: 53.4808, lon: -2.2426 };
const leeds = { name: 'Leeds (LS1)', lat: 53.7997, lon: -1.5492 };

/** A search as the find-work form sends it (page 1 of the instant tab), with `change` laid over it (undefined: left out). */
const criteria = (change: Record<string, unknown> = {}): SearchCriteria => {
  const fields: Record<string, unknown> = {
    type: 'instant',
    pickup: { location: manchester, radius: { value: 20, unit: 'mi' }, date: { start: '2026-11-20', end: null } },
    delivery: { location: null, radius: { value: 5, unit: 'mi' } },
    categories: ['house_move', 'piano'],
    filters: { piano_type: ['upright', 'grand'] },
    page: 1,
    limit: 20,
    order: 'date_asc',
    ...change,
  };
  return decode(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
};

const saved = (id: number, of: SearchCriteria, isDefault = false): SavedSearch =>
  Schema.decodeUnknownSync(SavedSearch)({
    id,
    name: isDefault ? 'Default search' : `Search ${id}`,
    criteria: Schema.encodeSync(SearchCriteria)(of),
    is_default: isDefault,
    created_at: '2026-11-10T09:00:00Z',
  });

describe('sameSearch', () => {
  it('ignores the order of keys, at every level', () => {
    // decoding puts keys in the schema's order: criteria built elsewhere (or read back) need not be decoded
    const reversed = (value: unknown): unknown =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([k, v]) => [k, reversed(v)]),
          )
        : value;
    const reordered = reversed(criteria()) as SearchCriteria;
    expect(Object.keys(reordered)).toEqual(Object.keys(criteria()).reverse());
    expect(Object.keys(reordered.pickup!)).toEqual(Object.keys(criteria().pickup!).reverse());
    expect(sameSearch(reordered, criteria())).toBe(true);
    expect(sameSearch(criteria(), reordered)).toBe(true);
  });

  it('ignores paging, the sort and how the results are shown', () => {
    expect(sameSearch(criteria({ page: 7, limit: 50 }), criteria())).toBe(true);
    expect(sameSearch(criteria({ order: 'payout_desc', proximity: { lat: 51.5, lng: -0.1 } }), criteria())).toBe(true);
    expect(sameSearch(criteria({ desktopMode: true }), criteria())).toBe(true);
  });

  it("ignores a place's name and bounds: the search uses its point and radius", () => {
    const renamed = { ...manchester, name: 'Manchester city centre' };
    const bounded = { ...manchester, boundaries: { northeast: { lat: 54, lng: -2 }, southwest: { lat: 53, lng: -3 } } };
    expect(
      sameSearch(
        criteria({ pickup: { location: renamed, radius: { value: 20, unit: 'mi' } } }),
        criteria({ pickup: { location: manchester, radius: { value: 20, unit: 'mi' } } }),
      ),
    ).toBe(true);
    expect(
      sameSearch(
        criteria({ pickup: { location: bounded, radius: { value: 20, unit: 'mi' } } }),
        criteria({ pickup: { location: manchester, radius: { value: 20, unit: 'mi' } } }),
      ),
    ).toBe(true);
  });

  it('takes categories and sub-filter values as sets', () => {
    expect(sameSearch(criteria({ categories: ['piano', 'house_move'] }), criteria())).toBe(true);
    expect(sameSearch(criteria({ categories: ['piano', 'house_move', 'piano'] }), criteria())).toBe(true);
    expect(sameSearch(criteria({ filters: { piano_type: ['grand', 'upright'] } }), criteria())).toBe(true);
  });

  it('takes an empty or null value as none', () => {
    const plain = criteria({ filters: {}, delivery: undefined, pickup: { location: manchester } });
    expect(sameSearch(criteria({ filters: { people: [] }, pickup: { location: manchester } }), plain)).toBe(true);
    expect(sameSearch(criteria({ filters: undefined, pickup: { location: manchester } }), plain)).toBe(true);
    expect(sameSearch(criteria({ filters: {}, capacity: null, pickup: { location: manchester } }), plain)).toBe(true);
    expect(
      sameSearch(
        criteria({ filters: {}, capacity: { min: null, max: null }, pickup: { location: manchester } }),
        plain,
      ),
    ).toBe(true);
    expect(sameSearch(criteria({ filters: {}, pickup: { location: manchester, date: null } }), plain)).toBe(true);
    expect(sameSearch(criteria({ filters: {}, pickup: { location: manchester, date: { start: null } } }), plain)).toBe(
      true,
    );
  });

  it('takes a located end without a radius as 20 miles, and ignores the radius of an end with no place', () => {
    const located = criteria({ pickup: { location: manchester } });
    expect(sameSearch(located, criteria({ pickup: { location: manchester, radius: { value: 20, unit: 'mi' } } }))).toBe(
      true,
    );
    expect(sameSearch(located, criteria({ pickup: { location: manchester, radius: { value: 10, unit: 'mi' } } }))).toBe(
      false,
    );
    expect(sameSearch(criteria({ delivery: { location: null, radius: { value: 200, unit: 'mi' } } }), criteria())).toBe(
      true,
    );
    expect(sameSearch(criteria({ delivery: undefined }), criteria())).toBe(true);
  });

  it('tells apart searches that find other listings', () => {
    const base = criteria();
    expect(sameSearch(criteria({ type: 'auction' }), base)).toBe(false);
    expect(
      sameSearch(
        criteria({ pickup: { location: leeds, radius: { value: 20, unit: 'mi' }, date: { start: '2026-11-20' } } }),
        base,
      ),
    ).toBe(false);
    expect(
      sameSearch(
        criteria({
          pickup: {
            location: { ...manchester, lat: 53.5 },
            radius: { value: 20, unit: 'mi' },
            date: { start: '2026-11-20' },
          },
        }),
        base,
      ),
    ).toBe(false);
    expect(
      sameSearch(
        criteria({
          pickup: { location: manchester, radius: { value: 20, unit: 'mi' }, date: { start: '2026-11-21' } },
        }),
        base,
      ),
    ).toBe(false);
    expect(
      sameSearch(
        criteria({
          pickup: {
            location: manchester,
            radius: { value: 20, unit: 'mi' },
            date: { start: '2026-11-20', end: '2026-11-30' },
          },
        }),
        base,
      ),
    ).toBe(false);
    expect(sameSearch(criteria({ delivery: { location: leeds, radius: { value: 5, unit: 'mi' } } }), base)).toBe(false);
    expect(sameSearch(criteria({ categories: ['house_move'] }), base)).toBe(false);
    expect(sameSearch(criteria({ filters: { piano_type: ['upright'] } }), base)).toBe(false);
    expect(
      sameSearch(
        criteria({ filters: { piano_type: ['upright', 'grand'], allocation_method: ['click_and_claim'] } }),
        base,
      ),
    ).toBe(false);
    expect(sameSearch(criteria({ capacity: { min: 2, max: null } }), base)).toBe(false);
    expect(
      sameSearch(criteria({ capacity: { min: null, max: 2 } }), criteria({ capacity: { min: 2, max: null } })),
    ).toBe(false);
  });

  it('compares recommended searches by their type alone (spec §7: it sends only page, limit and type)', () => {
    expect(sameSearch(decode({ type: 'recommended' }), criteria({ type: 'recommended', page: 3 }))).toBe(true);
    expect(sameSearch(decode({ type: 'recommended' }), criteria())).toBe(false);
  });
});

describe('findSaved', () => {
  it('finds the saved search with the same search, the first of several', () => {
    const named = saved(1, criteria({ page: 2 }));
    const byDefault = saved(2, criteria(), true);
    expect(findSaved([saved(3, criteria({ type: 'auction' })), named, byDefault], criteria())).toBe(named);
    expect(findSaved([saved(3, criteria({ type: 'auction' }))], criteria())).toBeUndefined();
    expect(findSaved([], criteria())).toBeUndefined();
  });
});

describe('withSaved', () => {
  const one = saved(1, criteria({ type: 'auction' }), true);
  const two = saved(2, criteria());

  it('adds a search saved under a name, keeping every other', () => {
    const three = saved(3, criteria({ type: 'journey' }));
    expect(withSaved([one, two], three)).toEqual([one, two, three]);
  });

  it('replaces the previous default with a new default (the server deleted it)', () => {
    const newDefault = saved(4, criteria({ type: 'journey' }), true);
    expect(withSaved([one, two], newDefault)).toEqual([two, newDefault]);
  });

  it('keeps one entry per id', () => {
    expect(withSaved([one, two], two)).toEqual([one, two]);
  });
});

describe('withLoaded', () => {
  const listedDefault = saved(1, criteria({ type: 'auction' }), true);
  const listed = saved(2, criteria());

  it('is the list the server sent when nothing was saved meanwhile', () => {
    expect(withLoaded([listedDefault, listed], [])).toEqual([listedDefault, listed]);
  });

  it('keeps the searches saved while the list was on its way', () => {
    const named = saved(3, criteria({ type: 'journey' }));
    expect(withLoaded([listedDefault, listed], [named])).toEqual([listedDefault, listed, named]);
  });

  it('lets a default saved meanwhile replace the default the list still shows', () => {
    const newDefault = saved(4, criteria({ type: 'journey' }), true);
    expect(withLoaded([listedDefault, listed], [newDefault])).toEqual([listed, newDefault]);
  });

  it('takes a search the list already holds once', () => {
    const named = saved(3, criteria({ type: 'journey' }));
    expect(withLoaded([listedDefault, listed, named], [named])).toEqual([listedDefault, listed, named]);
  });
});
