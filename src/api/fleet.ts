import {
  DriverResponse,
  FleetDriversResponse,
  VehicleResponse,
  type DriverInput,
  type FleetDriver,
  type VehicleInput,
} from '@/schemas/fleet';
import { VehiclesResponse, type ProviderVehicle } from '@/schemas/vehicle';
import { api } from './api';

/**
 * My vehicles and my drivers (issue 8; shapes and paths in schemas/fleet.ts). Refusals come back as HttpError: 422
 * `messages.validation` with `errors` by field in words meant for the partner, 404 'Vehicle not found' / 'Driver not
 * found' for an id that is not theirs, 409 with the reason for an action the rules refuse (a vehicle in use, a
 * vehicle that has a driver, a driver on work).
 */

const VEHICLES = 'ts/public/v1/vehicles';
const DRIVERS = 'ng/api/v3/provider/drivers';

/** What the vehicle form sends (schemas/fleet.ts VehicleInput, as encoded). */
export type VehiclePayload = typeof VehicleInput.Encoded;
/** What the add-driver form sends. */
export type DriverPayload = typeof DriverInput.Encoded;

/** GET ts/public/v1/vehicles?include-place-info=true: every vehicle of the partner that is not removed. */
export const fetchVehicles = (signal?: AbortSignal): Promise<readonly ProviderVehicle[]> =>
  api
    .get(VEHICLES, VehiclesResponse, 'Vehicles', { query: { 'include-place-info': 'true' }, signal })
    .then((r) => r.data);

export const createVehicle = (payload: VehiclePayload): Promise<ProviderVehicle> =>
  api.post(VEHICLES, VehicleResponse, 'Vehicle', { body: payload }).then((r) => r.data);

export const updateVehicle = (id: number, payload: VehiclePayload): Promise<ProviderVehicle> =>
  api.put(`${VEHICLES}/${id}`, VehicleResponse, 'Vehicle', { body: payload }).then((r) => r.data);

export const removeVehicle = (id: number): Promise<ProviderVehicle> =>
  api.delete(`${VEHICLES}/${id}`, VehicleResponse, 'Vehicle').then((r) => r.data);

/** The most drivers the page lists (the server's page limit). */
const DRIVERS_PAGE = 100;

/** GET ng/api/v3/provider/drivers: the partner's drivers, active or not, with their vehicle and colour. */
export const fetchDrivers = (signal?: AbortSignal): Promise<readonly FleetDriver[]> =>
  api
    .get(DRIVERS, FleetDriversResponse, 'FleetDrivers', { query: { limit: DRIVERS_PAGE }, signal })
    .then((r) => r.data.rows);

export const createDriver = (payload: DriverPayload): Promise<FleetDriver> =>
  api.post(DRIVERS, DriverResponse, 'Driver', { body: payload }).then((r) => r.data);

/** The driver actions of spec §4 "Driver and vehicle": each answers the driver as they now are. */
export type DriverAction =
  | { readonly kind: 'assign'; readonly driverId: number; readonly vehicleId: number }
  | { readonly kind: 'unassign'; readonly driverId: number }
  | { readonly kind: 'deactivate'; readonly driverId: number }
  | { readonly kind: 'reactivate'; readonly driverId: number };

export const runDriverAction = (action: DriverAction): Promise<FleetDriver> => {
  const path = (verb: string) => `${DRIVERS}/${action.driverId}/${verb}`;
  const call =
    action.kind === 'assign'
      ? api.post(path('assign-vehicle'), DriverResponse, 'Driver', { body: { vehicle_id: action.vehicleId } })
      : api.post(path(action.kind === 'unassign' ? 'unassign-vehicle' : action.kind), DriverResponse, 'Driver');
  return call.then((r) => r.data);
};
