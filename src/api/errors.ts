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
  /** A refusal's reason word where the server gave one (`taken`, `closed`: schemas/listing.ts ListingActionError). */
  readonly reason: string | null;
  readonly url: string;

  constructor(fields: {
    status: number;
    message: string;
    errors: Readonly<Record<string, readonly string[]>>;
    code: number | null;
    reason?: string | null;
    url: string;
  }) {
    super(fields.message);
    this.name = 'HttpError';
    this.status = fields.status;
    this.errors = fields.errors;
    this.code = fields.code;
    this.reason = fields.reason ?? null;
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

/** What a failure says, for a toast or a notice: an Error's message, else the thrown value as text. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export { DecodeError } from '@/schemas/decode';
