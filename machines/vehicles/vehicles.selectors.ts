import type { SnapshotFrom } from 'xstate';
import type { vehiclesMachine } from './vehicles.machine';

type Snap = SnapshotFrom<typeof vehiclesMachine>;

export const vehiclesList = (s: Snap) => s.context.vehicles;
export const isVehiclesLoading = (s: Snap) => s.hasTag('loading');
export const vehiclesLoadFailure = (s: Snap) => (s.hasTag('error') ? s.context.loadFailure : null);
export const isVehiclesLoaded = (s: Snap) => s.matches('loaded');
/** The form is open: `{ vehicle }` (null: a new one), else null. */
export const vehicleFormOpen = (s: Snap) => (s.matches({ loaded: 'editing' }) ? { vehicle: s.context.editing } : null);
/** The vehicle whose removal is being confirmed or sent, and whether it is being sent. */
export const vehicleRemoval = (s: Snap) =>
  s.matches({ loaded: 'confirmingRemoval' }) || s.matches({ loaded: 'removing' })
    ? { vehicle: s.context.removing, busy: s.hasTag('busy') }
    : null;
/** Whether any vehicle is waiting for the team's review (the page then says within how long). */
export const hasPendingReview = (s: Snap) => s.context.vehicles.some((v) => v.status === 'PENDING');
