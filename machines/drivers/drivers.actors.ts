import { fromPromise } from 'xstate';
import type { FleetDriver } from '@/schemas/fleet';
import { fetchDrivers, fetchVehicles, runDriverAction, type DriverAction } from '@/src/api/fleet';
import type { FleetLists } from './drivers.types';

/** The drivers and the vehicles together: the page needs both to show and assign. */
export const loadFleet = fromPromise<FleetLists>(async ({ signal }) => {
  const [drivers, vehicles] = await Promise.all([fetchDrivers(signal), fetchVehicles(signal)]);
  return { drivers, vehicles };
});

/** Assign, unassign, deactivate or reactivate: answers the driver as they now are. */
export const runAction = fromPromise<FleetDriver, DriverAction>(({ input }) => runDriverAction(input));
