import { assign, fromPromise, setup } from 'xstate';
import type { TrackingResponse, WonJobSheet } from '@/schemas/work';
import { failureKind, type FailureKind } from '@/src/api/errors';
import { fetchJobSheet, fetchTracking } from '@/src/api/work';

/** How often the driver's position is read again while the sheet is open. */
export const TRACKING_EVERY_MS = 30_000;

export interface JobSheetContext {
  readonly listingId: number;
  readonly sheet: WonJobSheet | null;
  readonly tracking: TrackingResponse | null;
  /** The last tracking read failed: the position shown is the one before. */
  readonly trackingStale: boolean;
  readonly failure: FailureKind | null;
  /** A job that is not the partner's, or does not exist (404 'Listing not found'). */
  readonly notFound: boolean;
}

export type JobSheetEvent = { readonly type: 'sheet.retried' };

/** GET won-work/{id}: the job sheet. */
export const loadSheet = fromPromise<WonJobSheet, { listingId: number }>(({ input, signal }) =>
  fetchJobSheet(input.listingId, signal),
);
/** GET won-work/{id}/tracking: where the driver is (from 24 hours before the pickup). */
export const readTracking = fromPromise<TrackingResponse, { listingId: number }>(({ input, signal }) =>
  fetchTracking(input.listingId, signal),
);

const isActive = (sheet: WonJobSheet | null) =>
  sheet !== null && (sheet.job_status === 'allocated' || sheet.job_status === 'in_realisation');

/**
 * The job sheet of a won job (spec §2 job sheet and track delivery; §6 customer details only while the job is
 * allocated; §9 tracking from 24 hours before collection; issue 7): the job, its stops, price, driver, issue or
 * cost, feedback and customer. While the job is active the driver's last known position is read, and read again
 * every 30 seconds; a failed read keeps the last position, marked as old, and tries again at the next turn.
 */
export const jobSheet = setup({
  types: {} as { context: JobSheetContext; events: JobSheetEvent; input: { listingId: number } },
  actors: { loadSheet, readTracking },
  delays: { trackingEvery: TRACKING_EVERY_MS },
  guards: { isActive: ({ context }) => isActive(context.sheet) },
}).createMachine({
  id: 'jobSheet',
  context: ({ input }) => ({
    listingId: input.listingId,
    sheet: null,
    tracking: null,
    trackingStale: false,
    failure: null,
    notFound: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the job sheet',
      tags: ['loading'],
      invoke: {
        id: 'loadSheet',
        src: 'loadSheet',
        input: ({ context }) => ({ listingId: context.listingId }),
        onDone: { target: 'ready', actions: assign({ sheet: ({ event }) => event.output, failure: null }) },
        onError: {
          target: 'failed',
          actions: assign({
            failure: ({ event }) => failureKind(event.error),
            notFound: ({ event }) => (event.error as { status?: number }).status === 404,
          }),
        },
      },
    },
    failed: {
      description: "The sheet could not be read (or the job is not the partner's): what failed, and a retry",
      tags: ['error'],
      on: { 'sheet.retried': { target: 'loading' } },
    },
    ready: {
      initial: 'deciding',
      states: {
        deciding: {
          description: 'An active job is tracked; a done one is not',
          always: [{ guard: 'isActive', target: 'tracking' }, { target: 'untracked' }],
        },
        untracked: { description: 'A done job: tracking has ended' },
        tracking: {
          description: 'Reading where the driver is',
          invoke: {
            id: 'readTracking',
            src: 'readTracking',
            input: ({ context }) => ({ listingId: context.listingId }),
            onDone: {
              target: 'waiting',
              actions: assign({ tracking: ({ event }) => event.output, trackingStale: false }),
            },
            onError: { target: 'waiting', actions: assign({ trackingStale: true }) },
          },
        },
        waiting: {
          description: 'The position shown; read again in 30 seconds',
          after: { trackingEvery: { target: 'tracking' } },
        },
      },
    },
  },
});
