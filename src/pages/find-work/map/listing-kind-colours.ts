import type { ListingKind } from '@/schemas/search';

/**
 * The colour of each listing kind on the map (markers and cluster rings). Chosen to stay apart for the common colour
 * vision deficiencies and to reach 3:1 against the map's land and sea. A page may import this module for a legend
 * without pulling in MapLibre.
 */
export const KIND_COLOURS: Readonly<Record<ListingKind, string>> = {
  instant: '#0d7a6f',
  auction: '#c25e00',
  journey: '#5b3fc4',
};

/** The kinds in the order a cluster's ring draws them. */
export const KINDS: readonly ListingKind[] = ['instant', 'auction', 'journey'];
