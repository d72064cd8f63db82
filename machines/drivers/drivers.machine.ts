import { assign, emit, setup } from 'xstate';
import { fleetFailureOf } from '@/machines/vehicles/fleet-failure';
import type { FleetDriver } from '@/schemas/fleet';
import type { DriverAction } from '@/src/api/fleet';
import { loadFleet, runAction } from './drivers.actors';
import type { DriversContext, DriversEvent, DriversNotice } from './drivers.types';

const replaceDriver = (list: readonly FleetDriver[], driver: FleetDriver) =>
  list.map((d) => (d.id === driver.id ? driver : d));
const nameOf = (context: DriversContext, id: number | undefined) =>
  context.drivers.find((d) => d.id === id)?.full_name ?? '';

/** Message ids of each action's success and failure toasts. */
const ACTION_MESSAGES: Readonly<Record<DriverAction['kind'], { done: string; failed: string }>> = {
  assign: { done: 'drivers.toast.assigned', failed: 'drivers.toast.assignFailed' },
  unassign: { done: 'drivers.toast.unassigned', failed: 'drivers.toast.unassignFailed' },
  deactivate: { done: 'drivers.toast.deactivated', failed: 'drivers.toast.deactivateFailed' },
  reactivate: { done: 'drivers.toast.reactivated', failed: 'drivers.toast.reactivateFailed' },
};

const CLOSED = { driverId: null, chosenVehicle: '', triedAssign: false, action: null } as const;

const NOTICE = 'drivers.notice' as const;

/**
 * My drivers (issue 8 "Drivers"; spec §4 "Driver and vehicle: can be assigned, unassigned, deactivated, reactivated",
 * §8 load failures): read the drivers with the vehicles, then add a driver (driver-form.machine.ts, opened while
 * `adding`), assign one of the approved vehicles, unassign, deactivate after a confirmation, or reactivate. Each
 * action's success and failure is a toast (`notify`); the server's refusal (a vehicle with a driver, a driver on
 * work) is the failure's text.
 */
export const driversMachine = setup({
  types: {} as { context: DriversContext; events: DriversEvent; emitted: DriversNotice },
  actors: { loadFleet, runAction },
  actions: {
    notify: emit((_, notice: DriversNotice) => notice),
  },
  guards: {
    hasDriver: ({ context, event }) => 'driverId' in event && context.drivers.some((d) => d.id === event.driverId),
    hasChosenVehicle: ({ context }) => context.chosenVehicle !== '',
  },
}).createMachine({
  id: 'drivers',
  context: { drivers: [], vehicles: [], loadFailure: null, ...CLOSED },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the partner’s drivers and vehicles',
      tags: ['loading'],
      invoke: {
        id: 'loadFleet',
        src: 'loadFleet',
        onDone: {
          target: 'loaded',
          actions: assign({
            drivers: ({ event }) => event.output.drivers,
            vehicles: ({ event }) => event.output.vehicles,
            loadFailure: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ loadFailure: ({ event }) => fleetFailureOf(event.error) }) },
      },
    },
    failed: {
      description: 'The drivers could not be read: the reason and a retry',
      tags: ['error'],
      on: { 'drivers.retried': { target: 'loading' } },
    },
    loaded: {
      description: 'The list (or its empty state) with the driver actions',
      initial: 'idle',
      states: {
        idle: {
          description: 'The list; no dialogue open',
          on: {
            'driver.addOpened': { target: 'adding' },
            'driver.assignOpened': {
              guard: 'hasDriver',
              target: 'assigning',
              actions: assign({ driverId: ({ event }) => event.driverId, chosenVehicle: '', triedAssign: false }),
            },
            'driver.unassigned': {
              guard: 'hasDriver',
              target: 'acting',
              actions: assign({ action: ({ event }) => ({ kind: 'unassign', driverId: event.driverId }) }),
            },
            'driver.deactivateOpened': {
              guard: 'hasDriver',
              target: 'confirmingDeactivation',
              actions: assign({ driverId: ({ event }) => event.driverId }),
            },
            'driver.reactivated': {
              guard: 'hasDriver',
              target: 'acting',
              actions: assign({ action: ({ event }) => ({ kind: 'reactivate', driverId: event.driverId }) }),
            },
          },
        },
        adding: {
          description: 'The add / invite form is open',
          on: {
            'driver.added': {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    type: NOTICE,
                    tone: 'success' as const,
                    messageId: event.driver.invited_at ? 'drivers.toast.invited' : 'drivers.toast.added',
                    values: { name: event.driver.full_name },
                    failure: null,
                  }),
                },
                assign({ drivers: ({ context, event }) => [...context.drivers, event.driver] }),
              ],
            },
            'driver.formClosed': { target: 'idle' },
          },
        },
        assigning: {
          description: 'Choosing one of the approved vehicles for the driver in `driverId`',
          on: {
            'assign.vehicleChosen': { actions: assign({ chosenVehicle: ({ event }) => event.vehicleId }) },
            'assign.submitted': [
              {
                guard: 'hasChosenVehicle',
                target: 'acting',
                actions: assign({
                  action: ({ context }) => ({
                    kind: 'assign',
                    driverId: context.driverId ?? 0,
                    vehicleId: Number(context.chosenVehicle),
                  }),
                }),
              },
              { actions: assign({ triedAssign: true }) },
            ],
            'assign.cancelled': { target: 'idle', actions: assign(CLOSED) },
          },
        },
        confirmingDeactivation: {
          description: 'Asking the partner to confirm deactivating the driver in `driverId`',
          on: {
            'deactivation.confirmed': {
              target: 'acting',
              actions: assign({ action: ({ context }) => ({ kind: 'deactivate', driverId: context.driverId ?? 0 }) }),
            },
            'deactivation.cancelled': { target: 'idle', actions: assign(CLOSED) },
          },
        },
        acting: {
          description: 'Sending the action in `action`; its outcome is a toast',
          tags: ['busy'],
          invoke: {
            id: 'runAction',
            src: 'runAction',
            input: ({ context }) => context.action!,
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context, event }) => ({
                    type: NOTICE,
                    tone: 'success' as const,
                    messageId: ACTION_MESSAGES[context.action!.kind].done,
                    values: {
                      name: event.output.full_name,
                      registration: event.output.vehicle?.registration_number ?? '',
                    },
                    failure: null,
                  }),
                },
                assign({ drivers: ({ context, event }) => replaceDriver(context.drivers, event.output), ...CLOSED }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context, event }) => ({
                    type: NOTICE,
                    tone: 'danger' as const,
                    messageId: ACTION_MESSAGES[context.action!.kind].failed,
                    values: { name: nameOf(context, context.action?.driverId), registration: '' },
                    failure: fleetFailureOf(event.error),
                  }),
                },
                assign(CLOSED),
              ],
            },
          },
        },
      },
    },
  },
});
