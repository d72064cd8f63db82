import type { FeatureCollection, MultiLineString, MultiPolygon, Point } from 'geojson';
import type { Nuts1Code } from '@/schemas/place';

/** A UK NUTS1 region with the short name of spec §3 (UKD → N.West). */
export interface RegionProperties {
  readonly code: Nuts1Code | string;
  readonly shortName: string;
}

/** Whether a land feature is the UK (drawn in the regions' colour) or all the other countries. */
export interface LandProperties {
  readonly uk: boolean;
}

/** The shape of uk-map-data.json, written by build-map-data.ts. */
export interface UkMapData {
  /** The land inside MAP_BOUNDS: the UK, and the other countries, each one MultiPolygon. */
  readonly land: FeatureCollection<MultiPolygon, LandProperties>;
  /** The twelve UK NUTS1 regions. */
  readonly regions: FeatureCollection<MultiPolygon, RegionProperties>;
  /** The lines between two regions (not the coast): one MultiLineString. */
  readonly boundaries: FeatureCollection<MultiLineString>;
  /** A point inside each region where its short name can go. */
  readonly labels: FeatureCollection<Point, RegionProperties>;
  /** The larger towns, most populous first (GeoNames). */
  readonly towns: ReadonlyArray<readonly [name: string, lng: number, lat: number, population: number]>;
}
