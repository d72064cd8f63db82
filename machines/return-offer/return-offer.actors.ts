import { fromCallback, fromPromise } from 'xstate';
import { answerOffer as requestAnswer } from '@/src/api/reservations';
import type { AnswerInput, AnswerOutput, ReturnOfferEvent } from './return-offer.types';

/** How often the countdown is shown anew. */
export const TICK_MS = 1000;

/** Sends our clock every second while the offer is open; stopping it clears the interval. */
export const ticker = fromCallback<ReturnOfferEvent>(({ sendBack }) => {
  const timer = setInterval(() => sendBack({ type: 'clock.ticked', localMs: Date.now() }), TICK_MS);
  return () => clearInterval(timer);
});

/** POST v1/reservations/{id}/accept-offer or …/reject-offer with the answer's Idempotency-Key (not aborted). */
export const answerOffer = fromPromise<AnswerOutput, AnswerInput>(({ input }) =>
  requestAnswer(input.id, input.accept, input.key),
);
