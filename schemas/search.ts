import { Effect, Schema } from 'effect';
import { Money } from './money';
import { Nuts1, RADIUS_OPTIONS_MILES } from './place';
import { CalendarDate, Latitude, Longitude, NonNegativeInt, optional, says, StorableText } from './common';
import { ListingId, ListingKind, SEARCH_CATEGORIES, SearchCategory, SearchType } from './listing-basics';

// the small shapes shared with journeys and won work live in listing-basics.ts; find work's importers keep them here
export { ListingId, ListingKind, SEARCH_CATEGORIES, SearchCategory, SearchType };

/**
 * Find work (spec §3 search parameters, §4 search tabs, §5 find-work rules, §7 search calls, §9 constants).
 * The request shapes are decoded by the server (bodies under `payload`), the responses by the portal.
 */

/**
 * One message for a failed union (Effect's default lists every member: `Expected 5 | 10 | …`). In Effect 4 a message
 * names the failure of the schema or check it is given to, not the failures inside it: a check inside a union that
 * needs the same text carries it too.
 */

/** Spec §9: the default radius, and the one a search with a chosen location starts with. */
export const DEFAULT_RADIUS_MILES = 5;
export const DEFAULT_RADIUS_WITH_LOCATION_MILES = 20;
/** Spec §9 page size; the most one page may hold. */
export const SEARCH_PAGE_SIZE = 20;
export const MAX_SEARCH_LIMIT = 100;
export const MAX_SEARCH_PAGE = 10_000;

export const Radius = Schema.Struct({
  value: Schema.Literals(RADIUS_OPTIONS_MILES).annotate(
    says(`The radius is one of ${RADIUS_OPTIONS_MILES.join(', ')} miles`),
  ),
  unit: Schema.Literal('mi'),
}).annotate({ identifier: 'Radius' });
export type Radius = typeof Radius.Type;

export const LatLng = Schema.Struct({ lat: Latitude, lng: Longitude }).annotate({ identifier: 'LatLng' });

/**
 * A chosen place (spec §3): a name to show, the point (`lon`, as the spec spells it) and optionally the bounds of
 * the place for the map to fit. The search uses the point and the radius; bounds are not a filter.
 */
export const SearchLocation = Schema.Struct({
  name: StorableText.check(Schema.isMaxLength(200, { message: 'A place name is at most 200 characters' })),
  lat: Latitude,
  lon: Longitude,
  boundaries: optional(
    Schema.NullOr(Schema.Struct({ northeast: LatLng, southwest: LatLng }).annotate({ identifier: 'SearchBoundaries' })),
  ),
}).annotate({ identifier: 'SearchLocation' });
export type SearchLocation = typeof SearchLocation.Type;

/** Pickup dates, London calendar, both ends included; either end may be open. */
export const DateRange = Schema.Struct({
  start: optional(Schema.NullOr(CalendarDate).annotate(says('A date is yyyy-MM-dd'))),
  end: optional(Schema.NullOr(CalendarDate).annotate(says('A date is yyyy-MM-dd'))),
})
  .annotate({ identifier: 'DateRange' })
  .check(
    Schema.makeFilter(
      (r) => !r.start || !r.end || r.start <= r.end || { path: ['end'], issue: 'The end is before the start' },
    ),
  );

export const SearchPickup = Schema.Struct({
  location: optional(Schema.NullOr(SearchLocation)),
  /** Around the location; 20 miles when a location comes without one (spec §9). */
  radius: optional(Radius),
  date: optional(Schema.NullOr(DateRange)),
}).annotate({ identifier: 'SearchPickup' });

export const SearchDelivery = Schema.Struct({
  location: optional(Schema.NullOr(SearchLocation)),
  radius: optional(Radius),
}).annotate({ identifier: 'SearchDelivery' });

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  optional(
    Schema.Array(Schema.Literals(values).annotate(says(`Expected one of ${values.join(', ')}`))).check(
      Schema.isMaxLength(values.length * 2),
    ),
  );

/** The values of each sub-filter of spec §3 (the seed draws its job attributes from the same lists). */
export const SUB_FILTER_VALUES = {
  allocation_method: ['click_and_claim', 'express_interest'],
  people: ['one_person', 'two_people', 'three_people'],
  property_access: ['has_lift', 'no_lift'],
  property_type: ['flat', 'house', 'storage', 'flatshare', 'studio'],
  package: ['standard', 'premium'],
  car_weight: ['more_than_1_8_tonnes', 'less_than_1_8_tonnes'],
  vehicle_condition: ['operational', 'non_operational'],
  piano_type: ['upright', 'grand', 'digital', 'concert_grand', 'baby_grand', 'custom'],
  motorbike_type: ['adventure', 'standard', 'cruiser', 'scooter', 'motocross', 'quad', 'sport', 'tourer', 'custom'],
} as const;

/**
 * The sub-filters of spec §3. Each is a list of accepted values (any of them, empty or missing: no filter), and
 * the lists combine with AND. A sub-filter narrows only the listings that carry its attribute: `piano_type`
 * leaves parcels alone and keeps the pianos of those types.
 */
export const SearchFilters = Schema.Struct({
  allocation_method: oneOf(SUB_FILTER_VALUES.allocation_method),
  /** Furniture and removals: how many people the job needs. */
  people: oneOf(SUB_FILTER_VALUES.people),
  property_access: oneOf(SUB_FILTER_VALUES.property_access),
  property_type: oneOf(SUB_FILTER_VALUES.property_type),
  package: oneOf(SUB_FILTER_VALUES.package),
  car_weight: oneOf(SUB_FILTER_VALUES.car_weight),
  /** Cars and motorbikes: whether the vehicle runs. */
  vehicle_condition: oneOf(SUB_FILTER_VALUES.vehicle_condition),
  piano_type: oneOf(SUB_FILTER_VALUES.piano_type),
  motorbike_type: oneOf(SUB_FILTER_VALUES.motorbike_type),
}).annotate({ identifier: 'SearchFilters' });
export type SearchFilters = typeof SearchFilters.Type;

/** Where each sub-filter looks in a listing's `attributes` (allocation_method is a column of its own). */
export const FILTER_ATTRIBUTE = {
  people: 'people',
  property_access: 'property_access',
  property_type: 'property_type',
  package: 'package',
  car_weight: 'weight',
  vehicle_condition: 'condition',
  piano_type: 'piano_type',
  motorbike_type: 'motorbike_type',
} as const satisfies Record<Exclude<keyof SearchFilters, 'allocation_method'>, string>;

const CAPACITY_MESSAGE = 'm3 between 0 and 1000, or null';
/** One end of a volume range: m3 from 0 to 1000, or null (open); every failure says CAPACITY_MESSAGE. */
const CapacityEnd = Schema.NullOr(
  Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1000 }, says(CAPACITY_MESSAGE))),
).annotate(says(CAPACITY_MESSAGE));

/** Volume range in m3 (spec §5: sent only when it differs from the full range, null for an open end). */
export const CapacityRange = Schema.Struct({
  min: CapacityEnd,
  max: CapacityEnd,
})
  .annotate({ identifier: 'CapacityRange' })
  .check(
    Schema.makeFilter(
      (r) => r.min === null || r.max === null || r.min <= r.max || { path: ['max'], issue: 'max is below min' },
    ),
  );

/** Sort ids of spec §3, each ascending or descending: `<id>_<asc|desc>`. */
export const SORT_IDS = [
  'activated_at',
  'payout',
  'volume',
  'distance',
  'date',
  'created_at',
  'pickup_proximity',
  'delivery_proximity',
] as const;
export type SortId = (typeof SORT_IDS)[number];
export const SORT_ORDERS = SORT_IDS.flatMap((id) => [`${id}_asc`, `${id}_desc`] as const);
export const SortOrder = Schema.Literals(SORT_ORDERS).annotate(says('Unknown sort'));
export type SortOrder = typeof SortOrder.Type;
/** Spec §9: job searches by date ascending, journeys newest first. */
export const DEFAULT_ORDER: Readonly<Record<Exclude<SearchType, 'recommended'>, SortOrder>> = {
  instant: 'date_asc',
  auction: 'date_asc',
  journey: 'created_at_desc',
};

/**
 * POST /v1/jobs, /v1/jobs/counts, /v1/jobs/tab-counts (under `payload`). At least one category unless the type is
 * recommended (spec §5), which considers only type, page and limit. Proximity sorts measure from `proximity` when
 * given, else from the pickup (delivery) location of the search, else from the partner's registered address.
 */
export const SearchCriteria = Schema.Struct({
  type: SearchType,
  pickup: optional(SearchPickup),
  delivery: optional(SearchDelivery),
  categories: optional(Schema.Array(SearchCategory).check(Schema.isMaxLength(SEARCH_CATEGORIES.length * 2))),
  filters: optional(SearchFilters),
  capacity: optional(Schema.NullOr(CapacityRange)),
  page: Schema.Number.check(
    Schema.isInt({ message: 'page must be a whole number' }).abort(),
    Schema.isBetween(
      { minimum: 1, maximum: MAX_SEARCH_PAGE },
      { message: `page must be between 1 and ${MAX_SEARCH_PAGE}` },
    ),
  ).pipe(Schema.withDecodingDefaultKey(Effect.succeed(1))),
  limit: Schema.Number.check(
    Schema.isInt({ message: 'limit must be a whole number' }).abort(),
    Schema.isBetween(
      { minimum: 1, maximum: MAX_SEARCH_LIMIT },
      { message: `limit must be between 1 and ${MAX_SEARCH_LIMIT}` },
    ),
  ).pipe(Schema.withDecodingDefaultKey(Effect.succeed(SEARCH_PAGE_SIZE))),
  order: optional(SortOrder),
  proximity: optional(Schema.NullOr(LatLng)),
  /** Sent by the portal (spec §3); the server ignores it. */
  desktopMode: optional(Schema.Boolean),
})
  .annotate({ identifier: 'SearchCriteria' })
  .check(
    Schema.makeFilter(
      (c) =>
        c.type === 'recommended' ||
        (c.categories?.length ?? 0) > 0 || { path: ['categories'], issue: 'At least one category must be selected' },
    ),
  );
export type SearchCriteria = typeof SearchCriteria.Type;

export const SearchRequest = Schema.Struct({ payload: SearchCriteria });
export type SearchRequest = typeof SearchRequest.Type;

/** One end of a listing: town, outward postcode (`M1`), the point and its NUTS1 region (spec §3 short names). */
export const ListingPlace = Schema.Struct({
  town: Schema.String,
  short_postcode: Schema.NullOr(Schema.String),
  lat: Schema.Number,
  lng: Schema.Number,
  nuts1: Schema.NullOr(Nuts1),
});
export type ListingPlace = typeof ListingPlace.Type;

/**
 * One result of POST /v1/jobs: an instant or auction job, or a journey (whose id is a journey id: `kind` tells
 * the two apart). Instants are ISO 8601 UTC. `pickup_distance_m` / `delivery_distance_m`: straight-line metres
 * from the search's reference point for that end (see SearchCriteria), null without one. `score`: recommended only.
 */
export const Listing = Schema.Struct({
  id: ListingId,
  kind: ListingKind,
  category: SearchCategory,
  title: Schema.String,
  status: Schema.String,
  pickup: ListingPlace,
  delivery: ListingPlace,
  pickup_date: Schema.Struct({ start: Schema.String, end: Schema.String }),
  price: Money,
  volume_m3: Schema.Number,
  /** Road distance of the job itself, metres. */
  distance_m: Schema.Number,
  allocation_method: Schema.NullOr(Schema.Literals(['click_and_claim', 'express_interest'])),
  attributes: Schema.Record(Schema.String, Schema.String),
  created_at: Schema.String,
  activated_at: Schema.NullOr(Schema.String),
  pickup_distance_m: Schema.NullOr(Schema.Number),
  delivery_distance_m: Schema.NullOr(Schema.Number),
  score: Schema.NullOr(Schema.Number),
});
export type Listing = typeof Listing.Type;

export const SearchMeta = Schema.Struct({
  page: Schema.Number,
  limit: Schema.Number,
  total: NonNegativeInt,
});

export const JobsResponse = Schema.Struct({ data: Schema.Array(Listing), meta: SearchMeta });
export type JobsResponse = typeof JobsResponse.Type;

/** POST /v1/jobs/counts: listings per category for the criteria without their categories; every id present. */
export const CategoryCountsResponse = Schema.Struct({
  data: Schema.Record(SearchCategory, NonNegativeInt),
});
export type CategoryCountsResponse = typeof CategoryCountsResponse.Type;

/** POST /v1/jobs/tab-counts: per tab, the total a search of that type with the same criteria would give. */
export const TabCounts = Schema.Struct({
  instant: NonNegativeInt,
  auction: NonNegativeInt,
  journey: NonNegativeInt,
  recommended: NonNegativeInt,
});
export type TabCounts = typeof TabCounts.Type;
export const TabCountsResponse = Schema.Struct({ data: TabCounts });
export type TabCountsResponse = typeof TabCountsResponse.Type;

/** A place searched recently, newest first in search-info. */
export const RecentPlace = Schema.Struct({
  name: Schema.String,
  lat: Schema.Number,
  lon: Schema.Number,
  searched_at: Schema.String,
});

/** GET /v1/search-info → { data } (spec §3 search init). */
export const SearchInfo = Schema.Struct({
  /** The saved default search, else one built from the registered address (spec §9 radius and sort defaults). */
  default_search: SearchCriteria,
  most_recent_searches: Schema.Struct({ pickup: Schema.Array(RecentPlace), delivery: Schema.Array(RecentPlace) }),
});
export type SearchInfo = typeof SearchInfo.Type;
export const SearchInfoResponse = Schema.Struct({ data: SearchInfo });
