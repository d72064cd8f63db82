import { VehiclesResponse, type ProviderVehicle } from '@/schemas/vehicle';
import { api } from './api';

/**
 * GET ts/public/v1/vehicles?include-place-info=true&status=APPROVED (spec §4 "a vehicle list is requested with status
 * APPROVED", §7): the partner's approved vehicles, each with its base as a place when it has one.
 */
export const fetchApprovedVehicles = (signal?: AbortSignal): Promise<readonly ProviderVehicle[]> =>
  api
    .get('ts/public/v1/vehicles', VehiclesResponse, 'Vehicles', {
      query: { 'include-place-info': 'true', status: 'APPROVED' },
      signal,
    })
    .then((r) => r.data);
