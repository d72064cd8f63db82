import { fromPromise } from 'xstate';
import { confirmPasswordReset, requestPasswordReset } from '@/src/api/mail-links';

/** POST /v1/password-reset/request: always 202 when the e-mail is well formed (no account enumeration). */
export const requestLink = fromPromise<unknown, { email: string }>(({ input }) => requestPasswordReset(input.email));

/** POST /v1/password-reset/confirm: the new password with the link's token. */
export const confirmPassword = fromPromise<unknown, { token: string; password: string; password_confirmation: string }>(
  ({ input }) => confirmPasswordReset(input),
);
