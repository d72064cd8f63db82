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

  /** Groups decode issues by field, dropping the `payload.` envelope from each path (spec §7: bodies travel under it). */
  static fromIssues(issues: readonly FieldIssue[]): ValidationError {
    const errors: Record<string, string[]> = {};
    for (const issue of issues) {
      const field = issue.path.replace(/^payload(\.|$)/, '') || 'payload';
      (errors[field] ??= []).push(issue.message);
    }
    return new ValidationError(errors);
  }
}

export const UNAUTHENTICATED = { message: 'Unauthenticated.' } as const;
export const NOT_FOUND = { message: 'Not found' } as const;
export const SERVER_ERROR = { message: 'Sorry, something went wrong' } as const;
