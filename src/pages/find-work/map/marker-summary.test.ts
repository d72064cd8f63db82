import { describe, expect, it } from 'vitest';
import { summariseMarkers } from './marker-summary';

const cluster = (id: number, lng: number, count: { instant?: number; auction?: number; journey?: number }) => ({
  geometry: { type: 'Point' as const, coordinates: [lng, 53] },
  properties: {
    cluster: true,
    cluster_id: id,
    point_count: (count.instant ?? 0) + (count.auction ?? 0) + (count.journey ?? 0),
    ...count,
  },
});
const point = (id: number, lng: number) => ({
  geometry: { type: 'Point' as const, coordinates: [lng, 53] },
  properties: { id, kind: 'instant' },
});
/** The view: longitudes from -3 to -1. */
const inView = (lng: number) => lng >= -3 && lng <= -1;

describe('summariseMarkers', () => {
  it('counts a cluster as its listings and a single marker as one, inside the view only', () => {
    const summary = summariseMarkers(
      [cluster(1, -2, { instant: 3, auction: 2 }), point(10, -2.5), point(11, -5), cluster(2, 0, { journey: 4 })],
      inView,
    );
    expect(summary.listingsInView).toBe(6);
    expect(summary.clusters).toEqual([
      { id: 1, lng: -2, lat: 53, total: 5, byKind: { instant: 3, auction: 2, journey: 0 } },
      { id: 2, lng: 0, lat: 53, total: 4, byKind: { instant: 0, auction: 0, journey: 4 } },
    ]);
    expect(summary.points).toEqual([
      { lng: -2.5, lat: 53 },
      { lng: -5, lat: 53 },
    ]);
  });

  it('keeps once a marker that two tiles both carry', () => {
    const summary = summariseMarkers(
      [cluster(1, -2, { instant: 3 }), cluster(1, -2, { instant: 3 }), point(10, -2.5), point(10, -2.5)],
      inView,
    );
    expect(summary.listingsInView).toBe(4);
    expect(summary.clusters).toHaveLength(1);
    expect(summary.points).toHaveLength(1);
  });

  it('has nothing to count without features', () => {
    expect(summariseMarkers([], inView)).toEqual({ clusters: [], points: [], listingsInView: 0 });
  });
});
