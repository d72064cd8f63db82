import { assign, emit, setup } from 'xstate';
import type { ProviderVehicle } from '@/schemas/vehicle';
import { fleetFailureOf } from './fleet-failure';
import { loadVehicles, removeVehicle } from './vehicles.actors';
import type { VehiclesContext, VehiclesEvent, VehiclesNotice } from './vehicles.types';

/** The list with `vehicle` in place of the one with its id, or added at the end. */
const upsert = (list: readonly ProviderVehicle[], vehicle: ProviderVehicle) =>
  list.some((v) => v.id === vehicle.id) ? list.map((v) => (v.id === vehicle.id ? vehicle : v)) : [...list, vehicle];

const NOTICE = 'vehicles.notice' as const;

/**
 * My vehicles (issue 8 "Vehicles"; spec §3 Vehicle, §8 "load failures for drivers and vehicles"): read the list, then
 * add or edit a vehicle in the form (vehicle-form.machine.ts, opened by the page while this machine is `editing`) or
 * remove one after a confirmation. Every outcome is told through `notify` (a toast); a failed read offers a retry.
 */
export const vehiclesMachine = setup({
  types: {} as { context: VehiclesContext; events: VehiclesEvent; emitted: VehiclesNotice },
  actors: { loadVehicles, removeVehicle },
  actions: {
    notify: emit((_, notice: VehiclesNotice) => notice),
  },
  guards: {
    hasVehicle: ({ context, event }) => 'id' in event && context.vehicles.some((v) => v.id === event.id),
  },
}).createMachine({
  id: 'vehicles',
  context: { vehicles: [], loadFailure: null, editing: null, removing: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the partner’s vehicles',
      tags: ['loading'],
      invoke: {
        id: 'loadVehicles',
        src: 'loadVehicles',
        onDone: { target: 'loaded', actions: assign({ vehicles: ({ event }) => event.output, loadFailure: null }) },
        onError: { target: 'failed', actions: assign({ loadFailure: ({ event }) => fleetFailureOf(event.error) }) },
      },
    },
    failed: {
      description: 'The vehicles could not be read: the reason and a retry',
      tags: ['error'],
      on: { 'vehicles.retried': { target: 'loading' } },
    },
    loaded: {
      description: 'The list (or its empty state) with add, edit and remove',
      initial: 'idle',
      states: {
        idle: {
          description: 'The list; no dialogue open',
          on: {
            'vehicle.addOpened': { target: 'editing', actions: assign({ editing: null }) },
            'vehicle.editOpened': {
              guard: 'hasVehicle',
              target: 'editing',
              actions: assign({ editing: ({ context, event }) => context.vehicles.find((v) => v.id === event.id)! }),
            },
            'vehicle.removeOpened': {
              guard: 'hasVehicle',
              target: 'confirmingRemoval',
              actions: assign({ removing: ({ context, event }) => context.vehicles.find((v) => v.id === event.id)! }),
            },
          },
        },
        editing: {
          description: 'The vehicle form is open (a new vehicle, or the one in `editing`)',
          on: {
            'vehicle.saved': {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context, event }) => ({
                    type: NOTICE,
                    tone: 'success' as const,
                    messageId: context.editing ? 'vehicles.toast.saved' : 'vehicles.toast.added',
                    values: { registration: event.vehicle.registration_number },
                    failure: null,
                  }),
                },
                assign({ vehicles: ({ context, event }) => upsert(context.vehicles, event.vehicle), editing: null }),
              ],
            },
            'vehicle.formClosed': { target: 'idle', actions: assign({ editing: null }) },
          },
        },
        confirmingRemoval: {
          description: 'Asking the partner to confirm removing the vehicle in `removing`',
          on: {
            'removal.confirmed': { target: 'removing' },
            'removal.cancelled': { target: 'idle', actions: assign({ removing: null }) },
          },
        },
        removing: {
          description: 'Removing the vehicle; refused while it has reservations or jobs ahead',
          tags: ['busy'],
          invoke: {
            id: 'removeVehicle',
            src: 'removeVehicle',
            input: ({ context }) => ({ id: context.removing?.id ?? 0 }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    type: NOTICE,
                    tone: 'success' as const,
                    messageId: 'vehicles.toast.removed',
                    values: { registration: context.removing?.registration_number ?? '' },
                    failure: null,
                  }),
                },
                assign({
                  vehicles: ({ context }) => context.vehicles.filter((v) => v.id !== context.removing?.id),
                  removing: null,
                }),
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
                    messageId: 'vehicles.toast.removeFailed',
                    values: { registration: context.removing?.registration_number ?? '' },
                    failure: fleetFailureOf(event.error),
                  }),
                },
                assign({ removing: null }),
              ],
            },
          },
        },
      },
    },
  },
});
