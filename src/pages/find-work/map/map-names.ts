import type { Map as MapLibreMap } from 'maplibre-gl';
import { clusterSize } from './cluster-marker';
import { REGION_LABELS, TOWN_LABELS } from './map-style';
import type { MarkerSummary } from './marker-summary';
import { boxAround, minTownPopulation, placeLabels, type PlacedLabel } from './place-labels';

/** A point in degrees. */
export interface LngLat {
  readonly lng: number;
  readonly lat: number;
}

/** Below this zoom the map names regions, from it on towns. */
const TOWN_LABELS_MIN_ZOOM = 6;
/** A single marker's radius with its white ring, px: names keep clear of it. */
const POINT_RADIUS = 9;
/** The pickup centre's and the highlighted listing's ends' radius, px. */
const END_RADIUS = 11;

/**
 * The place names to show in the map's current view: regions when the whole country is in view, towns closer in
 * (fewer the further out), each clear of the other names and of every marker (`ends`: the search's pickup centre
 * and the highlighted listing's pickup and delivery), which matter more.
 */
export function namesFor(map: MapLibreMap, markers: MarkerSummary, ends: readonly LngLat[]): PlacedLabel[] {
  const zoom = map.getZoom();
  const candidates =
    zoom < TOWN_LABELS_MIN_ZOOM
      ? REGION_LABELS
      : TOWN_LABELS.filter((town) => town.priority >= minTownPopulation(zoom));
  const project = (lng: number, lat: number) => map.project([lng, lat]);
  const around = ({ lng, lat }: LngLat, radius: number) => {
    const { x, y } = project(lng, lat);
    return boxAround(x, y, radius, radius);
  };
  const obstacles = [
    ...markers.clusters.map((cluster) => around(cluster, clusterSize(cluster.total) / 2)),
    ...markers.points.map((point) => around(point, POINT_RADIUS)),
    ...ends.map((end) => around(end, END_RADIUS)),
  ];
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  return placeLabels(candidates, project, { width, height }, obstacles);
}
