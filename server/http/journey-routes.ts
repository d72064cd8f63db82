import { Hono, type Context } from 'hono';
import {
  AllocateDriverRealRequest,
  ClaimJourneyRequest,
  DeallocateRequest,
  DriversQuery,
  ExpressInterestRequest,
} from '@/schemas/journey';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { NOT_FOUND, ValidationError } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { idempotency } from '@/server/http/idempotency';
import { readBody } from '@/server/http/read-body';
import { readQuery } from '@/server/http/read-query';
import { requireToken } from '@/server/http/require-token';
import { claimJourney } from '@/server/journeys/journey-claim';
import { deallocateJourney } from '@/server/journeys/journey-deallocation';
import {
  allocateDriver,
  allocateDriverReal,
  listDrivers,
  listJourneyVehicles,
} from '@/server/journeys/journey-drivers';
import { cancelInterest, expressInterest, loadExpressedInterest } from '@/server/journeys/journey-interest';
import { LISTING_NOT_ON_JOURNEY, notVisible, type JourneyOutcome } from '@/server/journeys/journey-outcome';
import { loadJourneyListingView, loadJourneyView } from '@/server/journeys/journey-view';
import { pathId } from '@/server/journeys/partner-fleet';
import { listingEvents, type ListingEventBus } from '@/server/listings/listing-events';

export interface JourneyRoutesOptions {
  /** Where a successful claim is announced (find-work drops the journey); the process's bus unless a test brings one. */
  readonly events?: ListingEventBus;
}

const send = <T>(c: Context<AppEnv>, outcome: JourneyOutcome<T>) =>
  outcome.ok ? c.json(outcome.data as object, 200) : c.json(outcome.body, outcome.status);

/** A driver id in a path: an unusable one is the same 422 as another partner's driver. */
const driverIdOf = (raw: string): number => {
  const id = pathId(raw);
  if (id === null) throw new ValidationError({ driver_id: ['Choose one of your active drivers'] });
  return id;
};

const FIND_WORK = '/ts/public/find-work/v1/journeys';
const PROVIDER = '/ng/api/v3/provider';
const JOURNEY = '/journey/api/v1/journey';

/**
 * Journeys and drivers (spec §7; shapes in schemas/journey.ts, rules in server/journeys/), at the spec's own paths
 * (not under /v1), mounted at the root. Each route carries requireToken itself rather than through a `use` on a
 * prefix: the three prefixes are shared with nothing else, and the route table stays a list of endpoints. The
 * claims (register-driver, expressInterest) honour `Idempotency-Key` (http/idempotency.ts). Security headers, the
 * body limit and fault injection apply to every path of the app (app.ts `use('*')`), these included.
 */
export const journeyRoutes = (db: Db, config: Config, options: JourneyRoutesOptions = {}) => {
  const events = options.events ?? listingEvents;
  const auth = requireToken(db, config);
  const idempotent = idempotency(db, config);
  const routes = new Hono<AppEnv>();

  routes.get(`${FIND_WORK}/:journeyId`, auth, async (c) => {
    const id = pathId(c.req.param('journeyId'));
    const view = id === null ? null : await loadJourneyView(db, c.var.signedIn.userId, id, config.now());
    return view ? c.json(view) : send(c, notVisible());
  });

  routes.get(`${FIND_WORK}/:journeyId/listings/:listingId`, auth, async (c) => {
    const journeyId = pathId(c.req.param('journeyId'));
    if (journeyId === null) return send(c, notVisible());
    const listingId = pathId(c.req.param('listingId'));
    if (listingId === null) return send(c, LISTING_NOT_ON_JOURNEY);
    const view = await loadJourneyListingView(db, c.var.signedIn.userId, journeyId, listingId);
    if (view === 'journey') return send(c, notVisible());
    if (view === 'listing') return send(c, LISTING_NOT_ON_JOURNEY);
    return c.json(view);
  });

  routes.get(`${PROVIDER}/drivers`, auth, async (c) =>
    c.json(await listDrivers(db, c.var.signedIn.userId, readQuery(c, DriversQuery, 'DriversQuery'))),
  );

  // The spec's other spelling of the same list: `{id}` must be the caller (anyone else's drivers are not found).
  routes.get(`${PROVIDER}/:id/drivers`, auth, async (c) => {
    const userId = c.var.signedIn.userId;
    if (pathId(c.req.param('id')) !== userId) return c.json(NOT_FOUND, 404);
    return c.json(await listDrivers(db, userId, readQuery(c, DriversQuery, 'DriversQuery')));
  });

  routes.get('/journey/api/v1/journey-shells/listProviderVehicles/:id', auth, async (c) => {
    const id = pathId(c.req.param('id'));
    return send(c, id === null ? notVisible() : await listJourneyVehicles(db, c.var.signedIn.userId, id));
  });

  routes.get(`${JOURNEY}/expressed-interest/:id`, auth, async (c) => {
    const id = pathId(c.req.param('id'));
    return send(
      c,
      id === null ? notVisible() : await loadExpressedInterest(db, c.var.signedIn.userId, id, config.now()),
    );
  });

  routes.post(`${PROVIDER}/expressInterest`, auth, idempotent, async (c) => {
    const { payload } = await readBody(c, ExpressInterestRequest, 'ExpressInterestRequest');
    return send(c, await expressInterest(db, { userId: c.var.signedIn.userId, payload, now: config.now() }));
  });

  // A GET that changes state, as the spec names it; a repeat finds no interest (404 no_interest), never a 500.
  routes.get(`${PROVIDER}/cancelInterest/:id`, auth, async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return send(c, notVisible());
    return send(c, await cancelInterest(db, { userId: c.var.signedIn.userId, journeyId: id, now: config.now() }));
  });

  routes.post(`${JOURNEY}/:journeyId/register-driver/:driverId`, auth, idempotent, async (c) => {
    const { payload } = await readBody(c, ClaimJourneyRequest, 'ClaimJourneyRequest');
    const journeyId = pathId(c.req.param('journeyId'));
    if (journeyId === null) return send(c, notVisible());
    return send(
      c,
      await claimJourney(db, events, {
        userId: c.var.signedIn.userId,
        journeyId,
        driverId: driverIdOf(c.req.param('driverId')),
        vehicleId: payload.provider_vehicle_id,
        withReturn: payload.return ?? false,
        now: config.now(),
      }),
    );
  });

  // No body: the path names the journey and the driver.
  routes.post(`${JOURNEY}/:journeyId/allocate-driver/:driverId`, auth, async (c) => {
    const journeyId = pathId(c.req.param('journeyId'));
    if (journeyId === null) return send(c, notVisible());
    const driverId = driverIdOf(c.req.param('driverId'));
    return send(c, await allocateDriver(db, { userId: c.var.signedIn.userId, journeyId, driverId, now: config.now() }));
  });

  routes.post(`${JOURNEY}/:id/allocate-driver-real`, auth, async (c) => {
    const { payload } = await readBody(c, AllocateDriverRealRequest, 'AllocateDriverRealRequest');
    const journeyId = pathId(c.req.param('id'));
    if (journeyId === null) return send(c, notVisible());
    return send(
      c,
      await allocateDriverReal(db, {
        userId: c.var.signedIn.userId,
        journeyId,
        driverId: payload.driver_id,
        now: config.now(),
      }),
    );
  });

  routes.post(`${JOURNEY}/:id/deallocate-driver`, auth, async (c) => {
    const { payload } = await readBody(c, DeallocateRequest, 'DeallocateRequest');
    const journeyId = pathId(c.req.param('id'));
    if (journeyId === null) return send(c, notVisible());
    return send(
      c,
      await deallocateJourney(db, { userId: c.var.signedIn.userId, journeyId, payload, now: config.now() }),
    );
  });

  return routes;
};
