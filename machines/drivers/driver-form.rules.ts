import { email, maxLength, minLength, regex, required, validateForm, type Check } from '@/machines/forms/form-rules';
import { isUkMobile } from '@/schemas/fleet';
import type { DriverPayload } from '@/src/api/fleet';
import type { DriverField, DriverFormValues } from './driver-form.types';

/** The driver form's rules, the server's (schemas/fleet.ts DriverInput) said before sending. */

export const DRIVER_FIELDS: readonly DriverField[] = ['full_name', 'email', 'phone', 'vehicle_id', 'invite'];

export const EMPTY_DRIVER: DriverFormValues = { full_name: '', email: '', phone: '', vehicle_id: '', invite: true };

/** A UK mobile (schemas/fleet.ts isUkMobile), worded as the `regex` rule (validation.phone.regex). */
const ukMobile: Check = (value) =>
  typeof value === 'string' && value.trim() !== '' && !isUkMobile(value.trim()) ? { rule: 'regex' } : null;
const NAME = /^\p{L}[\p{L} .'’-]*$/u;

export const driverErrors = (values: DriverFormValues) =>
  validateForm<DriverField>(values, {
    full_name: [required, minLength(2), maxLength(80), regex(NAME)],
    email: [required, email, maxLength(120)],
    phone: [required, ukMobile],
  });

export const driverPayloadOf = (values: DriverFormValues): DriverPayload => ({
  full_name: values.full_name.trim(),
  email: values.email.trim(),
  phone: values.phone.trim(),
  vehicle_id: values.vehicle_id === '' ? null : Number(values.vehicle_id),
  invite: values.invite,
});
