import type { Place } from '@/schemas/place';

export interface PlaceLookupContext {
  /** The trimmed text being looked up (or last looked up); '' while idle or once a place is chosen. */
  query: string;
  /**
   * The places of the last look-up, best first. Kept while a newer look-up waits or runs, so the list does not flash
   * empty at each key press; empty while idle, once a place is chosen, and after a failure.
   */
  places: readonly Place[];
  /** Why the last look-up failed; null otherwise. */
  error: unknown;
}

export type PlaceLookupEvent =
  /** The partner typed (or emptied the field): the field's whole text, as typed. */
  | { type: 'text.changed'; text: string }
  /** The partner chose an offered place (or a recent search): nothing more to look up until they type again. */
  | { type: 'place.chosen' }
  /** The partner asked to try a failed look-up again. */
  | { type: 'lookup.retried' };

/** What `lookUpPlaces` is given; the abort signal comes from the invoke itself (stopping it aborts the request). */
export interface PlaceLookupInput {
  readonly q: string;
}
