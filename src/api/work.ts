import type { CompletionRequest } from '@/machines/job-completion/job-completion.types';
import { IDEMPOTENCY_KEY_HEADER } from '@/schemas/common';
import {
  CHARGE_CUSTOMER_EXTRA,
  COMPLETION_ISSUE_RESPONSIBLE,
  COMPLETION_ISSUE_TYPE,
  FeedbackRequestedResponse,
  RecommendedWorkResponse,
  TrackingResponse,
  WonCountResponse,
  WonJob,
  WonJobSheet,
  WonWorkResponse,
  type RecommendedJob,
  type WonWorkTab,
} from '@/schemas/work';
import { api } from './api';

/**
 * Won work (spec §7 "Listings and completion", shapes and rules in schemas/work.ts, server/work/): the list by tab,
 * the job sheet, tracking, recommendations, assigning a driver, completing, archiving and asking for feedback.
 * Completions carry the Idempotency-Key the completion machine made, so a retry after no answer completes once.
 * The spec's two form calls (allocate-driver, listing-won) go as JSON under `payload`, which the server reads the
 * same as the form.
 */
const PROVIDER = 'ng/api/v3/provider';
const idOf = (id: number) => encodeURIComponent(String(id));

export interface WonWorkQuery {
  readonly tab: WonWorkTab;
  readonly page: number;
  readonly vehicleId: number | null;
  readonly driverId: number | null;
}

/** GET won-work: one page of a tab, with each tab's count under the same filters. */
export const fetchWonWork = (query: WonWorkQuery, signal?: AbortSignal): Promise<WonWorkResponse> =>
  api.get(`${PROVIDER}/won-work`, WonWorkResponse, 'WonWorkResponse', {
    signal,
    query: {
      tab: query.tab,
      page: query.page,
      ...(query.vehicleId === null ? {} : { vehicle_id: query.vehicleId }),
      ...(query.driverId === null ? {} : { driver_id: query.driverId }),
    },
  });

/** GET won-work/{id}: the job sheet (404 'Listing not found' for a job that is not the caller's). */
export const fetchJobSheet = (id: number, signal?: AbortSignal): Promise<WonJobSheet> =>
  api.get(`${PROVIDER}/won-work/${idOf(id)}`, WonJobSheet, 'WonJobSheet', { signal });

/** GET won-work/{id}/tracking: the driver's last known position, from 24 hours before the pickup. */
export const fetchTracking = (id: number, signal?: AbortSignal): Promise<TrackingResponse> =>
  api.get(`${PROVIDER}/won-work/${idOf(id)}/tracking`, TrackingResponse, 'TrackingResponse', { signal });

/** GET recommended-work: open jobs that fit the partner, soonest first. */
export const fetchRecommendedWork = (signal?: AbortSignal): Promise<readonly RecommendedJob[]> =>
  api.get(`${PROVIDER}/recommended-work`, RecommendedWorkResponse, 'RecommendedWork', { signal }).then((r) => r.rows);

/** POST /ng/api/v3/listings/{id}?action=allocate-driver: puts one of the partner's active drivers on the job. */
export const allocateListingDriver = (listingId: number, driverId: number): Promise<WonJob> =>
  api.post(`ng/api/v3/listings/${idOf(listingId)}`, WonJob, 'WonJob', {
    query: { action: 'allocate-driver' },
    body: { listing_id: listingId, user_id: driverId },
  });

/**
 * POST …/actions/listings/{id}/complete, or …/complete-with-issue (spec §7: text, type 5, sub_type, responsible 2, an
 * empty listingCart; an additional cost is the charge_customer_extra issue with its amount).
 */
export const completeListing = (request: CompletionRequest): Promise<WonJob> => {
  const path = `ng/api/v3/actions/listings/${idOf(request.listingId)}`;
  const headers = { [IDEMPOTENCY_KEY_HEADER]: request.key };
  if (request.mode === 'complete')
    return api.post(`${path}/complete`, WonJob, 'WonJob', { body: { listing_id: request.listingId }, headers });
  return api.post(`${path}/complete-with-issue`, WonJob, 'WonJob', {
    headers,
    body: {
      listing_id: request.listingId,
      text: request.text,
      type: COMPLETION_ISSUE_TYPE,
      sub_type: request.mode === 'extraCost' ? CHARGE_CUSTOMER_EXTRA : null,
      responsible: COMPLETION_ISSUE_RESPONSIBLE,
      listingCart: { items: [] },
      ...(request.mode === 'extraCost' && request.amountPence !== null
        ? { extra_charge: { amount: request.amountPence } }
        : {}),
    },
  });
};

/** POST /ajax-dashboard-provider-listing-won with action archive: the job leaves the tabs; answers the won count. */
export const archiveListing = (listingId: number): Promise<number> =>
  api
    .post('ajax-dashboard-provider-listing-won', WonCountResponse, 'WonCount', {
      body: { listing_id: listingId, action: 'archive', countOnly: 1 },
    })
    .then((r) => r.count);

/** GET /ajax-provider-do-dash-option/request-feedback/{id}: asks the customer to rate the job (once). */
export const requestFeedback = (listingId: number): Promise<string> =>
  api
    .get(`ajax-provider-do-dash-option/request-feedback/${idOf(listingId)}`, FeedbackRequestedResponse, 'Feedback')
    .then((r) => r.requested_at);
