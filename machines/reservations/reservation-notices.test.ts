import { describe, expect, it } from 'vitest';
import { RESERVATION_MESSAGES } from '@/schemas/reservation';
import { DecodeError, HttpError, NetworkError } from '@/src/api/errors';
import { answerNotice, failureNotices, isOfferExpired, isUnanswered } from './reservation-notices';

const http = (status: number, message: string, more: Partial<ConstructorParameters<typeof HttpError>[0]> = {}) =>
  new HttpError({ status, message, errors: {}, code: null, url: 'v1', ...more });

describe('the error handling of spec §8', () => {
  it('gives one toast per broken rule of a code-101 answer, titled from the catalogue', () => {
    const error = http(422, 'messages.reservation_errors', {
      code: 101,
      ruleErrors: [
        { code: 'private_job_window_too_short', message: 'x', date: '2026-11-24' },
        { code: 'capacity_too_large', message: 'y', date: '2026-11-25' },
        { code: 'not_in_the_catalogue', message: 'Something new', date: '2026-11-25' },
      ],
    });
    expect(failureNotices(error, 'create')).toEqual([
      { tone: 'danger', title: 'reservationError.private_job_window_too_short', date: '2026-11-24' },
      { tone: 'danger', title: 'reservationError.capacity_too_large', date: '2026-11-25' },
      { tone: 'danger', title: 'reservations.toast.createFailed', date: '2026-11-25', text: 'Something new' },
    ]);
  });
  it("shows each field's first message of messages.validation", () => {
    const error = http(422, 'messages.validation', { errors: { a: ['First a', 'Second a'], b: ['First b'] } });
    expect(failureNotices(error, 'edit')).toEqual([
      { tone: 'danger', title: 'reservations.toast.editFailed', text: 'First a' },
      { tone: 'danger', title: 'reservations.toast.editFailed', text: 'First b' },
    ]);
  });
  it('shows the generic back-end text for messages.exception, server failures and answers that do not decode', () => {
    const undecodable = new DecodeError({
      schema: 'ReservationDrafts',
      issues: [{ path: 'data', message: 'Expected' }],
    });
    for (const error of [http(500, 'messages.exception'), http(500, 'Sorry, something went wrong'), undecodable])
      expect(failureNotices(error, 'cancel')).toEqual([
        { tone: 'danger', title: 'reservations.toast.cancelFailed', textId: 'reservationError.BE_error' },
      ]);
  });
  it("translates the server's refusals it knows, and shows others as they are", () => {
    expect(failureNotices(http(409, 'This offer has expired.'), 'accept')).toEqual([
      { tone: 'danger', title: 'reservations.toast.acceptFailed', textId: 'reservations.refusal.offerExpired' },
    ]);
    expect(failureNotices(http(404, 'Not found'), 'reject')).toEqual([
      { tone: 'danger', title: 'reservations.toast.rejectFailed', text: 'Not found' },
    ]);
    expect(failureNotices(new NetworkError({ message: 'x', timedOut: true, url: 'v1' }), 'create')).toEqual([
      { tone: 'danger', title: 'reservations.toast.createFailed', textId: 'reservations.toast.network' },
    ]);
  });
  it('says whether a change was made or is a request', () => {
    expect(answerNotice(RESERVATION_MESSAGES.cancelled).title).toBe('reservations.toast.cancelled');
    expect(answerNotice(RESERVATION_MESSAGES.cancellationRequested).title).toBe('reservations.toast.cancelRequested');
    expect(answerNotice(RESERVATION_MESSAGES.updated).title).toBe('reservations.toast.edited');
    expect(answerNotice(RESERVATION_MESSAGES.updateRequested).title).toBe('reservations.toast.editRequested');
    expect(answerNotice(RESERVATION_MESSAGES.offerAccepted).title).toBe('reservations.toast.offerAccepted');
    expect(answerNotice(RESERVATION_MESSAGES.offerRejected).title).toBe('reservations.toast.offerRejected');
  });
  it('tells apart an answer that never came from a refusal', () => {
    expect(isUnanswered(new NetworkError({ message: 'x', timedOut: false, url: 'v1' }))).toBe(true);
    expect(isUnanswered(http(503, 'x'))).toBe(true);
    expect(isUnanswered(http(409, 'x', { reason: 'idempotency_key_in_progress' }))).toBe(true);
    expect(isUnanswered(http(409, 'x'))).toBe(false);
    expect(isOfferExpired(http(409, 'This offer has expired.'))).toBe(true);
  });
});
