import {
  PasswordResetDone,
  PasswordResetRequested,
  ResendResponse,
  VerificationStatusResponse,
  VerifyEmailResponse,
} from '@/schemas/mail-links';
import { api } from './api';

/**
 * E-mail verification and password reset (schemas/mail-links.ts). The public calls carry no token and must not try a
 * re-login on 401 (`noRenew`): there is no session to renew.
 */

/** GET /v1/email-verification/status (signed in). */
export const fetchVerificationStatus = () =>
  api.get('v1/email-verification/status', VerificationStatusResponse, 'VerificationStatus').then((r) => r.data);

/** POST /v1/email-verification/resend (signed in): 429 within a minute of the last resend. */
export const resendVerificationMail = () =>
  api.post('v1/email-verification/resend', ResendResponse, 'ResendResponse').then((r) => r.data);

/** POST /v1/email-verification/verify: the token from the mail's link (422 with `reason` invalid, expired, used). */
export const verifyEmail = (token: string) =>
  api.post('v1/email-verification/verify', VerifyEmailResponse, 'VerifyEmailResponse', {
    body: { token },
    noRenew: true,
  });

/** POST /v1/password-reset/request: always 202 with the same message, whether or not the account exists. */
export const requestPasswordReset = (email: string) =>
  api.post('v1/password-reset/request', PasswordResetRequested, 'PasswordResetRequested', {
    body: { email },
    noRenew: true,
  });

/** POST /v1/password-reset/confirm: the new password with the token from the mail's link. */
export const confirmPasswordReset = (input: { token: string; password: string; password_confirmation: string }) =>
  api.post('v1/password-reset/confirm', PasswordResetDone, 'PasswordResetDone', { body: input, noRenew: true });
