import type { Place } from '@/schemas/place';
import type { SearchLocation } from '@/schemas/search';

/**
 * The name a place is shown and searched under: its town and, when known, its short postcode in brackets
 * ("Manchester (M1)"); the town alone otherwise.
 */
export const placeName = (place: Place): string =>
  place.shortPostalCode ? `${place.town} (${place.shortPostalCode})` : place.town;

/**
 * A chosen place as the search's location (spec §3 search parameters): the name shown in the field, and the point
 * (`lng` becomes `lon`, as the search spells it). No boundaries: the offline places are points.
 */
export const toSearchLocation = (place: Place): SearchLocation => ({
  name: placeName(place),
  lat: place.lat,
  lon: place.lng,
});
