import { Hono } from 'hono';
import { MyJourneysQuery } from '@/schemas/my-journeys';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import type { AppEnv } from '@/server/http/app-env';
import { readQuery } from '@/server/http/read-query';
import { loadMyJourneys } from '@/server/journeys/my-journeys';

/**
 * The signed-in partner's journeys (spec §2 `/journey` without an id, §4 IP_ codes; shapes in schemas/my-journeys.ts,
 * rules in server/journeys/my-journeys.ts and journey-status.ts), mounted under /v1 behind requireToken. A query that
 * does not decode is 422 with the failing parameters.
 */
export const myJourneyRoutes = (db: Db, config: Config) => {
  const routes = new Hono<AppEnv>();
  routes.get('/my-journeys', async (c) =>
    c.json(
      await loadMyJourneys(db, c.var.signedIn.userId, readQuery(c, MyJourneysQuery, 'MyJourneysQuery'), config.now()),
    ),
  );
  return routes;
};
