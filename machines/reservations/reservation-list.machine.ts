import { assign, setup } from 'xstate';
import type { ReservationPage } from '@/src/api/reservations';
import { loadReservations } from './reservation-list.actors';
import type { ListContext, ListEvent, ListInput } from './reservation-list.types';

const load = ({ context }: { context: ListContext }) => ({ kind: context.kind, page: context.page });
type Loaded = { event: { output: ReservationPage } };
const lastPageOf = ({ event }: Loaded) => ({ page: event.output.meta.last_page });

/**
 * A list of reservations (spec §2 /reservations and /reservations/historic, §7 GET reservations): the current ones
 * (from today on, shown by week) or the historic ones, 20 a page. It is read again after the partner changed a
 * reservation (a cancel, an edit, an answered offer); the list shown stays while a new read or page is on its way.
 *
 * The historic page is also in the address (`?page=2`), so a deep link, a reload and back/forward keep it, while this
 * machine owns the paging: the pager asks for a page (`page.selected`), the machine decides and has the page put in
 * the address (`showPageInAddress`, a new history entry); an address that changed on its own (back, forward) restores
 * its page (`page.restored`, nothing written). A page past the last one is read as the last one, and a page that
 * failed to load leaves the address at the page shown (both replace the history entry).
 */
export const reservationList = setup({
  types: {} as { context: ListContext; events: ListEvent; input: ListInput },
  actors: { loadReservations },
  actions: {
    /** Keeps a list read (and the clock of its answer). */
    store: assign((_, { list }: { list: ReservationPage }) => ({ list, error: null })),
    /** A read failed: its error is kept for a notice, and the page is the one still shown. */
    keepShownPage: assign(({ context, event }) => ({
      error: 'error' in event ? event.error : null,
      page: context.list?.meta.page ?? context.page,
    })),
    /** Asks for this page (it is read next). */
    choosePage: assign((_, { page }: { page: number }) => ({ page })),
    /** Platform effect (the page's router): write the historic page in the address; provided at the React boundary. */
    showPageInAddress: (_, _params: { page: number; replace: boolean }) => {},
  },
  guards: {
    isHistoric: ({ context }) => context.kind === 'historic',
    /** Historic paging to another page that exists. */
    isOtherPage: ({ context, event }) =>
      (event.type === 'page.selected' || event.type === 'page.restored') &&
      context.kind === 'historic' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= (context.list?.meta.last_page ?? Number.MAX_SAFE_INTEGER),
    /** The page read lies past the last one (a deep link to a page that no longer exists). */
    isPastLastPage: (_, { list }: { list: ReservationPage }) => list.meta.page > list.meta.last_page,
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
        onDone: [
          {
            guard: { type: 'isPastLastPage', params: ({ event }) => ({ list: event.output }) },
            target: 'loading',
            reenter: true,
            actions: [
              { type: 'choosePage', params: lastPageOf },
              { type: 'showPageInAddress', params: ({ event }) => ({ ...lastPageOf({ event }), replace: true }) },
            ],
          },
          { target: 'showing', actions: { type: 'store', params: ({ event }) => ({ list: event.output }) } },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
      on: {
        // back or forward before the first read answered: read the page the address now shows
        'page.restored': {
          guard: 'isOtherPage',
          target: 'loading',
          reenter: true,
          actions: { type: 'choosePage', params: ({ event }) => ({ page: event.page }) },
        },
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
      on: {
        'page.restored': {
          guard: 'isOtherPage',
          target: '.refreshing',
          reenter: true,
          actions: { type: 'choosePage', params: ({ event }) => ({ page: event.page }) },
        },
      },
      states: {
        idle: {
          description: 'Nothing on its way',
          on: {
            'list.refreshed': { target: 'refreshing' },
            'page.selected': {
              guard: 'isOtherPage',
              target: 'refreshing',
              actions: [
                { type: 'choosePage', params: ({ event }) => ({ page: event.page }) },
                { type: 'showPageInAddress', params: ({ event }) => ({ page: event.page, replace: false }) },
              ],
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
            onDone: [
              {
                guard: { type: 'isPastLastPage', params: ({ event }) => ({ list: event.output }) },
                target: 'refreshing',
                reenter: true,
                actions: [
                  { type: 'choosePage', params: lastPageOf },
                  { type: 'showPageInAddress', params: ({ event }) => ({ ...lastPageOf({ event }), replace: true }) },
                ],
              },
              { target: 'idle', actions: { type: 'store', params: ({ event }) => ({ list: event.output }) } },
            ],
            // the list shown stays (and says which page it is, in the address too); the error is kept for a notice
            onError: [
              {
                guard: 'isHistoric',
                target: 'idle',
                actions: [
                  'keepShownPage',
                  {
                    type: 'showPageInAddress',
                    params: ({ context }) => ({ page: context.page, replace: true }),
                  },
                ],
              },
              { target: 'idle', actions: 'keepShownPage' },
            ],
          },
        },
      },
    },
  },
});
