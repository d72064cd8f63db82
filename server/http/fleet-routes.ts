import { Hono, type Context } from 'hono';
import {
  AssignVehicleRequest,
  DRIVER_NOT_FOUND,
  DriverRequest,
  VEHICLE_NOT_FOUND,
  VehicleRequest,
  VehicleReviewRequest,
} from '@/schemas/fleet';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import {
  assignVehicle,
  createDriver,
  deactivateDriver,
  reactivateDriver,
  unassignVehicle,
} from '@/server/fleet/driver-store';
import { refused, type FleetOutcome } from '@/server/fleet/fleet-outcome';
import { createVehicle, deleteVehicle, reviewVehicle, updateVehicle } from '@/server/fleet/vehicle-store';
import { requireAdmin } from '@/server/http/alert-routes';
import type { AppEnv } from '@/server/http/app-env';
import { readBody } from '@/server/http/read-body';
import { requireToken } from '@/server/http/require-token';
import { pathId } from '@/server/journeys/partner-fleet';
import { outboxOptionsOf } from '@/server/mail/outbox';

const send = <T>(c: Context<AppEnv>, outcome: FleetOutcome<T>) =>
  outcome.ok ? c.json({ data: outcome.data }, 200) : c.json(outcome.body, outcome.status);

const VEHICLES = '/ts/public/v1/vehicles';
const DRIVERS = '/ng/api/v3/provider/drivers';

/**
 * My vehicles and my drivers (issue 8; shapes and paths in schemas/fleet.ts, rules in server/fleet/), mounted at the
 * root beside the spec's two lists (GET /ts/public/v1/vehicles in vehicle-routes.ts, GET /ng/api/v3/provider/drivers
 * in journey-routes.ts). Each route carries requireToken itself, as its neighbours at these prefixes do; the admin's
 * review is under /v1, where the app's `use('/v1/*')` checks the token and requireAdmin the role. A body is read
 * before the id in the path is looked at, so bad input is 422 whatever the id. An id that is not a positive whole
 * number is answered like another partner's: 404 with the entity's message.
 */
export const fleetRoutes = (db: Db, config: Config) => {
  const auth = requireToken(db, config);
  const routes = new Hono<AppEnv>();

  routes.post(VEHICLES, auth, async (c) => {
    const { payload } = await readBody(c, VehicleRequest, 'VehicleRequest');
    const vehicle = await createVehicle(db, { userId: c.var.signedIn.userId, vehicle: payload, now: config.now() });
    return c.json({ data: vehicle }, 201);
  });

  routes.put(`${VEHICLES}/:id`, auth, async (c) => {
    const { payload } = await readBody(c, VehicleRequest, 'VehicleRequest');
    const id = pathId(c.req.param('id'));
    if (id === null) return send(c, refused(404, VEHICLE_NOT_FOUND));
    return send(c, await updateVehicle(db, { userId: c.var.signedIn.userId, id, vehicle: payload }));
  });

  routes.delete(`${VEHICLES}/:id`, auth, async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return send(c, refused(404, VEHICLE_NOT_FOUND));
    return send(c, await deleteVehicle(db, { userId: c.var.signedIn.userId, id, now: config.now() }));
  });

  routes.post('/v1/admin/vehicles/:id/review', requireAdmin(db), async (c) => {
    const { payload } = await readBody(c, VehicleReviewRequest, 'VehicleReviewRequest');
    const id = pathId(c.req.param('id'));
    if (id === null) return send(c, refused(404, VEHICLE_NOT_FOUND));
    return send(c, await reviewVehicle(db, { id, status: payload.status, now: config.now() }));
  });

  routes.post(DRIVERS, auth, async (c) => {
    const { payload } = await readBody(c, DriverRequest, 'DriverRequest');
    const driver = await createDriver(db, {
      userId: c.var.signedIn.userId,
      driver: payload,
      now: config.now(),
      outbox: outboxOptionsOf(config),
    });
    return c.json({ data: driver }, 201);
  });

  routes.post(`${DRIVERS}/:id/assign-vehicle`, auth, async (c) => {
    const { payload } = await readBody(c, AssignVehicleRequest, 'AssignVehicleRequest');
    const driverId = pathId(c.req.param('id'));
    if (driverId === null) return send(c, refused(404, DRIVER_NOT_FOUND));
    return send(c, await assignVehicle(db, { userId: c.var.signedIn.userId, driverId, vehicleId: payload.vehicle_id }));
  });

  routes.post(`${DRIVERS}/:id/unassign-vehicle`, auth, async (c) => {
    const driverId = pathId(c.req.param('id'));
    if (driverId === null) return send(c, refused(404, DRIVER_NOT_FOUND));
    return send(c, await unassignVehicle(db, { userId: c.var.signedIn.userId, driverId }));
  });

  routes.post(`${DRIVERS}/:id/deactivate`, auth, async (c) => {
    const driverId = pathId(c.req.param('id'));
    if (driverId === null) return send(c, refused(404, DRIVER_NOT_FOUND));
    return send(c, await deactivateDriver(db, { userId: c.var.signedIn.userId, driverId, now: config.now() }));
  });

  routes.post(`${DRIVERS}/:id/reactivate`, auth, async (c) => {
    const driverId = pathId(c.req.param('id'));
    if (driverId === null) return send(c, refused(404, DRIVER_NOT_FOUND));
    return send(c, await reactivateDriver(db, { userId: c.var.signedIn.userId, driverId }));
  });

  return routes;
};
