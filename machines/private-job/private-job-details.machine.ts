import { assign, setup } from 'xstate';
import type { PrivateJob } from '@/schemas/private-job';
import { deleteJob, loadJob } from './private-job.actors';
import { privateJobMachine } from './private-job.machine';
import { failureOf, formOfJob } from './private-job.rules';
import type { PrivateJobFailure } from './private-job.types';

export interface PrivateJobDetailsContext {
  readonly uuid: string;
  /** The job as last read or saved; null until read. */
  readonly job: PrivateJob | null;
  /** Why the last read or delete failed; null after a success. */
  readonly failure: PrivateJobFailure | null;
  /** The job was changed or deleted here: the calendar reads its entries again once this closes. */
  readonly changed: boolean;
}

export type PrivateJobDetailsEvent =
  | { readonly type: 'details.retried' }
  | { readonly type: 'details.edit.started' }
  | { readonly type: 'details.delete.requested' }
  | { readonly type: 'details.delete.confirmed' }
  | { readonly type: 'details.delete.cancelled' }
  | { readonly type: 'details.closed' };

/**
 * One of the partner's private jobs opened from the calendar (`/work-calendar/external/{uuid}`, spec §2): its stops,
 * windows, times on site, volume, vehicle and driver; Edit runs the same three steps as a creation (the private-job
 * machine, given the job as its form) and shows the job as saved; Delete asks first, then removes it from the
 * calendar. A job that cannot be read (another partner's, deleted, no connection) says so with a retry.
 */
export const privateJobDetailsMachine = setup({
  types: {} as {
    context: PrivateJobDetailsContext;
    events: PrivateJobDetailsEvent;
    input: { uuid: string };
    output: { changed: boolean };
  },
  actors: { loadJob, deleteJob, editJob: privateJobMachine },
}).createMachine({
  id: 'privateJobDetails',
  context: ({ input }) => ({ uuid: input.uuid, job: null, failure: null, changed: false }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the private job',
      tags: ['loading'],
      on: { 'details.closed': { target: 'closed' } },
      invoke: {
        id: 'loadJob',
        src: 'loadJob',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: { target: 'showing', actions: assign({ job: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    loadFailed: {
      description: 'The job could not be read (not found, or no answer): a retry',
      tags: ['error'],
      on: {
        'details.retried': { target: 'loading', actions: assign({ failure: null }) },
        'details.closed': { target: 'closed' },
      },
    },
    showing: {
      description: 'The job with Edit and Delete',
      on: {
        'details.edit.started': { target: 'editing', actions: assign({ failure: null }) },
        'details.delete.requested': { target: 'confirmingDelete' },
        'details.closed': { target: 'closed' },
      },
    },
    editing: {
      description: 'The three steps of a creation, filled with the job; saving shows the job as saved',
      on: { 'details.closed': { target: 'closed' } },
      invoke: {
        id: 'editor',
        src: 'editJob',
        input: ({ context }) => ({ uuid: context.uuid, editing: formOfJob(context.job!) }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'showing',
            actions: assign({ job: ({ event }) => event.output, changed: true }),
          },
          { target: 'showing' },
        ],
      },
    },
    confirmingDelete: {
      description: 'Asking whether to delete the job; a failed delete is told here',
      on: {
        'details.delete.confirmed': { target: 'deleting', actions: assign({ failure: null }) },
        'details.delete.cancelled': { target: 'showing', actions: assign({ failure: null }) },
      },
    },
    deleting: {
      description: 'Deleting the job; it cannot be closed until the answer',
      tags: ['busy'],
      invoke: {
        id: 'deleteJob',
        src: 'deleteJob',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: { target: 'deleted', actions: assign({ changed: true }) },
        onError: { target: 'confirmingDelete', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    deleted: { description: 'Deleted: it is gone from the calendar', type: 'final' },
    closed: { description: 'Closed', type: 'final' },
  },
  output: ({ context }) => ({ changed: context.changed }),
});
