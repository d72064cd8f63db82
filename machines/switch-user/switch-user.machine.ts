import { assign, setup } from 'xstate';
import { NetworkError } from '@/src/api/errors';
import { searchPartners } from './switch-user.actors';
import type { SwitchUserContext, SwitchUserEvent } from './switch-user.types';

/** Typing pauses this long before the search is sent: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The admin's switch user page (spec §6: an admin logs in as another user): find the partner to act as, by name or
 * e-mail. The search runs at once with an empty query (every partner, first 20), then again after each pause in
 * typing; a new query cancels the search under way. Acting as the partner is the auth machine's
 * (`auth.switchUser.requested`): the page sends it there.
 */
export const switchUserMachine = setup({
  types: {} as { context: SwitchUserContext; events: SwitchUserEvent },
  actors: { searchPartners },
  actions: {
    storeQuery: assign({
      query: ({ event }) => (event.type === 'switchUser.query.changed' ? event.query : ''),
    }),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'switchUser',
  context: { query: '', partners: [], total: 0, failure: null },
  initial: 'searching',
  states: {
    typing: {
      description: 'The admin is typing: the search waits for a pause (each key starts the wait again)',
      after: { debounce: 'searching' },
      on: { 'switchUser.query.changed': { target: 'typing', reenter: true, actions: 'storeQuery' } },
    },
    searching: {
      description: 'Asking for the partners matching the query',
      tags: ['loading'],
      // a new query cancels this search
      on: { 'switchUser.query.changed': { target: 'typing', actions: 'storeQuery' } },
      invoke: {
        id: 'searchPartners',
        src: 'searchPartners',
        input: ({ context }) => ({ query: context.query.trim() }),
        onDone: {
          target: 'found',
          actions: assign({
            partners: ({ event }) => event.output.data,
            total: ({ event }) => event.output.meta.total,
            failure: null,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => (event.error instanceof NetworkError ? 'offline' : 'server') }),
        },
      },
    },
    found: {
      description: 'The matching partners are listed, each with "Act as"',
      on: { 'switchUser.query.changed': { target: 'typing', actions: 'storeQuery' } },
    },
    failed: {
      description: 'The search failed: the query stays, with a retry',
      tags: ['error'],
      on: {
        'switchUser.retried': 'searching',
        'switchUser.query.changed': { target: 'typing', actions: 'storeQuery' },
      },
    },
  },
});
