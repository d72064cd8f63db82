import type { SnapshotFrom } from 'xstate';
import type { driversMachine } from './drivers.machine';

type Snap = SnapshotFrom<typeof driversMachine>;

export const driversList = (s: Snap) => s.context.drivers;
export const isDriversLoading = (s: Snap) => s.hasTag('loading');
export const driversLoadFailure = (s: Snap) => (s.hasTag('error') ? s.context.loadFailure : null);
export const isDriversLoaded = (s: Snap) => s.matches('loaded');
export const isDriverFormOpen = (s: Snap) => s.matches({ loaded: 'adding' });
/** The driver an action is being sent for (their row shows it as busy), else null. */
export const busyDriverId = (s: Snap) => (s.hasTag('busy') ? (s.context.action?.driverId ?? null) : null);

/** The approved vehicles a driver can be given, each with who drives it now (null: nobody). */
export const assignableVehicles = (s: Snap) =>
  s.context.vehicles
    .filter((v) => v.status === 'APPROVED')
    .map((vehicle) => ({ vehicle, driver: s.context.drivers.find((d) => d.vehicle?.id === vehicle.id) ?? null }));

/** The assign dialogue: its driver, the vehicle chosen, whether to say "choose a vehicle", whether it is sending. */
export const assignDialog = (s: Snap) => {
  const open =
    s.matches({ loaded: 'assigning' }) || (s.matches({ loaded: 'acting' }) && s.context.action?.kind === 'assign');
  if (!open) return null;
  return {
    driver: s.context.drivers.find((d) => d.id === s.context.driverId) ?? null,
    chosen: s.context.chosenVehicle,
    showRequired: s.context.triedAssign && s.context.chosenVehicle === '',
    busy: s.hasTag('busy'),
  };
};

/** The deactivation confirmation: its driver and whether it is sending. */
export const deactivateDialog = (s: Snap) => {
  const open =
    s.matches({ loaded: 'confirmingDeactivation' }) ||
    (s.matches({ loaded: 'acting' }) && s.context.action?.kind === 'deactivate');
  return open
    ? { driver: s.context.drivers.find((d) => d.id === s.context.driverId) ?? null, busy: s.hasTag('busy') }
    : null;
};
