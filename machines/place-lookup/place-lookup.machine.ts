import { assign, setup } from 'xstate';
import type { Place } from '@/schemas/place';
import { lookUpPlaces } from './place-lookup.actors';
import { DEBOUNCE_MS, MIN_QUERY_LENGTH } from './place-lookup.limits';
import type { PlaceLookupContext, PlaceLookupEvent } from './place-lookup.types';

const nothingOffered = { query: '', places: [], error: null };

/** The text of a `text.changed` event, trimmed; '' for any other event. */
const typedText = (event: PlaceLookupEvent) => (event.type === 'text.changed' ? event.text.trim() : '');

/**
 * The type-ahead of a place field (spec §3 place and search location; the portal's offline stand-in for the maps
 * service's place look-up). Typing waits 250 ms for a pause, then asks GET v1/places; a newer text restarts the wait
 * and aborts a look-up under way, so only the latest text is ever answered. Fewer than two characters look nothing
 * up. The look-up answers places in the United Kingdom only (the server's offline data), although the spec lists
 * other search countries.
 */
export const placeLookupMachine = setup({
  types: {} as { context: PlaceLookupContext; events: PlaceLookupEvent },
  actors: { lookUpPlaces },
  actions: {
    /** Keeps the typed text, trimmed, as the text to look up. */
    storeQuery: assign({ query: ({ event }) => typedText(event) }),
    /** Forgets the text, the places and any failure. */
    clearResults: assign(nothingOffered),
  },
  guards: {
    /** The typed text is long enough to look up (two characters or more, trimmed). */
    isSearchable: ({ event }) => typedText(event).length >= MIN_QUERY_LENGTH,
    /** The look-up found at least one place. */
    hasPlaces: (_, params: { places: readonly Place[] }) => params.places.length > 0,
  },
  delays: {
    /** How long typing must pause before a look-up (place-lookup.limits.ts). */
    debounce: DEBOUNCE_MS,
  },
}).createMachine({
  id: 'placeLookup',
  context: nothingOffered,
  initial: 'idle',
  states: {
    idle: {
      description: 'Fewer than two characters typed: nothing is looked up (the field offers recent searches)',
      on: {
        'text.changed': { guard: 'isSearchable', target: 'debouncing', actions: 'storeQuery' },
        // a recent search chosen from the list
        'place.chosen': { target: 'chosen' },
      },
    },
    debouncing: {
      description: 'Waiting for typing to pause for 250 ms; the places of the last look-up stay offered',
      tags: ['loading'],
      after: { debounce: { target: 'lookingUp' } },
      on: {
        'text.changed': [
          { guard: 'isSearchable', target: 'debouncing', reenter: true, actions: 'storeQuery' },
          { target: 'idle', actions: 'clearResults' },
        ],
        'place.chosen': { target: 'chosen', actions: 'clearResults' },
      },
    },
    lookingUp: {
      description: 'Asking for the places that match the text; a newer text aborts this request',
      tags: ['loading'],
      invoke: {
        id: 'lookUpPlaces',
        src: 'lookUpPlaces',
        input: ({ context }) => ({ q: context.query }),
        onDone: [
          {
            guard: { type: 'hasPlaces', params: ({ event }) => ({ places: event.output }) },
            target: 'showingResults',
            actions: assign({ places: ({ event }) => event.output }),
          },
          { target: 'noResults', actions: assign({ places: [] }) },
        ],
        onError: { target: 'failed', actions: assign({ places: [], error: ({ event }) => event.error }) },
      },
      on: {
        'text.changed': [
          { guard: 'isSearchable', target: 'debouncing', actions: 'storeQuery' },
          { target: 'idle', actions: 'clearResults' },
        ],
        'place.chosen': { target: 'chosen', actions: 'clearResults' },
      },
    },
    showingResults: {
      description: 'The places that match are offered, best first',
      on: {
        'text.changed': [
          { guard: 'isSearchable', target: 'debouncing', actions: 'storeQuery' },
          { target: 'idle', actions: 'clearResults' },
        ],
        'place.chosen': { target: 'chosen', actions: 'clearResults' },
      },
    },
    noResults: {
      description: 'No place matches the text: the field says so',
      on: {
        'text.changed': [
          { guard: 'isSearchable', target: 'debouncing', actions: 'storeQuery' },
          { target: 'idle', actions: 'clearResults' },
        ],
      },
    },
    failed: {
      description: 'The look-up failed: the field says so and offers to try again',
      tags: ['error'],
      on: {
        'lookup.retried': { target: 'lookingUp', actions: assign({ error: null }) },
        'text.changed': [
          { guard: 'isSearchable', target: 'debouncing', actions: [assign({ error: null }), 'storeQuery'] },
          { target: 'idle', actions: 'clearResults' },
        ],
      },
    },
    chosen: {
      description: 'A place was chosen and its name is in the field: nothing is looked up until the partner types',
      on: {
        'text.changed': [
          { guard: 'isSearchable', target: 'debouncing', actions: 'storeQuery' },
          { target: 'idle', actions: 'clearResults' },
        ],
      },
    },
  },
});
