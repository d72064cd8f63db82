import type { FieldError } from '@/machines/forms/form-rules';
import type { ProviderVehicle } from '@/schemas/vehicle';
import type { FleetFailure } from './fleet-failure';

/**
 * The add / edit vehicle form (issue 8 "Vehicles"): every field as the partner types it (text for inputs, booleans
 * for the switches); the machine turns them into the request (vehicle-form.rules.ts payloadOf).
 */
export interface VehicleFormValues {
  readonly category: string;
  /** The size (spec §3 Vehicle sizes). */
  readonly type: string;
  readonly make: string;
  readonly model: string;
  readonly registration_number: string;
  readonly seats: string;
  /** m³ as typed, at most 2 decimals (spec §5 numeric fields). */
  readonly loading_capacity_m3: string;
  readonly totalPayloadKg: string;
  /** The full postcode of the vehicle's base. */
  readonly postcode: string;
  readonly haveTailLift: boolean;
  readonly useTrailer: boolean;
  readonly isBranded: boolean;
  readonly isBrandingRequested: boolean;
}
export type VehicleField = keyof VehicleFormValues;

export interface VehicleFormInput {
  /** The vehicle to edit; null to add one. */
  readonly vehicle: ProviderVehicle | null;
}

export interface VehicleFormContext {
  /** The vehicle being edited, or null for a new one. */
  readonly vehicleId: number | null;
  readonly values: VehicleFormValues;
  /** Each field's first broken rule for the current values (shown once the field is touched). */
  readonly errors: Partial<Record<VehicleField, FieldError>>;
  /** Fields the partner left, or all of them once a save was tried. */
  readonly touched: Partial<Record<VehicleField, true>>;
  /** Why the last save failed (its field messages shown under the fields until the field changes); null before. */
  readonly failure: FleetFailure | null;
  /** The vehicle as the server stored it, once saved. */
  readonly saved: ProviderVehicle | null;
}

export type VehicleFormEvent =
  | { readonly type: 'form.changed'; readonly field: VehicleField; readonly value: string | boolean }
  | { readonly type: 'form.blurred'; readonly field: VehicleField }
  | { readonly type: 'form.submitted' }
  | { readonly type: 'form.cancelled' };
