import type { LinkRefusal } from '@/schemas/mail-links';

/** Why verifying or resending failed other than a refused link: a failure kind the view words. */
export type VerificationFailure = 'offline' | 'timeout' | 'unreadable' | 'server' | 'refused' | 'rateLimited';

export interface EmailVerificationContext {
  /** The token from the mail's link (`?token=`), or null when the page was opened without one. */
  readonly token: string | null;
  /** Signed in: the status can be read and the mail sent again. */
  readonly signedIn: boolean;
  /** The address the mail went to (from the status), once known. */
  email: string | null;
  /** Seconds until Resend is allowed again; counts down while cooling down. */
  secondsLeft: number;
  /** A mail was sent again from this page (the view says so). */
  resent: boolean;
  /** Why the link was refused. */
  refusal: LinkRefusal | null;
  failure: VerificationFailure | null;
}

export interface EmailVerificationInput {
  readonly token: string | null;
  readonly signedIn: boolean;
}

export type EmailVerificationEvent = { type: 'verifyEmail.resend.requested' } | { type: 'verifyEmail.retried' };
