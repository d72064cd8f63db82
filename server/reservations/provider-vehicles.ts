import type { Place } from '@/schemas/place';
import { vehicleColour, type ProviderVehicle, type VehiclesQuery, type VehicleType } from '@/schemas/vehicle';
import type { Db, SqlParam } from '@/server/db/db';
import { NUTS1_REGIONS } from '@/server/geo/postcode-areas';
import { outwardCode, postTownOfPostcode, regionOfPostcode } from '@/server/reservations/mainland-postcodes';

/**
 * GET /ts/public/v1/vehicles (spec §7; shape in schemas/vehicle.ts): the caller's own vehicles, never deleted ones,
 * optionally of one status, oldest first; with `include-place-info=true` each carries its base as a Place.
 */

/** Typical load length of each size, metres (Transit Connect, Transit Custom, Transit LWB, Sprinter XLWB, Luton box). */
export const LOAD_LENGTH_M: Readonly<Record<VehicleType, number>> = {
  swb: 1.8,
  mwb: 2.6,
  lwb: 3.5,
  xlwb: 4.3,
  luton_van: 4.0,
};

export interface VehicleRow {
  id: number;
  user_id: number;
  category: string;
  type: VehicleType;
  make: string;
  model: string;
  registration_number: string;
  seats: number;
  has_tail_lift: boolean;
  use_trailer: boolean;
  is_branded: boolean;
  /** 0009_fleet.sql. */
  is_branding_requested: boolean;
  loading_capacity_m3: number;
  total_payload_kg: number;
  place_town: string | null;
  place_postcode: string | null;
  place_lat: number | null;
  place_lng: number | null;
  status: ProviderVehicle['status'];
  created_at: Date;
  deleted_at: Date | null;
}

const basePlace = (row: VehicleRow): typeof Place.Encoded | null => {
  if (row.place_lat === null || row.place_lng === null || row.place_town === null) return null;
  const region = row.place_postcode ? regionOfPostcode(row.place_postcode) : null;
  return {
    id: `vehicle-base:${row.id}`,
    lat: row.place_lat,
    lng: row.place_lng,
    postcode: row.place_postcode,
    postalTown: row.place_postcode ? postTownOfPostcode(row.place_postcode) : null,
    shortPostalCode: row.place_postcode ? outwardCode(row.place_postcode) : null,
    town: row.place_town,
    nuts1: region ? NUTS1_REGIONS[region] : null,
  };
};

export const listProviderVehicles = async (
  db: Db,
  userId: number,
  query: VehiclesQuery,
): Promise<(typeof ProviderVehicle.Encoded)[]> => {
  const params: SqlParam[] = [userId];
  const status = query.status ? ` and status = $${params.push(query.status)}` : '';
  const { rows } = await db.query<VehicleRow>(
    `select * from vehicles where user_id = $1 and deleted_at is null${status} order by id`,
    params,
  );
  const withPlace = query['include-place-info'] === 'true';
  return rows.map((row) => toProviderVehicle(row, withPlace));
};

/** One vehicles row as the list sends it (the fleet calls answer with the same shape, server/fleet/). */
export const toProviderVehicle = (row: VehicleRow, withPlace: boolean): typeof ProviderVehicle.Encoded => {
  const place = basePlace(row);
  return {
    id: row.id,
    category: row.category,
    name: `${row.make} ${row.model}`,
    type: row.type,
    userId: row.user_id,
    make: row.make,
    model: row.model,
    registration_number: row.registration_number,
    registration: row.registration_number,
    seats: row.seats,
    placeId: place?.id ?? null,
    createdAt: row.created_at.toISOString(),
    deletedAt: row.deleted_at?.toISOString() ?? null,
    status: row.status,
    useTrailer: row.use_trailer,
    isBranded: row.is_branded,
    brandedAt: null,
    isBrandingRequested: row.is_branding_requested,
    haveTailLift: row.has_tail_lift,
    loading_capacity_m3: row.loading_capacity_m3,
    totalPayloadKg: row.total_payload_kg,
    capacity: { value: row.loading_capacity_m3, unit: 'm3', formatted: `${row.loading_capacity_m3} m³` },
    length: LOAD_LENGTH_M[row.type],
    image: null,
    color: vehicleColour(row.id),
    short_postcode: row.place_postcode ? outwardCode(row.place_postcode) : null,
    place: withPlace ? place : null,
  };
};
