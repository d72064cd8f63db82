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
  initial: 'starting',
  states: {
    starting: {
      description: 'Deciding whether a cached copy can be shown while the server is asked',
      always: [{ guard: 'hasCache', target: 'refreshing' }, { target: 'loading' }],
    },
    loading: {
      description: 'No cached copy: waiting for the server before the pages can decide what to show',
      tags: ['loading'],
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
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    refreshing: {
      description: 'The cached copy is in use while a fresh one is fetched',
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
        // keep working from the cache; the next start tries again
        onError: { target: 'ready', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: {
      description: 'Flags known (fresh, or cached when the refresh failed)',
      on: { 'appInit.refresh': 'refreshing' },
    },
    failed: {
      description: 'No flags at all: the portal shows an error with a retry',
      on: { 'appInit.retry': 'loading' },
    },
  },
});
