import { assign, emit, setup } from 'xstate';
import { saveEdit, validateEdit } from './reservation-edit.actors';
import { editChange, editIssues, formOf, touchedBy, withPatch } from './reservation-edit.rules';
import type { EditContext, EditEmitted, EditEvent, EditInput } from './reservation-edit.types';
import { answerNotice, failureNotices, isUnanswered, type ReservationNotice } from './reservation-notices';

type Failed = { event: { error: unknown } };
const send = ({ context }: { context: EditContext }) => ({
  reservation: context.reservation,
  change: editChange(context.reservation, context.form),
  key: context.key ?? '',
});
const notifyFailed = {
  type: 'notify',
  params: ({ event }: Failed) => ({ notices: failureNotices(event.error, 'edit') }),
} as const;

/**
 * The edit dialogue of one reservation (spec §4 edit, §7 PUT and …/validate "nodes, capacity, people", §8 toasts): the
 * partner changes the number of people, the capacity, the hours (a full day from a time or anytime, or an own window)
 * or where it finishes, each rule of spec §5 checked as they type; the server checks the change with the same rules
 * and prices it (nothing stored; a broken rule comes back as code 101), the dialogue says whether it applies now or
 * becomes a request for the team (meta.allowed_actions), and Save sends it once (an Idempotency-Key kept while an
 * answer is unknown). It ends `done` (the list is read again) or `dismissed`.
 */
export const reservationEdit = setup({
  types: {} as { context: EditContext; events: EditEvent; input: EditInput; emitted: EditEmitted },
  actors: { validateEdit, saveEdit },
  actions: {
    issueKey: assign({ key: ({ context }) => context.key ?? crypto.randomUUID(), failed: false }),
    forgetKey: assign({ key: null, failed: false }),
    notify: emit((_, { notices }: { notices: readonly ReservationNotice[] }) => ({
      type: 'reservation.notices' as const,
      notices,
    })),
  },
  guards: {
    isChangeValid: ({ context }) => editIssues(context.reservation, context.form, context.customWindows).length === 0,
    isUnansweredError: (_, { error }: { error: unknown }) => isUnanswered(error),
  },
}).createMachine({
  id: 'reservationEdit',
  context: ({ input }) => ({
    ...input,
    form: formOf(input.reservation),
    preview: null,
    touched: [],
    revealed: false,
    key: null,
    failed: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: people, capacity, hours and finish, with their rules beside them',
      on: {
        'edit.changed': {
          actions: assign({
            form: ({ context, event }) => withPatch(context.form, event.patch),
            touched: ({ context, event }) => [...new Set([...context.touched, ...touchedBy(event.patch)])],
          }),
        },
        'edit.checked': [{ guard: 'isChangeValid', target: 'checking' }, { actions: assign({ revealed: true }) }],
        'edit.dismissed': { target: 'dismissed' },
      },
    },
    checking: {
      description: 'The server checks and prices the change (nothing is stored)',
      tags: ['busy'],
      invoke: {
        id: 'validateEdit',
        src: 'validateEdit',
        input: send,
        onDone: { target: 'confirming', actions: assign({ preview: ({ event }) => event.output.data }) },
        onError: { target: 'editing', actions: notifyFailed },
      },
    },
    confirming: {
      description: 'The new price, and whether the change applies now or is a request for the team',
      on: {
        'edit.confirmed': { target: 'saving', actions: 'issueKey' },
        'edit.back': { target: 'editing', actions: ['forgetKey', assign({ preview: null })] },
        'edit.dismissed': { target: 'dismissed' },
      },
    },
    saving: {
      description: 'Saving the change; the dialogue waits for the answer',
      tags: ['busy'],
      invoke: {
        id: 'saveEdit',
        src: 'saveEdit',
        input: send,
        onDone: {
          target: 'done',
          actions: [
            'forgetKey',
            { type: 'notify', params: ({ event }) => ({ notices: [answerNotice(event.output.message)] }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isUnansweredError', params: ({ event }: Failed) => ({ error: event.error }) },
            target: 'confirming',
            actions: [assign({ failed: true }), notifyFailed],
          },
          { target: 'editing', actions: ['forgetKey', assign({ preview: null }), notifyFailed] },
        ],
      },
    },
    done: {
      description: 'Changed, or the edit request received: the dialogue closes and the list is read again',
      type: 'final',
    },
    dismissed: { description: 'Closed without changing anything', type: 'final' },
  },
});
