import 'maplibre-gl/dist/maplibre-gl.css';
import './results-map.css';
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, Map as MapLibreMap, PaddingOptions } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import MapView, {
  AttributionControl,
  Layer,
  Marker,
  Source,
  type MapEvent,
  type MapLayerMouseEvent,
  type MapRef,
  type MapSourceDataEvent,
  type ViewStateChangeEvent,
} from 'react-map-gl/maplibre';
import type { Listing, ListingId } from '@/schemas/search';
import { circlePolygon, polygonBounds } from './circle-polygon';
import { ClusterMarker } from './cluster-marker';
import { KIND_COLOURS } from './listing-kind-colours';
import { pickupPoints, pickupToDelivery } from './listing-features';
import { MAP_BOUNDS, UK_BOUNDS, type Bounds } from './map-bounds';
import {
  BASE_STYLE,
  DIMMED_POINTS_LAYER_STYLE,
  GEONAMES,
  LISTINGS_SOURCE,
  LISTINGS_SOURCE_OPTIONS,
  PICKUP_CENTRE_STYLE,
  POINTS_LAYER,
  POINTS_LAYER_STYLE,
  RADIUS_FILL_STYLE,
  RADIUS_LINE_STYLE,
  ROUTE_CASING_STYLE,
  ROUTE_LINE_STYLE,
  quietCanvas,
} from './map-style';
import { namesFor, type LngLat } from './map-names';
import { summariseMarkers, type ListingCluster, type MarkerSummary } from './marker-summary';
import type { PlacedLabel } from './place-labels';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

// Vite serves the worker as a file of the app (worker-src 'self'); MapLibre's default would look for it beside
// its own module, which the bundle moves.
maplibregl.setWorkerUrl(workerUrl);

export interface ResultsMapProps {
  /** The loaded results of the current tab (may be 0..1000+). Each has pickup {lat,lng,town,short_postcode,nuts1} and delivery {...}. */
  readonly listings: readonly Listing[];
  /** The search's pickup place and radius in miles, or null when the search has no pickup place. */
  readonly pickup: { readonly lat: number; readonly lon: number; readonly radiusMiles: number } | null;
  /** The listing whose card is hovered or focused: draw a line from its pickup to its delivery. */
  readonly highlightedId: ListingId | null;
  /** A click on a single (unclustered) marker. */
  readonly onSelect?: (id: ListingId) => void;
  /** Accessible name of the map region (already translated by the page). */
  readonly label: string;
}

const ANIMATION_MS = 600;

/**
 * Room around a fitted area, px: a tenth of the smaller side, 12 to 40; at the bottom also the height of the
 * attribution line, which sits over the map.
 */
const paddingFor = (map: MapLibreMap): PaddingOptions => {
  const container = map.getContainer();
  const room = Math.round(Math.min(40, Math.max(12, Math.min(container.clientWidth, container.clientHeight) / 10)));
  const attribution = container.querySelector<HTMLElement>('.maplibregl-ctrl-attrib')?.offsetHeight ?? 0;
  return { top: room, right: room, bottom: room + attribution, left: room };
};

/**
 * The find-work results map: the listings' pickups as clustered markers over an offline map of the UK, the
 * search's pickup radius, and the route of the highlighted listing. Loaded lazily (MapLibre is large); it fills
 * its parent, which sets the height. For browser tests: `data-testid="results-map"`, `data-map-ready="true"` once
 * the map has loaded, and `data-rendered-markers` after each idle: how many listings the markers in view stand for.
 */
export default function ResultsMap({ listings, pickup, highlightedId, onSelect, label }: ResultsMapProps) {
  const intl = useIntl();
  const reducedMotion = usePrefersReducedMotion();
  const mapRef = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const [renderedMarkers, setRenderedMarkers] = useState<number | null>(null);
  const [clusters, setClusters] = useState<readonly ListingCluster[]>([]);
  const [names, setNames] = useState<readonly PlacedLabel[]>([]);
  const [hovering, setHovering] = useState(false);

  const points = useMemo(() => pickupPoints(listings), [listings]);
  const byId = useMemo(() => new Map(listings.map((listing) => [listing.id as number, listing])), [listings]);
  const highlighted = highlightedId === null ? undefined : byId.get(highlightedId);
  const route = useMemo(() => (highlighted ? pickupToDelivery(highlighted) : null), [highlighted]);

  const { lat, lon, radiusMiles } = pickup ?? {};
  const radius = useMemo(
    () => (lat !== undefined && lon !== undefined && radiusMiles ? circlePolygon({ lat, lon }, radiusMiles) : null),
    [lat, lon, radiusMiles],
  );
  const target: Bounds = useMemo(() => (radius ? polygonBounds(radius) : UK_BOUNDS), [radius]);

  /**
   * Whether the view should follow `target`: until the user pans or zooms, a new target or a resize (a panel
   * opening, a hidden tab shown) fits the view again; after that the map stays where the user put it.
   */
  const following = useRef(true);
  const fit = useCallback(
    (map: MapLibreMap, animate: boolean) =>
      map.fitBounds(target, {
        padding: paddingFor(map),
        // MapLibre also skips animations under reduced motion; saying so here keeps it true for every call.
        duration: animate && !reducedMotion ? ANIMATION_MS : 0,
      }),
    [target, reducedMotion],
  );

  // A new search area (after the first, which onLoad fits): fit it, and follow it again.
  const fitted = useRef<Bounds | null>(null);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!ready || !map || fitted.current === target) return;
    fitted.current = target;
    following.current = true;
    fit(map, true);
  }, [ready, target, fit]);

  // The latest markers, the pickup centre and the highlighted ends: what the place names must keep clear of.
  const markers = useRef<MarkerSummary>({ clusters: [], points: [], listingsInView: 0 });
  const ends = useRef<readonly LngLat[]>([]);
  const placeNames = useCallback((map: MapLibreMap) => {
    const placed = namesFor(map, markers.current, ends.current);
    setNames((previous) => (sameNames(previous, placed) ? previous : placed));
  }, []);

  /** Reads the clusters for the HTML markers and, at rest, how many listings are on screen. */
  const readMarkers = useCallback(
    (map: MapLibreMap, countInView: boolean) => {
      if (!map.getSource(LISTINGS_SOURCE)) return;
      const bounds = map.getBounds();
      const summary = summariseMarkers(map.querySourceFeatures(LISTINGS_SOURCE), (lng, lat) =>
        bounds.contains([lng, lat]),
      );
      markers.current = summary;
      // Re-render only when something changed (this runs on every tile the source loads).
      setClusters((previous) => (sameClusters(previous, summary.clusters) ? previous : summary.clusters));
      placeNames(map);
      if (countInView) setRenderedMarkers(summary.listingsInView);
    },
    [placeNames],
  );

  useEffect(() => {
    const centre = lat !== undefined && lon !== undefined ? [{ lat, lng: lon }] : [];
    ends.current = [...centre, ...(highlighted && route ? [highlighted.pickup, highlighted.delivery] : [])];
    const map = mapRef.current?.getMap();
    if (ready && map) placeNames(map);
  }, [highlighted, route, lat, lon, ready, placeNames]);

  const onLoad = useCallback(
    ({ target: map }: MapEvent) => {
      // the list beside the map says the same
      quietCanvas(map);
      fitted.current = target;
      fit(map, false);
      setReady(true);
    },
    [fit, target],
  );

  const onSourceData = useCallback(
    (event: MapSourceDataEvent) => {
      if (event.sourceId === LISTINGS_SOURCE && event.isSourceLoaded) readMarkers(event.target, false);
    },
    [readMarkers],
  );

  const onMoveStart = useCallback((event: ViewStateChangeEvent) => {
    // originalEvent is set only for moves the user made (drag, wheel, pinch), not for fitBounds or easeTo.
    if (event.originalEvent) following.current = false;
  }, []);
  const onMoveEnd = useCallback((event: ViewStateChangeEvent) => readMarkers(event.target, false), [readMarkers]);
  const onResize = useCallback(
    ({ target: map }: MapEvent) => {
      if (following.current) fit(map, false);
    },
    [fit],
  );
  const onIdle = useCallback(({ target: map }: MapEvent) => readMarkers(map, true), [readMarkers]);

  const onClick = useCallback(
    (event: MapLayerMouseEvent) => {
      const id = event.features?.[0]?.properties.id;
      const listing = typeof id === 'number' ? byId.get(id) : undefined;
      if (listing) onSelect?.(listing.id);
    },
    [byId, onSelect],
  );

  const zoomInto = useCallback(
    async (cluster: ListingCluster) => {
      const map = mapRef.current?.getMap();
      const source = map?.getSource<GeoJSONSource>(LISTINGS_SOURCE);
      if (!map || !source) return;
      const zoomTo = await source.getClusterExpansionZoom(cluster.id);
      const camera = { center: [cluster.lng, cluster.lat] as [number, number], zoom: zoomTo };
      if (reducedMotion) map.jumpTo(camera);
      else map.easeTo({ ...camera, duration: ANIMATION_MS });
    },
    [reducedMotion],
  );

  return (
    <div
      className={route ? 'results-map results-map--highlighting' : 'results-map'}
      role="region"
      aria-label={label}
      data-testid="results-map"
      data-map-ready={ready ? 'true' : undefined}
      data-rendered-markers={renderedMarkers ?? undefined}
    >
      <MapView
        ref={mapRef}
        mapLib={maplibregl}
        mapStyle={BASE_STYLE}
        initialViewState={{ bounds: target }}
        maxBounds={MAP_BOUNDS}
        minZoom={3}
        maxZoom={15}
        renderWorldCopies={false}
        dragRotate={false}
        pitchWithRotate={false}
        touchPitch={false}
        keyboard={false}
        attributionControl={false}
        interactiveLayerIds={[POINTS_LAYER]}
        cursor={hovering ? 'pointer' : undefined}
        onMouseEnter={() => setHovering(true)}
        onMouseLeave={() => setHovering(false)}
        onClick={onClick}
        onLoad={onLoad}
        onIdle={onIdle}
        onSourceData={onSourceData}
        onMoveStart={onMoveStart}
        onMoveEnd={onMoveEnd}
        onResize={onResize}
      >
        <AttributionControl compact={false} position="bottom-right" customAttribution={GEONAMES} />

        {radius && (
          <Source id="radius" type="geojson" data={radius}>
            <Layer {...RADIUS_FILL_STYLE} />
            <Layer {...RADIUS_LINE_STYLE} />
          </Source>
        )}
        {pickup && (
          <Source id="pickup-centre" type="geojson" data={{ type: 'Point', coordinates: [pickup.lon, pickup.lat] }}>
            <Layer {...PICKUP_CENTRE_STYLE} />
          </Source>
        )}
        {route && (
          <Source id="route" type="geojson" data={route}>
            <Layer {...ROUTE_CASING_STYLE} />
            <Layer {...ROUTE_LINE_STYLE} />
          </Source>
        )}
        <Source id={LISTINGS_SOURCE} {...LISTINGS_SOURCE_OPTIONS} data={points}>
          {/* While a route is shown, the other markers step back. */}
          <Layer {...(route ? DIMMED_POINTS_LAYER_STYLE : POINTS_LAYER_STYLE)} />
        </Source>

        {names.map((name) => (
          <Marker
            key={name.key}
            longitude={name.lng}
            latitude={name.lat}
            offset={name.offset}
            className={`results-map__name results-map__name--${name.kind}`}
          >
            {name.text}
          </Marker>
        ))}

        {clusters.map((cluster) => (
          <Marker
            key={cluster.id}
            longitude={cluster.lng}
            latitude={cluster.lat}
            className="results-map__cluster-marker"
            onClick={(event) => {
              // The map under the marker would take the click too (and select a single marker below it).
              event.originalEvent.stopPropagation();
              void zoomInto(cluster);
            }}
          >
            <ClusterMarker cluster={cluster} label={intl.formatNumber(cluster.total)} />
          </Marker>
        ))}

        {highlighted && route && (
          <>
            <Marker
              longitude={highlighted.pickup.lng}
              latitude={highlighted.pickup.lat}
              className="results-map__end results-map__end--pickup"
              style={{ color: KIND_COLOURS[highlighted.kind] }}
            >
              <span />
            </Marker>
            <Marker
              longitude={highlighted.delivery.lng}
              latitude={highlighted.delivery.lat}
              className="results-map__end results-map__end--delivery"
            >
              <span />
            </Marker>
          </>
        )}
      </MapView>
    </div>
  );
}

const sameNames = (a: readonly PlacedLabel[], b: readonly PlacedLabel[]) =>
  a.length === b.length && a.every((label, i) => label.key === b[i]?.key && label.offset[1] === b[i]?.offset[1]);

const sameClusters = (a: readonly ListingCluster[], b: readonly ListingCluster[]) =>
  a.length === b.length &&
  a.every((cluster, i) => {
    const other = b[i];
    return (
      other !== undefined &&
      other.id === cluster.id &&
      other.total === cluster.total &&
      other.lng === cluster.lng &&
      other.lat === cluster.lat
    );
  });
