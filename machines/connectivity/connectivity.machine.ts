import { emit, setup } from 'xstate';
import { watchConnection } from './connectivity.actors';
import type { ConnectivityEmitted, ConnectivityEvent, ConnectivityInput } from './connectivity.types';

/**
 * Whether the browser is online, for the offline banner. While offline, reads that fail are retried
 * by the API client with backoff; writes are never retried silently, so the partner sees they failed.
 * When the connection comes back it says so (`connection.back`): a page whose messages could not load offline loads
 * them then.
 */
export const connectivityMachine = setup({
  types: {} as {
    context: ConnectivityInput;
    events: ConnectivityEvent;
    input: ConnectivityInput;
    emitted: ConnectivityEmitted;
  },
  actors: { watchConnection },
  guards: { startsOnline: ({ context }) => context.online },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ online: input.online }),
  invoke: { id: 'watchConnection', src: 'watchConnection' },
  initial: 'starting',
  states: {
    starting: {
      description: 'Reads what the browser says at start-up',
      always: [{ guard: 'startsOnline', target: 'online' }, { target: 'offline' }],
    },
    online: {
      description: 'Connected: no banner',
      on: { 'connection.lost': 'offline' },
    },
    offline: {
      description: 'The browser lost its connection: the offline banner is shown',
      on: {
        'connection.restored': {
          target: 'online',
          description: 'Says the connection is back, so that what could not load offline loads again',
          actions: emit({ type: 'connection.back' }),
        },
      },
    },
  },
});
