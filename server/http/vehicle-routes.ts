import { Hono } from 'hono';
import { VehiclesQuery } from '@/schemas/vehicle';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import type { AppEnv } from '@/server/http/app-env';
import { readQuery } from '@/server/http/read-query';
import { requireToken } from '@/server/http/require-token';
import { listProviderVehicles } from '@/server/reservations/provider-vehicles';

/**
 * The partner's vehicles at the path the portal calls, `GET /ts/public/v1/vehicles` (spec §7), outside /v1: mounted
 * at /ts/public/v1. The route carries requireToken itself (the same bearer check as /v1) rather than a `use` on the
 * prefix, so the route table stays a list of endpoints. Security headers, the body limit and fault injection are the
 * app's `*` middleware and cover it like every API path.
 */
export const vehicleRoutes = (db: Db, config: Config) => {
  const routes = new Hono<AppEnv>();
  routes.get('/vehicles', requireToken(db, config), async (c) => {
    const query = readQuery(c, VehiclesQuery, 'VehiclesQuery');
    return c.json({ data: await listProviderVehicles(db, c.var.signedIn.userId, query) });
  });
  return routes;
};
