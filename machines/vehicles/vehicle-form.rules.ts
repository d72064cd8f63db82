import {
  between,
  decimal2,
  integer,
  maxLength,
  oneOf,
  regex,
  required,
  ukPostcode,
  validateForm,
  type Check,
} from '@/machines/forms/form-rules';
import {
  CAPACITY_BOUNDS_M3,
  PAYLOAD_BOUNDS_KG,
  SEATS_BOUNDS,
  UK_REGISTRATION_PATTERN,
  VEHICLE_CATEGORIES,
} from '@/schemas/fleet';
import { VEHICLE_TYPES, type ProviderVehicle, type VehicleType } from '@/schemas/vehicle';
import type { VehiclePayload } from '@/src/api/fleet';
import type { FleetFailure } from './fleet-failure';
import type { VehicleField, VehicleFormValues } from './vehicle-form.types';

/**
 * The vehicle form's rules, the same as the server's (schemas/fleet.ts) so that a partner hears of a mistake before
 * sending: the capacity bound follows the chosen size. The server stays the judge (a duplicate plate, a postcode it
 * cannot place): its field messages come back in the failure.
 */

export const VEHICLE_FIELDS: readonly VehicleField[] = [
  'category',
  'type',
  'make',
  'model',
  'registration_number',
  'seats',
  'loading_capacity_m3',
  'totalPayloadKg',
  'postcode',
  'haveTailLift',
  'useTrailer',
  'isBranded',
  'isBrandingRequested',
];

const EMPTY: VehicleFormValues = {
  category: 'van',
  type: '',
  make: '',
  model: '',
  registration_number: '',
  seats: '3',
  loading_capacity_m3: '',
  totalPayloadKg: '',
  postcode: '',
  haveTailLift: false,
  useTrailer: false,
  isBranded: false,
  isBrandingRequested: false,
};

/** A new vehicle's form, or the edited vehicle's fields as text. */
export const initialVehicleValues = (vehicle: ProviderVehicle | null): VehicleFormValues =>
  vehicle === null
    ? EMPTY
    : {
        category: vehicle.category,
        type: vehicle.type,
        make: vehicle.make,
        model: vehicle.model,
        registration_number: vehicle.registration_number,
        seats: String(vehicle.seats),
        loading_capacity_m3: String(vehicle.loading_capacity_m3),
        totalPayloadKg: String(vehicle.totalPayloadKg),
        postcode: vehicle.place?.postcode ?? '',
        haveTailLift: vehicle.haveTailLift,
        useTrailer: vehicle.useTrailer,
        isBranded: vehicle.isBranded,
        isBrandingRequested: vehicle.isBrandingRequested,
      };

const isVehicleType = (value: string): value is VehicleType => (VEHICLE_TYPES as readonly string[]).includes(value);

/** The capacity rule of the chosen size; without a size only the 2 decimals. */
const capacityChecks = (type: string): readonly Check[] => {
  if (!isVehicleType(type)) return [required, decimal2];
  const [min, max] = CAPACITY_BOUNDS_M3[type];
  return [required, decimal2, between(min, max)];
};

export const vehicleErrors = (values: VehicleFormValues) =>
  validateForm<VehicleField>(values, {
    category: [required, oneOf(VEHICLE_CATEGORIES)],
    type: [required, oneOf(VEHICLE_TYPES)],
    make: [required, maxLength(40)],
    model: [required, maxLength(40)],
    registration_number: [required, regex(UK_REGISTRATION_PATTERN)],
    seats: [required, integer, between(...SEATS_BOUNDS)],
    loading_capacity_m3: capacityChecks(values.type),
    totalPayloadKg: [required, integer, between(...PAYLOAD_BOUNDS_KG)],
    postcode: [required, ukPostcode],
  });

/** The request of a valid form. */
export const vehiclePayloadOf = (values: VehicleFormValues): VehiclePayload => ({
  category: values.category as VehiclePayload['category'],
  type: values.type as VehicleType,
  make: values.make.trim(),
  model: values.model.trim(),
  registration_number: values.registration_number.trim(),
  seats: Number(values.seats),
  haveTailLift: values.haveTailLift,
  useTrailer: values.useTrailer,
  isBranded: values.isBranded,
  isBrandingRequested: values.isBrandingRequested,
  loading_capacity_m3: Number(values.loading_capacity_m3.trim()),
  totalPayloadKg: Number(values.totalPayloadKg.trim()),
  postcode: values.postcode.trim(),
});

/** Every field touched: a tried save shows all that is wrong. */
export const touchAll = <F extends string>(fields: readonly F[]): Partial<Record<F, true>> =>
  Object.fromEntries(fields.map((f) => [f, true])) as Partial<Record<F, true>>;

/** A changed field's server message no longer applies: it goes, the rest of the failure stays. */
export const withoutServerField = (failure: FleetFailure | null, field: string): FleetFailure | null => {
  if (!failure || !(field in failure.fields)) return failure;
  const fields = Object.fromEntries(Object.entries(failure.fields).filter(([name]) => name !== field));
  return { ...failure, fields };
};
