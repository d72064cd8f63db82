import { Schema } from 'effect';
import { positiveId, says } from './common';

/**
 * The small shapes of a listing that journeys, won work and the quote rules share with find work (search.ts
 * re-exports them): apart from find work's search schemas, so a journey's or won work's page loads only these.
 */

/** The four tabs of find work. `recommended` is a subtype: only page, limit and type count for it (spec §7). */
export const SearchType = Schema.Literals(['instant', 'auction', 'journey', 'recommended']).annotate(
  says('The type is one of instant, auction, journey, recommended'),
);
export type SearchType = typeof SearchType.Type;

/** Listing kinds a result row can have (a recommended row is an instant or auction job). */
export const ListingKind = Schema.Literals(['instant', 'auction', 'journey']);
export type ListingKind = typeof ListingKind.Type;

/**
 * Category ids of spec §3. The spec's list also names `allocation_method`: that is the allocation-method filter
 * sharing the filter bar (`filters.allocation_method` here), not a kind of goods, so it is not a category.
 */
export const SEARCH_CATEGORIES = [
  'general_goods_move',
  'house_move',
  'vehicle_move',
  'piano',
  'motorcycles',
  'hourly_rate',
  'specialist_move',
  'boat_move',
  'freight_move',
  'industrial_move',
  'livestock_move',
  'vehicle-parts',
  'clearance',
  'office_move',
  'parcels',
  'man_power_only',
  'ebay',
  'other',
  'journey_vehicle_move',
  'journey_general_goods_move',
  'virtual_journey_car',
  'virtual_journey_furniture',
  'antiques',
] as const;
export const SearchCategory = Schema.Literals(SEARCH_CATEGORIES).annotate(says('Unknown category'));
export type SearchCategory = typeof SearchCategory.Type;

export const ListingId = positiveId('listing').pipe(Schema.brand('ListingId'));
export type ListingId = typeof ListingId.Type;

/** The most a quote may be: £50,000, in pence. Far above any job on the marketplace; a typo guard. */
export const MAX_QUOTE_MINOR_UNITS = 5_000_000;
