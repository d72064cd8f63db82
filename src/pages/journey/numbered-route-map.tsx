import 'maplibre-gl/dist/maplibre-gl.css';
import './journey-route-map.css';
import * as maplibregl from 'maplibre-gl';
import type { Map as MapLibreMap } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import MapView, { AttributionControl, Layer, Marker, Source, type MapEvent } from 'react-map-gl/maplibre';
import type { Feature, LineString } from 'geojson';
import { MAP_BOUNDS, type Bounds } from '@/src/pages/find-work/map/map-bounds';
import {
  BASE_STYLE,
  GEONAMES,
  quietCanvas,
  ROUTE_CASING_STYLE,
  ROUTE_LINE_STYLE,
} from '@/src/pages/find-work/map/map-style';

// As on find work: Vite serves the worker as a file of the app (worker-src 'self').
maplibregl.setWorkerUrl(workerUrl);

/** One numbered stop: `kind` picks its colour (`journey-map-number-{kind}`). */
export interface RouteStop {
  readonly key: string;
  readonly lng: number;
  readonly lat: number;
  readonly kind: string;
}

/** The box around the stops, with a little room, never smaller than about 10 km. */
export function stopsBounds(points: ReadonlyArray<{ lat: number; lng: number }>): Bounds {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const pad = 0.05;
  return [Math.min(...lngs) - pad, Math.min(...lats) - pad, Math.max(...lngs) + pad, Math.max(...lats) + pad];
}

/** Fits the map to `bounds` with room for the markers, scaled to the map's size. */
function fit(map: MapLibreMap, bounds: Bounds) {
  const container = map.getContainer();
  const room = Math.round(Math.min(48, Math.max(16, Math.min(container.clientWidth, container.clientHeight) / 8)));
  map.fitBounds(bounds, { padding: { top: room, right: room, bottom: room + 16, left: room }, duration: 0 });
}

/**
 * Stops numbered in order and joined by straight lines (the reference has no road routing) on the offline base map,
 * fitted to `bounds` and refitted when resized; a still picture that neither rotates nor takes the keyboard. The
 * canvas is decorative for screen readers: the page says the same in words. `children` adds markers (the driver).
 * For browser tests: `data-testid={testId}`, and `data-map-ready="true"` once loaded.
 */
export function NumberedRouteMap({
  testId,
  className,
  label,
  stops,
  bounds,
  children,
}: {
  readonly testId: string;
  readonly className: string;
  /** Accessible name of the map region (translated by the page). */
  readonly label: string;
  readonly stops: readonly RouteStop[];
  readonly bounds: Bounds;
  readonly children?: ReactNode;
}) {
  const [ready, setReady] = useState(false);
  const line = useMemo<Feature<LineString>>(
    () => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates: stops.map((s) => [s.lng, s.lat]) },
    }),
    [stops],
  );
  const onLoad = useCallback(
    ({ target: map }: MapEvent) => {
      quietCanvas(map);
      fit(map, bounds);
      setReady(true);
    },
    [bounds],
  );
  return (
    <div
      className={className}
      role="region"
      aria-label={label}
      data-testid={testId}
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
        <Source id={`${testId}-line`} type="geojson" data={line}>
          <Layer {...ROUTE_CASING_STYLE} id={`${testId}-line-casing`} />
          <Layer {...ROUTE_LINE_STYLE} id={`${testId}-line-line`} />
        </Source>
        {stops.map((stop, i) => (
          <Marker key={stop.key} longitude={stop.lng} latitude={stop.lat} className="journey-map-stop">
            <span className={`journey-map-number journey-map-number-${stop.kind}`} aria-hidden="true">
              {i + 1}
            </span>
          </Marker>
        ))}
        {children}
      </MapView>
    </div>
  );
}
