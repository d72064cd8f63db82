import { Hono } from 'hono';
import { PlacesQuery } from '@/schemas/place';
import { CreateSavedSearchRequest, SaveDefaultSearchRequest } from '@/schemas/saved-search';
import { SearchRequest } from '@/schemas/search';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { lookUpPlaces } from '@/server/geo/place-lookup';
import { NotFoundError } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { readBody } from '@/server/http/read-body';
import { readQuery } from '@/server/http/read-query';
import { countByCategory, countTabs, searchListings } from '@/server/search/find-work';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  saveDefaultSearch,
} from '@/server/search/saved-searches';
import { loadSearchInfo, rememberSearchPlaces } from '@/server/search/search-info';
import { londonDate } from '@/server/time/london';

/** A saved search id in a path: a positive whole number that fits an integer column, else not found. */
const pathId = (raw: string): number => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw new NotFoundError('saved search');
  return id;
};

/** Find work under /v1 (spec §7 search calls), mounted behind requireToken. */
export const searchRoutes = (db: Db, config: Config) => {
  const routes = new Hono<AppEnv>();
  routes.get('/search-info', async (c) =>
    c.json({ data: await loadSearchInfo(db, c.var.signedIn.userId, londonDate(config.now())) }),
  );
  routes.post('/jobs', async (c) => {
    const { payload } = await readBody(c, SearchRequest, 'SearchRequest');
    const now = config.now();
    const [result] = await Promise.all([
      searchListings(db, c.var.signedIn.userId, payload, now),
      rememberSearchPlaces(db, c.var.signedIn.userId, payload, now),
    ]);
    return c.json(result);
  });
  routes.post('/jobs/counts', async (c) => {
    const { payload } = await readBody(c, SearchRequest, 'SearchRequest');
    return c.json({ data: await countByCategory(db, c.var.signedIn.userId, payload, config.now()) });
  });
  routes.post('/jobs/tab-counts', async (c) => {
    const { payload } = await readBody(c, SearchRequest, 'SearchRequest');
    return c.json({ data: await countTabs(db, c.var.signedIn.userId, payload, config.now()) });
  });
  routes.get('/saved-searches', async (c) => c.json({ data: await listSavedSearches(db, c.var.signedIn.userId) }));
  routes.post('/saved-searches', async (c) => {
    const { payload } = await readBody(c, CreateSavedSearchRequest, 'CreateSavedSearchRequest');
    return c.json({ data: await createSavedSearch(db, c.var.signedIn.userId, payload, config.now()) }, 201);
  });
  routes.post('/saved-searches/default', async (c) => {
    const { payload } = await readBody(c, SaveDefaultSearchRequest, 'SaveDefaultSearchRequest');
    return c.json({ data: await saveDefaultSearch(db, c.var.signedIn.userId, payload, config.now()) });
  });
  routes.delete('/saved-searches/:id', async (c) =>
    c.json({ data: await deleteSavedSearch(db, c.var.signedIn.userId, pathId(c.req.param('id'))) }),
  );
  routes.get('/places', (c) => {
    const { q, limit } = readQuery(c, PlacesQuery, 'PlacesQuery');
    return c.json({ data: lookUpPlaces(q, limit) });
  });
  return routes;
};
