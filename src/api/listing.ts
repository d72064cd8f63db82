import { IDEMPOTENCY_KEY_HEADER } from '@/schemas/common';
import { ListingDetailResponse, type ListingDetail } from '@/schemas/listing';
import { api } from './api';

/**
 * The calls of one listing's page (schemas/listing.ts): read it, book it now, quote for it. Book and quote carry an
 * Idempotency-Key made by the caller once per user action, so repeating a call whose answer was lost (a dropped
 * connection) books or quotes once. Refusals come back as HttpError with the server's message and `reason`
 * (`taken`, `closed`, `wrong_kind`, `not_eligible`, `idempotency_key_in_progress`).
 */

const path = (id: string) => `v1/listings/${encodeURIComponent(id)}`;

/** GET v1/listings/{id}: 404 'Listing not found' for an id the partner may not see (taken, closed, unknown). */
export const fetchListing = (id: string, signal?: AbortSignal): Promise<ListingDetail> =>
  api.get(path(id), ListingDetailResponse, 'ListingDetail', { signal }).then((r) => r.data);

/** POST v1/listings/{id}/book (instant, click and claim), with no vehicle chosen yet. Answers the listing, allocated. */
export const bookListing = (id: string, idempotencyKey: string): Promise<ListingDetail> =>
  api
    .post(`${path(id)}/book`, ListingDetailResponse, 'ListingDetail', {
      body: {},
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    })
    .then((r) => r.data);

/** POST v1/listings/{id}/quote (auction): the partner's quote in minor units, new or changed. */
export const quoteListing = (id: string, amount: number, idempotencyKey: string): Promise<ListingDetail> =>
  api
    .post(`${path(id)}/quote`, ListingDetailResponse, 'ListingDetail', {
      body: { amount },
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    })
    .then((r) => r.data);
