import type { SnapshotFrom } from 'xstate';
import type { returnOffer } from './return-offer.machine';

type OfferSnapshot = SnapshotFrom<typeof returnOffer>;

/** Milliseconds left on the server's clock (0 once over). */
export const remainingMsOf = (s: OfferSnapshot): number =>
  s.matches('timedOut') ? 0 : Math.max(0, s.context.expiresAtMs - s.context.serverNowMs);

export const isOpen = (s: OfferSnapshot): boolean => s.matches('open');
export const isTimedOut = (s: OfferSnapshot): boolean => s.matches('timedOut');
export const isConfirmingAccept = (s: OfferSnapshot): boolean =>
  s.matches({ open: 'confirmingAccept' }) || s.matches('accepting');
export const isConfirmingReject = (s: OfferSnapshot): boolean =>
  s.matches({ open: 'confirmingReject' }) || s.matches('rejecting');
export const isAnswering = (s: OfferSnapshot): boolean => s.hasTag('busy');
export const hasFailed = (s: OfferSnapshot): boolean => s.context.failed;
/** Accepted or rejected: the list is read again. */
export const isAnswered = (s: OfferSnapshot): boolean => s.matches('accepted') || s.matches('rejected');
