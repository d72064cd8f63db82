import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import type { Listing, ListingKind } from '@/schemas/search';

/** What a listing's marker carries into the map (MapLibre feature properties are plain JSON). */
export interface ListingPointProperties {
  readonly id: number;
  readonly kind: ListingKind;
}

const hasPoint = (place: { lat: number; lng: number }) => Number.isFinite(place.lat) && Number.isFinite(place.lng);

/** One point per listing, at its pickup; a listing without a usable pickup point is left off the map. */
export function pickupPoints(listings: readonly Listing[]): FeatureCollection<Point, ListingPointProperties> {
  return {
    type: 'FeatureCollection',
    features: listings
      .filter((listing) => hasPoint(listing.pickup))
      .map((listing) => ({
        type: 'Feature',
        properties: { id: listing.id, kind: listing.kind },
        geometry: { type: 'Point', coordinates: [listing.pickup.lng, listing.pickup.lat] },
      })),
  };
}

/** The straight line from a listing's pickup to its delivery, or null when either end has no point. */
export function pickupToDelivery(listing: Listing): Feature<LineString> | null {
  if (!hasPoint(listing.pickup) || !hasPoint(listing.delivery)) return null;
  return {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'LineString',
      coordinates: [
        [listing.pickup.lng, listing.pickup.lat],
        [listing.delivery.lng, listing.delivery.lat],
      ],
    },
  };
}
