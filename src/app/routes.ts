import type { ComponentType } from 'react';
import type { FeatureFlag } from '@/schemas/app-init';
import { lazyPage } from './chunk-reload';
import type { RouteAccess } from './route-access';

/** Layouts of spec §2: guests' pages, and the signed-in provider layout with the top bar. */
export type LayoutName = 'default' | 'provider';

export interface RouteDefinition {
  readonly path: string;
  readonly access: RouteAccess;
  readonly layout: LayoutName;
  /** Message id of the page title. */
  readonly title: string;
  readonly feature?: FeatureFlag;
  readonly page: ComponentType;
}

/**
 * The portal's routes (spec §2, base /tpp/). Only pages that exist are listed: a route of the spec
 * appears here when its page is built, and the dashboard links to it from then on (see `hasRoute`).
 */
export const ROUTES: readonly RouteDefinition[] = [
  {
    path: '/',
    access: 'auth',
    layout: 'provider',
    title: 'dashboard.title',
    page: lazyPage(() => import('@/src/pages/dashboard/dashboard-page')),
  },
  {
    path: '/login',
    access: 'guest',
    layout: 'default',
    title: 'login.title',
    page: lazyPage(() => import('@/src/pages/login/login-page')),
  },
];

export const hasRoute = (path: string): boolean => ROUTES.some((r) => r.path === path);
