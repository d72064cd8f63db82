import { Hono, type Context } from 'hono';
import { PrivateJobListQuery, PrivateJobRequest, PrivateWorkPreferencesRequest } from '@/schemas/private-job';
import { ICS_CONTENT_TYPE, WorkCalendarQuery } from '@/schemas/work-calendar';
import { loadColours, loadEntries, loadWorkCalendar } from '@/server/calendar/calendar-entries';
import { feedOwner, feedSecret, feedView, resetFeedSecret } from '@/server/calendar/calendar-feed';
import { calendarIcs } from '@/server/calendar/calendar-ics';
import { feedDays, londonDaysRange, type InstantRange } from '@/server/calendar/calendar-range';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { NOT_FOUND } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { readBody } from '@/server/http/read-body';
import { readQuery } from '@/server/http/read-query';
import { requireToken } from '@/server/http/require-token';
import { linkOrigin } from '@/server/mail/links';
import {
  createPrivateJob,
  deletePrivateJob,
  listPrivateJobs,
  loadPrivateJob,
  pathUuid,
  updatePrivateJob,
  type PrivateJobAnswer,
} from '@/server/private-jobs/private-job-store';
import { loadPreferences, savePreferences } from '@/server/private-jobs/private-work-preferences';

const PROVIDER = '/ng/api/v3/provider';

const send = (c: Context<AppEnv>, answer: PrivateJobAnswer) => c.json(answer.body as object, answer.status);

/** A filter id of the calendar query: absent or empty is no filter. */
const filterId = (value: number | '' | undefined): number | null =>
  value === undefined || value === '' ? null : value;

/**
 * Private jobs, private work preferences and the work calendar (issue 7; shapes in schemas/private-job.ts and
 * schemas/work-calendar.ts, rules in server/private-jobs/, the calendar in server/calendar/), at /ng/api/v3/provider
 * beside the drivers list, mounted at the root. Each route carries requireToken itself (as journey-routes.ts does),
 * except `GET /calendar/{secret}.ics`: a phone calendar subscribing to it cannot send a token, so the 256-bit secret
 * in the path is the key, and an unknown one is a 404 like any missing page.
 *
 * The private-job POST is idempotent on the client's uuid (private-job-store.ts), so it needs no Idempotency-Key.
 */
export const privateJobRoutes = (db: Db, config: Config) => {
  const auth = requireToken(db, config);
  const routes = new Hono<AppEnv>();

  routes.get(`${PROVIDER}/private-jobs`, auth, async (c) => {
    const { from, to } = readQuery(c, PrivateJobListQuery, 'PrivateJobListQuery');
    return c.json({ rows: await listPrivateJobs(db, c.var.signedIn.userId, londonDaysRange(from, to)) });
  });

  routes.post(`${PROVIDER}/private-jobs`, auth, async (c) => {
    const { payload } = await readBody(c, PrivateJobRequest, 'PrivateJobRequest');
    return send(c, await createPrivateJob(db, { userId: c.var.signedIn.userId, input: payload, now: config.now() }));
  });

  routes.get(`${PROVIDER}/private-jobs/:uuid`, auth, async (c) => {
    const uuid = pathUuid(c.req.param('uuid'));
    if (uuid === null) return c.json(NOT_FOUND, 404);
    return c.json(await loadPrivateJob(db, c.var.signedIn.userId, uuid));
  });

  routes.put(`${PROVIDER}/private-jobs/:uuid`, auth, async (c) => {
    const uuid = pathUuid(c.req.param('uuid'));
    if (uuid === null) return c.json(NOT_FOUND, 404);
    const { payload } = await readBody(c, PrivateJobRequest, 'PrivateJobRequest');
    return send(
      c,
      await updatePrivateJob(db, { userId: c.var.signedIn.userId, uuid, input: payload, now: config.now() }),
    );
  });

  routes.delete(`${PROVIDER}/private-jobs/:uuid`, auth, async (c) => {
    const uuid = pathUuid(c.req.param('uuid'));
    if (uuid === null) return c.json(NOT_FOUND, 404);
    await deletePrivateJob(db, c.var.signedIn.userId, uuid, config.now());
    return c.body(null, 204);
  });

  routes.get(`${PROVIDER}/private-work-preferences`, auth, async (c) =>
    c.json(await loadPreferences(db, c.var.signedIn.userId)),
  );

  routes.put(`${PROVIDER}/private-work-preferences`, auth, async (c) => {
    const { payload } = await readBody(c, PrivateWorkPreferencesRequest, 'PrivateWorkPreferencesRequest');
    return c.json(await savePreferences(db, c.var.signedIn.userId, payload, config.now()));
  });

  const calendarQuery = (c: Context<AppEnv>) => {
    const query = readQuery(c, WorkCalendarQuery, 'WorkCalendarQuery');
    return {
      range: londonDaysRange(query.from, query.to),
      filter: { vehicleId: filterId(query.vehicle_id), driverUserId: filterId(query.driver_id) },
      days: `${query.from}-to-${query.to}`,
    };
  };

  routes.get(`${PROVIDER}/work-calendar`, auth, async (c) => {
    const { range, filter } = calendarQuery(c);
    return c.json(await loadWorkCalendar(db, c.var.signedIn.userId, range, config.now(), filter));
  });

  /** The .ics file of a partner's entries in a range. */
  const ics = async (c: Context<AppEnv>, userId: number, range: InstantRange, filter = {}) => {
    const now = config.now();
    const [entries, colours] = await Promise.all([
      loadEntries(db, userId, range, now, filter),
      loadColours(db, userId),
    ]);
    return calendarIcs(entries, { origin: linkOrigin(config), ...colours, now });
  };

  routes.get(`${PROVIDER}/work-calendar.ics`, auth, async (c) => {
    const { range, filter, days } = calendarQuery(c);
    const body = await ics(c, c.var.signedIn.userId, range, filter);
    return c.body(body, 200, {
      'content-type': ICS_CONTENT_TYPE,
      'content-disposition': `attachment; filename="work-calendar-${days}.ics"`,
      'cache-control': 'no-store',
    });
  });

  routes.get(`${PROVIDER}/work-calendar/feed`, auth, async (c) =>
    c.json(feedView(linkOrigin(config), await feedSecret(db, c.var.signedIn.userId, config.now()))),
  );

  routes.post(`${PROVIDER}/work-calendar/feed/reset`, auth, async (c) =>
    c.json(feedView(linkOrigin(config), await resetFeedSecret(db, c.var.signedIn.userId, config.now()))),
  );

  // No token: the secret is the key (see above). The range is the subscription's, around today in London.
  routes.get('/calendar/:file', async (c) => {
    const match = /^(.+)\.ics$/.exec(c.req.param('file'));
    const userId = match?.[1] ? await feedOwner(db, match[1]) : null;
    if (userId === null) return c.json(NOT_FOUND, 404);
    const { from, to } = feedDays(config.now());
    const body = await ics(c, userId, londonDaysRange(from, to));
    return c.body(body, 200, { 'content-type': ICS_CONTENT_TYPE, 'cache-control': 'private, max-age=300' });
  });

  return routes;
};
