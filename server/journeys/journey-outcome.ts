import {
  JOURNEY_NOT_VISIBLE,
  NOT_ELIGIBLE_MESSAGE,
  type JourneyError,
  type JourneyErrorCode,
  type NotEligibleReason,
} from '@/schemas/journey';

type ErrorBody = typeof JourneyError.Encoded;

/** What a journey call answers: its data with 200, or a refusal with its status and JourneyError body. */
export type JourneyOutcome<T> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly status: 403 | 404 | 409; readonly body: ErrorBody };

export type JourneyRefusal = Extract<JourneyOutcome<never>, { ok: false }>;

export const ok = <T>(data: T): JourneyOutcome<T> => ({ ok: true, data });

export const refused = (
  status: 403 | 404 | 409,
  code: JourneyErrorCode,
  message: string,
  extra: Omit<ErrorBody, 'message' | 'code'> = {},
): JourneyRefusal => ({ ok: false, status, body: { message, code, ...extra } });

/** Spec §8's 404 for a journey the caller may not see; `journeyId` when the request named several. */
export const notVisible = (journeyId?: number): JourneyRefusal => ({
  ok: false,
  status: 404,
  body: journeyId === undefined ? JOURNEY_NOT_VISIBLE : { ...JOURNEY_NOT_VISIBLE, journey_id: journeyId },
});

/** 403 `not_eligible` (spec §8 text) with the rule that failed; `work` with a reason of the work rule. */
export const notEligible = (
  reason: NotEligibleReason,
  detail: string,
  journeyId?: number,
  work?: ErrorBody['work'],
): JourneyRefusal =>
  refused(403, 'not_eligible', NOT_ELIGIBLE_MESSAGE, {
    reason,
    detail,
    ...(journeyId === undefined ? {} : { journey_id: journeyId }),
    ...(work === undefined ? {} : { work }),
  });

/** Spec §8's text for a listing that is not on the journey. */
export const LISTING_NOT_ON_JOURNEY: JourneyRefusal = refused(404, 'not_found', 'Listing not found');
