import type { Feature, Geometry } from 'geojson';
import type { ListingKind } from '@/schemas/search';

/** A cluster of listings as the map draws it: where, how many, and how many of each kind. */
export interface ListingCluster {
  /** The cluster's id in the clustered source (for its expansion zoom); unique among the clusters of one zoom. */
  readonly id: number;
  readonly lng: number;
  readonly lat: number;
  readonly total: number;
  readonly byKind: Readonly<Record<ListingKind, number>>;
}

/** The markers of the rendered tiles, and how many listings the markers inside the view stand for. */
export interface MarkerSummary {
  readonly clusters: readonly ListingCluster[];
  /** Where the single (unclustered) listings are. */
  readonly points: ReadonlyArray<{ readonly lng: number; readonly lat: number }>;
  readonly listingsInView: number;
}

/** A feature as `querySourceFeatures` returns it: GeoJSON with the properties MapLibre keeps. */
type SourceFeature = Pick<Feature<Geometry, Record<string, unknown> | null>, 'geometry' | 'properties'>;

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Reads the features of the clustered listings source. A tile carries the features near its edge too, so the same
 * cluster or point can come from two tiles: each is kept once (clusters by cluster id, points by listing id). A
 * cluster counts its `point_count` listings and a single point one, when its position is inside the view.
 */
export function summariseMarkers(
  features: readonly SourceFeature[],
  isInView: (lng: number, lat: number) => boolean,
): MarkerSummary {
  const clusters = new Map<number, ListingCluster>();
  const points = new Map<number, { lng: number; lat: number }>();
  let listingsInView = 0;
  for (const { geometry, properties } of features) {
    if (geometry.type !== 'Point' || !properties) continue;
    const [lng = 0, lat = 0] = geometry.coordinates;
    if (properties.cluster === true) {
      const id = count(properties.cluster_id);
      if (clusters.has(id)) continue;
      const byKind = {
        instant: count(properties.instant),
        auction: count(properties.auction),
        journey: count(properties.journey),
      };
      const total = count(properties.point_count);
      clusters.set(id, { id, lng, lat, total, byKind });
      if (isInView(lng, lat)) listingsInView += total;
    } else {
      const id = count(properties.id);
      if (points.has(id)) continue;
      points.set(id, { lng, lat });
      if (isInView(lng, lat)) listingsInView += 1;
    }
  }
  return { clusters: [...clusters.values()], points: [...points.values()], listingsInView };
}
