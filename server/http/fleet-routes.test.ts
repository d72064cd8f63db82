/**
 * My vehicles and my drivers (server/http/fleet-routes.ts, rules in server/fleet/): every endpoint and rule against a
 * seeded app. The fleet account (server/seed/fleet-accounts.ts) is the one changed here; partner@ and starter@ are
 * the other partners, whose ids must reach nothing of the fleet account's (404 with the entity's message).
 */
import { Schema } from 'effect';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DRIVER_DEACTIVATED_ASSIGN,
  DRIVER_ON_WORK,
  DriverResponse,
  DUPLICATE_REGISTRATION,
  FleetDriversResponse,
  VEHICLE_HAS_DRIVER,
  VEHICLE_IN_USE,
  VehicleResponse,
  type FleetDriver,
} from '@/schemas/fleet';
import { DriversResponse } from '@/schemas/journey';
import { VEHICLE_COLOURS, VehiclesResponse, type ProviderVehicle } from '@/schemas/vehicle';
import { driverColour } from '@/schemas/work-calendar';
import { statusAfterEdit } from '@/server/fleet/vehicle-store';
import { FLEET_DRIVERS, FLEET_EMAIL, FLEET_VEHICLES } from '@/server/seed/fleet-accounts';
import { createSeededApp, SETUP_TIMEOUT_MS, signIn, XHR, type SeededApp } from '@/server/testing/seeded-app';
import { DRIVER_DEACTIVATED } from '@/server/work/driver-allocation';

type Who = 'fleet' | 'partner' | 'starter' | 'admin';
let t: SeededApp;
const token = {} as Record<Who, string>;
/** The fleet account's seeded vehicles and drivers, in seed order. */
let vans: number[];
let drivers: number[];
let fleetJobId: number;

beforeAll(async () => {
  t = await createSeededApp();
  for (const who of ['partner', 'starter', 'admin'] as const)
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
  token.fleet = (await signIn(t.app, FLEET_EMAIL)).token;
  const user = await t.db.query<{ id: number }>('select id from users where email = $1', [FLEET_EMAIL]);
  const id = user.rows[0]!.id;
  vans = (await t.db.query<{ id: number }>('select id from vehicles where user_id = $1 order by id', [id])).rows.map(
    (r) => r.id,
  );
  drivers = (await t.db.query<{ id: number }>('select id from drivers where user_id = $1 order by id', [id])).rows.map(
    (r) => r.id,
  );
  fleetJobId = (await t.db.query<{ id: number }>('select id from jobs where provider_id = $1', [id])).rows[0]!.id;
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});

const call = (path: string, who: Who, method = 'GET', body?: unknown) =>
  t.app.request(path, {
    method,
    headers: {
      ...XHR,
      authorization: `Bearer ${token[who]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const VEHICLES = '/ts/public/v1/vehicles';
const DRIVERS = '/ng/api/v3/provider/drivers';

const listVehicles = async (who: Who = 'fleet', query = '') => {
  const response = await call(`${VEHICLES}${query}`, who);
  expect(response.status).toBe(200);
  return Schema.decodeUnknownSync(VehiclesResponse)(await response.json()).data;
};
const listDrivers = async (who: Who = 'fleet') => {
  const response = await call(DRIVERS, who);
  expect(response.status).toBe(200);
  return Schema.decodeUnknownSync(FleetDriversResponse)(await response.json()).data.rows;
};
const vehicleOf = async (response: Response): Promise<ProviderVehicle> =>
  Schema.decodeUnknownSync(VehicleResponse)(await response.json()).data;
const driverOf = async (response: Response): Promise<FleetDriver> =>
  Schema.decodeUnknownSync(DriverResponse)(await response.json()).data;

const NEW_VAN = {
  category: 'van',
  type: 'lwb',
  make: 'Renault',
  model: 'Master',
  registration_number: 'ab23cde',
  seats: 3,
  haveTailLift: true,
  useTrailer: false,
  isBranded: false,
  isBrandingRequested: true,
  loading_capacity_m3: 10.5,
  totalPayloadKg: 1200,
  postcode: 'm1 4bt',
};

describe('GET /ts/public/v1/vehicles without a status', () => {
  it('lists every vehicle of the caller that is not deleted, with status, colour, base town and short postcode', async () => {
    const list = await listVehicles('fleet', '?include-place-info=true');
    expect(list.map((v) => [v.registration_number, v.status])).toEqual(
      FLEET_VEHICLES.map((v) => [v.registration, v.status]),
    );
    for (const v of list) {
      expect(v.color).toBe(VEHICLE_COLOURS[v.id % 7]);
      expect(v.short_postcode).toBe('BS1');
      expect(v.place?.town).toBe('Bristol');
    }
    expect((await listVehicles('fleet', '?status=APPROVED')).map((v) => v.id)).toEqual(vans.slice(0, 2));
  });
});

describe('POST /ts/public/v1/vehicles', () => {
  it('adds a PENDING vehicle with its plate in canonical form, based at the postcode area’s post town', async () => {
    const response = await call(VEHICLES, 'fleet', 'POST', { payload: NEW_VAN });
    expect(response.status).toBe(201);
    const van = await vehicleOf(response);
    expect(van).toMatchObject({
      status: 'PENDING',
      registration_number: 'AB23 CDE',
      short_postcode: 'M1',
      isBrandingRequested: true,
      haveTailLift: true,
      loading_capacity_m3: 10.5,
      totalPayloadKg: 1200,
      color: VEHICLE_COLOURS[van.id % 7],
    });
    expect(van.place).toMatchObject({ town: 'Manchester', postcode: 'M1 4BT', shortPostalCode: 'M1' });
    expect((await listVehicles()).map((v) => v.id)).toContain(van.id);
    expect((await listVehicles('fleet', '?status=APPROVED')).map((v) => v.id)).not.toContain(van.id);
  });

  it('refuses a plate the partner already has, whatever its spacing and case (422 on registration_number)', async () => {
    const response = await call(VEHICLES, 'fleet', 'POST', {
      payload: { ...NEW_VAN, registration_number: FLEET_VEHICLES[1].registration.replace(' ', '').toLowerCase() },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'messages.validation',
      errors: { registration_number: [DUPLICATE_REGISTRATION] },
    });
  });

  it('lets another partner use the same plate (unique per partner)', async () => {
    const response = await call(VEHICLES, 'starter', 'POST', {
      payload: { ...NEW_VAN, registration_number: FLEET_VEHICLES[2].registration },
    });
    expect(response.status).toBe(201);
  });

  it('answers bad fields with 422 and a message per field', async () => {
    const response = await call(VEHICLES, 'fleet', 'POST', {
      payload: { ...NEW_VAN, registration_number: 'NOT A PLATE', seats: 12, postcode: 'M1', totalPayloadKg: 5000 },
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['postcode', 'registration_number', 'seats', 'totalPayloadKg']);
    expect(body.errors.postcode).toEqual(['Please Enter a Valid UK Postcode']);
  });

  it('holds the capacity to the size’s bounds and to 2 decimals', async () => {
    const small = await call(VEHICLES, 'fleet', 'POST', {
      payload: { ...NEW_VAN, registration_number: 'CD23 EFG', type: 'swb', loading_capacity_m3: 9 },
    });
    expect(small.status).toBe(422);
    expect(await small.json()).toMatchObject({
      errors: { loading_capacity_m3: ['A swb van holds between 1 and 5 m³'] },
    });
    const decimals = await call(VEHICLES, 'fleet', 'POST', {
      payload: { ...NEW_VAN, registration_number: 'CD23 EFG', loading_capacity_m3: 10.555 },
    });
    expect(await decimals.json()).toMatchObject({
      errors: { loading_capacity_m3: ['The loading capacity has at most 2 decimals'] },
    });
  });
});

describe('PUT /ts/public/v1/vehicles/{id}', () => {
  const edit = (fields: Partial<typeof NEW_VAN>, id: number) =>
    call(`${VEHICLES}/${id}`, 'fleet', 'PUT', {
      payload: {
        ...NEW_VAN,
        type: 'mwb',
        make: 'Volkswagen',
        model: 'Transporter',
        registration_number: FLEET_VEHICLES[1].registration,
        loading_capacity_m3: 6.7,
        postcode: 'BS1 4DJ',
        ...fields,
      },
    });

  it('keeps an approved vehicle approved for equipment and model changes', async () => {
    const response = await edit({ seats: 2, model: 'Transporter T6' }, vans[1]!);
    expect(response.status).toBe(200);
    expect(await vehicleOf(response)).toMatchObject({ status: 'APPROVED', seats: 2, model: 'Transporter T6' });
  });

  it('sends an approved vehicle back to review when its registration or size changes', () => {
    const approved = { status: 'APPROVED' as const, registration_number: 'AB12 CDE', type: 'lwb' };
    expect(statusAfterEdit(approved, { registration_number: 'ab12cde', type: 'lwb' })).toBe('APPROVED');
    expect(statusAfterEdit(approved, { registration_number: 'AB12 CDF', type: 'lwb' })).toBe('PENDING');
    expect(statusAfterEdit(approved, { registration_number: 'AB12 CDE', type: 'xlwb' })).toBe('PENDING');
    expect(statusAfterEdit({ ...approved, status: 'REJECTED' }, approved)).toBe('PENDING');
    expect(statusAfterEdit({ ...approved, status: 'PENDING' }, approved)).toBe('PENDING');
  });

  it('puts an edited plate back in review, through the endpoint', async () => {
    const response = await edit({ registration_number: 'WR70 BXP' }, vans[1]!);
    expect(await vehicleOf(response)).toMatchObject({ status: 'PENDING', registration_number: 'WR70 BXP' });
    const review = await call(`/v1/admin/vehicles/${vans[1]}/review`, 'admin', 'POST', {
      payload: { status: 'APPROVED' },
    });
    expect(review.status).toBe(200);
  });

  it('refuses another partner’s vehicle (404 Vehicle not found) and leaves it as it was', async () => {
    const [theirs] = await listVehicles('partner');
    const response = await call(`${VEHICLES}/${theirs!.id}`, 'fleet', 'PUT', { payload: NEW_VAN });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Vehicle not found' });
    expect((await listVehicles('partner'))[0]).toEqual(theirs);
    expect((await call(`${VEHICLES}/abc`, 'fleet', 'PUT', { payload: NEW_VAN })).status).toBe(404);
  });
});

describe('DELETE /ts/public/v1/vehicles/{id}', () => {
  it('refuses (409) a vehicle with an active job or a live reservation ahead', async () => {
    const busy = await call(`${VEHICLES}/${vans[0]}`, 'fleet', 'DELETE');
    expect(busy.status).toBe(409);
    expect(await busy.json()).toEqual({ message: VEHICLE_IN_USE });
    const reserved = await t.db.query<{ vehicle_id: number }>(
      `select r.vehicle_id from reservations r join users u on u.id = r.user_id
        where u.email = 'partner@example.com' and r.status = 'pending' and r.date >= $1::date limit 1`,
      ['2026-11-18'],
    );
    const response = await call(`${VEHICLES}/${reserved.rows[0]!.vehicle_id}`, 'partner', 'DELETE');
    expect(response.status).toBe(409);
  });

  it('soft-deletes a free vehicle, unassigns its driver, and answers 404 after', async () => {
    const added = await vehicleOf(
      await call(VEHICLES, 'fleet', 'POST', { payload: { ...NEW_VAN, registration_number: 'GH24 JKL' } }),
    );
    const driver = await driverOf(
      await call(DRIVERS, 'fleet', 'POST', {
        payload: { full_name: 'Ann Lee', email: 'ann.lee@example.co.uk', phone: '07700 900555', vehicle_id: added.id },
      }),
    );
    expect(driver.vehicle?.id).toBe(added.id);
    const response = await call(`${VEHICLES}/${added.id}`, 'fleet', 'DELETE');
    expect(response.status).toBe(200);
    expect((await vehicleOf(response)).deletedAt).not.toBeNull();
    expect((await listVehicles()).map((v) => v.id)).not.toContain(added.id);
    expect((await listDrivers()).find((d) => d.id === driver.id)?.vehicle).toBeNull();
    expect((await call(`${VEHICLES}/${added.id}`, 'fleet', 'DELETE')).status).toBe(404);
    // A deleted vehicle frees its plate.
    const again = await call(VEHICLES, 'fleet', 'POST', { payload: { ...NEW_VAN, registration_number: 'GH24 JKL' } });
    expect(again.status).toBe(201);
  });

  it('refuses another partner’s vehicle (404 Vehicle not found), which stays listed', async () => {
    const response = await call(`${VEHICLES}/${vans[2]}`, 'starter', 'DELETE');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Vehicle not found' });
    expect((await listVehicles()).map((v) => v.id)).toContain(vans[2]);
  });
});

describe('POST /v1/admin/vehicles/{id}/review', () => {
  it('is for admins only (403 for a partner, even on their own vehicle)', async () => {
    const response = await call(`/v1/admin/vehicles/${vans[2]}/review`, 'fleet', 'POST', {
      payload: { status: 'APPROVED' },
    });
    expect(response.status).toBe(403);
  });

  it('approves a pending vehicle, which then reaches the reservation wizard’s list (status=APPROVED)', async () => {
    const response = await call(`/v1/admin/vehicles/${vans[2]}/review`, 'admin', 'POST', {
      payload: { status: 'APPROVED' },
    });
    expect(response.status).toBe(200);
    expect((await vehicleOf(response)).status).toBe('APPROVED');
    const wizard = await listVehicles('fleet', '?include-place-info=true&status=APPROVED');
    expect(wizard.map((v) => v.id)).toContain(vans[2]);
  });

  it('rejects, answers 404 for an unknown vehicle and 422 for a status it does not know', async () => {
    const rejected = await call(`/v1/admin/vehicles/${vans[2]}/review`, 'admin', 'POST', {
      payload: { status: 'REJECTED' },
    });
    expect((await vehicleOf(rejected)).status).toBe('REJECTED');
    expect(
      (await call('/v1/admin/vehicles/999999/review', 'admin', 'POST', { payload: { status: 'APPROVED' } })).status,
    ).toBe(404);
    const bad = await call(`/v1/admin/vehicles/${vans[2]}/review`, 'admin', 'POST', { payload: { status: 'LOST' } });
    expect(bad.status).toBe(422);
  });
});

describe('GET /ng/api/v3/provider/drivers', () => {
  it('carries colour, vehicle, invitation and deactivation beside the spec’s row, which still decodes', async () => {
    const response = await call(DRIVERS, 'fleet');
    const body: unknown = await response.json();
    expect(() => Schema.decodeUnknownSync(DriversResponse)(body)).not.toThrow();
    const rows = Schema.decodeUnknownSync(FleetDriversResponse)(body).data.rows.slice(0, 3);
    expect(rows.map((d) => [d.full_name, d.active])).toEqual(FLEET_DRIVERS.map((d) => [d.name, d.active]));
    for (const d of rows) expect(d.colour).toBe(driverColour(d.user_id));
    expect(rows[0]!.vehicle).toMatchObject({ id: vans[0], registration_number: FLEET_VEHICLES[0].registration });
    expect(rows[2]!.deactivated_at).not.toBeNull();
    expect(rows[0]!.invited_at).not.toBeNull();
  });
});

describe('POST /ng/api/v3/provider/drivers', () => {
  it('adds an invited driver (invited_at) or one without an invitation', async () => {
    const invited = await call(DRIVERS, 'fleet', 'POST', {
      payload: { full_name: 'Raj Patel', email: 'Raj.Patel@example.co.uk', phone: '+44 7700 900123' },
    });
    expect(invited.status).toBe(201);
    expect(await driverOf(invited)).toMatchObject({
      full_name: 'Raj Patel',
      email: 'raj.patel@example.co.uk',
      phone: '07700 900123',
      active: true,
      vehicle: null,
      invited_at: t.clock.now.toISOString(),
    });
    const plain = await call(DRIVERS, 'fleet', 'POST', {
      payload: { full_name: 'Kim O’Neil', email: 'kim@example.co.uk', phone: '07700900124', invite: false },
    });
    expect(plain.status).toBe(201);
    expect(await driverOf(plain)).toMatchObject({ full_name: 'Kim O’Neil', phone: '07700 900124', invited_at: null });
    // the invited driver got the invitation in the outbox; the other one nothing
    const mails = await t.db.query<{ recipient: string; subject: string; text_body: string }>(
      "select recipient, subject, text_body from outbox_mails where recipient in ('raj.patel@example.co.uk', 'kim@example.co.uk')",
    );
    expect(mails.rows).toEqual([
      {
        recipient: 'raj.patel@example.co.uk',
        subject: 'Sam Walker invited you to drive for them',
        text_body: expect.stringContaining('Hello Raj Patel,') as string,
      },
    ]);
  });

  it('answers bad fields, a second driver with the same e-mail and a vehicle not the caller’s with 422', async () => {
    const bad = await call(DRIVERS, 'fleet', 'POST', {
      payload: { full_name: 'X', email: 'not-an-email', phone: '0161 496 0000' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual([
      'email',
      'full_name',
      'phone',
    ]);
    const same = await call(DRIVERS, 'fleet', 'POST', {
      payload: { full_name: 'Raj Patel', email: 'raj.patel@example.co.uk', phone: '07700 900125' },
    });
    expect(await same.json()).toMatchObject({ errors: { email: ['You already have a driver with this email'] } });
    const [theirs] = await listVehicles('partner');
    const notMine = await call(DRIVERS, 'fleet', 'POST', {
      payload: { full_name: 'Zoe Ball', email: 'zoe@example.co.uk', phone: '07700 900126', vehicle_id: theirs!.id },
    });
    expect(await notMine.json()).toMatchObject({ errors: { vehicle_id: ['Choose one of your vehicles'] } });
    const taken = await call(DRIVERS, 'fleet', 'POST', {
      payload: { full_name: 'Zoe Ball', email: 'zoe@example.co.uk', phone: '07700 900126', vehicle_id: vans[0] },
    });
    expect(await taken.json()).toMatchObject({ errors: { vehicle_id: [VEHICLE_HAS_DRIVER] } });
  });
});

describe('assign and unassign a vehicle', () => {
  const assign = (driver: number, vehicle: number, who: Who = 'fleet') =>
    call(`${DRIVERS}/${driver}/assign-vehicle`, who, 'POST', { payload: { vehicle_id: vehicle } });

  it('assigns a free vehicle, then unassigns it', async () => {
    const response = await assign(drivers[1]!, vans[1]!);
    expect(response.status).toBe(200);
    expect((await driverOf(response)).vehicle).toMatchObject({ id: vans[1], color: VEHICLE_COLOURS[vans[1]! % 7] });
    const again = await assign(drivers[1]!, vans[1]!);
    expect(again.status).toBe(200);
    const off = await call(`${DRIVERS}/${drivers[1]}/unassign-vehicle`, 'fleet', 'POST');
    expect(off.status).toBe(200);
    expect((await driverOf(off)).vehicle).toBeNull();
  });

  it('keeps one driver per vehicle and refuses a deactivated driver (409)', async () => {
    const taken = await assign(drivers[1]!, vans[0]!);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: VEHICLE_HAS_DRIVER });
    const inactive = await assign(drivers[2]!, vans[1]!);
    expect(inactive.status).toBe(409);
    expect(await inactive.json()).toEqual({ message: DRIVER_DEACTIVATED_ASSIGN });
  });

  it('answers 404 for another partner’s vehicle or driver, and changes nothing', async () => {
    const [theirVan] = await listVehicles('partner');
    const vehicle = await assign(drivers[1]!, theirVan!.id);
    expect(vehicle.status).toBe(404);
    expect(await vehicle.json()).toEqual({ message: 'Vehicle not found' });
    const driver = await assign(drivers[0]!, vans[1]!, 'starter');
    expect(driver.status).toBe(404);
    expect(await driver.json()).toEqual({ message: 'Driver not found' });
    const unassign = await call(`${DRIVERS}/${drivers[0]}/unassign-vehicle`, 'starter', 'POST');
    expect(unassign.status).toBe(404);
    expect((await listDrivers())[0]!.vehicle?.id).toBe(vans[0]);
  });
});

describe('deactivate and reactivate', () => {
  const act = (driver: number, action: 'deactivate' | 'reactivate', who: Who = 'fleet') =>
    call(`${DRIVERS}/${driver}/${action}`, who, 'POST');
  const allocate = (driver: number) =>
    call(`/ng/api/v3/listings/${fleetJobId}?action=allocate-driver`, 'fleet', 'POST', {
      listing_id: fleetJobId,
      user_id: driver,
    });

  it('refuses to deactivate a driver on active work (409)', async () => {
    const response = await act(drivers[0]!, 'deactivate');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: DRIVER_ON_WORK });
    expect((await listDrivers())[0]!.active).toBe(true);
  });

  it('deactivates (and unassigns) a free driver, whom won-work allocation then refuses; reactivation undoes it', async () => {
    await call(`${DRIVERS}/${drivers[1]}/assign-vehicle`, 'fleet', 'POST', { payload: { vehicle_id: vans[1] } });
    const response = await act(drivers[1]!, 'deactivate');
    expect(response.status).toBe(200);
    const off = await driverOf(response);
    expect(off).toMatchObject({ active: false, vehicle: null, deactivated_at: t.clock.now.toISOString() });
    expect((await act(drivers[1]!, 'deactivate')).status).toBe(200);

    const refused = await allocate(drivers[1]!);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: { user_id: [DRIVER_DEACTIVATED] } });

    const on = await act(drivers[1]!, 'reactivate');
    expect(await driverOf(on)).toMatchObject({ active: true, deactivated_at: null, vehicle: null });
    expect((await allocate(drivers[1]!)).status).toBe(200);
    // Back as seeded: the job's driver is driver 0 again, and driver 1 is free.
    expect((await allocate(drivers[0]!)).status).toBe(200);
  });

  it('keeps a deactivated driver off a journey too (journey allocate-driver refuses them)', async () => {
    const held = await t.db.query<{ journey_id: number }>(
      `select a.journey_id from journey_allocations a join users u on u.id = a.provider_id
        where u.email = 'partner@example.com' and a.deallocated_at is null order by a.journey_id limit 1`,
    );
    const journey_id = held.rows[0]!.journey_id;
    const added = await call(DRIVERS, 'partner', 'POST', {
      payload: { full_name: 'Joe Wright', email: 'joe.wright@example.co.uk', phone: '07700 900777' },
    });
    const free_driver = (await driverOf(added)).id;
    expect((await act(free_driver, 'deactivate', 'partner')).status).toBe(200);
    const response = await call(
      `/journey/api/v1/journey/${journey_id}/allocate-driver/${free_driver}`,
      'partner',
      'POST',
    );
    expect(response.status).toBe(422);
    expect((await act(free_driver, 'reactivate', 'partner')).status).toBe(200);
  });

  it('answers 404 for another partner’s driver and leaves them as they were', async () => {
    for (const action of ['deactivate', 'reactivate'] as const) {
      const response = await act(drivers[1]!, action, 'starter');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Driver not found' });
    }
    const deactivated = await act(drivers[2]!, 'reactivate', 'partner');
    expect(deactivated.status).toBe(404);
    expect((await listDrivers())[2]!.active).toBe(false);
    expect((await act(0, 'deactivate')).status).toBe(404);
    expect(t.errors).toEqual([]);
  });
});
