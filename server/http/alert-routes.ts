import { Hono, type MiddlewareHandler } from 'hono';
import { MarkAlertsSeenRequest, PostJobRequest, SwitchAlertRequest } from '@/schemas/alert';
import { loadAlerts, markAlertsSeen } from '@/server/alerts/alert-matches';
import { postJob } from '@/server/alerts/posted-jobs';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { NotFoundError } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { readBody } from '@/server/http/read-body';
import { listingEvents, type ListingEventBus } from '@/server/listings/listing-events';
import { switchSavedSearchAlert } from '@/server/search/saved-searches';

export interface AlertRoutesOptions {
  /** The bus a posted job is announced on; the process's own unless a test brings one. */
  readonly events?: ListingEventBus;
}

/** The answer to a signed-in caller who is not an admin. */
export const ADMIN_ONLY = { message: 'This action is for admins only.' } as const;

/** A saved search id in a path: a positive whole number that fits an integer column, else not found. */
const pathId = (raw: string): number => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw new NotFoundError('saved search');
  return id;
};

/** Admins only (users.role), checked on every request: a partner's token gets 403. */
export const requireAdmin =
  (db: Db): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const { rows } = await db.query<{ role: string }>('select role from users where id = $1', [c.var.signedIn.userId]);
    if (rows[0]?.role !== 'admin') return c.json(ADMIN_ONLY, 403);
    await next();
  };

/**
 * New-work alerts (schemas/alert.ts has the shapes and rules), mounted under /v1 behind requireToken:
 * - `POST saved-searches/{id}/alert` `{ payload: { alert } }` → `{ data: SavedSearch }`; own searches only (else 404).
 * - `GET alerts` → `{ data: AlertMatch[], meta }`: the caller's matches, newest first, at most 50. The unseen count
 *   also rides on `GET badge-counters` (`new-work-alerts`, server/partner/badge-counters.ts).
 * - `POST alerts/seen` `{ payload: { as_of? } }` → `{ data: { seen_at } }`.
 * - `POST admin/jobs` `{ payload: PostJob }` → 201 `{ data: Listing }`: admins only (403 for partners); announces
 *   `posted` on the listing bus, which GET /v1/jobs/events streams.
 */
export const alertRoutes = (db: Db, config: Config, options: AlertRoutesOptions = {}) => {
  const events = options.events ?? listingEvents;
  const routes = new Hono<AppEnv>();

  routes.post('/saved-searches/:id/alert', async (c) => {
    const id = pathId(c.req.param('id'));
    const { payload } = await readBody(c, SwitchAlertRequest, 'SwitchAlertRequest');
    return c.json({
      data: await switchSavedSearchAlert(db, c.var.signedIn.userId, id, payload.alert, config.now()),
    });
  });

  routes.get('/alerts', async (c) => c.json(await loadAlerts(db, c.var.signedIn.userId, config.now())));

  routes.post('/alerts/seen', async (c) => {
    const { payload } = await readBody(c, MarkAlertsSeenRequest, 'MarkAlertsSeenRequest');
    const asOf = payload.as_of ? new Date(payload.as_of) : null;
    const seenAt = await markAlertsSeen(db, c.var.signedIn.userId, config.now(), asOf);
    return c.json({ data: { seen_at: seenAt.toISOString() } });
  });

  routes.post('/admin/jobs', requireAdmin(db), async (c) => {
    const { payload } = await readBody(c, PostJobRequest, 'PostJobRequest');
    return c.json({ data: await postJob(db, events, payload, config.now()) }, 201);
  });

  return routes;
};
