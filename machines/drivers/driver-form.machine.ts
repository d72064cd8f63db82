import { assign, setup } from 'xstate';
import { touchAll, withoutServerField } from '@/machines/vehicles/vehicle-form.rules';
import { fleetFailureOf } from '@/machines/vehicles/fleet-failure';
import type { FleetDriver } from '@/schemas/fleet';
import { saveDriver } from './driver-form.actors';
import { DRIVER_FIELDS, driverErrors, driverPayloadOf, EMPTY_DRIVER } from './driver-form.rules';
import type { DriverFormContext, DriverFormEvent } from './driver-form.types';

/**
 * Add or invite a driver (issue 8 "Drivers"; the generic message scheme of spec §5): name, e-mail, UK mobile, an
 * optional vehicle, and whether to record an invitation. A refused or unanswered save goes back to the form with
 * what was typed and the server's field messages (a second driver with the same e-mail, a vehicle that has a driver).
 */
export const driverFormMachine = setup({
  types: {} as { context: DriverFormContext; events: DriverFormEvent; output: FleetDriver | null },
  actors: { saveDriver },
  guards: { isFormValid: ({ context }) => Object.keys(context.errors).length === 0 },
}).createMachine({
  id: 'driverForm',
  context: { values: EMPTY_DRIVER, errors: driverErrors(EMPTY_DRIVER), touched: {}, failure: null, saved: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The partner fills in the driver; a refused save is told here with what was typed',
      on: {
        'form.changed': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value };
            return { values, errors: driverErrors(values), failure: withoutServerField(context.failure, event.field) };
          }),
        },
        'form.blurred': {
          actions: assign({ touched: ({ context, event }) => ({ ...context.touched, [event.field]: true }) }),
        },
        'form.submitted': [
          { guard: 'isFormValid', target: 'submitting', actions: assign({ touched: () => touchAll(DRIVER_FIELDS) }) },
          { actions: assign({ touched: () => touchAll(DRIVER_FIELDS) }) },
        ],
        'form.cancelled': { target: 'cancelled' },
      },
    },
    submitting: {
      description: 'Adding the driver; the form cannot be closed until the answer',
      tags: ['busy'],
      invoke: {
        id: 'saveDriver',
        src: 'saveDriver',
        input: ({ context }) => driverPayloadOf(context.values),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output, failure: null }) },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => fleetFailureOf(event.error) }) },
      },
    },
    saved: { description: 'Added (and invited when asked)', type: 'final' },
    cancelled: { description: 'Closed without adding', type: 'final' },
  },
  output: ({ context }) => context.saved,
});
