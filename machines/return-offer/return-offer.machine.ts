import { assign, emit, setup } from 'xstate';
import {
  answerNotice,
  failureNotices,
  isOfferExpired,
  isUnanswered,
  type ReservationAction,
  type ReservationNotice,
} from '@/machines/reservations/reservation-notices';
import { answerOffer, ticker } from './return-offer.actors';
import type { ReturnOfferContext, ReturnOfferEmitted, ReturnOfferEvent, ReturnOfferInput } from './return-offer.types';

type Failed = { event: { error: unknown } };
const errorOf = ({ event }: Failed) => ({ error: event.error });
const notifyFailed = (action: ReservationAction) =>
  ({ type: 'notify', params: ({ event }: Failed) => ({ notices: failureNotices(event.error, action) }) }) as const;

/**
 * A return offer (spec §4): the time left to `offer_expires_at` counts down on the server's clock (the list's Date
 * header gives the offset, so a wrong clock on the partner's device does not move it); the partner accepts (after
 * seeing which reservations it replaces) or rejects it; at zero it turns timed_out without a reload. An answer
 * carries an Idempotency-Key, kept while its reply is unknown, so a retry answers once.
 */
export const returnOffer = setup({
  types: {} as {
    context: ReturnOfferContext;
    events: ReturnOfferEvent;
    input: ReturnOfferInput;
    emitted: ReturnOfferEmitted;
  },
  actors: { ticker, answerOffer },
  actions: {
    issueKey: assign({ key: ({ context }) => context.key ?? crypto.randomUUID(), failed: false }),
    forgetKey: assign({ key: null, failed: false }),
    notify: emit((_, { notices }: { notices: readonly ReservationNotice[] }) => ({
      type: 'reservation.notices' as const,
      notices,
    })),
  },
  guards: {
    isExpired: ({ context }) => context.serverNowMs >= context.expiresAtMs,
    isExpiredError: (_, { error }: { error: unknown }) => isOfferExpired(error),
    isUnansweredError: (_, { error }: { error: unknown }) => isUnanswered(error),
  },
  delays: {
    /** The time left on the server's clock when the offer state is entered. */
    offerExpiry: ({ context }) => Math.max(0, context.expiresAtMs - context.serverNowMs),
  },
}).createMachine({
  id: 'returnOffer',
  context: ({ input }) => ({
    id: input.id,
    expiresAtMs: Date.parse(input.expiresAt),
    offsetMs: input.offsetMs,
    serverNowMs: input.nowMs + input.offsetMs,
    key: null,
    failed: false,
  }),
  initial: 'open',
  states: {
    open: {
      description: 'The offer counts down; accept or reject are offered',
      invoke: { id: 'ticker', src: 'ticker' },
      always: { guard: 'isExpired', target: 'timedOut' },
      after: { offerExpiry: { target: 'timedOut' } },
      on: {
        'clock.ticked': {
          actions: assign({ serverNowMs: ({ context, event }) => event.localMs + context.offsetMs }),
        },
      },
      initial: 'idle',
      states: {
        idle: {
          description: 'Accept and reject are offered beside the countdown',
          on: {
            'offer.accept.requested': { target: 'confirmingAccept' },
            'offer.reject.requested': { target: 'confirmingReject' },
          },
        },
        confirmingAccept: {
          description: 'The dialogue lists the reservations that accepting replaces',
          on: {
            'offer.accept.confirmed': { target: '#returnOffer.accepting', actions: 'issueKey' },
            'offer.dismissed': { target: 'idle', actions: 'forgetKey' },
          },
        },
        confirmingReject: {
          description: 'The dialogue asks to confirm the rejection',
          on: {
            'offer.reject.confirmed': { target: '#returnOffer.rejecting', actions: 'issueKey' },
            'offer.dismissed': { target: 'idle', actions: 'forgetKey' },
          },
        },
      },
    },
    accepting: {
      description: 'Accepting the offer (it replaces the vehicle’s other reservations of that date)',
      tags: ['busy'],
      invoke: {
        id: 'answerOffer',
        src: 'answerOffer',
        input: ({ context }) => ({ id: context.id, accept: true, key: context.key ?? '' }),
        onDone: {
          target: 'accepted',
          actions: [
            'forgetKey',
            { type: 'notify', params: ({ event }) => ({ notices: [answerNotice(event.output.message)] }) },
          ],
        },
        onError: [
          // the server's clock ended the offer first
          {
            guard: { type: 'isExpiredError', params: errorOf },
            target: 'timedOut',
            actions: ['forgetKey', notifyFailed('accept')],
          },
          {
            guard: { type: 'isUnansweredError', params: errorOf },
            target: '#returnOffer.open.confirmingAccept',
            actions: assign({ failed: true }),
          },
          { target: 'open', actions: ['forgetKey', notifyFailed('accept')] },
        ],
      },
    },
    rejecting: {
      description: 'Rejecting the offer',
      tags: ['busy'],
      invoke: {
        id: 'answerOffer',
        src: 'answerOffer',
        input: ({ context }) => ({ id: context.id, accept: false, key: context.key ?? '' }),
        onDone: {
          target: 'rejected',
          actions: [
            'forgetKey',
            { type: 'notify', params: ({ event }) => ({ notices: [answerNotice(event.output.message)] }) },
          ],
        },
        onError: [
          // the server's clock ended the offer first
          {
            guard: { type: 'isExpiredError', params: errorOf },
            target: 'timedOut',
            actions: ['forgetKey', notifyFailed('reject')],
          },
          {
            guard: { type: 'isUnansweredError', params: errorOf },
            target: '#returnOffer.open.confirmingReject',
            actions: assign({ failed: true }),
          },
          { target: 'open', actions: ['forgetKey', notifyFailed('reject')] },
        ],
      },
    },
    accepted: {
      description: 'Accepted: the list is read again (replaced reservations show superseded)',
      type: 'final',
    },
    rejected: { description: 'Rejected: the list is read again', type: 'final' },
    timedOut: { description: 'The countdown reached zero: timed_out, nothing to answer', type: 'final' },
  },
});
