import type { SnapshotFrom } from 'xstate';
import type { ReservationStatus } from '@/schemas/reservation';
import type { reservationLifecycle } from './reservation-lifecycle.machine';

type LifecycleSnapshot = SnapshotFrom<typeof reservationLifecycle>;

/** The status the reservation is in (the machine's state is the status). */
export const statusOf = (s: LifecycleSnapshot): ReservationStatus => s.value as ReservationStatus;
