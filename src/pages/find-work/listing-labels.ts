import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { QuoteAmountError } from '@/machines/listing/listing.amount';
import type { ListingNoticeId } from '@/machines/listing/listing.types';
import type { SearchCategory } from '@/schemas/listing-basics';

/**
 * Message ids for a listing's category, kind, allocation and attributes (spec §3 job categories and sub-filters),
 * written out so that `npm run i18n:check` sees every id. Category and allocation share the find-work result cards'
 * messages, so a job reads the same in the list and on its page. Attributes the portal does not know are
 * shown as the server sends them.
 */
export const CATEGORY_MESSAGES = defineMessages({
  general_goods_move: { id: 'category.general_goods_move' },
  house_move: { id: 'category.house_move' },
  vehicle_move: { id: 'category.vehicle_move' },
  piano: { id: 'category.piano' },
  motorcycles: { id: 'category.motorcycles' },
  hourly_rate: { id: 'category.hourly_rate' },
  specialist_move: { id: 'category.specialist_move' },
  boat_move: { id: 'category.boat_move' },
  freight_move: { id: 'category.freight_move' },
  industrial_move: { id: 'category.industrial_move' },
  livestock_move: { id: 'category.livestock_move' },
  'vehicle-parts': { id: 'category.vehicle-parts' },
  clearance: { id: 'category.clearance' },
  office_move: { id: 'category.office_move' },
  parcels: { id: 'category.parcels' },
  man_power_only: { id: 'category.man_power_only' },
  ebay: { id: 'category.ebay' },
  other: { id: 'category.other' },
  journey_vehicle_move: { id: 'category.journey_vehicle_move' },
  journey_general_goods_move: { id: 'category.journey_general_goods_move' },
  virtual_journey_car: { id: 'category.virtual_journey_car' },
  virtual_journey_furniture: { id: 'category.virtual_journey_furniture' },
  antiques: { id: 'category.antiques' },
}) satisfies Record<SearchCategory, MessageDescriptor>;

/** The name of each attribute a listing may carry (its key in `attributes`). */
export const ATTRIBUTE_MESSAGES: Readonly<Record<string, MessageDescriptor>> = defineMessages({
  people: { id: 'listing.attr.people' },
  property_access: { id: 'listing.attr.property_access' },
  property_type: { id: 'listing.attr.property_type' },
  package: { id: 'listing.attr.package' },
  weight: { id: 'listing.attr.weight' },
  condition: { id: 'listing.attr.condition' },
  piano_type: { id: 'listing.attr.piano_type' },
  motorbike_type: { id: 'listing.attr.motorbike_type' },
  hours: { id: 'listing.attr.hours' },
});

/** Each known value of an attribute, by `<attribute>.<value>`. */
export const ATTRIBUTE_VALUE_MESSAGES: Readonly<Record<string, MessageDescriptor>> = defineMessages({
  'people.one_person': { id: 'listing.attr.people.one_person' },
  'people.two_people': { id: 'listing.attr.people.two_people' },
  'people.three_people': { id: 'listing.attr.people.three_people' },
  'property_access.has_lift': { id: 'listing.attr.property_access.has_lift' },
  'property_access.no_lift': { id: 'listing.attr.property_access.no_lift' },
  'property_type.flat': { id: 'listing.attr.property_type.flat' },
  'property_type.house': { id: 'listing.attr.property_type.house' },
  'property_type.storage': { id: 'listing.attr.property_type.storage' },
  'property_type.flatshare': { id: 'listing.attr.property_type.flatshare' },
  'property_type.studio': { id: 'listing.attr.property_type.studio' },
  'package.standard': { id: 'listing.attr.package.standard' },
  'package.premium': { id: 'listing.attr.package.premium' },
  'weight.less_than_1_8_tonnes': { id: 'listing.attr.weight.less_than_1_8_tonnes' },
  'weight.more_than_1_8_tonnes': { id: 'listing.attr.weight.more_than_1_8_tonnes' },
  'condition.operational': { id: 'listing.attr.condition.operational' },
  'condition.non_operational': { id: 'listing.attr.condition.non_operational' },
  'piano_type.upright': { id: 'listing.attr.piano_type.upright' },
  'piano_type.grand': { id: 'listing.attr.piano_type.grand' },
  'piano_type.digital': { id: 'listing.attr.piano_type.digital' },
  'piano_type.concert_grand': { id: 'listing.attr.piano_type.concert_grand' },
  'piano_type.baby_grand': { id: 'listing.attr.piano_type.baby_grand' },
  'piano_type.custom': { id: 'listing.attr.piano_type.custom' },
  'motorbike_type.adventure': { id: 'listing.attr.motorbike_type.adventure' },
  'motorbike_type.standard': { id: 'listing.attr.motorbike_type.standard' },
  'motorbike_type.cruiser': { id: 'listing.attr.motorbike_type.cruiser' },
  'motorbike_type.scooter': { id: 'listing.attr.motorbike_type.scooter' },
  'motorbike_type.motocross': { id: 'listing.attr.motorbike_type.motocross' },
  'motorbike_type.quad': { id: 'listing.attr.motorbike_type.quad' },
  'motorbike_type.sport': { id: 'listing.attr.motorbike_type.sport' },
  'motorbike_type.tourer': { id: 'listing.attr.motorbike_type.tourer' },
  'motorbike_type.custom': { id: 'listing.attr.motorbike_type.custom' },
});

/** The listing kinds a listing page shows (one job: the tabs' names are plurals in Spanish). */
export const KIND_MESSAGES = defineMessages({
  instant: { id: 'listing.kind.instant' },
  auction: { id: 'listing.kind.auction' },
});

/** How a job is allocated; auctions have no method (the best quote wins). */
export const METHOD_MESSAGES = defineMessages({
  click_and_claim: { id: 'allocation.click_and_claim' },
  express_interest: { id: 'allocation.express_interest' },
  none: { id: 'listing.method.none' },
});

/** What is wrong with a typed quote (machines/listing/listing.amount.ts). */
export const QUOTE_ERROR_MESSAGES: Readonly<Record<QuoteAmountError, MessageDescriptor>> = defineMessages({
  empty: { id: 'listing.quote.error.empty' },
  notANumber: { id: 'listing.quote.error.notANumber' },
  notPositive: { id: 'listing.quote.error.notPositive' },
  tooLarge: { id: 'listing.quote.error.tooLarge' },
});

/** The toasts the listing machine asks for (machines/listing/listing.types.ts ListingNoticeId). */
export const NOTICE_MESSAGES: Readonly<Record<ListingNoticeId, MessageDescriptor>> = defineMessages({
  'listing.toast.booked': { id: 'listing.toast.booked' },
  'listing.toast.quoted': { id: 'listing.toast.quoted' },
  'listing.toast.bookRefused': { id: 'listing.toast.bookRefused' },
  'listing.toast.quoteRefused': { id: 'listing.toast.quoteRefused' },
  'listing.toast.quoteUnanswered': { id: 'listing.toast.quoteUnanswered' },
});
