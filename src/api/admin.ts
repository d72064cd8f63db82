import { AdminPartnersResponse } from '@/schemas/admin';
import { api } from './api';

/** GET /v1/admin/partners?q=: the partners an admin may act as (switch user), by name or e-mail. */
export const fetchAdminPartners = (query: string, signal?: AbortSignal) =>
  api.get(`v1/admin/partners?q=${encodeURIComponent(query)}`, AdminPartnersResponse, 'AdminPartnersResponse', {
    ...(signal ? { signal } : {}),
  });
