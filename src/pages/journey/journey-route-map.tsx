import 'maplibre-gl/dist/maplibre-gl.css';
import './journey-route-map.css';
import * as maplibregl from 'maplibre-gl';
import type { Map as MapLibreMap } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useMemo, useState } from 'react';
import MapView, { AttributionControl, Layer, Marker, Source, type MapEvent } from 'react-map-gl/maplibre';
import type { Feature, LineString } from 'geojson';
import { visitedStops } from '@/machines/journey-allocation/journey-pay';
import type { JourneyNode } from '@/schemas/journey';
import { MAP_BOUNDS, type Bounds } from '@/src/pages/find-work/map/map-bounds';
import { BASE_STYLE, GEONAMES, ROUTE_CASING_STYLE, ROUTE_LINE_STYLE } from '@/src/pages/find-work/map/map-style';

// As on find work: Vite serves the worker as a file of the app (worker-src 'self').
maplibregl.setWorkerUrl(workerUrl);

export interface JourneyRouteMapProps {
  readonly nodes: readonly JourneyNode[];
  /** Accessible name of the map region (translated by the page). */
  readonly label: string;
}

/** The box around the stops, with a little room, never smaller than about 10 km. */
export function stopsBounds(points: ReadonlyArray<{ lat: number; lng: number }>): Bounds {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const pad = 0.05;
  return [Math.min(...lngs) - pad, Math.min(...lats) - pad, Math.max(...lngs) + pad, Math.max(...lats) + pad];
}

/**
 * The journey's route (spec §2 journey detail) on the offline map of find work: its visited stops numbered in route
 * order, as on the schedule, joined by straight legs (the reference has no road routing). Loaded lazily with
 * MapLibre. The canvas is decorative for screen readers: the schedule beside it says the same. For browser tests:
 * `data-testid="journey-map"`, `data-map-ready="true"` once loaded.
 */
export default function JourneyRouteMap({ nodes, label }: JourneyRouteMapProps) {
  const [ready, setReady] = useState(false);
  const stops = useMemo(() => visitedStops(nodes), [nodes]);
  const bounds = useMemo(() => stopsBounds(stops.map((s) => s.place)), [stops]);
  const legs = useMemo<Feature<LineString>>(
    () => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates: stops.map((s) => [s.place.lng, s.place.lat]) },
    }),
    [stops],
  );

  const onLoad = useCallback(
    ({ target: map }: MapEvent) => {
      const canvas = map.getCanvas();
      canvas.removeAttribute('role');
      canvas.removeAttribute('aria-label');
      canvas.tabIndex = -1;
      map.getCanvasContainer().setAttribute('aria-hidden', 'true');
      map.touchZoomRotate.disableRotation();
      fit(map, bounds);
      setReady(true);
    },
    [bounds],
  );

  if (stops.length === 0) return null;
  return (
    <div
      className="journey-map"
      role="region"
      aria-label={label}
      data-testid="journey-map"
      data-map-ready={ready ? 'true' : undefined}
    >
      <MapView
        mapLib={maplibregl}
        mapStyle={BASE_STYLE}
        initialViewState={{ bounds }}
        maxBounds={MAP_BOUNDS}
        minZoom={3}
        maxZoom={13}
        renderWorldCopies={false}
        dragRotate={false}
        pitchWithRotate={false}
        touchPitch={false}
        keyboard={false}
        cooperativeGestures={false}
        attributionControl={false}
        onLoad={onLoad}
        onResize={({ target: map }) => fit(map, bounds)}
      >
        <AttributionControl compact={false} position="bottom-right" customAttribution={GEONAMES} />
        <Source id="journey-legs" type="geojson" data={legs}>
          <Layer {...ROUTE_CASING_STYLE} id="journey-legs-casing" />
          <Layer {...ROUTE_LINE_STYLE} id="journey-legs-line" />
        </Source>
        {stops.map((stop, i) => (
          <Marker key={stop.id} longitude={stop.place.lng} latitude={stop.place.lat} className="journey-map-stop">
            <span className={`journey-map-number journey-map-number-${stop.action}`} aria-hidden="true">
              {i + 1}
            </span>
          </Marker>
        ))}
      </MapView>
    </div>
  );
}

/** Fits the map to `bounds` with room for the markers, scaled to the map's size. */
export function fit(map: MapLibreMap, bounds: Bounds) {
  const container = map.getContainer();
  const room = Math.round(Math.min(48, Math.max(16, Math.min(container.clientWidth, container.clientHeight) / 8)));
  map.fitBounds(bounds, { padding: { top: room, right: room, bottom: room + 16, left: room }, duration: 0 });
}
