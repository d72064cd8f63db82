import { useMemo } from 'react';
import { Marker } from 'react-map-gl/maplibre';
import type { DriverPosition, WonJobStop } from '@/schemas/work';
import { NumberedRouteMap, stopsBounds } from '@/src/pages/journey/numbered-route-map';

export interface TrackingMapProps {
  readonly stops: readonly WonJobStop[];
  /** The driver's last known position, or null (before the tracking window, or no driver). */
  readonly position: DriverPosition | null;
  readonly label: string;
}

/**
 * The job's pickup and delivery and the driver's last known position (spec §2 track delivery, §9 tracking from 24
 * hours before collection) on the offline map, as the journey page draws its route. The sheet says where the driver
 * is in words. `data-testid="tracking-map"`, `data-map-ready`.
 */
export default function TrackingMap({ stops, position, label }: TrackingMapProps) {
  const numbered = useMemo(
    () => stops.map((s, i) => ({ key: `${s.type}-${i}`, lng: s.lng, lat: s.lat, kind: s.type })),
    [stops],
  );
  const bounds = useMemo(() => stopsBounds([...stops, ...(position ? [position] : [])]), [stops, position]);
  return (
    <NumberedRouteMap
      testId="tracking-map"
      className="journey-map work-tracking-map"
      label={label}
      stops={numbered}
      bounds={bounds}
    >
      {position ? (
        <Marker longitude={position.lng} latitude={position.lat} className="work-driver-marker">
          <span className="work-driver-dot" aria-hidden="true" />
        </Marker>
      ) : null}
    </NumberedRouteMap>
  );
}
