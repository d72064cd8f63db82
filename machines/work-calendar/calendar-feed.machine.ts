import { assign, setup } from 'xstate';
import { failureOf } from '@/machines/private-job/private-job.rules';
import { loadFeed, resetFeed } from './work-calendar.actors';
import type { CalendarFeedContext, CalendarFeedEvent } from './work-calendar.types';

/**
 * "Subscribe on your phone" (issue 7, beyond the spec): the partner's calendar subscription address, which a phone
 * calendar polls without signing in (the last 30 and next 90 days), to copy or open; and a reset, asked first, that
 * makes a new address when the old one was shared too widely (the old one stops working at once).
 */
export const calendarFeedMachine = setup({
  types: {} as { context: CalendarFeedContext; events: CalendarFeedEvent },
  actors: { loadFeed, resetFeed },
  actions: {
    /** Platform effect (the browser's clipboard): copy the subscription address. */
    copyAddress: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'calendarFeed',
  context: { feed: null, failure: null, wasReset: false, copied: false },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the subscription address',
      tags: ['loading'],
      invoke: {
        id: 'loadFeed',
        src: 'loadFeed',
        onDone: { target: 'shown', actions: assign({ feed: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: {
      description: 'The address could not be read: a retry',
      tags: ['error'],
      on: { 'feed.retried': { target: 'loading', actions: assign({ failure: null }) } },
    },
    shown: {
      description: 'The address, to copy or open in a calendar app, and a reset; a failed reset is told here',
      on: {
        'feed.copied': {
          actions: [
            { type: 'copyAddress', params: ({ context }) => ({ url: context.feed!.url }) },
            assign({ copied: true }),
          ],
        },
        'feed.reset.requested': { target: 'confirmingReset', actions: assign({ failure: null }) },
      },
    },
    confirmingReset: {
      description: 'Asking whether to make a new address (the old one will stop working)',
      on: {
        'feed.reset.confirmed': { target: 'resetting' },
        'feed.reset.cancelled': { target: 'shown' },
      },
    },
    resetting: {
      description: 'Making a new address',
      tags: ['busy'],
      invoke: {
        id: 'resetFeed',
        src: 'resetFeed',
        onDone: {
          target: 'shown',
          actions: assign({ feed: ({ event }) => event.output, wasReset: true, copied: false }),
        },
        onError: { target: 'shown', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
});
