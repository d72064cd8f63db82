import { afterAll, describe, expect, it } from 'vitest';
import { assign, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { reservationCancel } from '@/machines/reservations/reservation-cancel.machine';
import {
  cancelModeOf,
  hasFailed,
  isSending,
  missingOf,
  outcomeOf,
} from '@/machines/reservations/reservation-cancel.selectors';
import type { SendCancelInput } from '@/machines/reservations/reservation-cancel.types';
import type { ReservationNotice } from '@/machines/reservations/reservation-notices';
import { RESERVATION_MESSAGES, RESERVATION_REFUSALS, type Reservation } from '@/schemas/reservation';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof reservationCancel>;

const actions = (a: Partial<Reservation['meta']['allowed_actions']>) => ({
  cancel_request: false,
  cancel_immediately: false,
  update_request: false,
  update_immediately: false,
  ...a,
});
const pending = { id: 11, status: 'pending', meta: { allowed_actions: actions({ cancel_immediately: true }) } };
const soon = { id: 12, status: 'accepted', meta: { allowed_actions: actions({ cancel_request: true }) } };
const answer = (message: string) => ({ message, data: pending });
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1' });
const notNow = new HttpError({ status: 409, message: RESERVATION_REFUSALS.notNow, errors: {}, code: null, url: 'v1' });
const done = (output: unknown) => ({ type: 'xstate.done.actor.cancelReservation', output });
const error = (e: unknown) => ({ type: 'xstate.error.actor.cancelReservation', error: e });

const machine = reservationCancel.provide({
  actions: {
    issueKey: assign({
      key: ({ context }: { context: Snap['context'] }) => context.key ?? 'cancel-key',
      failed: false,
    }),
  } as never,
});

/** The reason other (which needs a note) and vehicle_issues, a note, and each answer. */
const events = (s: Snap): AnyEventObject[] => [
  ...(s.context.reason === null ? [{ type: 'cancel.reason.changed', reason: 'other' }] : []),
  ...(s.context.reason === 'other' ? [{ type: 'cancel.reason.changed', reason: 'vehicle_issues' }] : []),
  ...(s.context.note === '' ? [{ type: 'cancel.note.changed', note: 'The van failed its MOT.' }] : []),
  { type: 'cancel.confirmed' },
  { type: 'cancel.dismissed' },
  done(
    answer(
      s.context.reservation.status === 'pending'
        ? RESERVATION_MESSAGES.cancelled
        : RESERVATION_MESSAGES.cancellationRequested,
    ),
  ),
  error(offline),
  error(notNow),
];

const SIZE = { states: 4, transitions: 8 };
const coverage = new Coverage(reservationCancel);

describe.each([
  { name: 'a pending reservation, cancelled at once', reservation: pending },
  { name: 'an accepted one starting soon, as a request', reservation: soon },
])('reservation cancel: $name', ({ reservation }) => {
  const input = { reservation: reservation as unknown as Reservation };
  const paths = getShortestPaths(machine, { events, input, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let noticed = 0;
    await runPath(
      machine,
      path,
      {
        input,
        promiseActors: ['cancelReservation'],
        actions: ['notify'],
        check: (snap, step, record) => {
          expect(cancelModeOf(snap)).toBe(reservation.status === 'pending' ? 'now' : 'request');
          expect(isSending(snap)).toBe(snap.matches('sending'));
          // the cancel goes only with a reason, and with a note when the reason is other
          for (const call of record.calls) {
            const sent = call.input as SendCancelInput;
            expect(sent.key).toBe('cancel-key');
            expect(sent.reason === 'other' ? sent.note : 'ok').not.toBe('');
          }
          if (step.event.type === 'cancel.confirmed' && snap.matches('choosing'))
            expect(missingOf(snap).reason || missingOf(snap).note).toBe(true);
          expect(outcomeOf(snap)).toBe(
            snap.matches('done') ? 'changed' : snap.matches('dismissed') ? 'dismissed' : 'open',
          );
          const told = record.actions
            .slice(noticed)
            .flatMap((a) => (a.params as { notices: ReservationNotice[] }).notices);
          noticed = record.actions.length;
          const type = step.event.type;
          if (type === 'xstate.done.actor.cancelReservation')
            expect(told).toEqual([
              {
                tone: 'success',
                title:
                  reservation.status === 'pending'
                    ? 'reservations.toast.cancelled'
                    : 'reservations.toast.cancelRequested',
              },
            ]);
          else if (type === 'xstate.error.actor.cancelReservation') {
            const e = (step.event as { error?: unknown }).error;
            expect(told).toEqual([
              e === offline
                ? { tone: 'danger', title: 'reservations.toast.cancelFailed', textId: 'reservations.toast.network' }
                : { tone: 'danger', title: 'reservations.toast.cancelFailed', textId: 'reservations.refusal.notNow' },
            ]);
            // no answer: the same key is kept for a retry; a refusal forgets it
            expect([hasFailed(snap), snap.context.key]).toEqual(e === offline ? [true, 'cancel-key'] : [false, null]);
          } else expect(told).toEqual([]);
        },
      },
      coverage,
    );
  });
});

afterAll(() => coverage.expectComplete(SIZE));
