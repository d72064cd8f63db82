import { fromPromise } from 'xstate';
import { cancelReservation as requestCancel } from '@/src/api/reservations';
import type { CancelAnswer, SendCancelInput } from './reservation-cancel.types';

/** POST v1/reservations/{id}/cancel with the attempt's Idempotency-Key (not aborted: the answer decides). */
export const cancelReservation = fromPromise<CancelAnswer, SendCancelInput>(({ input }) =>
  requestCancel(input.reservation.id, input.reason, input.note, input.key),
);
