import { fromPromise } from 'xstate';
import type { AdminPartnersResponse } from '@/schemas/admin';
import { fetchAdminPartners } from '@/src/api/admin';

/** The partners matching the query (GET /v1/admin/partners). */
export const searchPartners = fromPromise<AdminPartnersResponse, { query: string }>(({ input, signal }) =>
  fetchAdminPartners(input.query, signal),
);
