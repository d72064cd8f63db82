import 'maplibre-gl/dist/maplibre-gl.css';
import '@/src/pages/journey/journey-route-map.css';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useMemo, useState } from 'react';
import MapView, { AttributionControl, Layer, Marker, Source, type MapEvent } from 'react-map-gl/maplibre';
import type { Feature, LineString } from 'geojson';
import type { DriverPosition, WonJobStop } from '@/schemas/work';
import { fit, stopsBounds } from '@/src/pages/journey/journey-route-map';
import { MAP_BOUNDS } from '@/src/pages/find-work/map/map-bounds';
import { BASE_STYLE, GEONAMES, ROUTE_CASING_STYLE, ROUTE_LINE_STYLE } from '@/src/pages/find-work/map/map-style';

maplibregl.setWorkerUrl(workerUrl);

export interface TrackingMapProps {
  readonly stops: readonly WonJobStop[];
  /** The driver's last known position, or null (before the tracking window, or no driver). */
  readonly position: DriverPosition | null;
  readonly label: string;
}

/**
 * The job's pickup and delivery and the driver's last known position (spec §2 track delivery, §9 tracking from 24
 * hours before collection) on the offline map, as the journey page draws its route. The canvas is decorative for
 * screen readers: the sheet says where the driver is in words. `data-testid="tracking-map"`, `data-map-ready`.
 */
export default function TrackingMap({ stops, position, label }: TrackingMapProps) {
  const [ready, setReady] = useState(false);
  const bounds = useMemo(() => stopsBounds([...stops, ...(position ? [position] : [])]), [stops, position]);
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
      map.getCanvas().tabIndex = -1;
      map.getCanvasContainer().setAttribute('aria-hidden', 'true');
      fit(map, bounds);
      setReady(true);
    },
    [bounds],
  );
  return (
    <div
      className="journey-map work-tracking-map"
      role="region"
      aria-label={label}
      data-testid="tracking-map"
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
        keyboard={false}
        attributionControl={false}
        onLoad={onLoad}
      >
        <AttributionControl compact={false} position="bottom-right" customAttribution={GEONAMES} />
        <Source id="job-line" type="geojson" data={line}>
          <Layer {...ROUTE_CASING_STYLE} id="job-line-casing" />
          <Layer {...ROUTE_LINE_STYLE} id="job-line-line" />
        </Source>
        {stops.map((stop, i) => (
          <Marker key={`${stop.type}-${i}`} longitude={stop.lng} latitude={stop.lat} className="journey-map-stop">
            <span className={`journey-map-number journey-map-number-${stop.type}`} aria-hidden="true">
              {i + 1}
            </span>
          </Marker>
        ))}
        {position ? (
          <Marker longitude={position.lng} latitude={position.lat} className="work-driver-marker">
            <span className="work-driver-dot" aria-hidden="true" />
          </Marker>
        ) : null}
      </MapView>
    </div>
  );
}
