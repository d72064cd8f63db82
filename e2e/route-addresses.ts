import type { RouteEntry } from '@/src/app/route-table';
import { JourneyApi } from './journey-api';
import { PartnerApi } from './listing-api';

/**
 * The address a browser test opens for a route of the table: its path, or for a path with parameters a live record
 * found through the API as `email` (a listing page needs a job that is open now), else the route's `example`.
 */
export async function addressOf(route: RouteEntry, email: string): Promise<string> {
  if (!route.path.includes(':')) return route.path;
  if (route.path === '/find-work/listing/:id') {
    const api = await PartnerApi.signIn(email);
    try {
      return `/find-work/listing/${(await api.anyOpenJob('instant')).id}`;
    } finally {
      await api.dispose();
    }
  }
  if (route.path === '/journey/:id') {
    // a journey page needs a journey this partner may see: an open one (every partner sees those, whether or not it
    // may take it: a partner who may not work sees why instead of the offer)
    const api = await JourneyApi.signIn(email);
    try {
      const open = await api.openJourneys('express_interest');
      const row = open[Math.floor(Math.random() * open.length)];
      if (!row) throw new Error('no open express_interest journey');
      return `/journey/${row.id}`;
    } finally {
      await api.dispose();
    }
  }
  if (!route.example) throw new Error(`${route.path} needs an example address (route-table.ts)`);
  return route.example;
}
