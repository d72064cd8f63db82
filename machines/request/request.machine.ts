import { assign, fromPromise, setup } from 'xstate';
import type { RequestContext, RequestEvent } from './request.types';

/**
 * The spec's "request state" (§4): loading set true, then the response or the error is stored.
 * One factory for every plain read (dashboard figures, counters, lists), so no endpoint has its own
 * copy. `load` is the API function; tests pass a fake.
 */
export function createRequestMachine<T>(id: string, load: () => Promise<T>) {
  return setup({
    types: {} as { context: RequestContext<T>; events: RequestEvent },
    actors: { load: fromPromise<T>(() => load()) },
  }).createMachine({
    id,
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        description: 'First request under way; nothing to show yet',
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          onDone: { target: 'success', actions: assign({ data: ({ event }) => event.output, error: null }) },
          onError: { target: 'failure', actions: assign({ error: ({ event }) => event.error }) },
        },
      },
      success: {
        description: 'The response is shown',
        on: { 'request.refresh': 'refreshing' },
      },
      refreshing: {
        description: 'Asking again while the last response stays on screen',
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          onDone: { target: 'success', actions: assign({ data: ({ event }) => event.output, error: null }) },
          // the last good response stays; the error is kept for a notice
          onError: { target: 'success', actions: assign({ error: ({ event }) => event.error }) },
        },
      },
      failure: {
        description: 'The request failed and there is nothing to show: an error with a retry',
        on: { 'request.retry': 'loading' },
      },
    },
  });
}
