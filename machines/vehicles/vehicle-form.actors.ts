import { fromPromise } from 'xstate';
import type { ProviderVehicle } from '@/schemas/vehicle';
import { createVehicle, updateVehicle, type VehiclePayload } from '@/src/api/fleet';

/** Adds the vehicle (no id) or saves the edited one; answers the vehicle as stored. */
export const saveVehicle = fromPromise<
  ProviderVehicle,
  { readonly id: number | null; readonly payload: VehiclePayload }
>(({ input }) => (input.id === null ? createVehicle(input.payload) : updateVehicle(input.id, input.payload)));
