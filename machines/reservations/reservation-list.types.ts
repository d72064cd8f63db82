import type { ReservationPage } from '@/src/api/reservations';

/** Which list: the current reservations (from today, by week) or the historic ones (20 a page). */
export type ListKind = 'current' | 'historic';

export interface ListInput {
  readonly kind: ListKind;
  /** The historic page to open first, from the address (`?page=2`); 1 when not given. */
  readonly page?: number;
}

export interface ListContext {
  readonly kind: ListKind;
  /** The page asked for (historic); 1 for the current list. */
  readonly page: number;
  /** The last list read, with the clock of its answer; null until the first read. */
  readonly list: ReservationPage | null;
  /** Why the last read failed; null after a success. */
  readonly error: unknown;
}

export type ListEvent =
  /** The first read failed: try again. */
  | { type: 'list.retried' }
  /** Read the list again (after a cancel, an edit or an answered offer). */
  | { type: 'list.refreshed' }
  /** Historic paging: the partner asks for this page (the pager); it goes into the address. */
  | { type: 'page.selected'; page: number }
  /** Historic paging: the address shows this page (back, forward): show it, the address is already right. */
  | { type: 'page.restored'; page: number };

/** Input of `loadReservations`. */
export interface LoadInput {
  readonly kind: ListKind;
  readonly page: number;
}
