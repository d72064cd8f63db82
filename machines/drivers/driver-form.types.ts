import type { FieldError } from '@/machines/forms/form-rules';
import type { FleetFailure } from '@/machines/vehicles/fleet-failure';
import type { FleetDriver } from '@/schemas/fleet';

/** The add / invite driver form (issue 8 "Drivers"), as typed. */
export interface DriverFormValues {
  readonly full_name: string;
  readonly email: string;
  /** A UK mobile (07… or +44 7…). */
  readonly phone: string;
  /** The vehicle to assign at once, as its id in text; '' for none. */
  readonly vehicle_id: string;
  /** Record an invitation for the driver (true) or only add them. */
  readonly invite: boolean;
}
export type DriverField = keyof DriverFormValues;

export interface DriverFormContext {
  readonly values: DriverFormValues;
  readonly errors: Partial<Record<DriverField, FieldError>>;
  readonly touched: Partial<Record<DriverField, true>>;
  readonly failure: FleetFailure | null;
  readonly saved: FleetDriver | null;
}

export type DriverFormEvent =
  | { readonly type: 'form.changed'; readonly field: DriverField; readonly value: string | boolean }
  | { readonly type: 'form.blurred'; readonly field: DriverField }
  | { readonly type: 'form.submitted' }
  | { readonly type: 'form.cancelled' };
