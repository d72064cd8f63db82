import type { SnapshotFrom } from 'xstate';
import type { FieldError } from '@/machines/forms/form-rules';
import type { driverFormMachine } from './driver-form.machine';
import type { DriverField } from './driver-form.types';

type Snap = SnapshotFrom<typeof driverFormMachine>;

export const driverFormValues = (s: Snap) => s.context.values;
export const isDriverSaving = (s: Snap) => s.hasTag('busy');
export const driverSaveFailure = (s: Snap) => (s.matches('editing') ? s.context.failure : null);

/** What one field shows: its broken rule once touched, and the server's messages for it. */
export const driverFieldState = (
  s: Snap,
  field: DriverField,
): {
  readonly error: FieldError | undefined;
  readonly touched: boolean;
  readonly serverMessages: readonly string[] | undefined;
} => ({
  error: s.context.errors[field],
  touched: s.context.touched[field] === true,
  serverMessages: s.context.failure?.fields[field],
});
