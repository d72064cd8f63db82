import type { Db } from '@/server/db/db';
import type { LatLng } from '@/server/geo/distance';

/**
 * Where a partner works from: the registered address when it has coordinates, else the place of their first
 * approved vehicle that has one, else null.
 */
export const loadPartnerHome = async (db: Db, userId: number): Promise<LatLng | null> => {
  const { rows } = await db.query<{ lat: number | null; lng: number | null }>(
    `select 0 as rank, address_lat as lat, address_lon as lng from users
      where id = $1 and address_lat is not null and address_lon is not null
      union all
     (select 1, place_lat, place_lng from vehicles
       where user_id = $1 and status = 'APPROVED' and deleted_at is null and place_lat is not null and place_lng is not null
       order by id limit 1)
     order by rank limit 1`,
    [userId],
  );
  const first = rows[0];
  return first && first.lat !== null && first.lng !== null ? { lat: first.lat, lng: first.lng } : null;
};

/** The registered address's coordinates only (proximity sorts, spec §5), or null. */
export const loadRegisteredPoint = async (db: Db, userId: number): Promise<LatLng | null> => {
  const { rows } = await db.query<{ lat: number | null; lng: number | null }>(
    'select address_lat as lat, address_lon as lng from users where id = $1',
    [userId],
  );
  const first = rows[0];
  return first && first.lat !== null && first.lng !== null ? { lat: first.lat, lng: first.lng } : null;
};
