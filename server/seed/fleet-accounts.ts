import { FEATURE_FLAGS } from '@/schemas/app-init';
import { REQUIRED_DOCUMENT_TYPES } from '@/schemas/documents';
import { hashPassword } from '@/server/auth/passwords';
import type { Db, SqlParam } from '@/server/db/db';
import { loadTowns } from '@/server/geo/towns';
import { DEMO_PASSWORD } from '@/server/seed/account-plan';
import { insertRows } from '@/server/seed/insert-rows';
import { seedJob, type MarketplaceContext } from '@/server/seed/marketplace';
import { Random, SEED } from '@/server/seed/random';
import { TownPicker } from '@/server/seed/town-picker';
import { addDays, londonDate, londonInstant } from '@/server/time/london';

/**
 * The fleet slice's own account (issue 8: my vehicles, my drivers), seeded after everything else with its own
 * random stream, so no row made before it changes. Its browser tests (e2e/fleet.spec.ts) add, edit and remove
 * vehicles and deactivate drivers here, never on partner@example.com, whose fleet other tests count.
 *
 * fleet@example.com (demo1234), Sam Walker, a ready business partner based in Bristol (BS1 4DJ), every feature flag
 * on, with:
 *
 * | vehicles                               | drivers                                              |
 * |----------------------------------------|------------------------------------------------------|
 * | FLEET_VEHICLES[0] lwb, APPROVED        | FLEET_DRIVERS[0] active, drives vehicle 0, on the job |
 * | FLEET_VEHICLES[1] mwb, APPROVED        | FLEET_DRIVERS[1] active, no vehicle, no work          |
 * | FLEET_VEHICLES[2] swb, PENDING         | FLEET_DRIVERS[2] deactivated (10 days ago)            |
 *
 * and one allocated won job picked up two days ahead at 10:00 (London), with vehicle 0 and driver 0 on it: the job
 * the deactivated driver is refused for.
 */
export const FLEET_EMAIL = 'fleet@example.com';
const FLEET_SEED = SEED + 909;
const DAY_MS = 86_400_000;

export const FLEET_VEHICLES = [
  {
    type: 'lwb',
    make: 'Ford',
    model: 'Transit',
    registration: 'WA21 KTF',
    capacity: 11,
    payload: 1350,
    status: 'APPROVED',
  },
  {
    type: 'mwb',
    make: 'Volkswagen',
    model: 'Transporter',
    registration: 'WR70 BXN',
    capacity: 6.7,
    payload: 1100,
    status: 'APPROVED',
  },
  {
    type: 'swb',
    make: 'Citroën',
    model: 'Berlingo',
    registration: 'WF19 LMO',
    capacity: 3.8,
    payload: 750,
    status: 'PENDING',
  },
] as const;

export const FLEET_DRIVERS = [
  { name: 'Priya Shah', email: 'priya.shah@drivers.example.co.uk', phone: '07700 900311', active: true },
  { name: 'Tom Hughes', email: 'tom.hughes@drivers.example.co.uk', phone: '07700 900312', active: true },
  { name: 'Leah Morgan', email: 'leah.morgan@drivers.example.co.uk', phone: '07700 900313', active: false },
] as const;

/** Seeds the account above; run once, after every other seed step (server/seed/seed.ts). */
export const seedFleetAccounts = async (db: Db, now: Date): Promise<void> => {
  const random = new Random(FLEET_SEED);
  const towns = new TownPicker(loadTowns(), random);
  const bristol = towns.named('Bristol');
  const today = londonDate(now);
  const joined = new Date(now.getTime() - 200 * DAY_MS);

  const { rows: users } = await db.query<{ id: number }>(
    `insert into users (email, password_hash, full_name, role, account_type, chameleon_uuid, address_town,
        address_postcode, address_lat, address_lon, ip_journey_ready, email_verified_at, terms_accepted_at, created_at)
     values ($1, $2, 'Sam Walker', 'transport_partner', 'business', $3, 'Bristol', 'BS1 4DJ', $4, $5, true, $6, $7, $8)
     returning id`,
    [
      FLEET_EMAIL,
      await hashPassword(DEMO_PASSWORD),
      random.uuid(),
      bristol.lat,
      bristol.lng,
      new Date(joined.getTime() + 3_600_000),
      new Date(joined.getTime() + 7_200_000),
      joined,
    ],
  );
  const userId = users[0]!.id;
  await insertRows(
    db,
    'feature_flags',
    FEATURE_FLAGS.map((flag) => ({ user_id: userId, flag, enabled: true })),
  );

  await insertRows(
    db,
    'vehicles',
    FLEET_VEHICLES.map((v, i): Record<string, SqlParam> => ({
      user_id: userId,
      category: 'van',
      type: v.type,
      make: v.make,
      model: v.model,
      registration_number: v.registration,
      seats: 3,
      has_tail_lift: v.type === 'lwb',
      use_trailer: false,
      is_branded: i === 0,
      is_branding_requested: false,
      loading_capacity_m3: v.capacity,
      total_payload_kg: v.payload,
      place_town: 'Bristol',
      place_postcode: 'BS1 4DJ',
      place_lat: bristol.lat,
      place_lng: bristol.lng,
      status: v.status,
      reviewed_at: v.status === 'APPROVED' ? new Date(now.getTime() - (90 - i) * DAY_MS) : null,
      created_at: new Date(now.getTime() - (100 - i * 40) * DAY_MS),
    })),
  );
  const vehicleIds = (
    await db.query<{ id: number }>('select id from vehicles where user_id = $1 order by id', [userId])
  ).rows.map((r) => r.id);

  await insertRows(
    db,
    'drivers',
    FLEET_DRIVERS.map((d, i): Record<string, SqlParam> => ({
      user_id: userId,
      full_name: d.name,
      email: d.email,
      phone: d.phone,
      active: d.active,
      created_at: new Date(now.getTime() - (150 - i * 20) * DAY_MS),
      invited_at: new Date(now.getTime() - (150 - i * 20) * DAY_MS),
      deactivated_at: d.active ? null : new Date(now.getTime() - 10 * DAY_MS),
      vehicle_id: i === 0 ? (vehicleIds[0] ?? null) : null,
    })),
  );
  const driverIds = (
    await db.query<{ id: number }>('select id from drivers where user_id = $1 order by id', [userId])
  ).rows.map((r) => r.id);

  const ctx: MarketplaceContext = { random, towns, now, today };
  const pickupAt = londonInstant(addDays(today, 2), 10);
  await insertRows(db, 'jobs', [
    {
      ...seedJob(ctx, { status: 'allocated', providerId: userId, pickupAt, completedAt: null }),
      provider_vehicle_id: vehicleIds[0] ?? null,
      driver_id: driverIds[0] ?? null,
      customer_first_name: 'Olivia',
      customer_phone: '07700 900461',
    },
  ]);
};

/**
 * The fleet account's documents, approved and in date, so that it may take work (server/partner/work-eligibility.ts):
 * the reservation wizard offers the vans its browser test adds and approves. Seeded after everything else, so that no
 * other seeded row's id moves.
 */
export const seedFleetDocuments = async (db: Db, now: Date): Promise<void> => {
  const { rows } = await db.query<{ id: number }>('select id from users where email = $1', [FLEET_EMAIL]);
  const userId = rows[0]?.id;
  if (userId === undefined) return;
  await insertRows(
    db,
    'documents',
    REQUIRED_DOCUMENT_TYPES.map((type) => ({
      user_id: userId,
      type,
      status: 'approved',
      expires_at: null,
      uploaded_at: new Date(now.getTime() - 100 * 86_400_000),
    })),
  );
};
