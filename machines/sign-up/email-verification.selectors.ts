import type { SnapshotFrom } from 'xstate';
import type { emailVerificationMachine } from './email-verification.machine';

type Snap = SnapshotFrom<typeof emailVerificationMachine>;

/** What the page shows, by state. */
export type VerificationView = 'verifying' | 'verified' | 'refused' | 'failed' | 'signedOut' | 'waiting';

export const verificationView = (s: Snap): VerificationView =>
  s.matches('verified')
    ? 'verified'
    : s.matches('linkRefused')
      ? 'refused'
      : s.matches('verifyFailed')
        ? 'failed'
        : s.matches('signedOut')
          ? 'signedOut'
          : s.matches('verifying') || s.matches('starting')
            ? 'verifying'
            : 'waiting';

export const isBusy = (s: Snap) => s.hasTag('loading');
/** Resend is offered (signed in, no cooldown running, not sending). */
export const canResend = (s: Snap) => s.can({ type: 'verifyEmail.resend.requested' });
export const isCoolingDown = (s: Snap) => s.matches('coolingDown');
export const secondsLeft = (s: Snap) => s.context.secondsLeft;
export const sentTo = (s: Snap) => s.context.email;
export const wasResent = (s: Snap) => s.context.resent;
export const refusal = (s: Snap) => s.context.refusal;
export const failure = (s: Snap) => s.context.failure;
