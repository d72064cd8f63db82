import { assign, emit, setup } from 'xstate';
import { cancelReservation } from './reservation-cancel.actors';
import type { CancelContext, CancelEmitted, CancelEvent, CancelInput } from './reservation-cancel.types';
import { answerNotice, failureNotices, isUnanswered, type ReservationNotice } from './reservation-notices';

type Failed = { event: { error: unknown } };

/**
 * The cancel dialogue of one reservation (spec §4 cancel, §8 toasts, §9 cancellation reasons). It asks for one of the
 * five reasons and a note (the note is required with `other`), says whether the cancel applies now or becomes a
 * request for the team (meta.allowed_actions), and sends it once (an Idempotency-Key per attempt, kept while its
 * answer is unknown). It ends `done` (the reservation changed: the list is read again) or `dismissed`.
 */
export const reservationCancel = setup({
  types: {} as {
    context: CancelContext;
    events: CancelEvent;
    input: CancelInput;
    emitted: CancelEmitted;
  },
  actors: { cancelReservation },
  actions: {
    issueKey: assign({ key: ({ context }) => context.key ?? crypto.randomUUID(), failed: false }),
    forgetKey: assign({ key: null, failed: false }),
    notify: emit((_, { notices }: { notices: readonly ReservationNotice[] }) => ({
      type: 'reservation.notices' as const,
      notices,
    })),
  },
  guards: {
    /** A reason is chosen, and a note written when the reason is `other`. */
    isComplete: ({ context }) => context.reason !== null && (context.reason !== 'other' || context.note.trim() !== ''),
    isUnansweredError: (_, { error }: { error: unknown }) => isUnanswered(error),
  },
}).createMachine({
  id: 'reservationCancel',
  context: ({ input }) => ({ ...input, reason: null, note: '', revealed: false, key: null, failed: false }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'The dialogue asks for a reason and a note, and says whether the cancel applies now or is a request',
      on: {
        'cancel.reason.changed': { actions: assign({ reason: ({ event }) => event.reason }) },
        'cancel.note.changed': { actions: assign({ note: ({ event }) => event.note }) },
        'cancel.confirmed': [
          { guard: 'isComplete', target: 'sending', actions: 'issueKey' },
          { actions: assign({ revealed: true }) },
        ],
        'cancel.dismissed': { target: 'dismissed' },
      },
    },
    sending: {
      description: 'Sending the cancel; the dialogue waits for the answer',
      tags: ['busy'],
      invoke: {
        id: 'cancelReservation',
        src: 'cancelReservation',
        input: ({ context }) => ({
          reservation: context.reservation,
          reason: context.reason ?? 'other',
          note: context.note,
          key: context.key ?? '',
        }),
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
            target: 'choosing',
            actions: [
              assign({ failed: true }),
              { type: 'notify', params: ({ event }) => ({ notices: failureNotices(event.error, 'cancel') }) },
            ],
          },
          {
            target: 'choosing',
            actions: [
              'forgetKey',
              { type: 'notify', params: ({ event }) => ({ notices: failureNotices(event.error, 'cancel') }) },
            ],
          },
        ],
      },
    },
    done: {
      description: 'Cancelled, or the cancellation request received: the dialogue closes and the list is read again',
      type: 'final',
    },
    dismissed: { description: 'Closed without cancelling', type: 'final' },
  },
});
