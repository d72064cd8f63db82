import { describe, expect, it } from 'vitest';
import type { Listing, ListingId } from '@/schemas/search';
import { pickupPoints, pickupToDelivery } from './listing-features';

const place = (town: string, lat: number, lng: number) => ({ town, short_postcode: null, lat, lng, nuts1: null });
/** Only the fields the map reads; the rest of a listing does not matter here. */
const listing = (id: number, kind: Listing['kind'], pickup = place('Manchester', 53.48, -2.24)) =>
  ({ id: id as ListingId, kind, pickup, delivery: place('Leeds', 53.8, -1.55) }) as Listing;

describe('pickupPoints', () => {
  it('puts one point per listing at its pickup, with its id and kind', () => {
    expect(pickupPoints([listing(1, 'instant'), listing(2, 'journey')])).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { id: 1, kind: 'instant' },
          geometry: { type: 'Point', coordinates: [-2.24, 53.48] },
        },
        {
          type: 'Feature',
          properties: { id: 2, kind: 'journey' },
          geometry: { type: 'Point', coordinates: [-2.24, 53.48] },
        },
      ],
    });
  });

  it('leaves off a listing whose pickup has no usable point', () => {
    const points = pickupPoints([listing(1, 'auction', place('Nowhere', Number.NaN, 0)), listing(2, 'auction')]);
    expect(points.features.map((f) => f.properties.id)).toEqual([2]);
  });
});

describe('pickupToDelivery', () => {
  it('runs from the pickup to the delivery', () => {
    expect(pickupToDelivery(listing(1, 'instant'))?.geometry.coordinates).toEqual([
      [-2.24, 53.48],
      [-1.55, 53.8],
    ]);
  });

  it('is nothing when an end has no point', () => {
    expect(pickupToDelivery(listing(1, 'instant', place('Nowhere', 53, Number.POSITIVE_INFINITY)))).toBeNull();
  });
});
