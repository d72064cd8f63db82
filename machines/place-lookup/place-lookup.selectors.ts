import type { SnapshotFrom } from 'xstate';
import type { Place } from '@/schemas/place';
import type { placeLookupMachine } from './place-lookup.machine';

type PlaceLookupSnapshot = SnapshotFrom<typeof placeLookupMachine>;

/** The places to offer, best first (those of the last look-up while a newer one waits or runs). */
export const placesOf = (s: PlaceLookupSnapshot): readonly Place[] => s.context.places;

/** Waiting for typing to pause, or asking the server: the field shows that it is looking. */
export const isLookingUp = (s: PlaceLookupSnapshot): boolean => s.hasTag('loading');

/** The last look-up found nothing. */
export const hasNoPlaces = (s: PlaceLookupSnapshot): boolean => s.matches('noResults');

/** The last look-up failed; `lookup.retried` tries again. */
export const hasLookupFailed = (s: PlaceLookupSnapshot): boolean => s.hasTag('error');

/** The trimmed text being looked up or last looked up ('' when none). */
export const queryOf = (s: PlaceLookupSnapshot): string => s.context.query;
