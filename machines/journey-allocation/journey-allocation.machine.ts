import { assign, emit, setup } from 'xstate';
import type { Deallocation } from '@/src/api/journeys';
import { cancelInterest, loadJourney, serverClock } from './journey-allocation.actors';
import { isDeadlinePassed, isNotFound, failureOf } from './journey-allocation.failures';
import type {
  JourneyAllocationContext,
  JourneyAllocationEvent,
  JourneyAllocationInput,
  JourneyLoaded,
  JourneyNotice,
  OfferOutput,
} from './journey-allocation.types';
import { journeyDriverMachine } from './journey-driver.machine';
import { journeyOfferMachine } from './journey-offer.machine';
import { trackingOpensAt } from './journey-pay';

type Context = JourneyAllocationContext;
type Failed = { event: { error: unknown } };
const errorOf = ({ event }: Failed) => event.error;

const details = (context: Context) => context.view?.allocationDetails ?? null;
const isOpenMethod = (context: Context) => {
  const method = details(context)?.allocationMethod;
  return details(context)?.status === 'UNALLOCATED' && (method === 'EXPRESS_INTEREST' || method === 'CLICK_AND_CLAIM');
};
const isTrackable = (context: Context) =>
  context.view?.journey.status === 'allocated' && details(context)?.status === 'ALLOCATED';
const isTrackingOpenNow = (context: Context) =>
  context.view !== null && context.serverNow >= trackingOpensAt(context.view.journey.first_pickup_at);

/** A read of the journey: the page shows it, and every region decides again from it. */
const read = {
  type: 'storeRead',
  params: ({ event }: { event: { output: JourneyLoaded } }) => event.output,
} as const;

/**
 * The journey page (/journey/:id; spec §2, §3 Journey, §4 journey allocation states and actions, §6 eligibility,
 * §8 'Error fetching journey' and the 404 text, §9 tracking 24 hours before collection). The journey is read, then two
 * regions follow it.
 *
 * The `allocation` region follows `allocationDetails` and `actions`: ALLOCATED shows the driver panel (journeyDriver,
 * which can also hand the journey back); UNALLOCATED + EXPRESSED_INTEREST is pending, with cancel and edit interest
 * until `cancellable_until` on the server's clock (the edit opens the offer panel on the interest's values); UNALLOCATED + EXPRESS_INTEREST or CLICK_AND_CLAIM shows the offer panel
 * (journeyOffer); a partner who is not eligible gets no actions and a message to contact the team; with
 * `allocationDetails` null nothing is offered. After an action that changes the allocation the journey is read again
 * and the region decides afresh. The `tracking` region, for a journey the partner holds, opens tracking 24 hours
 * before the first collection.
 *
 * Now on the server's clock is measured on each read (its Date header) and ticks every second (serverClock), which
 * runs the countdown and the deadlines. The machine carries message ids and the server's own texts: the panels'
 * toasts come up as `journey.notice` events and go out to the page with `emit`.
 */
export const journeyAllocationMachine = setup({
  types: {} as {
    context: Context;
    events: JourneyAllocationEvent;
    input: JourneyAllocationInput;
    emitted: JourneyNotice;
  },
  actors: {
    loadJourney,
    cancelInterest,
    serverClock,
    journeyOffer: journeyOfferMachine,
    journeyDriver: journeyDriverMachine,
  },
  actions: {
    storeRead: assign((_, loaded: JourneyLoaded) => ({
      view: loaded.view,
      interest: loaded.interest,
      serverNow: loaded.serverNow,
      clockOffsetMs: loaded.clockOffsetMs,
      loadError: null,
    })),
    /** Asks the page for a toast. */
    notify: emit((_, notice: JourneyNotice) => notice),
  },
  guards: {
    isNotFoundError: (_, error: unknown) => isNotFound(error),
    isDeadlinePassedError: (_, error: unknown) => isDeadlinePassed(error),
    isAllocatedToMe: ({ context }) => details(context)?.status === 'ALLOCATED',
    isCompleted: ({ context }) => context.view?.journey.status === 'completed',
    isInterestPending: ({ context }) =>
      details(context)?.status === 'UNALLOCATED' && details(context)?.allocationMethod === 'EXPRESSED_INTEREST',
    /** Offered, but not to this partner (spec §6): no actions, a message to contact the team. */
    isNotEligible: ({ context }) => isOpenMethod(context) && context.view?.actions.eligible === false,
    isOffered: ({ context }) =>
      isOpenMethod(context) &&
      (context.view?.actions.express_interest === true || context.view?.actions.click_and_claim === true),
    /** The cancellation deadline has passed on the server's clock (cancelling is allowed strictly before it). */
    isCancelDeadlinePassed: ({ context }) =>
      context.interest === null || context.serverNow >= Date.parse(context.interest.cancellable_until),
    /** The server offers the edit of the interest (an eligible partner, before the deadline). */
    canEditInterest: ({ context }) => context.view?.actions.edit_interest === true,
    isTakenOutcome: (_, output: OfferOutput) => output.outcome === 'taken',
    isTrackable: ({ context }) => isTrackable(context),
    isNotTrackable: ({ context }) => !isTrackable(context),
    isTrackingOpen: ({ context }) => isTrackable(context) && isTrackingOpenNow(context),
  },
}).createMachine({
  id: 'journeyAllocation',
  context: ({ input }) => ({
    id: input.id,
    decimalSeparator: input.decimalSeparator ?? '.',
    view: null,
    interest: null,
    serverNow: 0,
    clockOffsetMs: 0,
    loadError: null,
    handedBack: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the journey (and the pending interest, when there is one)',
      tags: ['loading'],
      invoke: {
        id: 'loadJourney',
        src: 'loadJourney',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'showing', actions: read },
        onError: [
          { guard: { type: 'isNotFoundError', params: errorOf }, target: 'notFound' },
          { target: 'failed', actions: assign({ loadError: ({ event }) => event.error }) },
        ],
      },
    },
    failed: {
      description: "'Error fetching journey', with a retry",
      tags: ['error'],
      on: { 'journey.retried': { target: 'loading' } },
    },
    notFound: {
      description: "'The journey does not exist or its not allocated to you.'",
    },
    showing: {
      description: 'The journey is shown; the clock ticks on the server’s time while it is',
      type: 'parallel',
      invoke: { id: 'serverClock', src: 'serverClock', input: ({ context }) => ({ offsetMs: context.clockOffsetMs }) },
      on: {
        'clock.ticked': { actions: assign({ serverNow: ({ event }) => event.now }) },
        'journey.changed': { actions: assign({ view: ({ event }) => event.view }) },
        'journey.notice': { actions: { type: 'notify', params: ({ event }) => event } },
      },
      states: {
        allocation: {
          description: 'What the partner can do with the journey, from allocationDetails and actions',
          initial: 'deciding',
          states: {
            deciding: {
              description: 'Choosing the panel from allocationDetails and actions',
              always: [
                { guard: 'isCompleted', target: 'completed' },
                { guard: 'isAllocatedToMe', target: 'allocated' },
                { guard: 'isInterestPending', target: 'interestPending' },
                { guard: 'isNotEligible', target: 'notEligible' },
                { guard: 'isOffered', target: 'offered' },
                { target: 'notOffered' },
              ],
            },
            allocated: {
              description: 'ALLOCATED: the partner holds the journey; customer details and the driver panel',
              invoke: {
                id: 'journeyDriver',
                src: 'journeyDriver',
                input: ({ context }) => ({ journeyId: context.id, view: context.view! }),
                onDone: {
                  target: 'reloading',
                  actions: assign({ handedBack: ({ event }) => event.output as Deallocation }),
                },
              },
            },
            completed: {
              description: 'Completed: nothing to do; customer details are removed (data protection)',
            },
            interestPending: {
              description: 'UNALLOCATED + EXPRESSED_INTEREST: the partner’s interest waits for the team',
              initial: 'cancellable',
              states: {
                cancellable: {
                  description: 'Cancel and edit interest are offered, counting down to cancellable_until',
                  always: { guard: 'isCancelDeadlinePassed', target: 'locked' },
                  on: {
                    'interest.cancelled': { target: 'cancelling' },
                    'interest.editStarted': { guard: 'canEditInterest', target: 'editing' },
                  },
                },
                editing: {
                  description:
                    'Editing the interest: the offer form with its vehicle, prices and people; sending changes it',
                  // Editing has the cancel deadline (the server refuses a change from then on, server/journeys/
                  // journey-interest.ts changeRefusal): when the clock passes it with the form open, the journey is read
                  // again, since a change sent in the last second may have landed, and the interest then stands.
                  always: {
                    guard: 'isCancelDeadlinePassed',
                    target: '#journeyAllocation.showing.allocation.reloading',
                  },
                  on: { 'interest.editDiscarded': { target: 'cancellable' } },
                  invoke: {
                    id: 'journeyOffer',
                    src: 'journeyOffer',
                    input: ({ context }) => ({
                      journeyId: context.id,
                      method: 'EXPRESS_INTEREST' as const,
                      returnQuote: context.view!.journey.tp_quote_return?.amount ?? null,
                      editing: context.interest,
                      decimalSeparator: context.decimalSeparator,
                    }),
                    onDone: [
                      {
                        guard: { type: 'isTakenOutcome', params: ({ event }) => event.output as OfferOutput },
                        target: '#journeyAllocation.showing.allocation.taken',
                      },
                      { target: '#journeyAllocation.showing.allocation.reloading' },
                    ],
                  },
                },
                cancelling: {
                  description: 'Cancelling the interest',
                  tags: ['busy'],
                  invoke: {
                    id: 'cancelInterest',
                    src: 'cancelInterest',
                    input: ({ context }) => ({ id: context.id }),
                    onDone: {
                      target: '#journeyAllocation.showing.allocation.reloading',
                      actions: {
                        type: 'notify',
                        params: { type: 'journey.notice', tone: 'success', action: 'cancel_interest' },
                      },
                    },
                    onError: [
                      {
                        guard: { type: 'isDeadlinePassedError', params: errorOf },
                        target: 'locked',
                        actions: { type: 'notify', params: refusedCancel },
                      },
                      { target: 'cancellable', actions: { type: 'notify', params: refusedCancel } },
                    ],
                  },
                },
                locked: {
                  description: 'The deadline has passed: the interest stands and can no longer be cancelled',
                },
              },
            },
            offered: {
              description: 'UNALLOCATED + EXPRESS_INTEREST or CLICK_AND_CLAIM: the offer panel',
              invoke: {
                id: 'journeyOffer',
                src: 'journeyOffer',
                input: ({ context }) => ({
                  journeyId: context.id,
                  method: details(context)!.allocationMethod as 'EXPRESS_INTEREST' | 'CLICK_AND_CLAIM',
                  returnQuote: context.view!.journey.tp_quote_return?.amount ?? null,
                  editing: null,
                }),
                onDone: [
                  {
                    guard: { type: 'isTakenOutcome', params: ({ event }) => event.output as OfferOutput },
                    target: 'taken',
                  },
                  { target: 'reloading' },
                ],
              },
            },
            taken: {
              description: 'Another partner got the journey first: no action is left',
            },
            notEligible: {
              description: "The partner may not take journeys: 'not eligible to carry out journeys'",
            },
            notOffered: {
              description: 'Nothing is offered (allocationDetails null: the first pickup has passed)',
            },
            reloading: {
              description: 'Reading the journey again after a change of allocation',
              tags: ['busy'],
              invoke: {
                id: 'loadJourney',
                src: 'loadJourney',
                input: ({ context }) => ({ id: context.id }),
                onDone: { target: 'deciding', actions: read },
                onError: [
                  { guard: { type: 'isNotFoundError', params: errorOf }, target: '#journeyAllocation.notFound' },
                  { target: '#journeyAllocation.failed', actions: assign({ loadError: ({ event }) => event.error }) },
                ],
              },
            },
          },
        },
        tracking: {
          description: 'Journey tracking, available from 24 hours before collection',
          initial: 'off',
          states: {
            off: {
              description: 'No tracking: the partner does not hold the journey, or it is completed',
              always: [
                { guard: 'isTrackingOpen', target: 'open' },
                { guard: 'isTrackable', target: 'waiting' },
              ],
            },
            waiting: {
              description: 'Tracking opens 24 hours before the first collection (the page shows when)',
              always: [
                { guard: 'isNotTrackable', target: 'off' },
                { guard: 'isTrackingOpen', target: 'open' },
              ],
            },
            open: {
              description: 'Journey tracking is available',
              always: { guard: 'isNotTrackable', target: 'off' },
            },
          },
        },
      },
    },
  },
});

/** A refused cancellation: a danger toast with the server's messages. */
function refusedCancel({ event }: Failed): JourneyNotice {
  return { type: 'journey.notice', tone: 'danger', action: 'cancel_interest', ...failureOf(event.error) };
}
