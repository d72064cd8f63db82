import { Hono } from 'hono';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import type { AppEnv } from '@/server/http/app-env';
import { loadAppInit } from '@/server/partner/app-init';
import { loadBadgeCounters } from '@/server/partner/badge-counters';
import { loadDashboardSummary } from '@/server/partner/dashboard-summary';
import { loadUserInfo } from '@/server/partner/user-info';
import { loadWorkState } from '@/server/partner/work-eligibility';

/** The signed-in partner's own account data under /v1 (mounted behind requireToken). */
export const partnerRoutes = (db: Db, config: Config) => {
  const routes = new Hono<AppEnv>();
  routes.get('/user-info', async (c) => {
    const { userId, impersonatorId } = c.var.signedIn;
    return c.json(await loadUserInfo(db, userId, config.now(), impersonatorId));
  });
  routes.get('/app-init', async (c) => c.json({ data: await loadAppInit(db, c.var.signedIn.userId, config.fakeDate) }));
  routes.get('/badge-counters', async (c) =>
    c.json({ data: await loadBadgeCounters(db, c.var.signedIn.userId, config.now()) }),
  );
  // the status, and whether the partner may take work by it (server/partner/work-eligibility.ts)
  routes.get('/onboarding-status', async (c) => {
    const { status, work } = await loadWorkState(db, c.var.signedIn.userId, config.now());
    return c.json({ data: { ...status, work } });
  });
  routes.get('/dashboard', async (c) =>
    c.json({ data: await loadDashboardSummary(db, c.var.signedIn.userId, config.now()) }),
  );
  return routes;
};
