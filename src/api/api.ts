import { createApiClient } from './client';

/**
 * The portal's one API client. The API lives on the same origin as the portal (the reference server
 * serves both), so the base URL is the origin root; VITE_API_BASE_URL points it elsewhere.
 */
export const api = createApiClient({
  baseUrl:
    // import.meta.env exists only under Vite; Node tools that load the machines (model tests in Playwright) have none.
    import.meta.env?.VITE_API_BASE_URL ??
    (typeof window === 'undefined' ? 'http://localhost/' : window.location.origin + '/'),
});
