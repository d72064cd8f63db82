import { lazyDialog } from '@/src/app/lazy-dialog';

/**
 * The reservation dialogue's shell (`./reservation-dialog`), loaded when a dialogue first opens: the pages that confirm
 * with it (removing a vehicle, deactivating a driver) do not carry React Aria's modal on their first load. Takes the shell's
 * props and `onUnavailable` (its code could not be fetched: close the dialogue).
 */
export const LazyReservationDialog = lazyDialog(() =>
  import('./reservation-dialog').then((m) => ({ default: m.ReservationDialog })),
);
