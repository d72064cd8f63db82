import { errorText } from '@/src/api/errors';
import { assign, setup } from 'xstate';
import { loadAlerts, markSeen, watchPostedWork } from './new-work-alerts.actors';
import type { AlertsAnswer, NewWorkAlertsContext, NewWorkAlertsEvent } from './new-work-alerts.types';

/**
 * How long new work settles before the alerts are read again: a burst of posts (a customer posting several jobs, the
 * development poster) makes one read, not one per job.
 */
export const NEW_WORK_SETTLE_MS = 750;

/**
 * The alerts page (/find-work/alerts; schemas/alert.ts has the rules). It reads the matches of the partner's alerting
 * saved searches, marks those unseen as "New" for this visit, and tells the server the partner has seen them (up to
 * the list's own `as_of`, so a job posted meanwhile stays unseen), then asks the top bar's counters again so the badge
 * drops to 0. While open it listens for new work (GET /v1/jobs/events `posted`) and reads the list again, new matches
 * marked too. Work posted while a read or a mark is under way is remembered (`stale`) and read once they are done.
 * A failed mark is not shown: the marks are on screen already, the badge keeps its count, and the next visit marks
 * them again.
 */
export const newWorkAlertsMachine = setup({
  types: {} as { context: NewWorkAlertsContext; events: NewWorkAlertsEvent },
  actors: { loadAlerts, markSeen, watchPostedWork },
  actions: {
    /** The top bar's counters ask the server again (provided by the page: the session's badge-counters machine). */
    refreshCounters: () => {},
    /** Keeps a load's answer; the jobs unseen in it join the marked ones, which keep their mark. */
    storeAlerts: assign(({ context }, answer: AlertsAnswer) => ({
      alerts: answer.data,
      marked: [
        ...context.marked,
        ...answer.data.filter((a) => a.unseen && !context.marked.includes(a.listing.id)).map((a) => a.listing.id),
      ],
      searches: answer.meta.searches,
      total: answer.meta.total,
      asOf: answer.meta.as_of,
      error: null,
    })),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
  },
  guards: {
    /** The answer has matches the partner has not seen: tell the server they have now. */
    hasUnseen: (_, answer: AlertsAnswer) => answer.meta.unseen > 0,
    /** New work was posted while the page was busy. */
    isStale: ({ context }) => context.stale,
  },
  delays: { settleDelay: NEW_WORK_SETTLE_MS },
}).createMachine({
  id: 'newWorkAlerts',
  context: { alerts: [], marked: [], searches: [], total: 0, asOf: null, stale: false, error: null },
  invoke: { id: 'watchPostedWork', src: 'watchPostedWork' },
  on: { 'work.*': { actions: 'markStale' } },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the alerts (GET alerts); nothing to show yet',
      tags: ['loading'],
      entry: 'clearStale',
      invoke: {
        id: 'loadAlerts',
        src: 'loadAlerts',
        onDone: [
          {
            guard: { type: 'hasUnseen', params: ({ event }) => event.output },
            target: 'marking',
            actions: { type: 'storeAlerts', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'storeAlerts', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    marking: {
      description:
        'The alerts are listed, new ones marked; telling the server the partner has seen them (POST alerts/seen)',
      invoke: {
        id: 'markSeen',
        src: 'markSeen',
        input: ({ context }) => ({ asOf: context.asOf ?? '' }),
        onDone: { target: 'ready', actions: 'refreshCounters' },
        onError: { target: 'ready' },
      },
    },
    ready: {
      description: 'The alerts are listed, the new ones of this visit marked',
      always: { guard: 'isStale', target: 'settling' },
      on: { 'work.*': 'settling' },
    },
    settling: {
      description: 'New work was posted: a moment for more to arrive before the alerts are read again',
      after: { settleDelay: 'refreshing' },
    },
    refreshing: {
      description: 'Reading the alerts again while the list stays on screen; a failure keeps the list',
      entry: 'clearStale',
      invoke: {
        id: 'loadAlerts',
        src: 'loadAlerts',
        onDone: [
          {
            guard: { type: 'hasUnseen', params: ({ event }) => event.output },
            target: 'marking',
            actions: { type: 'storeAlerts', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'storeAlerts', params: ({ event }) => event.output } },
        ],
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      description: 'The alerts could not be read: the error, with a retry',
      tags: ['error'],
      on: { 'alerts.retried': 'loading' },
    },
  },
});
