import { assign, emit, setup } from 'xstate';
import { jobCompletion } from '@/machines/job-completion/job-completion.machine';
import type { WonJob } from '@/schemas/work';
import { failureKind, type HttpError } from '@/src/api/errors';
import { archiveJob, askForFeedback, assignDriver, loadWonWork } from './won-work.actors';
import type { WonWorkContext, WonWorkEvent, WonWorkInput, WorkAction, WorkNotice } from './won-work.types';

type Failed = { event: { error: unknown } };

/** The danger toast of a failed row action: a refusal in the server's words, anything else by its kind. */
const refused = (action: WorkAction) =>
  ({
    type: 'notify',
    params: ({ event }: Failed): WorkNotice => {
      const kind = failureKind(event.error);
      return {
        type: 'work.notice',
        tone: 'danger',
        action,
        kind,
        ...(kind === 'refused' ? { message: (event.error as HttpError).message } : {}),
      };
    },
  }) as const;

const succeeded = (action: WorkAction) =>
  ({ type: 'notify', params: { type: 'work.notice', tone: 'success', action } as WorkNotice }) as const;

const replaceRow = (rows: readonly WonJob[], job: WonJob) =>
  rows.map((row) => (row.listing_id === job.listing_id ? job : row));

/**
 * Won work (spec §2 /work, my jobs: active, completed, live quotes; §4 job statuses and listing status codes; §5
 * 'Please select a driver'; §7 allocate-driver, listing-won archive, request-feedback; issue 7). One page of a tab at
 * a time, filtered by the vehicle the job was booked with and the driver on it; each tab's count under the same
 * filters. On a card the partner assigns a driver (picked first, else 'Please select a driver'), completes the job
 * (the job-completion dialogue, invoked here), archives a done job or asks its customer for feedback (once). One row
 * action at a time; each ends in a toast (`work.notice`). A completion or an archive moves the job to another tab or
 * out of them, so the page is read again; a driver or a feedback request changes the row in place.
 */
export const wonWork = setup({
  types: {} as { context: WonWorkContext; events: WonWorkEvent; input: WonWorkInput; emitted: WorkNotice },
  actors: { loadWonWork, assignDriver, archiveJob, askForFeedback, jobCompletion },
  actions: {
    notify: emit((_, notice: WorkNotice) => notice),
    toFirstPage: assign({ page: 1 }),
  },
  guards: {
    hasNoDriverChosen: ({ context, event }) =>
      event.type === 'work.driver.assigned' && context.driverChoice[event.listingId] === undefined,
    completed: ({ event }) => (event as unknown as { output: WonJob | null }).output !== null,
  },
}).createMachine({
  id: 'wonWork',
  context: ({ input }) => ({
    tab: input.tab ?? 'active',
    page: 1,
    vehicleId: null,
    driverId: null,
    setup: null,
    rows: [],
    total: 0,
    pageSize: 20,
    counts: null,
    driverChoice: {},
    driverMissing: null,
    busyRow: null,
    completing: null,
    failure: null,
  }),
  initial: 'loading',
  // A change of tab, page or filter reads the list again from any state: while a read is under way (after a
  // completion, an archive, or the first load) the read starts over for what was chosen, rather than the choice being
  // dropped while the tab bar shows the old tab.
  on: {
    'work.tab.selected': {
      target: '.loading',
      reenter: true,
      actions: [assign({ tab: ({ event }) => event.tab }), 'toFirstPage'],
    },
    'work.page.changed': { target: '.loading', reenter: true, actions: assign({ page: ({ event }) => event.page }) },
    'work.vehicle.filtered': {
      target: '.loading',
      reenter: true,
      actions: [assign({ vehicleId: ({ event }) => event.vehicleId }), 'toFirstPage'],
    },
    'work.driver.filtered': {
      target: '.loading',
      reenter: true,
      actions: [assign({ driverId: ({ event }) => event.driverId }), 'toFirstPage'],
    },
  },
  states: {
    loading: {
      description: 'Reading a page of the tab (the drivers and vehicles too, the first time)',
      tags: ['loading'],
      invoke: {
        id: 'loadWonWork',
        src: 'loadWonWork',
        input: ({ context }) => ({
          tab: context.tab,
          page: context.page,
          vehicleId: context.vehicleId,
          driverId: context.driverId,
          withSetup: context.setup === null,
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            rows: event.output.rows,
            total: event.output.total,
            pageSize: event.output.pageSize,
            counts: event.output.counts,
            setup: event.output.setup ?? context.setup,
            failure: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureKind(event.error) }) },
      },
    },
    failed: {
      description: 'The list could not be read: what failed, and a retry',
      tags: ['error'],
      on: { 'work.retried': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          description: 'The cards of the page, each with what the server allows on it',
          on: {
            'work.driver.chosen': {
              actions: assign({
                driverChoice: ({ context, event }) => ({ ...context.driverChoice, [event.listingId]: event.driverId }),
                driverMissing: null,
              }),
            },
            'work.driver.assigned': [
              { guard: 'hasNoDriverChosen', actions: assign({ driverMissing: ({ event }) => event.listingId }) },
              {
                target: 'assigning',
                actions: assign({ busyRow: ({ event }) => event.listingId, driverMissing: null }),
              },
            ],
            'work.archive.requested': {
              target: 'archiving',
              actions: assign({ busyRow: ({ event }) => event.listingId }),
            },
            'work.feedback.requested': {
              target: 'requestingFeedback',
              actions: assign({ busyRow: ({ event }) => event.listingId }),
            },
            'work.completion.started': {
              target: 'completing',
              actions: assign({ completing: ({ event }) => ({ listingId: event.listingId, mode: event.mode }) }),
            },
          },
        },
        assigning: {
          description: 'Putting the chosen driver on the job (allocate-driver)',
          tags: ['busy'],
          invoke: {
            id: 'assignDriver',
            src: 'assignDriver',
            input: ({ context }) => ({
              listingId: context.busyRow!,
              driverId: context.driverChoice[context.busyRow!]!,
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ rows: ({ context, event }) => replaceRow(context.rows, event.output), busyRow: null }),
                succeeded('allocate_driver'),
              ],
            },
            onError: { target: 'idle', actions: [assign({ busyRow: null }), refused('allocate_driver')] },
          },
        },
        archiving: {
          description: 'Archiving a done job; the page is read again without it',
          tags: ['busy'],
          invoke: {
            id: 'archiveJob',
            src: 'archiveJob',
            input: ({ context }) => ({ listingId: context.busyRow! }),
            onDone: { target: '#wonWork.loading', actions: [assign({ busyRow: null }), succeeded('archive')] },
            onError: { target: 'idle', actions: [assign({ busyRow: null }), refused('archive')] },
          },
        },
        requestingFeedback: {
          description: "Asking the job's customer for feedback (once per job)",
          tags: ['busy'],
          invoke: {
            id: 'askForFeedback',
            src: 'askForFeedback',
            input: ({ context }) => ({ listingId: context.busyRow! }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  rows: ({ context, event }) =>
                    context.rows.map((row) =>
                      row.listing_id === context.busyRow
                        ? {
                            ...row,
                            feedback: { ...row.feedback, requested_at: event.output },
                            can: { ...row.can, request_feedback: false },
                          }
                        : row,
                    ),
                  busyRow: null,
                }),
                succeeded('request_feedback'),
              ],
            },
            onError: { target: 'idle', actions: [assign({ busyRow: null }), refused('request_feedback')] },
          },
        },
        completing: {
          description:
            'The completion dialogue of one job is open; a completion moves the job, so the page is read again',
          invoke: {
            id: 'jobCompletion',
            src: 'jobCompletion',
            input: ({ context }) => ({ listingId: context.completing!.listingId, mode: context.completing!.mode }),
            onDone: [
              {
                guard: 'completed',
                target: '#wonWork.loading',
                actions: [assign({ completing: null }), succeeded('complete')],
              },
              { target: 'idle', actions: assign({ completing: null }) },
            ],
          },
        },
      },
    },
  },
});
