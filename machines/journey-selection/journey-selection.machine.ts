import { assign, emit, setup } from 'xstate';
import { MAX_INTEREST_JOURNEYS, type JourneyId, type JourneyVehicle } from '@/schemas/journey';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import { isUnanswered, serverMessages } from '@/machines/journey-allocation/journey-allocation.failures';
import { expressInterest, loadVehicles } from './journey-selection.actors';
import type { JourneySelectionContext, JourneySelectionEvent, JourneySelectionNotice } from './journey-selection.types';

type Failed = { event: { error: unknown } };
/** Closing the dialogue (not while the request is under way: its answer must be shown). */
const close = { target: '#journeySelection.selecting', actions: 'closeDialogue' } as const;

/**
 * Several journeys at once (spec §5 and §9 "express interest up to 6 journeys at once"): on find work's journey tab the
 * partner ticks journeys (a 7th is refused, and the page says why), then expresses interest in all of them in one
 * request after choosing, in a dialogue, a vehicle that may carry every one (all or none: the server refuses the lot
 * if one journey cannot be taken). The request carries an Idempotency-Key kept while its answer is unknown. Used by
 * the find-work page beside its own machine; the outcome is emitted for the page's toasts.
 */
export const journeySelectionMachine = setup({
  types: {} as {
    context: JourneySelectionContext;
    events: JourneySelectionEvent;
    emitted: JourneySelectionNotice;
  },
  actors: { loadVehicles, expressInterest },
  actions: {
    select: assign(({ context }, id: JourneyId) => ({ selected: [...context.selected, id], refused: null })),
    deselect: assign(({ context }, id: JourneyId) => ({
      selected: context.selected.filter((s) => s !== id),
      refused: null,
    })),
    refuse: assign((_, id: JourneyId) => ({ refused: id })),
    clear: assign({ selected: [], refused: null }),
    storeVehicles: assign((_, vehicles: readonly JourneyVehicle[]) => {
      const eligible = vehicles.filter((v) => v.eligible);
      return { vehicles, vehicleId: eligible.length === 1 ? eligible[0]!.id : null };
    }),
    chooseVehicle: assign((_, id: ProviderVehicleId) => ({
      vehicleId: id,
      vehicleMissing: false,
      key: null,
      unanswered: false,
    })),
    issueKey: assign({ key: () => crypto.randomUUID() }),
    closeDialogue: assign({ vehicles: [], vehicleId: null, vehicleMissing: false, key: null, unanswered: false }),
    notify: emit((_, notice: JourneySelectionNotice) => notice),
  },
  guards: {
    isSelected: ({ context }, id: JourneyId) => context.selected.includes(id),
    isFull: ({ context }) => context.selected.length >= MAX_INTEREST_JOURNEYS,
    hasSelection: ({ context }) => context.selected.length > 0,
    hasNoVehicle: ({ context }) => context.vehicleId === null,
    hasKey: ({ context }) => context.key !== null,
    isUnansweredError: (_, error: unknown) => isUnanswered(error),
  },
}).createMachine({
  id: 'journeySelection',
  context: {
    selected: [],
    refused: null,
    vehicles: [],
    vehicleId: null,
    vehicleMissing: false,
    key: null,
    unanswered: false,
  },
  initial: 'selecting',
  states: {
    selecting: {
      description: 'The partner ticks up to 6 journeys; a 7th is refused with the reason',
      on: {
        'journey.toggled': [
          {
            guard: { type: 'isSelected', params: ({ event }) => event.id },
            actions: { type: 'deselect', params: ({ event }) => event.id },
          },
          { guard: 'isFull', actions: { type: 'refuse', params: ({ event }) => event.id } },
          { actions: { type: 'select', params: ({ event }) => event.id } },
        ],
        'selection.cleared': { actions: 'clear' },
        'interest.started': { guard: 'hasSelection', target: 'choosing' },
      },
    },
    choosing: {
      description: 'The dialogue: the vehicle for every selected journey',
      initial: 'loadingVehicles',
      states: {
        loadingVehicles: {
          description: 'Reading which vehicles may carry every selected journey',
          tags: ['loading'],
          on: { 'interest.cancelled': close },
          invoke: {
            id: 'loadVehicles',
            src: 'loadVehicles',
            input: ({ context }) => ({ journeyIds: context.selected }),
            onDone: { target: 'ready', actions: { type: 'storeVehicles', params: ({ event }) => event.output } },
            onError: { target: 'vehiclesFailed' },
          },
        },
        vehiclesFailed: {
          description: 'The vehicles could not be read: a retry',
          tags: ['error'],
          on: { 'vehicles.retried': { target: 'loadingVehicles' }, 'interest.cancelled': close },
        },
        ready: {
          description: 'The partner chooses the vehicle and confirms',
          on: {
            'vehicle.chosen': { actions: { type: 'chooseVehicle', params: ({ event }) => event.id } },
            'interest.cancelled': close,
            'interest.confirmed': [
              { guard: 'hasNoVehicle', actions: assign({ vehicleMissing: true }) },
              { guard: 'hasKey', target: 'sending' },
              { target: 'sending', actions: 'issueKey' },
            ],
          },
        },
        sending: {
          description: 'One request for all the selected journeys; the dialogue waits for its answer',
          tags: ['busy'],
          // no closing meanwhile: the request is the partner's decision, and its answer must be shown
          invoke: {
            id: 'expressInterest',
            src: 'expressInterest',
            input: ({ context }) => ({
              journeyIds: context.selected,
              vehicleId: context.vehicleId!,
              key: context.key!,
            }),
            onDone: {
              target: '#journeySelection.selecting',
              actions: [
                { type: 'notify', params: ({ event }) => ({ type: 'selection.expressed', count: event.output }) },
                'closeDialogue',
                'clear',
              ],
            },
            onError: [
              {
                guard: { type: 'isUnansweredError', params: ({ event }: Failed) => event.error },
                target: 'ready',
                actions: assign({ unanswered: true }),
              },
              {
                target: 'ready',
                actions: [
                  assign({ key: null, unanswered: false }),
                  {
                    type: 'notify',
                    params: ({ event }: Failed) => ({
                      type: 'selection.refused',
                      messages: serverMessages(event.error),
                    }),
                  },
                ],
              },
            ],
          },
        },
      },
    },
  },
});
