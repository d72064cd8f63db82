import type { SnapshotFrom } from 'xstate';
import type { FieldError } from '@/machines/forms/form-rules';
import type { vehicleFormMachine } from './vehicle-form.machine';
import type { VehicleField } from './vehicle-form.types';

type Snap = SnapshotFrom<typeof vehicleFormMachine>;

export const vehicleFormValues = (s: Snap) => s.context.values;
export const isVehicleSaving = (s: Snap) => s.hasTag('busy');
/** The failure of the last save, while the form is open again. */
export const vehicleSaveFailure = (s: Snap) => (s.matches('editing') ? s.context.failure : null);

/** What one field shows: its broken rule once touched, and the server's messages for it. */
export const vehicleFieldState = (
  s: Snap,
  field: VehicleField,
): {
  readonly error: FieldError | undefined;
  readonly touched: boolean;
  readonly serverMessages: readonly string[] | undefined;
} => ({
  error: s.context.errors[field],
  touched: s.context.touched[field] === true,
  serverMessages: s.context.failure?.fields[field],
});
