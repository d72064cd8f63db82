import type { ComponentType } from 'react';
import { lazyPage } from './chunk-reload';
import { ROUTE_TABLE, type PageModule, type RouteEntry } from './route-table';

export interface RouteDefinition extends Omit<RouteEntry, 'page'> {
  readonly page: ComponentType;
  /** The page module: the React key of the route, so two addresses of one page (`/work`, `/work/listing/5`) keep it. */
  readonly module: PageModule;
}

/** One lazy chunk per page; Vite resolves the glob at build time. */
const PAGE_MODULES = import.meta.glob<{ default: ComponentType }>('@/src/pages/*/*-page.tsx');

/** One lazy component per page module, shared by the routes that show the same page. */
const pages = new Map<PageModule, ComponentType>();

function pageFor(page: PageModule): ComponentType {
  const known = pages.get(page);
  if (known) return known;
  const load = PAGE_MODULES[`/src/pages/${page}.tsx`];
  if (!load) throw new Error(`route table names a page that does not exist: src/pages/${page}.tsx`);
  const component = lazyPage(load);
  pages.set(page, component);
  return component;
}

/** The route table with each page as a lazily loaded component. */
export const ROUTES: readonly RouteDefinition[] = ROUTE_TABLE.map((route) => ({
  ...route,
  page: pageFor(route.page),
  module: route.page,
}));
