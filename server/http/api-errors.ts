import type { FieldIssue } from '@/schemas/decode';

/** The resource does not exist, or belongs to someone else (answered the same way, so ids reveal nothing). */
export class NotFoundError extends Error {
  constructor(what = 'resource') {
    super(`${what} not found`);
    this.name = 'NotFoundError';
  }
}

/** A request body or query that did not decode: answered 422 `messages.validation` with the failing fields. */
export class ValidationError extends Error {
  constructor(readonly errors: Readonly<Record<string, readonly string[]>>) {
    super('messages.validation');
    this.name = 'ValidationError';
  }

  /**
   * Groups decode issues by field, dropping the `payload.` envelope from each path (spec §7: bodies travel under it).
   * Effect's messages quote the value they got: each is cut to MAX_MESSAGE_LENGTH, so a 1 MB string is not echoed.
   */
  static fromIssues(issues: readonly FieldIssue[]): ValidationError {
    const errors: Record<string, string[]> = {};
    for (const issue of issues) {
      const field = issue.path.replace(/^payload(\.|$)/, '').slice(0, MAX_MESSAGE_LENGTH) || 'payload';
      const message =
        issue.message.length > MAX_MESSAGE_LENGTH ? `${issue.message.slice(0, MAX_MESSAGE_LENGTH)}…` : issue.message;
      (errors[field] ??= []).push(message);
    }
    return new ValidationError(errors);
  }
}

/** Longest field name or message a 422 repeats back. */
export const MAX_MESSAGE_LENGTH = 300;

/** A request the server will not read: wrong media type (415). */
export class UnsupportedMediaTypeError extends Error {
  constructor() {
    super(UNSUPPORTED_MEDIA_TYPE.message);
    this.name = 'UnsupportedMediaTypeError';
  }
}

export const UNAUTHENTICATED = { message: 'Unauthenticated.' } as const;
export const NOT_FOUND = { message: 'Not found' } as const;
export const SERVER_ERROR = { message: 'Sorry, something went wrong' } as const;
export const CROSS_ORIGIN_REFUSED = { message: 'Cross-origin request refused.' } as const;
export const TOO_MANY_ATTEMPTS = { message: 'Too many attempts. Please try again later.' } as const;
export const BODY_TOO_LARGE = { message: 'The request body is too large.' } as const;
export const UNSUPPORTED_MEDIA_TYPE = {
  message: 'The request body must be JSON (Content-Type: application/json).',
} as const;
