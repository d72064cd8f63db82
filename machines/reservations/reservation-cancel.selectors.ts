import type { SnapshotFrom } from 'xstate';
import type { reservationCancel } from './reservation-cancel.machine';

type CancelSnapshot = SnapshotFrom<typeof reservationCancel>;

/** Whether the cancel applies now (`now`) or is a request the team decides (`request`), as allowed_actions says. */
export const cancelModeOf = (s: CancelSnapshot): 'now' | 'request' =>
  s.context.reservation.meta.allowed_actions.cancel_immediately ? 'now' : 'request';

export const reasonOf = (s: CancelSnapshot) => s.context.reason;
export const noteOf = (s: CancelSnapshot) => s.context.note;
export const isSending = (s: CancelSnapshot): boolean => s.hasTag('busy');
/** The last attempt got no answer: confirming again is safe (the same key). */
export const hasFailed = (s: CancelSnapshot): boolean => s.context.failed;

/** What is missing, once Confirm was pressed: the reason, or the note a reason of `other` needs. */
export const missingOf = (s: CancelSnapshot): { reason: boolean; note: boolean } => ({
  reason: s.context.revealed && s.context.reason === null,
  note: s.context.revealed && s.context.reason === 'other' && s.context.note.trim() === '',
});

/** The dialogue is over: `changed` when the reservation was cancelled (or the request received). */
export const outcomeOf = (s: CancelSnapshot): 'open' | 'changed' | 'dismissed' =>
  s.matches('done') ? 'changed' : s.matches('dismissed') ? 'dismissed' : 'open';
