import { AppInitResponse, BadgeCountersResponse } from '@/schemas/app-init';
import { DashboardSummaryResponse } from '@/schemas/dashboard';
import { OnboardingStatusResponse } from '@/schemas/onboarding';
import { api } from './api';

/** GET /v1/app-init: feature flags and fake date. */
export const fetchAppInit = () => api.get('v1/app-init', AppInitResponse, 'AppInit').then((r) => r.data);

/** GET /v1/badge-counters: the nine notification counters. */
export const fetchBadgeCounters = () =>
  api.get('v1/badge-counters', BadgeCountersResponse, 'BadgeCounters').then((r) => r.data);

/** GET /v1/dashboard: the figures of the three dashboard cards. */
export const fetchDashboard = () => api.get('v1/dashboard', DashboardSummaryResponse, 'Dashboard').then((r) => r.data);

/** GET /v1/onboarding-status: documents, vehicles, terms and e-mail verification. */
export const fetchOnboardingStatus = () =>
  api.get('v1/onboarding-status', OnboardingStatusResponse, 'OnboardingStatus').then((r) => r.data);
