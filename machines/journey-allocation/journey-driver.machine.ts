import { assign, sendParent, setup } from 'xstate';
import type { DeallocationReason, JourneyResponse } from '@/schemas/journey';
import type { DriverId, ProviderDriver } from '@/schemas/driver';
import type { Deallocation } from '@/src/api/journeys';
import { allocateDriver, confirmDriver, deallocate, loadDrivers } from './journey-allocation.actors';
import { failureOf } from './journey-allocation.failures';
import type {
  JourneyActionId,
  JourneyAllocationEvent,
  JourneyDriverContext,
  JourneyDriverEvent,
  JourneyDriverInput,
  JourneyNotice,
} from './journey-allocation.types';

type Done = { event: { output: JourneyResponse } };
type Failed = { event: { error: unknown } };

/** What a driver call's answer does: keep it, tell the page's machine, and a success toast. */
const answered = (action: JourneyActionId) =>
  [
    { type: 'storeView', params: ({ event }: Done) => event.output },
    { type: 'reportChange', params: ({ event }: Done) => event.output },
    { type: 'notify', params: { type: 'journey.notice', tone: 'success', action } },
  ] as const;

/** A danger toast with the server's messages (spec §8). */
const refused = (action: JourneyActionId) =>
  ({
    type: 'notify',
    params: ({ event }: Failed) => ({
      type: 'journey.notice' as const,
      tone: 'danger' as const,
      action,
      ...failureOf(event.error),
    }),
  }) as const;

/**
 * The panel of a journey the partner holds (spec §4 allocate driver, allocate driver real, deallocate; §5 'Please
 * select a driver', 'Deallocation reason is required'): the partner's active drivers are read; it assigns one
 * (allocate-driver), confirms the driver who will actually drive (allocate-driver-real: the chosen one, else the one
 * on the journey), or hands the journey back through a dialogue that needs a reason and shows the charge first (the
 * page works it out with the server's rule; the server's answer is what is charged). What the server allows comes
 * from the journey's `actions`. Invoked by the journey page's machine: each driver change is reported to it
 * (`reportChange`), each outcome is a toast (`notify`), and a hand-back ends this panel with what it cost.
 */
export const journeyDriverMachine = setup({
  types: {} as {
    context: JourneyDriverContext;
    events: JourneyDriverEvent;
    input: JourneyDriverInput;
    output: Deallocation;
  },
  actors: { loadDrivers, allocateDriver, confirmDriver, deallocate },
  actions: {
    storeDrivers: assign({ drivers: (_, drivers: readonly ProviderDriver[]) => drivers }),
    storeView: assign((_, view: JourneyResponse) => ({ driver: view.driver, actions: view.actions })),
    chooseDriver: assign((_, id: DriverId) => ({ chosenDriverId: id, driverMissing: false })),
    markDriverMissing: assign({ driverMissing: true }),
    chooseReason: assign((_, reason: DeallocationReason) => ({ reason, reasonMissing: false })),
    markReasonMissing: assign({ reasonMissing: true }),
    forgetReason: assign({ reason: null, note: '', reasonMissing: false }),
    /** Tells the page's machine the journey as the server answered it. */
    reportChange: sendParent((_, view: JourneyResponse): JourneyAllocationEvent => ({ type: 'journey.changed', view })),
    /** Tells the page's machine what happened (a toast). */
    notify: sendParent((_, notice: JourneyNotice) => notice),
  },
  guards: {
    hasNoDriverChosen: ({ context }) => context.chosenDriverId === null,
    canAllocateDriver: ({ context }) => context.actions.allocate_driver,
    /** Confirming needs a driver: the one chosen, or the one on the journey. */
    hasNoDriverToConfirm: ({ context }) => context.chosenDriverId === null && context.driver === null,
    canConfirmDriver: ({ context }) => context.actions.allocate_driver_real,
    canDeallocate: ({ context }) => context.actions.deallocate_driver,
    hasNoReason: ({ context }) => context.reason === null,
  },
}).createMachine({
  id: 'journeyDriver',
  context: ({ input }) => ({
    journeyId: input.journeyId,
    driver: input.view.driver,
    actions: input.view.actions,
    drivers: [],
    chosenDriverId: input.view.driver?.id ?? null,
    driverMissing: false,
    reason: null,
    note: '',
    reasonMissing: false,
    handedBack: null,
  }),
  initial: 'loadingDrivers',
  states: {
    loadingDrivers: {
      description: "Reading the partner's active drivers",
      tags: ['loading'],
      invoke: {
        id: 'loadDrivers',
        src: 'loadDrivers',
        onDone: { target: 'idle', actions: { type: 'storeDrivers', params: ({ event }) => event.output } },
        onError: { target: 'driversFailed' },
      },
    },
    driversFailed: {
      description: 'The drivers could not be read: a retry (handing the journey back still works)',
      tags: ['error'],
      on: {
        'drivers.retried': { target: 'loadingDrivers' },
        'deallocation.started': { guard: 'canDeallocate', target: 'confirmingDeallocation' },
      },
    },
    idle: {
      description: 'The driver on the journey, the list to choose another, and the hand-back button',
      on: {
        'driver.chosen': { actions: { type: 'chooseDriver', params: ({ event }) => event.id } },
        'driver.allocated': [
          { guard: 'hasNoDriverChosen', actions: 'markDriverMissing' },
          { guard: 'canAllocateDriver', target: 'allocatingDriver' },
        ],
        'driver.confirmed': [
          { guard: 'hasNoDriverToConfirm', actions: 'markDriverMissing' },
          { guard: 'canConfirmDriver', target: 'confirmingDriver' },
        ],
        'deallocation.started': { guard: 'canDeallocate', target: 'confirmingDeallocation' },
      },
    },
    allocatingDriver: {
      description: 'Assigning the chosen driver (allocate-driver)',
      tags: ['busy'],
      invoke: {
        id: 'allocateDriver',
        src: 'allocateDriver',
        input: ({ context }) => ({ journeyId: context.journeyId, driverId: context.chosenDriverId! }),
        onDone: { target: 'idle', actions: answered('allocate_driver') },
        onError: { target: 'idle', actions: refused('allocate_driver') },
      },
    },
    confirmingDriver: {
      description: 'Confirming the driver who will actually drive (allocate-driver-real)',
      tags: ['busy'],
      invoke: {
        id: 'confirmDriver',
        src: 'confirmDriver',
        input: ({ context }) => ({ journeyId: context.journeyId, driverId: context.chosenDriverId }),
        onDone: { target: 'idle', actions: answered('allocate_driver_real') },
        onError: { target: 'idle', actions: refused('allocate_driver_real') },
      },
    },
    confirmingDeallocation: {
      description: 'The dialogue: a reason (required), a note, and what handing back costs now',
      on: {
        'reason.chosen': { actions: { type: 'chooseReason', params: ({ event }) => event.reason } },
        'note.changed': { actions: assign({ note: ({ event }) => event.text }) },
        'deallocation.confirmed': [{ guard: 'hasNoReason', actions: 'markReasonMissing' }, { target: 'deallocating' }],
        'deallocation.cancelled': { target: 'idle', actions: 'forgetReason' },
      },
    },
    deallocating: {
      description: 'Handing the journey back; the dialogue waits for the answer',
      tags: ['busy'],
      invoke: {
        id: 'deallocate',
        src: 'deallocate',
        input: ({ context }) => ({ journeyId: context.journeyId, reason: context.reason!, note: context.note }),
        onDone: {
          target: 'handedBack',
          actions: [
            assign({ handedBack: ({ event }) => event.output }),
            {
              type: 'notify',
              params: ({ event }) => ({
                type: 'journey.notice',
                tone: 'success',
                action: 'deallocate_driver',
                amount: event.output.charge.amount,
              }),
            },
          ],
        },
        onError: { target: 'confirmingDeallocation', actions: refused('deallocate_driver') },
      },
    },
    handedBack: {
      description: 'The journey is handed back: the page reads it again and shows what it cost',
      type: 'final',
    },
  },
  output: ({ context }) => context.handedBack!,
});
