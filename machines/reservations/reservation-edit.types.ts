import type { Reservation, ReservationActionResponse, ReservationChange } from '@/schemas/reservation';
import type { ReservationNotices } from './reservation-notices';

export interface EditInput {
  /** The reservation to change; its allowed_actions say whether the change applies now or is a request. */
  readonly reservation: Reservation;
}

/** What the edit form can change: the number of people and the capacity (places, times and a private job stay). */
export type EditField = 'people' | 'capacity';

export interface EditContext extends EditInput {
  readonly people: Reservation['people'];
  /** m³, as typed. */
  readonly capacity: string;
  /** The reservation as the change would make it (POST …/validate): the new price; null until checked. */
  readonly preview: Reservation | null;
  /** Check was pressed with a broken rule: the messages show. */
  readonly revealed: boolean;
  /** Idempotency-Key of the change being saved; kept while its answer is unknown. */
  readonly key: string | null;
  /** The last save got no answer: saving again is safe (the same key). */
  readonly failed: boolean;
}

export type EditEvent =
  | { type: 'edit.people.changed'; people: Reservation['people'] }
  | { type: 'edit.capacity.changed'; capacity: string }
  /** Check the change with the server (its new price). */
  | { type: 'edit.checked' }
  /** Save the change checked. */
  | { type: 'edit.confirmed' }
  /** Back from the checked change to the form. */
  | { type: 'edit.back' }
  | { type: 'edit.dismissed' };

/** Input of `validateEdit` and `saveEdit`. */
export interface SendEditInput {
  readonly reservation: Reservation;
  readonly change: ReservationChange;
  /** For a save only. */
  readonly key?: string;
}
export type EditAnswer = ReservationActionResponse;
export type EditEmitted = ReservationNotices;
