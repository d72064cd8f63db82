import { fromPromise } from 'xstate';
import { fetchCurrentReservations, fetchHistoricReservations, type ReservationPage } from '@/src/api/reservations';
import type { LoadInput } from './reservation-list.types';

/** GET v1/reservations: the current list, or a page of the historic one. Leaving the state aborts the request. */
export const loadReservations = fromPromise<ReservationPage, LoadInput>(({ input, signal }) =>
  input.kind === 'current' ? fetchCurrentReservations(signal) : fetchHistoricReservations(input.page, signal),
);
