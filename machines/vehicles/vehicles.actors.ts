import { fromPromise } from 'xstate';
import type { ProviderVehicle } from '@/schemas/vehicle';
import { fetchVehicles, removeVehicle as removeVehicleCall } from '@/src/api/fleet';

/** Every vehicle of the partner that is not removed, with its base. */
export const loadVehicles = fromPromise<readonly ProviderVehicle[]>(({ signal }) => fetchVehicles(signal));

/** Removes (soft-deletes) one vehicle; the server refuses (409) one with work ahead. */
export const removeVehicle = fromPromise<ProviderVehicle, { readonly id: number }>(({ input }) =>
  removeVehicleCall(input.id),
);
