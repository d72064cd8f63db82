import { isWorkRefused } from '@/machines/work-eligibility/work-refusal';
import { failureKind, type FailureKind } from '@/src/api/errors';

/**
 * How the journey machines read a failed call: the fields of the API client's errors (src/api/errors.ts) that their
 * guards need, read by `_tag` rather than by class, so a fake in a test is an object literal.
 */
interface Failure {
  readonly _tag?: string;
  readonly status?: number;
  readonly reason?: string | null;
  readonly message?: string;
  readonly detail?: string | null;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
}

const failure = (error: unknown): Failure => (typeof error === 'object' && error !== null ? (error as Failure) : {});
const isHttp = (error: unknown, test: (f: Failure) => boolean) =>
  failure(error)._tag === 'HttpError' && test(failure(error));

/** 404: the journey does not exist, or another partner holds it (spec §8 text). */
export const isNotFound = (error: unknown) => isHttp(error, (f) => f.status === 404);

/**
 * No answer that settles the attempt: the server was not reached, failed (a 5xx releases the Idempotency-Key), or is
 * still handling the first request with this key. Trying again with the same key is safe.
 */
export const isUnanswered = (error: unknown) =>
  failure(error)._tag === 'NetworkError' ||
  isHttp(error, (f) => (f.status ?? 0) >= 500 || f.reason === 'idempotency_key_in_progress');

/** The journey went to another partner meanwhile (409 `taken`), or is no longer visible to this one (404). */
export const isTaken = (error: unknown) => isHttp(error, (f) => f.status === 404 || f.reason === 'taken');

/**
 * Refused because what the offer was made against changed meanwhile: the journey closed (409 `closed`), the interest
 * to change is gone (404 `no_interest`: cancelled elsewhere) or past its deadline (409 `cancel_deadline_passed`), or
 * the partner may no longer take work (403 by the work rule: suspended, a document expired …). No second try can
 * succeed: the page reads the journey again, which then says why.
 */
export const isOutdated = (error: unknown) =>
  isHttp(
    error,
    (f) =>
      f.reason === 'closed' ||
      f.reason === 'no_interest' ||
      f.reason === 'cancel_deadline_passed' ||
      isWorkRefused(error),
  );

/** 409 `cancel_deadline_passed`: the interest can no longer be cancelled. */
export const isDeadlinePassed = (error: unknown) => isHttp(error, (f) => f.reason === 'cancel_deadline_passed');

/**
 * What the server said, one message a line (spec §8: "the server's error messages joined by new lines"): the field
 * messages of a 422, else the refusal's message and its detail, else the error's own text.
 */
export function serverMessages(error: unknown): readonly string[] {
  const f = failure(error);
  const fields = Object.values(f.errors ?? {}).flat();
  if (fields.length > 0) return fields;
  const said = [f.message, f.detail].filter((m): m is string => typeof m === 'string' && m !== '');
  return said.length > 0 ? said : [String(error)];
}

/**
 * What a danger toast of a failed journey action carries: the server's messages (shown for a refusal) and how the
 * call failed, so the page words a lost connection, a timeout, a server failure or an unreadable answer itself
 * (src/format/failure-text.ts) instead of showing the browser's or the decoder's own text.
 */
export const failureOf = (error: unknown): { messages: readonly string[]; failure: FailureKind } => ({
  messages: serverMessages(error),
  failure: failureKind(error),
});
