import type { UnavailableReason } from './listing.types';

/**
 * How the listing machine reads a failed call: the fields of the API client's errors (src/api/errors.ts) that its
 * guards need, read by `_tag` rather than by class, so a fake in a test is an object literal.
 */
interface Failure {
  readonly _tag?: string;
  readonly status?: number;
  readonly reason?: string | null;
  readonly message?: string;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
}

const failure = (error: unknown): Failure => (typeof error === 'object' && error !== null ? (error as Failure) : {});
const isHttp = (error: unknown, test: (f: Failure) => boolean) =>
  failure(error)._tag === 'HttpError' && test(failure(error));

/** 404: the partner may not see the listing ('Listing not found'). */
export const isNotFound = (error: unknown) => isHttp(error, (f) => f.status === 404);

/** 422 `messages.validation`: the server refused the amount. */
export const isRejectedAmount = (error: unknown) => isHttp(error, (f) => f.status === 422);

/**
 * No answer that settles the attempt: the server was not reached, failed (a 5xx releases the Idempotency-Key), or is
 * still handling the first request with this key. Trying again with the same key is safe.
 */
export const isUnanswered = (error: unknown) =>
  failure(error)._tag === 'NetworkError' ||
  isHttp(error, (f) => (f.status ?? 0) >= 500 || f.reason === 'idempotency_key_in_progress');

/** The listing is gone for this partner: another partner has it, it closed, or it is no longer shown (404). */
export const isGone = (error: unknown) =>
  isHttp(error, (f) => f.status === 404 || (f.status === 409 && (f.reason === 'taken' || f.reason === 'closed')));

export const goneReason = (error: unknown): UnavailableReason =>
  failure(error).reason === 'taken' ? 'taken' : 'closed';

/** The server's message for a refusal (already in words for the partner), else the error's own. */
export const serverMessage = (error: unknown): string => failure(error).message ?? String(error);

/** The server's 422 messages for the amount, or every message when it names no amount. */
export const amountMessages = (error: unknown): readonly string[] => {
  const errors = failure(error).errors ?? {};
  return errors.amount ?? Object.values(errors).flat();
};
