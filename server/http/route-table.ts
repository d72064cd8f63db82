import type { Hono } from 'hono';

/** One endpoint of the app: `GET /v1/user-info`, `GET /tpp/*`. */
export interface RouteEntry {
  readonly method: string;
  readonly path: string;
}

/**
 * The endpoints registered on `app`, from Hono's own route list, each once, in registration order. Middleware
 * registered with `use` (method ALL) is left out: endpoints are registered with a method (get, post …), never `all`.
 */
export const listRoutes = (app: Pick<Hono, 'routes'>): RouteEntry[] => {
  const seen = new Set<string>();
  const routes: RouteEntry[] = [];
  for (const { method, path } of app.routes) {
    const key = `${method} ${path}`;
    if (method === 'ALL' || seen.has(key)) continue;
    seen.add(key);
    routes.push({ method, path });
  }
  return routes;
};

/** The paths of the middleware registered with `use` (method ALL), each once. */
export const listMiddlewarePaths = (app: Pick<Hono, 'routes'>): string[] => [
  ...new Set(app.routes.filter((r) => r.method === 'ALL').map((r) => r.path)),
];
