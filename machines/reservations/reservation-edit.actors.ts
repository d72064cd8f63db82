import { fromPromise } from 'xstate';
import { editReservation, validateEdit as requestValidate } from '@/src/api/reservations';
import type { EditAnswer, SendEditInput } from './reservation-edit.types';

/** POST v1/reservations/{id}/validate: the reservation as the change would make it; nothing is stored. */
export const validateEdit = fromPromise<EditAnswer, SendEditInput>(({ input }) =>
  requestValidate(input.reservation.id, input.change),
);

/** PUT v1/reservations/{id} with the save's Idempotency-Key (not aborted: the answer decides). */
export const saveEdit = fromPromise<EditAnswer, SendEditInput>(({ input }) =>
  editReservation(input.reservation.id, input.change, input.key ?? ''),
);
