import type { CancelReason, Reservation, ReservationActionResponse } from '@/schemas/reservation';
import type { ReservationNotices } from './reservation-notices';

export interface CancelInput {
  /** The reservation to cancel, as the list shows it (its allowed_actions say whether at once or as a request). */
  readonly reservation: Reservation;
}

export interface CancelContext extends CancelInput {
  /** One of the five reasons of spec §9; null until chosen. */
  readonly reason: CancelReason | null;
  /** The partner's note (required with the reason `other`). */
  readonly note: string;
  /** Confirm was pressed with something missing: the messages show. */
  readonly revealed: boolean;
  /** Idempotency-Key of the cancel being sent; kept while its answer is unknown. */
  readonly key: string | null;
  /** The last attempt got no answer: the dialogue says so; confirming again reuses the key. */
  readonly failed: boolean;
}

export type CancelEvent =
  | { type: 'cancel.reason.changed'; reason: CancelReason }
  | { type: 'cancel.note.changed'; note: string }
  | { type: 'cancel.confirmed' }
  | { type: 'cancel.dismissed' };

/** Input of `cancelReservation`. */
export interface SendCancelInput {
  readonly reservation: Reservation;
  readonly reason: CancelReason;
  readonly note: string;
  readonly key: string;
}
export type CancelAnswer = ReservationActionResponse;
export type CancelEmitted = ReservationNotices;
