import { Effect, Schema } from 'effect';
import { ProviderDriver } from './driver';
import { ProviderVehicleId } from './vehicle';
import { UkPostcode } from './postcode';
import { ProviderVehicle, VEHICLE_TYPES, VehicleStatus, VehicleType, type VehicleType as Size } from './vehicle';
import { NonNegativeInt, says, StorableTrim } from './common';

/**
 * The partner's fleet: my vehicles and my drivers (issue 8; spec §3 Vehicle, Vehicle sizes, Driver; §4 "Driver and
 * vehicle: can be assigned, unassigned, deactivated, reactivated"; §6 drivers are managed by the partner; §7 the
 * vehicles and drivers calls; §9 colours). Requests are decoded by the server (bodies under `payload`), responses by
 * the portal. Paths (all with `Authorization: Bearer <token>`; another partner's id is 404 like a missing one):
 *
 *   GET    /ts/public/v1/vehicles                                   → VehiclesResponse (schemas/vehicle.ts)
 *   POST   /ts/public/v1/vehicles                  VehicleRequest   → 201 VehicleResponse (status PENDING)
 *   PUT    /ts/public/v1/vehicles/{id}             VehicleRequest   → VehicleResponse
 *   DELETE /ts/public/v1/vehicles/{id}                              → VehicleResponse (deletedAt set); 409 in use
 *   POST   /v1/admin/vehicles/{id}/review          VehicleReviewRequest → VehicleResponse (admins only)
 *   GET    /ng/api/v3/provider/drivers                              → FleetDriversResponse
 *   POST   /ng/api/v3/provider/drivers             DriverRequest    → 201 DriverResponse
 *   POST   /ng/api/v3/provider/drivers/{id}/assign-vehicle   AssignVehicleRequest → DriverResponse
 *   POST   /ng/api/v3/provider/drivers/{id}/unassign-vehicle               → DriverResponse
 *   POST   /ng/api/v3/provider/drivers/{id}/deactivate                     → DriverResponse; 409 while on work
 *   POST   /ng/api/v3/provider/drivers/{id}/reactivate                     → DriverResponse
 */

export const VEHICLE_NOT_FOUND = 'Vehicle not found';
export const DRIVER_NOT_FOUND = 'Driver not found';

/** Body styles a partner can pick (the spec names a category without values; every seeded vehicle is a van). */
export const VEHICLE_CATEGORIES = ['van', 'box_van', 'dropside', 'tipper'] as const;
export const VehicleCategory = Schema.Literals(VEHICLE_CATEGORIES).annotate(
  says(`The category is one of ${VEHICLE_CATEGORIES.join(', ')}`),
);

/**
 * Loading capacity bounds per size, m³ (inclusive). The spec gives sizes without volumes; these bracket the usual
 * load volume of each size (server/seed/fleet.ts ranges) with room for conversions, overlapping between neighbours,
 * and never above the reservation cap of 40 m³ (spec §5).
 */
export const CAPACITY_BOUNDS_M3: Readonly<Record<Size, readonly [number, number]>> = {
  swb: [1, 5],
  mwb: [3, 9],
  lwb: [6, 14],
  xlwb: [9, 18],
  luton_van: [14, 25],
};
/** Total payload bounds, kg: a van on a car licence is at most 3.5 t gross, so no payload reaches 3,500 kg. */
export const PAYLOAD_BOUNDS_KG = [100, 3500] as const;
/** Seats in the cab, driver included. */
export const SEATS_BOUNDS = [1, 9] as const;

export const capacityMessage = (type: Size) => {
  const [min, max] = CAPACITY_BOUNDS_M3[type];
  return `A ${type} van holds between ${min} and ${max} m³`;
};

/**
 * UK registrations the DVLA issues for vans: current (`AB12 CDE`), prefix (`A123 BCD`) and suffix (`ABC 123D`).
 * Spaces and case do not matter on input; the server stores the canonical form (registrationKey, canonicalPlate).
 */
export const UK_REGISTRATION_PATTERN =
  /^(?:[A-Z]{2}\d{2}\s?[A-Z]{3}|[A-Z]\d{1,3}\s?[A-Z]{3}|[A-Z]{3}\s?\d{1,3}[A-Z])$/i;
export const REGISTRATION_MESSAGE = 'Enter a UK registration such as AB12 CDE';
export const DUPLICATE_REGISTRATION = 'You already have a vehicle with this registration';

/** Upper case with one space where the DVLA prints it: `ab12cde` → `AB12 CDE`, `a123bcd` → `A123 BCD`. */
export const canonicalPlate = (raw: string): string => {
  const plate = raw.replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z]{2}\d{2}[A-Z]{3}$/.test(plate)) return `${plate.slice(0, 4)} ${plate.slice(4)}`;
  if (/^[A-Z]\d{1,3}[A-Z]{3}$/.test(plate)) return `${plate.slice(0, -3)} ${plate.slice(-3)}`;
  if (/^[A-Z]{3}\d{1,3}[A-Z]$/.test(plate)) return `${plate.slice(0, 3)} ${plate.slice(3)}`;
  return plate;
};

const Registration = StorableTrim.check(
  Schema.makeFilter((s: string) => UK_REGISTRATION_PATTERN.test(s), { message: REGISTRATION_MESSAGE }).abort(),
  Schema.isMaxLength(10, { message: REGISTRATION_MESSAGE }),
);

const Name = (what: string) =>
  StorableTrim.check(
    Schema.isMinLength(1, { message: `${what} can't be blank` }).abort(),
    Schema.isMaxLength(40, { message: `${what} is at most 40 characters` }),
  );

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/**
 * What a partner sends to add or edit a vehicle. `postcode`: the full UK postcode of the vehicle's base (spec §5
 * rule); the server places it at its postcode area's post town (coarse: the offline data has no district points)
 * and keeps the outward code as `short_postcode`. The capacity bound of the size is checked with the size
 * (server/fleet/vehicle-rules.ts), so its message lands on `loading_capacity_m3`.
 */
export const VehicleInput = Schema.Struct({
  category: VehicleCategory,
  type: VehicleType.annotate(says(`The size is one of ${VEHICLE_TYPES.join(', ')}`)),
  make: Name('Make'),
  model: Name('Model'),
  registration_number: Registration,
  seats: Schema.Number.check(
    Schema.isInt({ message: 'Seats is a whole number' }).abort(),
    Schema.isBetween(
      { minimum: SEATS_BOUNDS[0], maximum: SEATS_BOUNDS[1] },
      { message: `Seats must be between ${SEATS_BOUNDS[0]} and ${SEATS_BOUNDS[1]}` },
    ),
  ),
  haveTailLift: Schema.Boolean,
  useTrailer: Schema.Boolean,
  isBranded: Schema.Boolean,
  isBrandingRequested: Schema.Boolean,
  loading_capacity_m3: Schema.Number.check(
    Schema.isGreaterThan(0, { message: 'The loading capacity must be more than 0' }).abort(),
    Schema.isLessThanOrEqualTo(40, { message: 'The loading capacity is at most 40 m³' }).abort(),
    Schema.makeFilter(twoDecimals, { message: 'The loading capacity has at most 2 decimals' }),
  ),
  totalPayloadKg: Schema.Number.check(
    Schema.isInt({ message: 'The payload is a whole number of kg' }).abort(),
    Schema.isBetween(
      { minimum: PAYLOAD_BOUNDS_KG[0], maximum: PAYLOAD_BOUNDS_KG[1] },
      { message: `The payload must be between ${PAYLOAD_BOUNDS_KG[0]} and ${PAYLOAD_BOUNDS_KG[1]} kg` },
    ),
  ),
  postcode: UkPostcode,
});
export type VehicleInput = typeof VehicleInput.Type;

export const VehicleRequest = Schema.Struct({ payload: VehicleInput });
export type VehicleRequest = typeof VehicleRequest.Type;

export const VehicleResponse = Schema.Struct({ data: ProviderVehicle });
export type VehicleResponse = typeof VehicleResponse.Type;

/** The team's decision on a vehicle (the admin seed tool; documents are reviewed the same way, spec §4). */
export const VehicleReviewRequest = Schema.Struct({
  payload: Schema.Struct({
    status: Schema.Literals(['APPROVED', 'REJECTED']).annotate(says('The status is APPROVED or REJECTED')),
  }),
});
export type VehicleReviewRequest = typeof VehicleReviewRequest.Type;

/** Spec §4 documents and vehicles: the team reviews within 72 hours. */
export const REVIEW_HOURS = 72;

/** Refusals (409) of the fleet calls. */
export const VEHICLE_IN_USE =
  'This vehicle has upcoming reservations or active jobs: it can be removed once they are finished or cancelled.';
export const VEHICLE_HAS_DRIVER = 'This vehicle already has a driver: unassign them first.';
export const DRIVER_DEACTIVATED_ASSIGN = 'Reactivate this driver before assigning a vehicle.';
export const DRIVER_ON_WORK = 'This driver is on active work: give that work to another driver first.';

/** UK mobile numbers: 07 and nine digits, or +44 7 and nine digits; spaces, dashes and brackets ignored. */
export const isUkMobile = (raw: string): boolean => /^(?:\+447|07)\d{9}$/.test(raw.replace(/[\s()-]/g, ''));
export const MOBILE_MESSAGE = 'Enter a UK mobile number such as 07700 900123';
/** `+44 7700 900123`, `07700-900-123` → `07700 900123`. */
export const canonicalMobile = (raw: string): string => {
  const digits = raw.replace(/[\s()-]/g, '').replace(/^\+44/, '0');
  return `${digits.slice(0, 5)} ${digits.slice(5)}`;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Adding a driver. `invite` (default true): the server records the invitation (invited_at) and e-mails it to the
 * driver through its outbox; false adds them without one. `vehicle_id`: a vehicle to assign at once (the same rules as assign-vehicle).
 */
export const DriverInput = Schema.Struct({
  full_name: StorableTrim.check(
    Schema.isMinLength(2, { message: 'Full name is at least 2 characters' }).abort(),
    Schema.isMaxLength(80, { message: 'Full name is at most 80 characters' }).abort(),
    Schema.isPattern(/^\p{L}[\p{L} .'’-]*$/u, {
      message: 'Full name has letters, spaces, apostrophes, dots and dashes only',
    }),
  ),
  email: StorableTrim.check(
    Schema.isMaxLength(120, { message: 'Email is at most 120 characters' }).abort(),
    Schema.makeFilter((s: string) => EMAIL.test(s), { message: 'Email must be a valid email' }),
  ),
  phone: StorableTrim.check(
    Schema.isMaxLength(20, { message: MOBILE_MESSAGE }).abort(),
    Schema.makeFilter(isUkMobile, { message: MOBILE_MESSAGE }),
  ),
  vehicle_id: Schema.optionalKey(Schema.NullOr(ProviderVehicleId)),
  invite: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(true))),
});
export type DriverInput = typeof DriverInput.Type;

export const DriverRequest = Schema.Struct({ payload: DriverInput });
export type DriverRequest = typeof DriverRequest.Type;

export const AssignVehicleRequest = Schema.Struct({ payload: Schema.Struct({ vehicle_id: ProviderVehicleId }) });
export type AssignVehicleRequest = typeof AssignVehicleRequest.Type;

/** The vehicle a driver drives, as the drivers list shows it. */
export const DriverVehicle = Schema.Struct({
  id: ProviderVehicleId,
  registration_number: Schema.String,
  make: Schema.String,
  model: Schema.String,
  type: VehicleType,
  status: VehicleStatus,
  color: Schema.String,
});
export type DriverVehicle = typeof DriverVehicle.Type;

/**
 * One of the partner's drivers with what the drivers page needs beside the spec's row (schemas/journey.ts
 * ProviderDriver, whose decoders ignore these extra fields): `colour` by user id (spec §9), the assigned vehicle,
 * when they were invited (null: added without an invitation) and deactivated (null while active).
 */
export const FleetDriver = Schema.Struct({
  ...ProviderDriver.fields,
  colour: Schema.String,
  vehicle: Schema.NullOr(DriverVehicle),
  invited_at: Schema.NullOr(Schema.String),
  deactivated_at: Schema.NullOr(Schema.String),
});
export type FleetDriver = typeof FleetDriver.Type;

export const FleetDriversResponse = Schema.Struct({
  data: Schema.Struct({
    rows: Schema.Array(FleetDriver),
    rows_total: NonNegativeInt,
    page: Schema.Number,
    limit: Schema.Number,
  }),
});
export type FleetDriversResponse = typeof FleetDriversResponse.Type;

export const DriverResponse = Schema.Struct({ data: FleetDriver });
export type DriverResponse = typeof DriverResponse.Type;
