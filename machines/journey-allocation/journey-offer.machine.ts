import { assign, sendParent, setup } from 'xstate';
import { readQuoteAmount } from '@/machines/listing/listing.amount';
import type { DriverId } from '@/schemas/journey';
import type { ProviderVehicleId } from '@/schemas/listing';
import type { OfferFleet } from './journey-allocation.types';
import { loadFleet, submitOffer } from './journey-allocation.actors';
import { isTaken, isUnanswered, serverMessages } from './journey-allocation.failures';
import type {
  JourneyActionId,
  JourneyNotice,
  JourneyOfferContext,
  JourneyOfferEvent,
  JourneyOfferInput,
  OfferErrors,
  OfferOutput,
  SubmitOfferInput,
} from './journey-allocation.types';

const actionOf = (context: JourneyOfferContext): JourneyActionId =>
  context.method === 'EXPRESS_INTEREST' ? 'express_interest' : 'click_and_claim';

/** An optional amount field: empty sends nothing; otherwise it must read as an amount. */
const optionalAmount = (text: string) =>
  text.trim() === '' ? { ok: true as const, minorUnits: undefined } : readQuoteAmount(text);

/** What stops the offer from being sent, field by field (empty when nothing does). */
export function offerErrors(context: JourneyOfferContext): OfferErrors {
  const quote = optionalAmount(context.quoteText);
  const returnQuote = optionalAmount(context.returnQuoteText);
  const interest = context.method === 'EXPRESS_INTEREST';
  return {
    ...(context.vehicleId === null ? { vehicle: 'required' as const } : {}),
    ...(!interest && context.driverId === null ? { driver: 'required' as const } : {}),
    ...(interest && !quote.ok ? { quote: quote.error } : {}),
    ...(interest && context.returnQuote !== null && !returnQuote.ok ? { returnQuote: returnQuote.error } : {}),
  };
}

/** The request the offer makes now (amounts read from the typed text). */
const requestOf = (context: JourneyOfferContext): SubmitOfferInput => {
  const quote = optionalAmount(context.quoteText);
  const returnQuote = optionalAmount(context.returnQuoteText);
  const interest = context.method === 'EXPRESS_INTEREST';
  return {
    journeyId: context.journeyId,
    method: context.method,
    vehicleId: context.vehicleId!,
    driverId: interest ? null : context.driverId,
    quote: interest && quote.ok ? quote.minorUnits : undefined,
    returnQuote: interest && context.returnQuote !== null && returnQuote.ok ? returnQuote.minorUnits : undefined,
    people: context.people,
    withReturn: !interest && context.returnQuote !== null && context.withReturn,
    key: context.key ?? '',
  };
};

/** A choice changed: an earlier unanswered attempt is another request now, so its key goes, and so does its error. */
const change = (
  context: JourneyOfferContext,
  value: Partial<JourneyOfferContext>,
  error?: keyof OfferErrors,
): Partial<JourneyOfferContext> => {
  const errors = { ...context.errors };
  if (error) delete errors[error];
  return { ...value, key: null, unanswered: false, errors };
};

type Failed = { event: { error: unknown } };
const errorOf = ({ event }: Failed) => event.error;
const refused = {
  type: 'notify',
  params: ({ context, event }: Failed & { context: JourneyOfferContext }) => ({
    type: 'journey.notice' as const,
    tone: 'danger' as const,
    action: actionOf(context),
    messages: serverMessages(event.error),
  }),
} as const;

/**
 * The offer of an open journey (spec §4 EXPRESS_INTEREST and CLICK_AND_CLAIM, §3 interest and claim payloads): the
 * partner's vehicles are read (each eligible for this journey or not) and, to claim, its active drivers; the partner
 * chooses a vehicle and, to express interest, may ask its own price (and return price) and says how many people go,
 * or, to claim, chooses the driver and whether to take the return leg. Sending carries an Idempotency-Key kept while
 * the answer is unknown, so a double click or a retry claims once. Invoked by the journey page's machine, which it
 * tells of each outcome (`notify`); it ends when the offer was accepted or the journey went to another partner.
 */
export const journeyOfferMachine = setup({
  types: {} as {
    context: JourneyOfferContext;
    events: JourneyOfferEvent;
    input: JourneyOfferInput;
    output: OfferOutput;
  },
  actors: { loadFleet, submitOffer },
  actions: {
    /** Keeps the fleet; a single eligible vehicle, or a single driver to claim with, is chosen for the partner. */
    storeFleet: assign(({ context }, fleet: OfferFleet) => {
      const eligible = fleet.vehicles.filter((v) => v.eligible);
      const claim = context.method === 'CLICK_AND_CLAIM';
      return {
        vehicles: fleet.vehicles,
        drivers: claim ? fleet.drivers : [],
        vehicleId: eligible.length === 1 ? eligible[0]!.id : null,
        driverId: claim && fleet.drivers.length === 1 ? fleet.drivers[0]!.id : null,
      };
    }),
    chooseVehicle: assign(({ context }, id: ProviderVehicleId) => change(context, { vehicleId: id }, 'vehicle')),
    chooseDriver: assign(({ context }, id: DriverId) => change(context, { driverId: id }, 'driver')),
    typeQuote: assign(({ context }, text: string) => change(context, { quoteText: text }, 'quote')),
    typeReturnQuote: assign(({ context }, text: string) => change(context, { returnQuoteText: text }, 'returnQuote')),
    choosePeople: assign(({ context }, people: 1 | 2) => change(context, { people })),
    toggleReturn: assign(({ context }, withReturn: boolean) => change(context, { withReturn })),
    showErrors: assign({ errors: ({ context }) => offerErrors(context) }),
    issueKey: assign({ key: () => crypto.randomUUID() }),
    forgetKey: assign({ key: null, unanswered: false }),
    /** Tells the page's machine what happened (a toast). */
    notify: sendParent((_, notice: JourneyNotice) => notice),
  },
  guards: {
    hasErrors: ({ context }) => Object.keys(offerErrors(context)).length > 0,
    /** The same offer as the attempt whose answer never came: its key is used again. */
    hasKey: ({ context }) => context.key !== null,
    isUnansweredError: (_, error: unknown) => isUnanswered(error),
    isTakenError: (_, error: unknown) => isTaken(error),
  },
}).createMachine({
  id: 'journeyOffer',
  context: ({ input }) => ({
    ...input,
    vehicles: [],
    drivers: [],
    vehicleId: null,
    driverId: null,
    quoteText: '',
    returnQuoteText: '',
    people: 1,
    withReturn: false,
    errors: {},
    key: null,
    unanswered: false,
  }),
  initial: 'loadingFleet',
  states: {
    loadingFleet: {
      description: "Reading the partner's vehicles for this journey (and its drivers, to claim)",
      tags: ['loading'],
      invoke: {
        id: 'loadFleet',
        src: 'loadFleet',
        input: ({ context }) => ({ journeyId: context.journeyId, method: context.method }),
        onDone: { target: 'editing', actions: { type: 'storeFleet', params: ({ event }) => event.output } },
        onError: { target: 'fleetFailed' },
      },
    },
    fleetFailed: {
      description: 'The vehicles or drivers could not be read: an error with a retry',
      tags: ['error'],
      on: { 'offer.retried': { target: 'loadingFleet' } },
    },
    editing: {
      description: 'The partner chooses a vehicle (and a driver, or a price and the people) and sends the offer',
      on: {
        'vehicle.chosen': { actions: { type: 'chooseVehicle', params: ({ event }) => event.id } },
        'driver.chosen': { actions: { type: 'chooseDriver', params: ({ event }) => event.id } },
        'quote.changed': { actions: { type: 'typeQuote', params: ({ event }) => event.text } },
        'returnQuote.changed': { actions: { type: 'typeReturnQuote', params: ({ event }) => event.text } },
        'people.chosen': { actions: { type: 'choosePeople', params: ({ event }) => event.people } },
        'return.toggled': { actions: { type: 'toggleReturn', params: ({ event }) => event.withReturn } },
        'offer.submitted': [
          { guard: 'hasErrors', actions: 'showErrors' },
          { guard: 'hasKey', target: 'submitting' },
          { target: 'submitting', actions: 'issueKey' },
        ],
      },
    },
    submitting: {
      description: 'Sending the claim or the interest; a second click waits for this answer',
      tags: ['busy'],
      invoke: {
        id: 'submitOffer',
        src: 'submitOffer',
        input: ({ context }) => requestOf(context),
        onDone: {
          target: 'accepted',
          actions: [
            'forgetKey',
            {
              type: 'notify',
              params: ({ context }) => ({
                type: 'journey.notice',
                tone: 'success',
                action: actionOf(context),
                count: 1,
              }),
            },
          ],
        },
        onError: [
          {
            guard: { type: 'isUnansweredError', params: errorOf },
            target: 'editing',
            actions: assign({ unanswered: true }),
          },
          {
            guard: { type: 'isTakenError', params: errorOf },
            target: 'taken',
            actions: ['forgetKey', refused],
          },
          { target: 'editing', actions: ['forgetKey', refused] },
        ],
      },
    },
    accepted: {
      description: 'Claimed, or interest expressed: the page reads the journey again',
      type: 'final',
      output: { outcome: 'accepted' },
    },
    taken: {
      description: 'Another partner got the journey first: the page says so',
      type: 'final',
      output: { outcome: 'taken' },
    },
  },
  output: ({ event }) => event.output as OfferOutput,
});
