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
    // a journey page needs a journey this partner may see: an open one, found like the journey tests find theirs
    const api = await JourneyApi.signIn(email);
    try {
      return `/journey/${(await api.anyOpenJourney('express_interest')).id}`;
    } finally {
      await api.dispose();
    }
  }
  if (!route.example) throw new Error(`${route.path} needs an example address (route-table.ts)`);
  return route.example;
}
