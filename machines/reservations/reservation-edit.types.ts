import type { Finish, RuleCode, Timing } from '@/machines/reservation-wizard/reservation-wizard.types';
import type { Reservation, ReservationActionResponse, ReservationChange } from '@/schemas/reservation';
import type { ReservationNotices } from './reservation-notices';

export interface EditInput {
  /** The reservation to change; its allowed_actions say whether the change applies now or is a request. */
  readonly reservation: Reservation;
  /** Whether the partner may set an own time window (reservation-info `custom_reservation`, the flag behind it). */
  readonly customWindows: boolean;
}

/**
 * What the edit form can change (spec §7 "nodes, capacity, people"): the number of people, the capacity, the hours
 * (a full day from a start time or anytime, or an own window) and where it finishes (where it starts, anywhere, or
 * the end place it had). The date, the vehicle, the start place and a private job stay as they are.
 */
export interface EditForm {
  readonly people: Reservation['people'];
  /** m³, as typed. */
  readonly capacity: string;
  readonly timing: Timing;
  /** `anytime` or 'HH:mm' (London); with an own window a time, '' until chosen. */
  readonly startTime: string;
  /** The own window's end, 'HH:mm' ('' until chosen); unused for a full day. */
  readonly endTime: string;
  /** `elsewhere` is only the end place the reservation had. */
  readonly finish: Finish;
}

/** The fields of the edit form that can carry a message. */
export type EditField = 'people' | 'capacity' | 'timing' | 'startTime' | 'endTime' | 'finish';

/** One broken rule of the edit, beside its field (the wizard's rule codes and wording). */
export interface EditIssue {
  readonly field: EditField;
  readonly code: RuleCode;
}

export interface EditContext extends EditInput {
  readonly form: EditForm;
  /** The reservation as the change would make it (POST …/validate): the new price; null until checked. */
  readonly preview: Reservation | null;
  /** Fields the partner changed: their messages show as the partner types; all of them once Check was pressed. */
  readonly touched: readonly EditField[];
  /** Check was pressed with a broken rule: every message shows. */
  readonly revealed: boolean;
  /** Idempotency-Key of the change being saved; kept while its answer is unknown. */
  readonly key: string | null;
  /** The last save got no answer: saving again is safe (the same key). */
  readonly failed: boolean;
}

export type EditEvent =
  /** The partner changed fields of the form. */
  | { type: 'edit.changed'; patch: Partial<EditForm> }
  /** Check the change with the server (its rules and its new price). */
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
