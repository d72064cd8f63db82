/**
 * A box in degrees: west, south, east, north (GeoJSON bbox order, what MapLibre's fitBounds takes). Not readonly:
 * MapLibre's LngLatBoundsLike is a mutable tuple (it does not change it).
 */
export type Bounds = [west: number, south: number, east: number, north: number];

/**
 * The area the base map covers: the British Isles with the near Continent. The land data is clipped to it and the
 * map cannot be panned beyond it, so the straight cut edges of the land are never in view. It is wide (about
 * 3:2 on screen) so that a wide, short map can still show the whole UK.
 */
export const MAP_BOUNDS: Bounds = [-24, 46, 18, 63.5];

/** The UK with a little sea around it: the view when the search has no pickup place. */
export const UK_BOUNDS: Bounds = [-8.2, 49.9, 1.8, 60.9];
