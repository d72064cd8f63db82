import type { Listing, ListingPlace, SearchCategory } from '@/schemas/search';
import { NUTS1_REGIONS, POSTCODE_AREAS, type Nuts1Code } from '@/server/geo/postcode-areas';

/** The columns every search selects, from `jobs` or from the `journey_listings` view (same names). */
export const LISTING_COLUMNS = `id, kind, category, status, pickup_town, pickup_postcode, pickup_lat, pickup_lng,
  delivery_town, delivery_postcode, delivery_lat, delivery_lng, pickup_date_start, pickup_date_end, price, volume_m3,
  distance_m, allocation_method, attributes, created_at, activated_at`;

/** A row of LISTING_COLUMNS plus the computed distances (and score) of the search. */
export interface ListingRow {
  id: number;
  kind: 'instant' | 'auction' | 'journey';
  category: SearchCategory;
  status: string;
  pickup_town: string;
  pickup_postcode: string | null;
  pickup_lat: number;
  pickup_lng: number;
  delivery_town: string;
  delivery_postcode: string | null;
  delivery_lat: number;
  delivery_lng: number;
  pickup_date_start: Date;
  pickup_date_end: Date;
  price: number;
  volume_m3: number;
  distance_m: number;
  allocation_method: 'click_and_claim' | 'express_interest' | null;
  attributes: Record<string, string>;
  created_at: Date;
  activated_at: Date | null;
  pickup_distance_m: number | null;
  delivery_distance_m: number | null;
  score?: number | null;
}

const REGION_OF_AREA = new Map<string, Nuts1Code>(POSTCODE_AREAS.map((a) => [a.code, a.region]));

/** The outward code of a postcode (`M1 4BT` → `M1`), or null. */
export const outwardCode = (postcode: string | null): string | null => postcode?.trim().split(/\s+/)[0] || null;

/** The NUTS1 region of a postcode, from its area letters; null for an area the data does not know. */
export const nuts1OfPostcode = (postcode: string | null) => {
  const area = /^[A-Z]{1,2}/i.exec(postcode ?? '')?.[0]?.toUpperCase();
  const code = area ? REGION_OF_AREA.get(area) : undefined;
  return code ? NUTS1_REGIONS[code] : null;
};

const place = (town: string, postcode: string | null, lat: number, lng: number): ListingPlace => ({
  town,
  short_postcode: outwardCode(postcode),
  lat,
  lng,
  nuts1: nuts1OfPostcode(postcode),
});

/** "House move", "Vehicle parts": the category id as words (the portal translates ids; this is the plain title). */
const CATEGORY_WORDS = (category: string) => {
  const words = category.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const rounded = (metres: number | null) => (metres === null ? null : Math.round(metres));

export const toListing = (row: ListingRow): typeof Listing.Encoded => ({
  id: row.id,
  kind: row.kind,
  category: row.category,
  title: `${CATEGORY_WORDS(row.category)}: ${row.pickup_town} to ${row.delivery_town}`,
  status: row.status,
  pickup: place(row.pickup_town, row.pickup_postcode, row.pickup_lat, row.pickup_lng),
  delivery: place(row.delivery_town, row.delivery_postcode, row.delivery_lat, row.delivery_lng),
  pickup_date: { start: row.pickup_date_start.toISOString(), end: row.pickup_date_end.toISOString() },
  price: { amount: row.price },
  volume_m3: row.volume_m3,
  distance_m: row.distance_m,
  allocation_method: row.allocation_method,
  attributes: row.attributes,
  created_at: row.created_at.toISOString(),
  activated_at: row.activated_at ? row.activated_at.toISOString() : null,
  pickup_distance_m: rounded(row.pickup_distance_m),
  delivery_distance_m: rounded(row.delivery_distance_m),
  score: row.score === undefined || row.score === null ? null : Math.round(row.score * 10) / 10,
});
