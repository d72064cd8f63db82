import { fromPromise } from 'xstate';
import type { VerificationStatus } from '@/schemas/mail-links';
import { fetchVerificationStatus, resendVerificationMail, verifyEmail } from '@/src/api/mail-links';

/** POST /v1/email-verification/verify with the link's token. */
export const verifyToken = fromPromise<unknown, { token: string }>(({ input }) => verifyEmail(input.token));

/** GET /v1/email-verification/status: the address, whether verified, and the seconds until a resend. */
export const loadStatus = fromPromise<VerificationStatus>(() => fetchVerificationStatus());

/** POST /v1/email-verification/resend: a new link by mail; the answer names the cooldown. */
export const resendMail = fromPromise<{ retry_after_s: number }>(() => resendVerificationMail());
