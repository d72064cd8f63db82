import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { Place } from '@/schemas/place';
import { SearchLocation } from '@/schemas/search';
import { placeName, toSearchLocation } from './to-search-location';

const place = (fields: Partial<Place> = {}) =>
  Schema.decodeUnknownSync(Place)({
    id: 'town:leeds',
    lat: 53.7997,
    lng: -1.5492,
    postcode: null,
    postalTown: 'Leeds',
    shortPostalCode: 'LS1',
    town: 'Leeds',
    nuts1: { code: 'UKE', name: 'Yorkshire and The Humber', short_name: 'Yorkshire' },
    ...fields,
  });

describe('toSearchLocation', () => {
  it('names the place by town and short postcode, and moves lng to lon', () => {
    expect(toSearchLocation(place())).toEqual({ name: 'Leeds (LS1)', lat: 53.7997, lon: -1.5492 });
  });

  it('names a place without a short postcode by its town alone', () => {
    expect(placeName(place({ shortPostalCode: null }))).toBe('Leeds');
  });

  it('gives a location the search schema accepts', () => {
    const location = toSearchLocation(place({ town: 'Newcastle upon Tyne', shortPostalCode: 'NE1' }));
    expect(Schema.decodeUnknownSync(SearchLocation)(location)).toEqual(location);
  });
});
