import type { FeatureFlag } from '@/schemas/app-init';
import type { RouteAccess } from './route-access';

/** Layouts of spec §2: guests' pages, and the signed-in provider layout with the top bar. */
export type LayoutName = 'default' | 'provider';

/** A page module under src/pages/, named `<folder>/<file>` without the extension. */
export type PageModule =
  | 'dashboard/dashboard-page'
  | 'login/login-page'
  | 'sign-up/sign-up-page'
  | 'verify-email/verify-email-page'
  | 'password-reset/password-reset-page'
  | 'find-work/find-work-page'
  | 'find-work/listing-page'
  | 'find-work/alerts-page'
  | 'reservations/reservations-page'
  | 'reservations/create-page'
  | 'reservations/historic-page'
  | 'journey/journey-page'
  | 'journey/my-journeys-page'
  | 'work/work-page'
  | 'work-calendar/work-calendar-page'
  | 'payments/payments-page'
  | 'payments/invoice-page'
  | 'vehicles/vehicles-page'
  | 'drivers/drivers-page'
  | 'documents/documents-page'
  | 'terms/terms-page'
  | 'profile/profile-page'
  | 'notifications/notifications-page'
  | 'machines/machines-page'
  | 'switch-user/switch-user-page';

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
    // Spec §2 /journey/{id?} without an id: the partner's journeys (claimed, interest expressed, completed) with their
    // status codes of spec §4. A page of its own (not the detail page reading an absent id), so that the list's first
    // load carries neither the journey page's machines nor its map.
    path: '/journey',
    access: 'auth',
    layout: 'provider',
    title: 'myJourneys.title',
    page: 'journey/my-journeys-page',
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
    // Spec §2 /payments: current week, scheduled, transferred and invoices; the CSV export side sheet; express pay
    // (issue 8). Behind the new_payments_page flag (spec §6).
    path: '/payments',
    access: 'auth',
    layout: 'provider',
    title: 'payments.title',
    feature: 'new_payments_page',
    page: 'payments/payments-page',
  },
  {
    // An invoice as a printable page (issue 8), opened in a new tab from the payments page.
    path: '/payments/invoice/:id',
    access: 'auth',
    layout: 'provider',
    title: 'payments.invoice.title',
    feature: 'new_payments_page',
    page: 'payments/invoice-page',
    // invoice 1 of the demo seed is partner@example.com's (server/seed/payments.ts seeds its invoices first)
    example: '/payments/invoice/1',
  },
  {
    // Spec §2 "my vehicles" (issue 8): the partner's vehicles with add, edit and remove.
    path: '/vehicles',
    access: 'auth',
    layout: 'provider',
    title: 'vehicles.title',
    page: 'vehicles/vehicles-page',
  },
  {
    // Spec §2 "my drivers" (issue 8): add or invite, assign, unassign, deactivate, reactivate; flag `drivers` (§6).
    path: '/drivers',
    access: 'auth',
    layout: 'provider',
    title: 'drivers.title',
    feature: 'drivers',
    page: 'drivers/drivers-page',
  },
  {
    // Issue 8 (spec §1 documents and onboarding, §5 uploads, §9 review within 72 hours): required documents, upload,
    // the files uploaded with download.
    path: '/documents',
    access: 'auth',
    layout: 'provider',
    title: 'documents.title',
    page: 'documents/documents-page',
  },
  {
    // Spec §2 partner terms acceptance and §6 requirements before working: the terms, the checklist, Accept.
    path: '/terms',
    access: 'auth',
    layout: 'provider',
    title: 'terms.title',
    page: 'terms/terms-page',
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
    // Spec §6 switch user: an admin finds a partner and acts as them (issue 8). Admins only (route-access.ts); the
    // server refuses everyone else's search and grant in any case.
    path: '/switch-user',
    access: 'admin',
    layout: 'provider',
    title: 'switchUser.title',
    page: 'switch-user/switch-user-page',
  },
  {
    // Spec §2 profile (edit profile, account and preferences, history and invoicing, customer reviews, statistics;
    // issue 8). The tab is in the address: /profile is "edit profile", /profile/{tab} the others.
    path: '/profile',
    access: 'auth',
    layout: 'provider',
    title: 'profile.title',
    page: 'profile/profile-page',
  },
  {
    path: '/profile/:tab',
    access: 'auth',
    layout: 'provider',
    title: 'profile.title',
    page: 'profile/profile-page',
    example: '/profile/reviews',
  },
  {
    // Spec §2 notifications: the partner's notification preferences per event and channel (issue 8).
    path: '/notifications',
    access: 'auth',
    layout: 'provider',
    title: 'notificationPrefs.title',
    page: 'notifications/notifications-page',
  },
  {
    path: '/login',
    access: 'guest',
    layout: 'default',
    title: 'login.title',
    page: 'login/login-page',
  },
  {
    // Spec §2 partner sign-up: login details, your details, vehicle and operational information, insurance, identity.
    path: '/sign-up',
    access: 'guest',
    layout: 'default',
    title: 'signUp.title',
    page: 'sign-up/sign-up-page',
  },
  {
    // Spec §2 e-mail verification with resend: after sign-up, and the mail's link (signed in or not).
    path: '/verify-email',
    access: 'public',
    layout: 'default',
    title: 'verifyEmail.title',
    page: 'verify-email/verify-email-page',
  },
  {
    // Spec §2 password reset: ask for a link, then (with the link's token) choose the new password.
    path: '/password-reset',
    access: 'guest',
    layout: 'default',
    title: 'passwordReset.title',
    page: 'password-reset/password-reset-page',
  },
];

export const hasRoute = (path: string): boolean => ROUTE_TABLE.some((r) => r.path === path);
