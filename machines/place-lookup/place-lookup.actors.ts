import { fromPromise } from 'xstate';
import type { Place } from '@/schemas/place';
import { lookUpPlaces as requestPlaces } from '@/src/api/places';
import type { PlaceLookupInput } from './place-lookup.types';

/**
 * GET v1/places for the text. The invoke's abort signal goes to the request: leaving the looking-up state (newer
 * text, a choice) stops the actor, which aborts the request it superseded.
 */
export const lookUpPlaces = fromPromise<readonly Place[], PlaceLookupInput>(({ input, signal }) =>
  requestPlaces(input.q, signal),
);
