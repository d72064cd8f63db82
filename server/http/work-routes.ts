import { Hono, type Context } from 'hono';
import {
  AllocateDriverForm,
  CompleteJobRequest,
  CompleteWithIssueRequest,
  LISTING_NOT_FOUND,
  RateJobRequest,
  WonListingForm,
  WonWorkQuery,
} from '@/schemas/work';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { ValidationError } from '@/server/http/api-errors';
import { requireAdmin } from '@/server/http/alert-routes';
import type { AppEnv } from '@/server/http/app-env';
import { idempotency } from '@/server/http/idempotency';
import { readBody } from '@/server/http/read-body';
import { FORM_MEDIA_TYPE, readForm } from '@/server/http/read-form';
import { readQuery } from '@/server/http/read-query';
import { requireToken } from '@/server/http/require-token';
import { pathId } from '@/server/journeys/partner-fleet';
import { archiveJob } from '@/server/work/archive';
import { completeJob, issueOf } from '@/server/work/completion';
import { allocateDriver } from '@/server/work/driver-allocation';
import { declareFalseCompletion } from '@/server/work/false-completion';
import { rateJob, requestFeedback } from '@/server/work/feedback';
import { loadJobSheet, loadTracking } from '@/server/work/job-sheet';
import { loadRecommendedWork } from '@/server/work/recommended-work';
import { countActiveWonJobs, loadWonWork } from '@/server/work/won-work-list';
import { done, notFound, type WorkOutcome } from '@/server/work/work-rules';

const send = <T>(c: Context<AppEnv>, outcome: WorkOutcome<T>) =>
  outcome.ok ? c.json(outcome.data as object, outcome.status) : c.json(outcome.body, outcome.status);

/** The body names the job too (spec §7 `listing_id`): it must be the one in the path. */
const samePathId = (bodyId: number, id: number) => {
  if (bodyId !== id) throw new ValidationError({ listing_id: ['listing_id must be the id in the path'] });
};

const PROVIDER = '/ng/api/v3/provider';
const COMPLETE = '/ng/api/v3/actions/listings';

/**
 * Won work, driver assignment, completion and feedback (issue 7; shapes in schemas/work.ts, rules in server/work/),
 * at the spec's own paths (§7 "Listings and completion") plus what the portal needs that the spec leaves unshown (the
 * won-work list, the job sheet, tracking, recommended work) and two admin tools for the demo under /v1/admin. Mounted
 * at the root; each route carries requireToken itself, like journey-routes.ts. A job that is not the caller's is
 * 404 `Listing not found` (spec §8), never a hint that it exists. Both completions honour `Idempotency-Key`.
 */
export const workRoutes = (db: Db, config: Config) => {
  const auth = requireToken(db, config);
  const admin = requireAdmin(db);
  const idempotent = idempotency(db, config);
  const routes = new Hono<AppEnv>();

  routes.get(`${PROVIDER}/won-work`, auth, async (c) =>
    c.json(await loadWonWork(db, c.var.signedIn.userId, readQuery(c, WonWorkQuery, 'WonWorkQuery'), config.now())),
  );

  routes.get(`${PROVIDER}/won-work/:id`, auth, async (c) => {
    const id = pathId(c.req.param('id'));
    return send(c, id === null ? notFound : await loadJobSheet(db, c.var.signedIn.userId, id, config.now()));
  });

  routes.get(`${PROVIDER}/won-work/:id/tracking`, auth, async (c) => {
    const id = pathId(c.req.param('id'));
    return send(c, id === null ? notFound : await loadTracking(db, c.var.signedIn.userId, id, config.now()));
  });

  routes.get(`${PROVIDER}/recommended-work`, auth, async (c) =>
    c.json(await loadRecommendedWork(db, c.var.signedIn.userId, config.now())),
  );

  // The spec's path is the listing itself with the action in the query; allocate-driver is the only action here.
  routes.post('/ng/api/v3/listings/:id', auth, async (c) => {
    if (c.req.query('action') !== 'allocate-driver')
      throw new ValidationError({ action: ['The action must be allocate-driver'] });
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(LISTING_NOT_FOUND, 404);
    const form = await readForm(c, AllocateDriverForm, 'AllocateDriverForm');
    if (form === null) return c.json(FORM_MEDIA_TYPE, 415);
    samePathId(form.listing_id, id);
    return send(
      c,
      await allocateDriver(db, {
        userId: c.var.signedIn.userId,
        id,
        driverId: form.user_id,
        pickupDate: form.pickup_date || null,
        now: config.now(),
      }),
    );
  });

  routes.post(`${COMPLETE}/:id/complete`, auth, idempotent, async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(LISTING_NOT_FOUND, 404);
    const body = await readBody(c, CompleteJobRequest, 'CompleteJobRequest');
    samePathId(body.listing_id, id);
    return send(c, await completeJob(db, { userId: c.var.signedIn.userId, id, issue: null, now: config.now() }));
  });

  routes.post(`${COMPLETE}/:id/complete-with-issue`, auth, idempotent, async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(LISTING_NOT_FOUND, 404);
    const body = await readBody(c, CompleteWithIssueRequest, 'CompleteWithIssueRequest');
    samePathId(body.listing_id, id);
    return send(
      c,
      await completeJob(db, { userId: c.var.signedIn.userId, id, issue: issueOf(body), now: config.now() }),
    );
  });

  // countOnly=1: the count of active won jobs; listing_id + action=archive: archive that job, then the count.
  routes.post('/ajax-dashboard-provider-listing-won', auth, async (c) => {
    const form = await readForm(c, WonListingForm, 'WonListingForm');
    if (form === null) return c.json(FORM_MEDIA_TYPE, 415);
    const userId = c.var.signedIn.userId;
    if (form.action === 'archive' && form.listing_id !== undefined)
      return send(c, await archiveJob(db, { userId, id: form.listing_id, now: config.now() }));
    return send(c, done({ count: await countActiveWonJobs(db, userId) }));
  });

  // A GET that changes state, as the spec names it; a repeat is refused (409 already_requested), never a 500.
  routes.get('/ajax-provider-do-dash-option/request-feedback/:id', auth, async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(LISTING_NOT_FOUND, 404);
    return send(c, await requestFeedback(db, { userId: c.var.signedIn.userId, id, now: config.now() }));
  });

  // The demo's seed tools (admins only, 403 for anyone else): a false completion, a customer's rating.
  routes.post('/v1/admin/listings/:id/false-completion', auth, admin, async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(LISTING_NOT_FOUND, 404);
    return send(c, await declareFalseCompletion(db, { id, now: config.now() }));
  });

  routes.post('/v1/admin/listings/:id/rating', auth, admin, async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(LISTING_NOT_FOUND, 404);
    const rating = await readBody(c, RateJobRequest, 'RateJobRequest');
    return send(c, await rateJob(db, { id, rating, now: config.now() }));
  });

  return routes;
};
