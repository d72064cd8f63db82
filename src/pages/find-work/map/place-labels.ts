/** A name the map may show: a region's (spec §3 short name) or a town's. */
export interface LabelCandidate {
  readonly key: string;
  readonly text: string;
  readonly lng: number;
  readonly lat: number;
  readonly kind: 'region' | 'city' | 'town';
  /** Higher goes first when two labels would overlap (a town's population). */
  readonly priority: number;
}

/** A box on screen, px from the map's top left corner. */
export interface ScreenBox {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Approximate text metrics of the label styles in results-map.css (no measuring: this runs on every moveend). */
const CHAR_WIDTH: Readonly<Record<LabelCandidate['kind'], number>> = { region: 8.6, city: 8, town: 7 };
const LINE_HEIGHT = 16;
/** Space kept between two labels, or a label and a marker, px. */
const GAP = 4;
/** Where a label may go, px from its point: on it, else just above, else just below. */
const OFFSETS: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [0, -(LINE_HEIGHT + GAP)],
  [0, LINE_HEIGHT + GAP],
];

/** A label that found a place: its offset from its point, px (a mutable tuple, as MapLibre's PointLike is). */
export interface PlacedLabel extends LabelCandidate {
  readonly offset: [x: number, y: number];
}

export const boxAround = (x: number, y: number, halfWidth: number, halfHeight: number): ScreenBox => ({
  left: x - halfWidth,
  top: y - halfHeight,
  right: x + halfWidth,
  bottom: y + halfHeight,
});

const overlaps = (a: ScreenBox, b: ScreenBox) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Which labels to show: the most important first, each only where it is fully in view and clear of the labels
 * already placed and of the obstacles (the markers, which a label must not hide). A label goes on its point, or
 * just above or below it when that is taken.
 */
export function placeLabels(
  candidates: readonly LabelCandidate[],
  project: (lng: number, lat: number) => { readonly x: number; readonly y: number },
  viewport: { readonly width: number; readonly height: number },
  obstacles: readonly ScreenBox[],
): PlacedLabel[] {
  const taken: ScreenBox[] = [...obstacles];
  const placed: PlacedLabel[] = [];
  for (const label of [...candidates].sort((a, b) => b.priority - a.priority)) {
    const { x, y } = project(label.lng, label.lat);
    const halfWidth = (label.text.length * CHAR_WIDTH[label.kind] + GAP) / 2;
    for (const offset of OFFSETS) {
      const box = boxAround(x + offset[0], y + offset[1], halfWidth, (LINE_HEIGHT + GAP) / 2);
      const inView = box.left >= 0 && box.top >= 0 && box.right <= viewport.width && box.bottom <= viewport.height;
      if (!inView || taken.some((other) => overlaps(box, other))) continue;
      taken.push(box);
      placed.push({ ...label, offset: [offset[0], offset[1]] });
      break;
    }
  }
  return placed;
}

/**
 * The smallest town named at a zoom: 50,000 people from zoom 8, four times as many per zoom level out (800,000 at
 * zoom 6), so that the number of names on screen stays about the same.
 */
export const minTownPopulation = (zoom: number) => 50_000 * 4 ** Math.max(0, 8 - zoom);
