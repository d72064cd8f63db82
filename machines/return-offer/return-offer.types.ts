import type { ReservationActionResponse, ReservationId } from '@/schemas/reservation';
import type { ReservationNotices } from '@/machines/reservations/reservation-notices';

export interface ReturnOfferInput {
  readonly id: ReservationId;
  /** The offer's `offer_expires_at` (an ISO instant, the server's clock). */
  readonly expiresAt: string;
  /** The server's clock minus ours when the list was read (its Date header): the countdown runs on the server's time. */
  readonly offsetMs: number;
  /** Date.now() when the card appeared. */
  readonly nowMs: number;
}

export interface ReturnOfferContext {
  readonly id: ReservationId;
  readonly expiresAtMs: number;
  readonly offsetMs: number;
  /** Now on the server's clock, as of the last tick. */
  readonly serverNowMs: number;
  /** Idempotency-Key of the answer being sent; kept while its answer is unknown. */
  readonly key: string | null;
  /** The last answer got no reply: the dialogue says so, and confirming again reuses the key. */
  readonly failed: boolean;
}

export type ReturnOfferEvent =
  /** The ticker: our clock now (Date.now()). */
  | { type: 'clock.ticked'; localMs: number }
  | { type: 'offer.accept.requested' }
  | { type: 'offer.accept.confirmed' }
  | { type: 'offer.reject.requested' }
  | { type: 'offer.reject.confirmed' }
  /** The confirmation dialogue was closed without answering. */
  | { type: 'offer.dismissed' };

/** Input of `answerOffer`. */
export interface AnswerInput {
  readonly id: ReservationId;
  readonly accept: boolean;
  readonly key: string;
}
export type AnswerOutput = ReservationActionResponse;
export type ReturnOfferEmitted = ReservationNotices;
