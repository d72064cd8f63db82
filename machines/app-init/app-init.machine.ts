import { assign, setup } from 'xstate';
import type { AppInit } from '@/schemas/app-init';
import { loadAppInit } from './app-init.actors';
import type { AppInitContext, AppInitEvent, AppInitInput } from './app-init.types';

/**
 * App initialisation (spec §3, §7): feature flags per user and the fake date. A cached copy lets the
 * portal render at once; it is refreshed from the server every start, and the fresh copy is cached.
 */
export const appInitMachine = setup({
  types: {} as { context: AppInitContext; events: AppInitEvent; input: AppInitInput },
  actors: { loadAppInit },
  actions: {
    /** Writes the fresh copy to local storage for this user (provided at the React boundary). */
    storeCache: (_, _params: { init: AppInit }) => {},
  },
  guards: { hasCache: ({ context }) => context.init !== null },
}).createMachine({
  id: 'appInit',
  context: ({ input }) => ({ init: input.cached, stale: input.cached !== null, error: null }),
  initial: 'fetching',
  states: {
    fetching: {
      description: 'Asking the server for flags; a cached copy, if any, is in use meanwhile (without one, pages wait)',
      invoke: {
        id: 'loadAppInit',
        src: 'loadAppInit',
        onDone: {
          target: 'ready',
          actions: [
            assign({ init: ({ event }) => event.output, stale: false, error: null }),
            { type: 'storeCache', params: ({ event }) => ({ init: event.output }) },
          ],
        },
        onError: [
          // keep working from the cache; the next start tries again
          { guard: 'hasCache', target: 'ready', actions: assign({ error: ({ event }) => event.error }) },
          { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    ready: {
      description: 'Flags known (fresh, or cached when the refresh failed)',
      on: { 'appInit.refresh': 'fetching' },
    },
    failed: {
      description: 'No flags at all: the portal shows an error with a retry',
      on: { 'appInit.retry': 'fetching' },
    },
  },
});
