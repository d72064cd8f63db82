import { KIND_COLOURS, KINDS } from './listing-kind-colours';
import type { ListingCluster } from './marker-summary';

/** Diameter in px by number of listings: larger clusters read as larger at a glance. */
export function clusterSize(total: number): number {
  if (total < 10) return 32;
  if (total < 50) return 38;
  if (total < 200) return 44;
  return 52;
}

const RING_WIDTH = 5;

/**
 * A cluster: a white disc with the number of listings, ringed by arcs in the colours of the kinds it holds, each as
 * long as its share. Decorative for screen readers (the list carries the same information), and not focusable.
 */
export function ClusterMarker({ cluster, label }: { readonly cluster: ListingCluster; readonly label: string }) {
  const size = clusterSize(cluster.total);
  const r = size / 2 - RING_WIDTH / 2 - 1;
  const circumference = 2 * Math.PI * r;
  let offset = 0;
  const arcs = KINDS.filter((kind) => cluster.byKind[kind] > 0).map((kind) => {
    const length = (cluster.byKind[kind] / Math.max(cluster.total, 1)) * circumference;
    const arc = { kind, length, offset };
    offset += length;
    return arc;
  });
  return (
    <svg className="results-map__cluster" width={size} height={size} viewBox={`0 0 ${size} ${size}`}>
      <circle cx={size / 2} cy={size / 2} r={size / 2 - 1} className="results-map__cluster-disc" />
      {/* Arcs start at 12 o'clock and run clockwise: the circle is rotated by -90°. */}
      <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
        {arcs.map(({ kind, length, offset: start }) => (
          <circle
            key={kind}
            cx={size / 2}
            cy={size / 2}
            r={r}
            fill="none"
            stroke={KIND_COLOURS[kind]}
            strokeWidth={RING_WIDTH}
            strokeDasharray={`${length} ${circumference - length}`}
            strokeDashoffset={-start}
          />
        ))}
      </g>
      <text x="50%" y="50%" dominantBaseline="central" textAnchor="middle" className="results-map__cluster-count">
        {label}
      </text>
    </svg>
  );
}
