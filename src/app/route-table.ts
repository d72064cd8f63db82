import type { FeatureFlag } from '@/schemas/app-init';
import type { RouteAccess } from './route-access';

/** Layouts of spec §2: guests' pages, and the signed-in provider layout with the top bar. */
export type LayoutName = 'default' | 'provider';

/** A page module under src/pages/, named `<folder>/<file>` without the extension. */
export type PageModule =
  | 'dashboard/dashboard-page'
  | 'login/login-page'
  | 'find-work/find-work-page'
  | 'find-work/listing-page'
  | 'find-work/alerts-page'
  | 'reservations/reservations-page'
  | 'reservations/create-page'
  | 'reservations/historic-page'
  | 'journey/journey-page'
  | 'work/work-page'
  | 'work-calendar/work-calendar-page'
  | 'machines/machines-page';

export interface RouteEntry {
  readonly path: string;
  readonly access: RouteAccess;
  readonly layout: LayoutName;
  /** Message id of the page title. */
  readonly title: string;
  readonly feature?: FeatureFlag;
  /** The lazily loaded page: src/pages/<page>.tsx. */
  readonly page: PageModule;
  /**
   * A concrete address for the tools that walk this table (budgets, Lighthouse) when `path` has parameters
   * (`/find-work/listing/:id`). Browser tests that need a live record find one through the API instead.
   */
  readonly example?: string;
}

/**
 * The portal's routes (spec §2, base /tpp/), as data: the app (routes.ts), the browser tests and the
 * budget check all read this one table. Only pages that exist are listed: a route of the spec appears
 * here when its page is built, and the dashboard links to it from then on (see `hasRoute`).
 */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  {
    path: '/',
    access: 'auth',
    layout: 'provider',
    title: 'dashboard.title',
    page: 'dashboard/dashboard-page',
  },
  {
    path: '/find-work',
    access: 'auth',
    layout: 'provider',
    title: 'findWork.title',
    feature: 'find_work',
    page: 'find-work/find-work-page',
  },
  {
    path: '/find-work/listing/:id',
    access: 'auth',
    layout: 'provider',
    title: 'listing.title',
    feature: 'find_work',
    page: 'find-work/listing-page',
    // job 1 of the demo seed is one that partner@example.com won (Lighthouse signs in as that partner)
    example: '/find-work/listing/1',
  },
  {
    // New-work alerts (issue 4, beyond the spec's routes): the jobs newly matching the partner's alerting searches.
    path: '/find-work/alerts',
    access: 'auth',
    layout: 'provider',
    title: 'alerts.title',
    feature: 'find_work',
    page: 'find-work/alerts-page',
  },
  {
    // Spec §2 /journey/{id?}: a journey's detail and its allocation actions (issue 5).
    path: '/journey/:id',
    access: 'auth',
    layout: 'provider',
    title: 'journey.title',
    page: 'journey/journey-page',
    // journey 1001 of the demo seed is the first one partner@example.com holds (after the 1,000 open journeys)
    example: '/journey/1001',
  },
  {
    // Spec §2 /reservations: the current reservations. Not behind a feature flag, so that a partner who is not
    // journey-ready is told here why (spec §6); the top bar's link follows the reservation_menu flag.
    path: '/reservations',
    access: 'auth',
    layout: 'provider',
    title: 'reservations.title',
    page: 'reservations/reservations-page',
  },
  {
    // Spec §2 /reservations/create; redirects to /reservations without the journey-ready flag.
    path: '/reservations/create',
    access: 'auth',
    layout: 'provider',
    title: 'reservations.create.title',
    page: 'reservations/create-page',
  },
  {
    // Spec §2 /reservations/historic; redirects to /reservations without the journey-ready flag.
    path: '/reservations/historic',
    access: 'auth',
    layout: 'provider',
    title: 'reservations.historic.title',
    page: 'reservations/historic-page',
  },
  {
    // Spec §2 /work: won work (active, completed, live quotes; issue 7). Its children `listing/{id}` (the job sheet),
    // `external/{id?}` (a private job, or a new one) and `recommended/{id?}` open over the list.
    path: '/work',
    access: 'auth',
    layout: 'provider',
    title: 'work.title',
    feature: 'new_won_work_page',
    page: 'work/work-page',
  },
  {
    path: '/work/:child/:id?',
    access: 'auth',
    layout: 'provider',
    title: 'work.title',
    feature: 'new_won_work_page',
    page: 'work/work-page',
    example: '/work/listing/1',
  },
  {
    // Spec §2 /work-calendar: marketplace jobs, journeys, private jobs and reservations by month or week, with the
    // same three children as /work.
    path: '/work-calendar',
    access: 'auth',
    layout: 'provider',
    title: 'workCalendar.title',
    feature: 'work_calendar',
    page: 'work-calendar/work-calendar-page',
  },
  {
    path: '/work-calendar/:child/:id?',
    access: 'auth',
    layout: 'provider',
    title: 'workCalendar.title',
    feature: 'work_calendar',
    page: 'work-calendar/work-calendar-page',
    example: '/work-calendar/external',
  },
  {
    // Beyond the spec (issue "machines for the people who read them"): every machine of machines/ drawn as a
    // statechart, with the machines running in this tab followed live. Admins only in production; every signed-in
    // user in development builds; others get the not-found page (route-access.ts).
    path: '/machines',
    access: 'admin',
    layout: 'provider',
    title: 'machines.title',
    page: 'machines/machines-page',
  },
  {
    path: '/login',
    access: 'guest',
    layout: 'default',
    title: 'login.title',
    page: 'login/login-page',
  },
];

export const hasRoute = (path: string): boolean => ROUTE_TABLE.some((r) => r.path === path);
