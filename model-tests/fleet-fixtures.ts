import type { FleetDriver } from '@/schemas/fleet';
import type { ProviderVehicle, VehicleStatus } from '@/schemas/vehicle';

/**
 * Vehicles and drivers for the fleet model tests (vehicles, vehicle form, drivers, driver form), decoded shapes as
 * the API answers them.
 */
export const fleetVehicle = (id: number, registration: string, status: VehicleStatus): ProviderVehicle =>
  ({
    id,
    category: 'van',
    name: 'Ford Transit',
    type: 'lwb',
    userId: 7,
    make: 'Ford',
    model: 'Transit',
    registration_number: registration,
    registration,
    seats: 3,
    placeId: `vehicle-base:${id}`,
    createdAt: '2026-10-01T09:00:00.000Z',
    deletedAt: null,
    status,
    useTrailer: false,
    isBranded: false,
    brandedAt: null,
    isBrandingRequested: false,
    haveTailLift: true,
    loading_capacity_m3: 11,
    totalPayloadKg: 1350,
    capacity: { value: 11, unit: 'm3', formatted: '11 m³' },
    length: 3.5,
    image: null,
    color: '#1d4ed8',
    short_postcode: 'BS1',
    place: {
      id: `vehicle-base:${id}`,
      lat: 51.45,
      lng: -2.59,
      postcode: 'BS1 4DJ',
      postalTown: 'Bristol',
      shortPostalCode: 'BS1',
      town: 'Bristol',
      nuts1: { code: 'UKK', name: 'South West', short_name: 'S.West' },
    },
  }) as ProviderVehicle;

export const fleetDriver = (id: number, name: string, fields: Partial<FleetDriver> = {}): FleetDriver =>
  ({
    id,
    user_id: id,
    provider_id: 7,
    full_name: name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.co.uk`,
    phone: '07700 900123',
    active: true,
    created_at: '2026-09-01T09:00:00.000Z',
    colour: '#047857',
    vehicle: null,
    invited_at: null,
    deactivated_at: null,
    ...fields,
  }) as FleetDriver;
