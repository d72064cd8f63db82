import type { ComponentType } from 'react';
import { lazyPage } from './chunk-reload';
import { ROUTE_TABLE, type PageModule, type RouteEntry } from './route-table';

export interface RouteDefinition extends Omit<RouteEntry, 'page'> {
  readonly page: ComponentType;
}

/** One lazy chunk per page; Vite resolves the glob at build time. */
const PAGE_MODULES = import.meta.glob<{ default: ComponentType }>('@/src/pages/*/*-page.tsx');

function pageFor(page: PageModule): ComponentType {
  const load = PAGE_MODULES[`/src/pages/${page}.tsx`];
  if (!load) throw new Error(`route table names a page that does not exist: src/pages/${page}.tsx`);
  return lazyPage(load);
}

/** The route table with each page as a lazily loaded component. */
export const ROUTES: readonly RouteDefinition[] = ROUTE_TABLE.map((route) => ({ ...route, page: pageFor(route.page) }));
