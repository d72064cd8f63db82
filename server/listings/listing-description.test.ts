import { describe, expect, it } from 'vitest';
import { METRES_PER_MILE } from '@/server/geo/distance';
import { describeListing } from '@/server/listings/listing-description';

describe('describeListing', () => {
  it('says what moves, how far and how much, then the attributes in a fixed order', () => {
    expect(
      describeListing({
        category: 'house_move',
        pickup_town: 'Leeds',
        delivery_town: 'York',
        volume_m3: 18.5,
        distance_m: 26 * METRES_PER_MILE,
        attributes: { property_type: 'flat', people: 'two_people', property_access: 'no_lift', package: 'premium' },
      }),
    ).toBe(
      'House move from Leeds to York, about 26 miles by road. Around 18.5 m³ to carry. Premium package (packing ' +
        'included). Two people needed. There is no lift. From a flat.',
    );
  });

  it('reads attributes it has no words for from their ids, and says "1 mile" for short hops', () => {
    expect(
      describeListing({
        category: 'vehicle-parts',
        pickup_town: 'Bath',
        delivery_town: 'Bath',
        volume_m3: 1,
        distance_m: 300,
        attributes: { piano_type: 'baby_grand', hours: '3', motorbike_type: 'scooter', loading_bay: 'rear_door' },
      }),
    ).toBe(
      'Vehicle parts from Bath to Bath, about 1 mile by road. Around 1 m³ to carry. 3 hours booked. Loading bay: ' +
        'rear door. Motorbike: scooter. Baby grand piano.',
    );
  });
});
