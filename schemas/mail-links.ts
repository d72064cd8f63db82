import { Schema } from 'effect';
import { NonNegativeInt, nullable, StorableText } from './common';

/**
 * The links a partner gets by mail: e-mail verification after sign-up, and password reset (spec §2). Apart from
 * schemas/sign-up.ts so that the pages that follow a link load these few schemas, not the whole sign-up form's. The
 * calls are not shown in the spec; this is their design:
 *
 * - GET /v1/email-verification/status and POST /v1/email-verification/resend (signed in), and POST
 *   /v1/email-verification/verify `{ payload: { token } }` (public: the token is the key);
 * - POST /v1/password-reset/request `{ payload: { email } }` (always 202) and /confirm.
 */

/** Resends of the verification mail: at most one per this many seconds. */
export const RESEND_COOLDOWN_S = 60;
/** Lifetimes of the links in the mails. */
export const VERIFICATION_TOKEN_TTL_S = 24 * 3600;
export const RESET_TOKEN_TTL_S = 3600;

// Requests.

export const VerifyEmailRequest = Schema.Struct({
  payload: Schema.Struct({ token: StorableText.check(Schema.isMaxLength(100)) }),
});
export const PasswordResetRequest = Schema.Struct({
  payload: Schema.Struct({ email: StorableText.check(Schema.isMaxLength(254)) }),
});
export const PasswordResetConfirm = Schema.Struct({
  payload: Schema.Struct({
    token: StorableText.check(Schema.isMaxLength(100)),
    password: nullable(StorableText.check(Schema.isMaxLength(200))),
    password_confirmation: nullable(StorableText.check(Schema.isMaxLength(200))),
  }),
});

// Responses.

export const ResendResponse = Schema.Struct({
  data: Schema.Struct({ sent: Schema.Literal(true), retry_after_s: Schema.Number }),
});
/** GET /v1/email-verification/status: whose address, whether verified, and seconds until a resend is allowed. */
export const VerificationStatus = Schema.Struct({
  email: Schema.String,
  email_verified: Schema.Boolean,
  resend_in_s: NonNegativeInt,
});
export type VerificationStatus = typeof VerificationStatus.Type;
export const VerificationStatusResponse = Schema.Struct({ data: VerificationStatus });
export const VerifyEmailResponse = Schema.Struct({ data: Schema.Struct({ email_verified: Schema.Literal(true) }) });
export const PasswordResetRequested = Schema.Struct({ message: Schema.String });
export const PasswordResetDone = Schema.Struct({ ok: Schema.Literal(true) });

/** Why a link from a mail is refused (the `code` word of the 422, read by the portal as HttpError.reason). */
export const LinkRefusal = Schema.Literals(['invalid', 'expired', 'used']);
export type LinkRefusal = typeof LinkRefusal.Type;

// Messages. The server answers with these English texts.

export const LINK_MESSAGES: Readonly<Record<LinkRefusal, string>> = {
  invalid: 'This link is not valid.',
  expired: 'This link has expired.',
  used: 'This link was already used.',
};
export const ALREADY_VERIFIED = 'Your e-mail is already verified.';
export const RESEND_TOO_SOON = 'Please wait before asking for another e-mail.';
export const RESET_REQUESTED =
  'If an account exists for this e-mail, we sent a link to reset the password. It works for one hour.';
