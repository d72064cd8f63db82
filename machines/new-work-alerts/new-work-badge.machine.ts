import { setup } from 'xstate';
import { watchPostedWork } from './new-work-alerts.actors';
import { NEW_WORK_SETTLE_MS } from './new-work-alerts.machine';
import type { NewWorkBadgeEvent } from './new-work-alerts.types';

/**
 * Keeps the top bar's new-work alerts counter live: whenever a job is opened on the marketplace (GET /v1/jobs/events
 * `posted`), or the stream reconnected after missing some, the counters are asked again (GET badge-counters) after a
 * moment, so a burst of posts makes one read. Live by the stream rather than by polling: a partner sees new work
 * within a second, and an idle portal makes no requests. The counters themselves are the session's request machine;
 * this machine only says when to refresh them (`refreshCounters`, provided by the layout).
 */
export const newWorkBadgeMachine = setup({
  types: {} as { events: NewWorkBadgeEvent },
  actors: { watchPostedWork },
  actions: {
    /** Asks the badge counters again (provided by the layout). */
    refreshCounters: () => {},
  },
  delays: { settleDelay: NEW_WORK_SETTLE_MS },
}).createMachine({
  id: 'newWorkBadge',
  invoke: { id: 'watchPostedWork', src: 'watchPostedWork' },
  initial: 'quiet',
  states: {
    quiet: {
      description: 'Listening for new work; the counter is up to date',
      on: { 'work.*': 'settling' },
    },
    settling: {
      description: 'New work was posted: a moment for more to arrive, then the counters are read again',
      after: { settleDelay: { target: 'quiet', actions: 'refreshCounters' } },
    },
  },
});
