import { describe, expect, it } from 'vitest';
import { haversineMetres, boundingBox } from '@/server/geo/distance';
import { NUTS1_REGIONS, POSTCODE_AREAS } from '@/server/geo/postcode-areas';
import { loadTowns } from '@/server/geo/towns';

const town = (name: string) => {
  const found = loadTowns().find((t) => t.name === name);
  if (!found) throw new Error(`${name} missing`);
  return found;
};

describe('uk-towns.json', () => {
  it('holds the GB places of GeoNames, most populous first', () => {
    const towns = loadTowns();
    expect(towns.length).toBe(4301);
    expect(towns[0]?.name).toBe('London');
    for (const t of towns) {
      expect(t.lat).toBeGreaterThan(49.8);
      expect(t.lat).toBeLessThan(60.9);
      expect(t.lng).toBeGreaterThan(-8.7);
      expect(t.lng).toBeLessThan(1.8);
    }
  });

  it('gives every town a known postcode area and NUTS1 region', () => {
    const areas = new Set(POSTCODE_AREAS.map((a) => a.code));
    for (const t of loadTowns()) {
      expect(areas.has(t.postcodeArea), `${t.name} ${t.postcodeArea}`).toBe(true);
      expect(NUTS1_REGIONS[t.nuts1], `${t.name} ${t.nuts1}`).toBeDefined();
    }
  });

  it('assigns post towns their own area and the right region', () => {
    expect(town('Manchester')).toMatchObject({ postcodeArea: 'M', nuts1: 'UKD' });
    expect(town('Cardiff')).toMatchObject({ postcodeArea: 'CF', nuts1: 'UKL' });
    expect(town('Belfast')).toMatchObject({ postcodeArea: 'BT', nuts1: 'UKN' });
    expect(town('Lerwick')).toMatchObject({ postcodeArea: 'ZE', nuts1: 'UKM' });
    expect(town('Kingston upon Hull')).toMatchObject({ postcodeArea: 'HU', nuts1: 'UKE' });
    expect(town('Truro')).toMatchObject({ postcodeArea: 'TR', nuts1: 'UKK' });
    // Welsh towns in English-named areas stay in Wales.
    expect(town('Mold')).toMatchObject({ postcodeArea: 'CH', nuts1: 'UKL' });
  });
});

describe('postcode areas', () => {
  it('lists each of the 121 UK areas once, with the spec region short names', () => {
    expect(new Set(POSTCODE_AREAS.map((a) => a.code)).size).toBe(121);
    expect(
      Object.values(NUTS1_REGIONS)
        .map((r) => `${r.code} ${r.short_name}`)
        .sort(),
    ).toEqual([
      'UKC N.East',
      'UKD N.West',
      'UKE Yorkshire',
      'UKF E.Midlands',
      'UKG W.Midlands',
      'UKH E.England',
      'UKI London',
      'UKJ S.East',
      'UKK S.West',
      'UKL Wales',
      'UKM Scotland',
      'UKN N.Ireland',
    ]);
  });
});

describe('distances', () => {
  it('measures London to Manchester at about 262 km', () => {
    expect(haversineMetres(town('London'), town('Manchester')) / 1000).toBeCloseTo(262, -1);
  });

  it('bounds a radius with a box that contains the whole circle', () => {
    const centre = town('Inverness');
    const box = boundingBox(centre, 32_187);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const r = (bearing * Math.PI) / 180;
      const edge = {
        lat: centre.lat + (32_000 / 111_195) * Math.cos(r),
        lng: centre.lng + ((32_000 / 111_195) * Math.sin(r)) / Math.cos((centre.lat * Math.PI) / 180),
      };
      expect(haversineMetres(centre, edge)).toBeLessThan(32_187);
      expect(edge.lat >= box.minLat && edge.lat <= box.maxLat && edge.lng >= box.minLng && edge.lng <= box.maxLng).toBe(
        true,
      );
    }
  });
});
