import {
  HistoryResponse,
  ProfileResponse,
  RatingsResponse,
  StatisticsResponse,
  type AccountPreferences,
  type History,
  type Profile,
  type Ratings,
  type Statistics,
} from '@/schemas/profile';
import { api } from './api';

/**
 * The partner's own account (issue 8; paths and shapes in schemas/profile.ts): the profile and its edit, account
 * preferences, ratings and reviews, statistics, history; notification preferences are in ./notification-preferences.ts.
 * All of the signed-in user; a 422 comes back as HttpError with `errors` by form field (`full_name`, `postcode`), in
 * words meant for the partner.
 */

/** What PUT /v1/profile takes: the edit form's fields as typed (empty optional fields are "none"). */
export interface ProfileEdit {
  readonly full_name: string;
  readonly phone: string;
  readonly company_name: string;
  readonly company_number: string;
  readonly postcode: string;
}

export const fetchProfile = (signal?: AbortSignal): Promise<Profile> =>
  api.get('v1/profile', ProfileResponse, 'ProfileResponse', { signal }).then((r) => r.data);

export const saveProfile = (edit: ProfileEdit): Promise<Profile> =>
  api.put('v1/profile', ProfileResponse, 'ProfileResponse', { body: edit }).then((r) => r.data);

export const saveAccountPreferences = (preferences: AccountPreferences): Promise<Profile> =>
  api.put('v1/profile/preferences', ProfileResponse, 'ProfileResponse', { body: preferences }).then((r) => r.data);

export const fetchRatings = (page: number, signal?: AbortSignal): Promise<Ratings> =>
  api.get('v1/ratings', RatingsResponse, 'RatingsResponse', { query: { page }, signal }).then((r) => r.data);

export const fetchStatistics = (signal?: AbortSignal): Promise<Statistics> =>
  api.get('v1/statistics', StatisticsResponse, 'StatisticsResponse', { signal }).then((r) => r.data);

export const fetchHistory = (page: number, signal?: AbortSignal): Promise<History> =>
  api.get('v1/history', HistoryResponse, 'HistoryResponse', { query: { page }, signal }).then((r) => r.data);
