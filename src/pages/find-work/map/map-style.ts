import type {
  Map as MapLibreMap,
  CircleLayerSpecification,
  ExpressionSpecification,
  FillLayerSpecification,
  GeoJSONSourceSpecification,
  LineLayerSpecification,
  StyleSpecification,
} from 'maplibre-gl';
import type { ListingKind } from '@/schemas/search';
import { KIND_COLOURS } from './listing-kind-colours';
import type { LabelCandidate } from './place-labels';
import type { UkMapData } from './uk-map-data';
import ukMapDataJson from './uk-map-data.json';

/**
 * The look of the results map, built in code: no tile server, no glyphs, no sprites, so the map needs no network.
 * Without glyphs there are no text layers: counts and labels are HTML markers (results-map.tsx).
 */

// The JSON's inferred type has `type: string` where GeoJSON wants literals; build-map-data.ts writes this shape.
const ukMapData = ukMapDataJson as unknown as UkMapData;

/** Region names (spec §3 short names) at their label points. */
export const REGION_LABELS: readonly LabelCandidate[] = ukMapData.labels.features.map(({ properties, geometry }) => ({
  key: properties.code,
  text: properties.shortName,
  lng: geometry.coordinates[0] ?? 0,
  lat: geometry.coordinates[1] ?? 0,
  kind: 'region',
  priority: 0,
}));
/** Towns of 250,000 people or more are set larger. */
const CITY_POPULATION = 250_000;
/** The larger towns' names, most populous first. */
export const TOWN_LABELS: readonly LabelCandidate[] = ukMapData.towns.map(([name, lng, lat, population]) => ({
  key: `${name} ${lng} ${lat}`,
  text: name,
  lng,
  lat,
  kind: population >= CITY_POPULATION ? 'city' : 'town',
  priority: population,
}));

export const COLOURS = {
  sea: '#cddfeb',
  land: '#ebe8e1',
  region: '#fbfaf7',
  regionLine: '#b3bcc8',
  navy: '#0b2545',
  radius: '#13315c',
  route: '#0b2545',
  white: '#ffffff',
} as const;

/** Attributions (DATA-LICENCES.md): shown by the map's attribution control while the source is on the map. */
const NATURAL_EARTH = 'Natural Earth';
const EUROGEOGRAPHICS = '© EuroGeographics for the administrative boundaries';
/** Town names are HTML markers, not a source: the map component shows this one itself. */
export const GEONAMES = 'GeoNames (CC BY 4.0)';

/** The base map: sea, land, and the UK's NUTS1 regions with thin lines between them. */
export const BASE_STYLE: StyleSpecification = {
  version: 8,
  sources: {
    land: { type: 'geojson', data: ukMapData.land, attribution: NATURAL_EARTH },
    regions: { type: 'geojson', data: ukMapData.regions, attribution: EUROGEOGRAPHICS },
    boundaries: { type: 'geojson', data: ukMapData.boundaries },
  },
  layers: [
    { id: 'sea', type: 'background', paint: { 'background-color': COLOURS.sea } },
    {
      id: 'land',
      type: 'fill',
      source: 'land',
      paint: { 'fill-color': ['case', ['get', 'uk'], COLOURS.region, COLOURS.land] },
    },
    { id: 'regions', type: 'fill', source: 'regions', paint: { 'fill-color': COLOURS.region } },
    {
      id: 'region-boundaries',
      type: 'line',
      source: 'boundaries',
      layout: { 'line-join': 'round' },
      paint: {
        'line-color': COLOURS.regionLine,
        'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.6, 10, 1.4],
      },
    },
  ],
};

export const LISTINGS_SOURCE = 'listings';
export const POINTS_LAYER = 'listing-points';

/** A cluster property: how many of its listings are of this kind (the sum of 1 per matching point). */
const countOf = (kind: ListingKind): [string, ExpressionSpecification] => [
  '+',
  ['case', ['==', ['get', 'kind'], kind], 1, 0],
];

/** The listings source: clustered, with the kinds counted per cluster. */
export const LISTINGS_SOURCE_OPTIONS = {
  type: 'geojson',
  cluster: true,
  // Pixels: markers closer than this merge. About a cluster's diameter, so clusters rarely overlap.
  clusterRadius: 44,
  // Two listings side by side read better as two dots than as a cluster of 2.
  clusterMinPoints: 3,
  // Pickups are spread around towns; beyond zoom 13 (a few streets) every listing stands alone.
  clusterMaxZoom: 13,
  // Per cluster, how many listings of each kind: the cluster's ring (marker-summary.ts reads them).
  clusterProperties: { instant: countOf('instant'), auction: countOf('auction'), journey: countOf('journey') },
} as const satisfies Omit<GeoJSONSourceSpecification, 'data'>;

/** A listing standing alone: a dot in its kind's colour. Clusters are HTML markers drawn above the canvas. */
export const POINTS_LAYER_STYLE = pointsLayerStyle(1);
/** The same, faded while the route of a highlighted listing is shown. */
export const DIMMED_POINTS_LAYER_STYLE = pointsLayerStyle(0.4);

function pointsLayerStyle(opacity: number): Omit<CircleLayerSpecification, 'source'> {
  return {
    id: POINTS_LAYER,
    type: 'circle',
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': [
        'match',
        ['get', 'kind'],
        'instant',
        KIND_COLOURS.instant,
        'auction',
        KIND_COLOURS.auction,
        'journey',
        KIND_COLOURS.journey,
        COLOURS.navy,
      ],
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, 5, 12, 7.5],
      'circle-stroke-color': COLOURS.white,
      'circle-stroke-width': 2,
      'circle-opacity': opacity,
      'circle-stroke-opacity': opacity,
    },
  };
}

export const RADIUS_FILL_STYLE: Omit<FillLayerSpecification, 'source'> = {
  id: 'radius-fill',
  type: 'fill',
  paint: { 'fill-color': COLOURS.radius, 'fill-opacity': 0.05 },
};
export const RADIUS_LINE_STYLE: Omit<LineLayerSpecification, 'source'> = {
  id: 'radius-line',
  type: 'line',
  paint: { 'line-color': COLOURS.radius, 'line-width': 1.75, 'line-dasharray': [3, 2], 'line-opacity': 0.8 },
};
export const PICKUP_CENTRE_STYLE: Omit<CircleLayerSpecification, 'source'> = {
  id: 'pickup-centre',
  type: 'circle',
  paint: {
    'circle-color': COLOURS.radius,
    'circle-radius': 4,
    'circle-stroke-color': COLOURS.white,
    'circle-stroke-width': 2,
  },
};

/** The highlighted listing's route: a navy line on a white casing, so that it reads over markers and land. */
export const ROUTE_CASING_STYLE: Omit<LineLayerSpecification, 'source'> = {
  id: 'route-casing',
  type: 'line',
  layout: { 'line-cap': 'round' },
  paint: { 'line-color': COLOURS.white, 'line-width': 7, 'line-opacity': 0.9 },
};
export const ROUTE_LINE_STYLE: Omit<LineLayerSpecification, 'source'> = {
  id: 'route-line',
  type: 'line',
  layout: { 'line-cap': 'round' },
  paint: { 'line-color': COLOURS.route, 'line-width': 3 },
};

/**
 * Makes a loaded map's canvas decorative for screen readers, as the page says the same in words beside it, and
 * takes it out of the tab order (MapLibre makes it a focusable region; aria-hidden content must not take focus).
 * Two fingers pan and zoom but do not rotate: the portal's maps stay north up.
 */
export function quietCanvas(map: MapLibreMap): void {
  const canvas = map.getCanvas();
  canvas.removeAttribute('role');
  canvas.removeAttribute('aria-label');
  canvas.tabIndex = -1;
  map.getCanvasContainer().setAttribute('aria-hidden', 'true');
  map.touchZoomRotate.disableRotation();
}
