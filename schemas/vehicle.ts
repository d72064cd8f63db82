import { Effect, Schema } from 'effect';
import { Place } from './place';
import { positiveId } from './common';

/** One of the caller's vehicles (GET ts/public/v1/vehicles ids). */
export const ProviderVehicleId = positiveId('vehicle').pipe(Schema.brand('ProviderVehicleId'));
export type ProviderVehicleId = typeof ProviderVehicleId.Type;

/**
 * The partner's own vehicles (spec §3 "Vehicle (provider list)", §4 "A vehicle list is requested with status
 * APPROVED", §7 `GET ts/public/v1/vehicles?include-place-info=true&status=APPROVED`). The reservation flow picks its
 * van from this list; ids are the `vehicle_id` of a reservation and the `provider_vehicle_id` of a book.
 */

/** Vehicle sizes of spec §3. */
export const VEHICLE_TYPES = ['swb', 'mwb', 'lwb', 'xlwb', 'luton_van'] as const;
export const VehicleType = Schema.Literals(VEHICLE_TYPES);
export type VehicleType = typeof VehicleType.Type;

export const VEHICLE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED'] as const;
export const VehicleStatus = Schema.Literals(VEHICLE_STATUSES);
export type VehicleStatus = typeof VehicleStatus.Type;

/**
 * The vehicle colours of spec §9 ("7 hex values, cycled by id"): the spec gives no values, so these are the
 * reference's, each with at least 4.5:1 contrast against white text. A vehicle's colour is
 * `VEHICLE_COLOURS[id % 7]`; the server sends it as `color` so every screen agrees.
 */
export const VEHICLE_COLOURS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#b91c1c', '#0e7490', '#a21caf'] as const;
export const vehicleColour = (id: number): string => VEHICLE_COLOURS[id % VEHICLE_COLOURS.length] ?? '#1d4ed8';

/** A load volume with its text: `{ value: 10.5, unit: 'm3', formatted: '10.5 m³' }`. */
export const VehicleCapacity = Schema.Struct({
  value: Schema.Number,
  unit: Schema.Literal('m3'),
  formatted: Schema.String,
});
export type VehicleCapacity = typeof VehicleCapacity.Type;

/**
 * One of the caller's vehicles. Field names follow spec §3 (camelCase and snake_case mixed as given there):
 * - `name`: make and model; `registration` repeats `registration_number`.
 * - `placeId` / `place` / `short_postcode`: the vehicle's base. `place` is sent only with `include-place-info=true`
 *   (else null); `short_postcode` is the outward code of the base postcode (`M1`), or null without one.
 * - `length`: typical load length of the size in metres (the fleet data has no per-vehicle length).
 * - `image`: none is stored, always null. `brandedAt`: not stored, null; `isBrandingRequested`: false.
 */
export const ProviderVehicle = Schema.Struct({
  id: ProviderVehicleId,
  category: Schema.String,
  name: Schema.String,
  type: VehicleType,
  userId: Schema.Number,
  make: Schema.String,
  model: Schema.String,
  registration_number: Schema.String,
  registration: Schema.String,
  seats: Schema.Number,
  placeId: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  deletedAt: Schema.NullOr(Schema.String),
  status: VehicleStatus,
  useTrailer: Schema.Boolean,
  isBranded: Schema.Boolean,
  brandedAt: Schema.NullOr(Schema.String),
  isBrandingRequested: Schema.Boolean,
  haveTailLift: Schema.Boolean,
  loading_capacity_m3: Schema.Number,
  totalPayloadKg: Schema.Number,
  capacity: VehicleCapacity,
  length: Schema.Number,
  image: Schema.NullOr(Schema.String),
  color: Schema.String,
  short_postcode: Schema.NullOr(Schema.String),
  place: Schema.NullOr(Place),
});
export type ProviderVehicle = typeof ProviderVehicle.Type;

export const VehiclesResponse = Schema.Struct({ data: Schema.Array(ProviderVehicle) });
export type VehiclesResponse = typeof VehiclesResponse.Type;

/**
 * The query of `GET ts/public/v1/vehicles`: `include-place-info` (`true`/`false`, default false) and an optional
 * `status` filter. Deleted vehicles are never listed.
 */
export const VehiclesQuery = Schema.Struct({
  'include-place-info': Schema.Literals(['true', 'false'])
    .annotate({ message: 'include-place-info is true or false' })
    .pipe(Schema.withDecodingDefaultKey(Effect.succeed('false' as const))),
  status: Schema.optionalKey(VehicleStatus.annotate({ message: `status is one of ${VEHICLE_STATUSES.join(', ')}` })),
});
export type VehiclesQuery = typeof VehiclesQuery.Type;
