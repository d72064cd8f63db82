import { assign, setup } from 'xstate';
import type { ReservationPage } from '@/src/api/reservations';
import { loadReservations } from './reservation-list.actors';
import type { ListContext, ListEvent, ListInput } from './reservation-list.types';

const load = ({ context }: { context: ListContext }) => ({ kind: context.kind, page: context.page });

/**
 * A list of reservations (spec §2 /reservations and /reservations/historic, §7 GET reservations): the current ones
 * (from today on, shown by week) or the historic ones, 20 a page. It is read again after the partner changed a
 * reservation (a cancel, an edit, an answered offer); the list shown stays while a new read or page is on its way.
 */
export const reservationList = setup({
  types: {} as { context: ListContext; events: ListEvent; input: ListInput },
  actors: { loadReservations },
  actions: {
    /** Keeps a list read (and the clock of its answer). */
    store: assign((_, { list }: { list: ReservationPage }) => ({ list, error: null })),
  },
  guards: {
    /** Historic paging to another page that exists. */
    isOtherPage: ({ context, event }) =>
      event.type === 'page.selected' &&
      context.kind === 'historic' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= (context.list?.meta.last_page ?? 1),
  },
}).createMachine({
  id: 'reservationList',
  context: ({ input }) => ({ kind: input.kind, page: input.page ?? 1, list: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the list; nothing to show yet',
      tags: ['loading'],
      invoke: {
        id: 'loadReservations',
        src: 'loadReservations',
        input: load,
        onDone: { target: 'showing', actions: { type: 'store', params: ({ event }) => ({ list: event.output }) } },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: {
      description: 'The list could not be read: an error with a retry',
      tags: ['error'],
      on: { 'list.retried': { target: 'loading', actions: assign({ error: null }) } },
    },
    showing: {
      description: 'The list is shown',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing on its way',
          on: {
            'list.refreshed': { target: 'refreshing' },
            'page.selected': {
              guard: 'isOtherPage',
              target: 'refreshing',
              actions: assign({ page: ({ event }) => event.page }),
            },
          },
        },
        refreshing: {
          description: 'Reading the list again, or another page, while the last one stays on screen',
          tags: ['busy'],
          invoke: {
            id: 'loadReservations',
            src: 'loadReservations',
            input: load,
            onDone: { target: 'idle', actions: { type: 'store', params: ({ event }) => ({ list: event.output }) } },
            // the list shown stays (and says which page it is); the error is kept for a notice
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => event.error,
                page: ({ context }) => context.list?.meta.page ?? context.page,
              }),
            },
          },
        },
      },
    },
  },
});
