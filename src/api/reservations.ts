import { IDEMPOTENCY_KEY_HEADER } from '@/schemas/common';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import {
  CreatedReservationsResponse,
  HISTORIC_PAGE_SIZE,
  ReservationActionResponse,
  ReservationDraftsResponse,
  ReservationInfoResponse,
  ReservationListResponse,
  type CancelReason,
  type Reservation,
  type ReservationActionResponse as ActionAnswer,
  type ReservationChange,
  type ReservationDraft,
  type ReservationDraftId,
  type ReservationId,
  type ReservationInfo,
  type ReservationInput,
  type ReservationListResponse as ListAnswer,
} from '@/schemas/reservation';
import type { UserId } from '@/schemas/user';
import { api } from './api';

/**
 * The reservation calls of spec §7 (shapes in schemas/reservation.ts, server rules in server/reservations/README.md).
 * Writes carry an Idempotency-Key made by the caller once per user action, so a repeat after a lost answer changes
 * nothing twice. Refusals come back as HttpError: 422 `messages.validation` with `errors` by field, 422 code 101 with
 * `ruleErrors` (the broken reservation rules), 409 with the server's sentence, 403 not eligible.
 */

/** When the server answered, on its own clock and on ours: a countdown uses the difference (machines/return-offer). */
export interface ServerClock {
  /** The answer's `Date` header in ms since the epoch, or null when it had none. */
  readonly serverMs: number | null;
  /** Date.now() when the answer's headers arrived. */
  readonly localMs: number;
}

/** A list of reservations with the clock of its answer. */
export interface ReservationPage extends ListAnswer {
  readonly clock: ServerClock;
}

const reservationPath = (id: ReservationId) => `v1/reservations/${id}`;
const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/** GET v1/reservation-info: the reservation period, own windows, the vehicle types, whether the caller may reserve. */
export const fetchReservationInfo = (signal?: AbortSignal): Promise<ReservationInfo> =>
  api.get('v1/reservation-info', ReservationInfoResponse, 'ReservationInfo', { signal }).then((r) => r.data);

const listWithClock = (query: Record<string, string | number>, signal?: AbortSignal): Promise<ReservationPage> => {
  let clock: ServerClock = { serverMs: null, localMs: Date.now() };
  return api
    .get('v1/reservations', ReservationListResponse, 'ReservationList', {
      query,
      signal,
      onHeaders: (headers) => {
        const date = Date.parse(headers.get('Date') ?? '');
        // The Date header counts whole seconds: half a second is the best guess at when within it the answer left.
        clock = { serverMs: Number.isNaN(date) ? null : date + 500, localMs: Date.now() };
      },
    })
    .then((list) => ({ ...list, clock }));
};

/** GET v1/reservations?order=date_asc: the current reservations, from today on (London). */
export const fetchCurrentReservations = (signal?: AbortSignal): Promise<ReservationPage> =>
  listWithClock({ order: 'date_asc' }, signal);

/** The London calendar date before `now`, yyyy-MM-dd. */
export const yesterdayInLondon = (now: number = Date.now()): string =>
  Temporal.Instant.fromEpochMilliseconds(now)
    .toZonedDateTimeISO('Europe/London')
    .toPlainDate()
    .subtract({ days: 1 })
    .toString();

/** GET v1/reservations with date_to yesterday, date_from empty, newest first, 20 a page (spec §7, §9). */
export const fetchHistoricReservations = (page: number, signal?: AbortSignal): Promise<ReservationPage> =>
  listWithClock(
    { date_to: yesterdayInLondon(), date_from: '', order: 'date_desc', limit: HISTORIC_PAGE_SIZE, page },
    signal,
  );

/** POST v1/reservations: validates one vehicle's days; the answer is one priced draft per day. */
export const validateReservations = (
  request: { userId: UserId; vehicleId: ProviderVehicleId; reservations: readonly ReservationInput[] },
  signal?: AbortSignal,
): Promise<readonly ReservationDraft[]> =>
  api
    .post('v1/reservations', ReservationDraftsResponse, 'ReservationDrafts', {
      body: { user_id: request.userId, vehicle_id: request.vehicleId, reservations: request.reservations },
      signal,
    })
    .then((r) => r.data);

/** POST v1/reservations/accept-drafts: creates the drafts (all or none) as pending reservations. */
export const acceptDrafts = (ids: readonly ReservationDraftId[], key: string): Promise<readonly Reservation[]> =>
  api
    .post('v1/reservations/accept-drafts', CreatedReservationsResponse, 'CreatedReservations', {
      body: { reservations: ids },
      headers: keyed(key),
    })
    .then((r) => r.data);

/** POST v1/reservations/{id}/validate: the reservation as the change would make it, priced; nothing is stored. */
export const validateEdit = (id: ReservationId, change: ReservationChange): Promise<ActionAnswer> =>
  api.post(`${reservationPath(id)}/validate`, ReservationActionResponse, 'ReservationAction', { body: change });

/** PUT v1/reservations/{id}: changed at once, or sent to the team as a request (the answer's message says which). */
export const editReservation = (id: ReservationId, change: ReservationChange, key: string): Promise<ActionAnswer> =>
  api.put(reservationPath(id), ReservationActionResponse, 'ReservationAction', { body: change, headers: keyed(key) });

/** POST v1/reservations/{id}/cancel: cancelled at once, or a cancellation request (the message says which). */
export const cancelReservation = (
  id: ReservationId,
  reason: CancelReason,
  note: string,
  key: string,
): Promise<ActionAnswer> =>
  api.post(`${reservationPath(id)}/cancel`, ReservationActionResponse, 'ReservationAction', {
    body: { cancel_reason: reason, cancel_note: note.trim() === '' ? null : note.trim() },
    headers: keyed(key),
  });

/** POST v1/reservations/{id}/accept-offer or …/reject-offer: answers an open return offer. */
export const answerOffer = (id: ReservationId, accept: boolean, key: string): Promise<ActionAnswer> =>
  api.post(
    `${reservationPath(id)}/${accept ? 'accept-offer' : 'reject-offer'}`,
    ReservationActionResponse,
    'ReservationAction',
    { body: {}, headers: keyed(key) },
  );
