import { useMemo } from 'react';
import { visitedStops } from '@/machines/journey-allocation/journey-pay';
import type { JourneyNode } from '@/schemas/journey';
import { NumberedRouteMap, stopsBounds } from './numbered-route-map';

export interface JourneyRouteMapProps {
  readonly nodes: readonly JourneyNode[];
  /** Accessible name of the map region (translated by the page). */
  readonly label: string;
}

/**
 * The journey's route (spec §2 journey detail) on the offline map of find work: its visited stops numbered in route
 * order, as on the schedule, joined by straight legs. Loaded lazily with MapLibre; the schedule beside it says the
 * same in words. For browser tests: `data-testid="journey-map"`, `data-map-ready="true"` once loaded.
 */
export default function JourneyRouteMap({ nodes, label }: JourneyRouteMapProps) {
  const stops = useMemo(
    () => visitedStops(nodes).map((s) => ({ key: String(s.id), lng: s.place.lng, lat: s.place.lat, kind: s.action })),
    [nodes],
  );
  const bounds = useMemo(() => stopsBounds(stops), [stops]);
  if (stops.length === 0) return null;
  return <NumberedRouteMap testId="journey-map" className="journey-map" label={label} stops={stops} bounds={bounds} />;
}
