import { assign, setup } from 'xstate';
import { failureKind } from '@/src/api/errors';
import { loadMyJourneys } from './my-journeys.actors';
import type { MyJourneysContext, MyJourneysEvent, MyJourneysInput } from './my-journeys.types';

/**
 * The partner's journeys (spec §2 `/journey` without an id; §4 journey-type IP_ codes): the journeys it claimed or was
 * given, those it expressed interest in, and those it completed, in three tabs with their counts, a page of one tab
 * at a time (GET /v1/my-journeys). The server decides each journey's status code; the page shows it in words. Read
 * only: the actions on a journey are on its own page.
 */
export const myJourneys = setup({
  types: {} as { context: MyJourneysContext; events: MyJourneysEvent; input: MyJourneysInput },
  actors: { loadMyJourneys },
  actions: {
    /** Shows the chosen tab from its first page, without the last tab's rows. */
    storeTab: assign({ tab: (_, tab: MyJourneysContext['tab']) => tab, page: 1, rows: [], total: 0 }),
    /** Shows the chosen page of the tab. */
    storePage: assign({ page: (_, page: number) => page }),
  },
  guards: {
    /** The tab chosen is not the one shown. */
    isAnotherTab: ({ context }, tab: MyJourneysContext['tab']) => tab !== context.tab,
  },
}).createMachine({
  id: 'myJourneys',
  context: ({ input }) => ({
    tab: input.tab ?? 'claimed',
    page: 1,
    rows: [],
    total: 0,
    pageSize: 20,
    counts: null,
    failure: null,
  }),
  initial: 'loading',
  // A new tab or page is read at once from any state: a read under way starts over for what was chosen. A new tab
  // drops the rows of the last one (the tab bar never shows one tab over another's rows); a new page keeps them on
  // screen until the next arrive. Choosing the tab shown changes nothing.
  on: {
    'journeys.tab.selected': {
      guard: { type: 'isAnotherTab', params: ({ event }) => event.tab },
      target: '.loading',
      reenter: true,
      actions: { type: 'storeTab', params: ({ event }) => event.tab },
    },
    'journeys.page.changed': {
      target: '.loading',
      reenter: true,
      actions: { type: 'storePage', params: ({ event }) => event.page },
    },
  },
  states: {
    loading: {
      description: 'Reading a page of the tab, with every tab’s count',
      tags: ['loading'],
      invoke: {
        id: 'loadMyJourneys',
        src: 'loadMyJourneys',
        input: ({ context }) => ({ tab: context.tab, page: context.page }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            rows: event.output.rows,
            total: event.output.total,
            pageSize: event.output.pageSize,
            counts: event.output.counts,
            failure: null,
          })),
        },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => failureKind(event.error), rows: [] }),
        },
      },
    },
    ready: {
      description: 'The journeys of the page, each with its status, window and pay, and every tab’s count',
    },
    failed: {
      description: 'The list could not be read: what failed, and a retry',
      tags: ['error'],
      on: { 'journeys.retried': { target: 'loading' } },
    },
  },
});
