import type { ErrorListEntry } from '@/schemas/auth';
import type { WorkEligibility } from '@/schemas/work-eligibility';

/**
 * The API client's failures, tagged with `_tag` so machine guards branch on the kind. Plain Error
 * classes rather than Schema.TaggedError: they carry the same fields, and keep Effect's runtime out of
 * the first-load bundle (the budget is 150 KB; see scripts/check-budgets.ts).
 */
export class HttpError extends Error {
  readonly _tag = 'HttpError';
  readonly status: number;
  /** Failing fields of a 422 (`messages.validation`, spec §8), first message first. */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  /** The reservation error code (101) where the server gave one. */
  readonly code: number | null;
  /** The list form of `errors`: the broken reservation rules of a code-101 answer (spec §8), else empty. */
  readonly ruleErrors: readonly ErrorListEntry[];
  /** A refusal's reason word where the server gave one (`taken`, `closed`: schemas/listing.ts ListingActionError). */
  readonly reason: string | null;
  /** A refusal's explanation beside its message, where the server gave one (schemas/journey.ts JourneyError). */
  readonly detail: string | null;
  /**
   * A refusal because the partner may not take work (403 with the work rule's decision, schemas/work-eligibility.ts
   * WorkRefusal): why, so the page says what to put right; null for any other answer.
   */
  readonly work: WorkEligibility | null;
  readonly url: string;

  constructor(fields: {
    status: number;
    message: string;
    errors: Readonly<Record<string, readonly string[]>>;
    code: number | null;
    ruleErrors?: readonly ErrorListEntry[];
    reason?: string | null;
    detail?: string | null;
    work?: WorkEligibility | null;
    url: string;
  }) {
    super(fields.message);
    this.name = 'HttpError';
    this.status = fields.status;
    this.errors = fields.errors;
    this.code = fields.code;
    this.ruleErrors = fields.ruleErrors ?? [];
    this.reason = fields.reason ?? null;
    this.detail = fields.detail ?? null;
    this.work = fields.work ?? null;
    this.url = fields.url;
  }
}

/** No answer: offline, connection closed or the request timed out. */
export class NetworkError extends Error {
  readonly _tag = 'NetworkError';
  readonly timedOut: boolean;
  readonly url: string;

  constructor(fields: { message: string; timedOut: boolean; url: string }) {
    super(fields.message);
    this.name = 'NetworkError';
    this.timedOut = fields.timedOut;
    this.url = fields.url;
  }
}

/** The session could not be renewed after a 401: the user must sign in again. */
export class SessionExpiredError extends Error {
  readonly _tag = 'SessionExpiredError';
  readonly url: string;

  constructor(fields: { url: string }) {
    super('Your session has ended. Please sign in again.');
    this.name = 'SessionExpiredError';
    this.url = fields.url;
  }
}

/**
 * How a request failed, as far as the partner is concerned: no connection, no answer in time, an answer the portal
 * could not read, a server failure, or a refusal whose words (the server's message) are worth showing as they are.
 * Pages word the first four themselves (messages `failure.<kind>`): the thrown errors' own texts ("Failed to fetch",
 * "JobsPage did not decode at data.0.id …") are for developers and the log, not for a toast.
 */
export type FailureKind = 'offline' | 'timeout' | 'unreadable' | 'server' | 'refused';

export function failureKind(error: unknown): FailureKind {
  const tag = typeof error === 'object' && error !== null ? (error as { _tag?: unknown })._tag : undefined;
  if (tag === 'NetworkError') return (error as NetworkError).timedOut ? 'timeout' : 'offline';
  if (tag === 'DecodeError') return 'unreadable';
  if (tag === 'HttpError') return (error as HttpError).status >= 500 ? 'server' : 'refused';
  return 'server';
}

/**
 * A refusal whose answer carries no message of its own (spec §8's generic text): the client gives it this message,
 * and the portal says it in the partner's language (src/format/failure-text.ts).
 */
export const GENERIC_REFUSAL = 'There was a problem with your request.';

/** What a failure says, for a toast or a notice: an Error's message, else the thrown value as text. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export { DecodeError } from '@/schemas/decode';
