import { Hono } from 'hono';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import type { AppEnv } from '@/server/http/app-env';
import { loadAppInit } from '@/server/partner/app-init';
import { loadBadgeCounters } from '@/server/partner/badge-counters';
import { loadDashboardSummary } from '@/server/partner/dashboard-summary';
import { loadOnboardingStatus } from '@/server/partner/onboarding-status';
import { loadUserInfo } from '@/server/partner/user-info';
import { londonDate } from '@/server/time/london';

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
  routes.get('/onboarding-status', async (c) =>
    c.json({ data: await loadOnboardingStatus(db, c.var.signedIn.userId, londonDate(config.now())) }),
  );
  routes.get('/dashboard', async (c) =>
    c.json({ data: await loadDashboardSummary(db, c.var.signedIn.userId, config.now()) }),
  );
  return routes;
};
