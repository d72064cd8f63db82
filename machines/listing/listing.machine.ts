import { assign, emit, setup } from 'xstate';
import type { ListingDetail } from '@/schemas/listing';
import { bookListing, loadListing, quoteListing, watchListingEvents } from './listing.actors';
import { readQuoteAmount } from './listing.amount';
import {
  amountMessages,
  goneReason,
  isGone,
  isNotFound,
  isRejectedAmount,
  isUnanswered,
  serverMessage,
} from './listing.failures';
import { refusedWork } from '@/machines/work-eligibility/work-refusal';
import type {
  ListingContext,
  ListingInput,
  ListingMachineEvent,
  ListingNotice,
  UnavailableReason,
} from './listing.types';

const typedAmount = (context: ListingContext) => readQuoteAmount(context.quoteText);

// Params of named guards and actions, from the done or error event of an invoke.
type Done = { event: { output: ListingDetail } };
type Failed = { event: { error: unknown } };
const detailOf = ({ event }: Done) => ({ detail: event.output });
const errorOf = ({ event }: Failed) => ({ error: event.error });
const store = { type: 'storeDetail', params: detailOf } as const;
const markGone = {
  type: 'markUnavailable',
  params: ({ event }: Failed) => ({ reason: goneReason(event.error) }),
} as const;
/** A danger toast with the server's message (spec §4: a failed action gives a danger toast). */
const refused = (title: 'listing.toast.bookRefused' | 'listing.toast.quoteRefused') =>
  ({
    type: 'notify',
    params: ({ event }: Failed) => ({ tone: 'danger' as const, title, serverMessage: serverMessage(event.error) }),
  }) as const;

/**
 * Where a taken event for this listing, or the events stream coming back after a gap, sends the page: to read the
 * listing again. Not while booking: a taken event then is most likely the booking itself, and its answer decides.
 */
const checkOn = {
  'listing.taken': { guard: 'isThisListing', target: 'verifyingTaken' },
  'listing.reconnected': { target: 'refreshing' },
} as const;

/** Reads the listing again: booked by this partner (another tab), still open (back to idle), or gone for `reason`. */
const recheck = (reason: UnavailableReason) =>
  ({
    id: 'loadListing',
    src: 'loadListing',
    input: ({ context }: { context: ListingContext }) => ({ id: context.id }),
    onDone: [
      { guard: { type: 'isAllocatedToMe', params: detailOf }, target: '#listing.booked', actions: store },
      { target: 'idle', actions: store },
    ],
    onError: [
      {
        guard: { type: 'isGoneError', params: errorOf },
        target: '#listing.unavailable',
        actions: { type: 'markUnavailable', params: { reason } },
      },
      // the read failed: the page keeps what it showed; the next event or reconnection checks again
      { target: 'idle' },
    ],
  }) as const;

/**
 * One listing's page (/find-work/listing/:id; spec §3 job types, §4 allocation actions and toasts, §8 'Listing not
 * found'): read it, then book it now (instant, click and claim: a confirmation first) or quote for it (auction).
 *
 * Book and quote carry an Idempotency-Key (schemas/listing.ts): one per confirmation, one per quote attempt, kept
 * while an attempt's answer is unknown so that trying again books or quotes once. While the listing is shown the
 * machine listens to the taken listings (GET /v1/jobs/events): when this one is taken, or the stream comes back after
 * a gap, the listing is read again, and the page says it has been taken if the read no longer finds it. The machine
 * carries message ids and the server's own texts; the page translates and shows the emitted notices as toasts.
 */
export const listingMachine = setup({
  types: {} as { context: ListingContext; events: ListingMachineEvent; input: ListingInput; emitted: ListingNotice },
  actors: { loadListing, bookListing, quoteListing, watchListingEvents },
  actions: {
    /** Keeps the listing of a read or of an action's answer. */
    storeDetail: assign({ detail: (_, params: { detail: ListingDetail }) => params.detail }),
    /** Makes the Idempotency-Key of the booking being confirmed. */
    issueBookingKey: assign({ bookingKey: () => crypto.randomUUID(), bookingFailed: false }),
    /** The booking settled or was given up: its key is not used again. */
    forgetBooking: assign({ bookingKey: null, bookingFailed: false }),
    /** Makes the Idempotency-Key of a new quote attempt, for the amount typed. */
    issueQuoteKey: assign({
      quoteAttempt: ({ context }) => {
        const amount = typedAmount(context);
        return { amount: amount.ok ? amount.minorUnits : 0, key: crypto.randomUUID() };
      },
    }),
    /** Says what is wrong with the typed amount. */
    rejectTypedAmount: assign({
      quoteError: ({ context }) => {
        const amount = typedAmount(context);
        return { kind: 'amount' as const, reason: amount.ok ? ('notANumber' as const) : amount.error };
      },
    }),
    /**
     * A refusal by the work rule (the partner may no longer take work: suspended, a document expired …) leaves no
     * action, and says why: the page then shows the notice in their place. Any other refusal changes nothing here.
     */
    storeRefusedWork: assign({
      detail: ({ context }, params: { error: unknown }) => {
        const work = refusedWork(params.error);
        return work && context.detail
          ? { ...context.detail, eligible: false, actions: { book: false, quote: false }, work }
          : context.detail;
      },
    }),
    /** Remembers why the actions are gone. */
    markUnavailable: assign({ unavailable: (_, params: { reason: UnavailableReason }) => params.reason }),
    /** Asks the page for a toast. */
    notify: emit((_, params: Omit<ListingNotice, 'type'>) => ({ type: 'listing.notice' as const, ...params })),
  },
  guards: {
    /** The listing read is allocated to this partner. */
    isAllocatedToMe: (_, params: { detail: ListingDetail }) => params.detail.allocation !== null,
    isNotFoundError: (_, params: { error: unknown }) => isNotFound(params.error),
    isGoneError: (_, params: { error: unknown }) => isGone(params.error),
    isUnansweredError: (_, params: { error: unknown }) => isUnanswered(params.error),
    isRejectedAmount: (_, params: { error: unknown }) => isRejectedAmount(params.error),
    /** The taken listing is the one on this page (journeys are numbered apart). */
    isThisListing: ({ context, event }) =>
      event.type === 'listing.taken' && event.kind !== 'journey' && String(event.id) === context.id,
    canBook: ({ context }) => context.detail?.actions.book === true,
    canQuote: ({ context }) => context.detail?.actions.quote === true,
    isInvalidAmount: ({ context }) => !typedAmount(context).ok,
    /** The same amount as the attempt whose answer never came: its key is used again. */
    isRetryOfUnanswered: ({ context }) => {
      const amount = typedAmount(context);
      return context.detail?.actions.quote === true && amount.ok && context.quoteAttempt?.amount === amount.minorUnits;
    },
  },
}).createMachine({
  id: 'listing',
  context: ({ input }) => ({
    id: input.id,
    detail: null,
    loadError: null,
    bookingKey: null,
    bookingFailed: false,
    quoteText: '',
    quoteError: null,
    quoteAttempt: null,
    unavailable: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the listing',
      tags: ['loading'],
      invoke: {
        id: 'loadListing',
        src: 'loadListing',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: { type: 'isAllocatedToMe', params: detailOf }, target: 'booked', actions: store },
          { target: 'showing', actions: store },
        ],
        onError: [
          { guard: { type: 'isNotFoundError', params: errorOf }, target: 'notFound' },
          { target: 'failed', actions: assign({ loadError: ({ event }) => event.error }) },
        ],
      },
    },
    failed: {
      description: 'The listing could not be read: an error with a retry',
      tags: ['error'],
      on: { 'listing.retried': { target: 'loading', actions: assign({ loadError: null }) } },
    },
    notFound: {
      description: "'Listing not found': unknown, never listed, closed, or taken by someone else",
    },
    showing: {
      description: 'The listing is shown; the taken listings are listened to while it is',
      invoke: { id: 'watchListingEvents', src: 'watchListingEvents' },
      initial: 'idle',
      states: {
        idle: {
          description: 'The actions the listing allows are offered (book now, or the quote field)',
          on: {
            'booking.started': { guard: 'canBook', target: 'confirming', actions: 'issueBookingKey' },
            'quote.changed': { actions: assign({ quoteText: ({ event }) => event.text, quoteError: null }) },
            'quote.submitted': [
              { guard: 'isInvalidAmount', actions: 'rejectTypedAmount' },
              { guard: 'isRetryOfUnanswered', target: 'quoting' },
              { guard: 'canQuote', target: 'quoting', actions: 'issueQuoteKey' },
            ],
            ...checkOn,
          },
        },
        confirming: {
          description: "The dialogue asks 'Book this job for £X?' (after an unanswered attempt: again, same key)",
          on: {
            'booking.confirmed': { target: 'booking' },
            'booking.cancelled': { target: 'idle', actions: 'forgetBooking' },
            // (a reconnection leaves the dialogue open: if the job went meanwhile, the booking is refused and says so)
            'listing.taken': { guard: 'isThisListing', target: 'verifyingTaken', actions: 'forgetBooking' },
          },
        },
        booking: {
          description: 'Booking: its answer decides (a taken event now is most likely this booking itself)',
          tags: ['busy'],
          invoke: {
            id: 'bookListing',
            src: 'bookListing',
            input: ({ context }) => ({ id: context.id, key: context.bookingKey ?? '' }),
            onDone: {
              target: '#listing.booked',
              actions: [
                store,
                'forgetBooking',
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'success',
                    title: 'listing.toast.booked',
                    amount: event.output.price.amount,
                  }),
                },
              ],
            },
            onError: [
              {
                guard: { type: 'isUnansweredError', params: errorOf },
                target: 'confirming',
                actions: assign({ bookingFailed: true }),
              },
              {
                guard: { type: 'isGoneError', params: errorOf },
                target: '#listing.unavailable',
                actions: ['forgetBooking', markGone, refused('listing.toast.bookRefused')],
              },
              {
                target: 'idle',
                actions: [
                  'forgetBooking',
                  { type: 'storeRefusedWork', params: errorOf },
                  refused('listing.toast.bookRefused'),
                ],
              },
            ],
          },
        },
        quoting: {
          description: 'Sending the quote; the typed text stays in the field',
          tags: ['busy'],
          entry: assign({ quoteError: null }),
          on: checkOn,
          invoke: {
            id: 'quoteListing',
            src: 'quoteListing',
            input: ({ context }) => ({
              id: context.id,
              amount: context.quoteAttempt?.amount ?? 0,
              key: context.quoteAttempt?.key ?? '',
            }),
            onDone: {
              target: 'idle',
              actions: [
                store,
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    tone: 'success',
                    title: 'listing.toast.quoted',
                    amount: context.quoteAttempt?.amount ?? 0,
                  }),
                },
                assign({ quoteText: '', quoteAttempt: null }),
              ],
            },
            onError: [
              {
                guard: { type: 'isRejectedAmount', params: errorOf },
                target: 'idle',
                actions: assign({
                  quoteAttempt: null,
                  quoteError: ({ event }) => ({ kind: 'server' as const, messages: amountMessages(event.error) }),
                }),
              },
              {
                // the attempt is kept: sending the same amount again reuses its key
                guard: { type: 'isUnansweredError', params: errorOf },
                target: 'idle',
                actions: { type: 'notify', params: { tone: 'danger', title: 'listing.toast.quoteUnanswered' } },
              },
              {
                guard: { type: 'isGoneError', params: errorOf },
                target: '#listing.unavailable',
                actions: [assign({ quoteAttempt: null }), markGone, refused('listing.toast.quoteRefused')],
              },
              {
                target: 'idle',
                actions: [
                  assign({ quoteAttempt: null }),
                  { type: 'storeRefusedWork', params: errorOf },
                  refused('listing.toast.quoteRefused'),
                ],
              },
            ],
          },
        },
        verifyingTaken: {
          description: 'This listing was taken somewhere: reading it again to see whether by this partner',
          tags: ['busy'],
          invoke: recheck('taken'),
        },
        refreshing: {
          description: 'The events stream was down: reading the listing again in case it was taken meanwhile',
          tags: ['busy'],
          on: { 'listing.taken': checkOn['listing.taken'] },
          invoke: recheck('closed'),
        },
      },
    },
    booked: {
      description: 'This partner has the job: the allocation (full postcodes) is shown',
    },
    unavailable: {
      description: 'Taken by another partner, or closed: the page says so and offers no action',
    },
  },
});
