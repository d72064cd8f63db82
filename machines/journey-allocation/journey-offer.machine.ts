import { assign, sendParent, setup } from 'xstate';
import { readQuoteAmount } from '@/machines/listing/listing.amount';
import type { DriverId } from '@/schemas/driver';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import type { OfferFleet } from './journey-allocation.types';
import { loadFleet, submitOffer } from './journey-allocation.actors';
import { isOutdated, isTaken, isUnanswered, failureOf } from './journey-allocation.failures';
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

const actionOf = (context: JourneyOfferContext): JourneyActionId => {
  if (context.editing !== null) return 'edit';
  return context.method === 'EXPRESS_INTEREST' ? 'express_interest' : 'click_and_claim';
};

/**
 * An amount as the partner would type it, for a field filled from the interest being changed: whole pounds without
 * decimals (`400`), else two decimals after the language's separator (`133.59`, `133,59`); readQuoteAmount reads both.
 */
export const amountText = (minorUnits: number, decimalSeparator = '.'): string =>
  minorUnits % 100 === 0 ? String(minorUnits / 100) : (minorUnits / 100).toFixed(2).replace('.', decimalSeparator);

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
    edit: context.editing !== null,
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
    ...failureOf(event.error),
  }),
} as const;

/**
 * The offer of an open journey (spec §4 EXPRESS_INTEREST and CLICK_AND_CLAIM, §3 interest and claim payloads): the
 * partner's vehicles are read (each eligible for this journey or not) and, to claim, its active drivers; the partner
 * chooses a vehicle and, to express interest, may ask its own price (and return price) and says how many people go,
 * or, to claim, chooses the driver and whether to take the return leg. Sending carries an Idempotency-Key kept while
 * the answer is unknown, so a double click or a retry claims once. With `editing` (spec §4 edit) the same form opens
 * with the pending interest's vehicle, prices and people, and sending changes that interest (`edit`). Invoked by the
 * journey page's machine, which it tells of each outcome (`notify`); it ends when the offer was accepted, the journey
 * went to another partner, or the journey or interest changed meanwhile so that the page must read it again.
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
    /**
     * Keeps the fleet; the vehicle of the interest being changed (while it may still carry the journey), else a single
     * eligible vehicle, and a single driver to claim with, are chosen for the partner.
     */
    storeFleet: assign(({ context }, fleet: OfferFleet) => {
      const eligible = fleet.vehicles.filter((v) => v.eligible);
      const claim = context.method === 'CLICK_AND_CLAIM';
      const current = eligible.find((v) => v.id === context.editing?.provider_vehicle_id);
      return {
        vehicles: fleet.vehicles,
        drivers: claim ? fleet.drivers : [],
        vehicleId: current?.id ?? (eligible.length === 1 ? eligible[0]!.id : null),
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
    isOutdatedError: (_, error: unknown) => isOutdated(error),
  },
}).createMachine({
  id: 'journeyOffer',
  context: ({ input }) => ({
    ...input,
    vehicles: [],
    drivers: [],
    vehicleId: null,
    driverId: null,
    quoteText: input.editing ? amountText(input.editing.tp_quote.amount, input.decimalSeparator) : '',
    returnQuoteText: input.editing?.tp_quote_return
      ? amountText(input.editing.tp_quote_return.amount, input.decimalSeparator)
      : '',
    people: input.editing?.selected_number_of_men_option ?? 1,
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
            // the panel says it may not have gone through and offers the same attempt again; the toast says why
            actions: [assign({ unanswered: true }), refused],
          },
          {
            guard: { type: 'isOutdatedError', params: errorOf },
            target: 'outdated',
            actions: ['forgetKey', refused],
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
      description: 'Claimed, or interest expressed or changed: the page reads the journey again',
      type: 'final',
      output: { outcome: 'accepted' },
    },
    outdated: {
      description:
        'Refused because the journey or the interest changed meanwhile (closed, no interest left, past its deadline): the page reads it again',
      type: 'final',
      output: { outcome: 'changed' },
    },
    taken: {
      description: 'Another partner got the journey first: the page says so',
      type: 'final',
      output: { outcome: 'taken' },
    },
  },
  output: ({ event }) => event.output as OfferOutput,
});
