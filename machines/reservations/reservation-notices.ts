import { RESERVATION_ERROR_TEXTS, RESERVATION_MESSAGES, RESERVATION_REFUSALS } from '@/schemas/reservation';

/** The reservation actions that give a toast (spec §8). */
export type ReservationAction = 'create' | 'cancel' | 'edit' | 'accept' | 'reject';

/**
 * A toast a reservation machine asks for, with message ids (the page translates them): a title, and a second line
 * that is a message id (`textId`), the server's own sentence (`text`), or a day (`date`, yyyy-MM-dd, formatted by the
 * page).
 */
export interface ReservationNotice {
  readonly tone: 'success' | 'danger';
  readonly title: string;
  readonly textId?: string;
  readonly text?: string;
  readonly date?: string;
}

/** 'Unable to create / cancel / edit / accept / reject this reservation' (spec §8). */
export const FAILURE_TITLES: Readonly<Record<ReservationAction, string>> = {
  create: 'reservations.toast.createFailed',
  cancel: 'reservations.toast.cancelFailed',
  edit: 'reservations.toast.editFailed',
  accept: 'reservations.toast.acceptFailed',
  reject: 'reservations.toast.rejectFailed',
};

/** The message id of a code of the reservation-errors catalogue; its English text is the server's (schemas). */
export const catalogueMessageId = (code: string): string | null =>
  code in RESERVATION_ERROR_TEXTS ? `reservationError.${code}` : null;

/** The server's refusals that have a message of their own. */
const REFUSAL_MESSAGES: Readonly<Record<string, string>> = {
  [RESERVATION_REFUSALS.notNow]: 'reservations.refusal.notNow',
  [RESERVATION_REFUSALS.noOffer]: 'reservations.refusal.noOffer',
  [RESERVATION_REFUSALS.offerExpired]: 'reservations.refusal.offerExpired',
  [RESERVATION_REFUSALS.notEligible]: 'reservations.refusal.notEligible',
};

/** The fields of the API client's errors (src/api/errors.ts) that the notices read, by `_tag` (fakes are literals). */
interface Failure {
  readonly _tag?: string;
  readonly status?: number;
  readonly message?: string;
  readonly code?: number | null;
  readonly reason?: string | null;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
  readonly ruleErrors?: readonly { code: string; message: string; date?: string }[];
}
const failure = (error: unknown): Failure => (typeof error === 'object' && error !== null ? (error as Failure) : {});

const danger = (title: string, rest: Omit<ReservationNotice, 'tone' | 'title'>): ReservationNotice => ({
  tone: 'danger',
  title,
  ...rest,
});

/** The toast of one broken rule (code 101): titled with the catalogue's text for its code, its day under it. */
export function ruleNotice(
  entry: { readonly code: string; readonly message?: string; readonly date?: string },
  action: ReservationAction,
): ReservationNotice {
  const id = catalogueMessageId(entry.code);
  const day = entry.date ? { date: entry.date } : {};
  return id
    ? danger(id, day)
    : danger(FAILURE_TITLES[action], { ...day, ...(entry.message ? { text: entry.message } : {}) });
}

/**
 * The toasts for a failed reservation call (spec §8): code 101 → one per broken rule, titled with the catalogue's
 * text for its code (the day under it); 'messages.validation' → each field's first message; 'messages.exception' →
 * the generic back-end text; otherwise the server's message, translated where the portal knows it.
 */
export function failureNotices(error: unknown, action: ReservationAction): ReservationNotice[] {
  const f = failure(error);
  const title = FAILURE_TITLES[action];
  if (f._tag === 'NetworkError') return [danger(title, { textId: 'reservations.toast.network' })];
  if (f._tag === 'HttpError' && (f.ruleErrors?.length ?? 0) > 0)
    return (f.ruleErrors ?? []).map((entry) => ruleNotice(entry, action));
  if (f.message === 'messages.validation') {
    const firsts = Object.values(f.errors ?? {}).flatMap((messages) => messages.slice(0, 1));
    return firsts.length > 0 ? firsts.map((text) => danger(title, { text })) : [danger(title, {})];
  }
  // An answer that does not decode is the back end's fault, not the partner's: the generic text, never the decoder's
  // own words (they name schema paths; the page logs them for developers).
  if (f.message === 'messages.exception' || (f.status ?? 0) >= 500 || f._tag === 'DecodeError')
    return [danger(title, { textId: 'reservationError.BE_error' })];
  if (f.message === RESERVATION_MESSAGES.ruleErrors) return [danger(title, {})];
  const known = f.message ? REFUSAL_MESSAGES[f.message] : undefined;
  if (known) return [danger(title, { textId: known })];
  return [danger(title, f.message ? { text: f.message } : {})];
}

/** A success toast. */
export const successNotice = (title: string): ReservationNotice => ({ tone: 'success', title });

/** What a reservation machine emits for the page's toasts: the notices of one outcome, in order. */
export interface ReservationNotices {
  readonly type: 'reservation.notices';
  readonly notices: readonly ReservationNotice[];
}

/** The success toast for an action's answer: done at once, or a request the team decides (spec §8). */
export function answerNotice(message: string): ReservationNotice {
  switch (message) {
    case RESERVATION_MESSAGES.cancellationRequested:
      return successNotice('reservations.toast.cancelRequested');
    case RESERVATION_MESSAGES.updated:
      return successNotice('reservations.toast.edited');
    case RESERVATION_MESSAGES.updateRequested:
      return successNotice('reservations.toast.editRequested');
    case RESERVATION_MESSAGES.offerAccepted:
      return successNotice('reservations.toast.offerAccepted');
    case RESERVATION_MESSAGES.offerRejected:
      return successNotice('reservations.toast.offerRejected');
    default:
      return successNotice('reservations.toast.cancelled');
  }
}

/**
 * No answer that settles the attempt: the server was not reached, failed (a 5xx releases the Idempotency-Key), or is
 * still handling the first request with the key. Sending again with the same key is safe.
 */
export const isUnanswered = (error: unknown): boolean => {
  const f = failure(error);
  return (
    f._tag === 'NetworkError' ||
    (f._tag === 'HttpError' && ((f.status ?? 0) >= 500 || f.reason === 'idempotency_key_in_progress'))
  );
};

/** 409 'This offer has expired.': the offer's countdown ended on the server's clock. */
export const isOfferExpired = (error: unknown): boolean => failure(error).message === RESERVATION_REFUSALS.offerExpired;
