import { assign, setup } from 'xstate';
import type { ProviderVehicle } from '@/schemas/vehicle';
import { fleetFailureOf } from './fleet-failure';
import { saveVehicle } from './vehicle-form.actors';
import {
  initialVehicleValues,
  touchAll,
  VEHICLE_FIELDS,
  vehicleErrors,
  vehiclePayloadOf,
  withoutServerField,
} from './vehicle-form.rules';
import type { VehicleFormContext, VehicleFormEvent, VehicleFormInput } from './vehicle-form.types';

/**
 * The add / edit vehicle form (issue 8 "Vehicles"; the generic message scheme of spec §5): values, each field's first
 * broken rule, which fields were touched, and the save. A save the server refuses or never answers goes back to the
 * form with everything typed kept and the server's field messages under their fields. The list machine
 * (vehicles.machine.ts) opens it and takes the saved vehicle from its output.
 */
export const vehicleFormMachine = setup({
  types: {} as {
    context: VehicleFormContext;
    events: VehicleFormEvent;
    input: VehicleFormInput;
    output: ProviderVehicle | null;
  },
  actors: { saveVehicle },
  guards: { isFormValid: ({ context }) => Object.keys(context.errors).length === 0 },
}).createMachine({
  id: 'vehicleForm',
  context: ({ input }) => {
    const values = initialVehicleValues(input.vehicle);
    return {
      vehicleId: input.vehicle?.id ?? null,
      values,
      errors: vehicleErrors(values),
      touched: {},
      failure: null,
      saved: null,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      description: 'The partner fills in the vehicle; a refused save is told here with what was typed',
      on: {
        'form.changed': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value };
            return { values, errors: vehicleErrors(values), failure: withoutServerField(context.failure, event.field) };
          }),
        },
        'form.blurred': {
          actions: assign({ touched: ({ context, event }) => ({ ...context.touched, [event.field]: true }) }),
        },
        'form.submitted': [
          { guard: 'isFormValid', target: 'submitting', actions: assign({ touched: () => touchAll(VEHICLE_FIELDS) }) },
          { actions: assign({ touched: () => touchAll(VEHICLE_FIELDS) }) },
        ],
        'form.cancelled': { target: 'cancelled' },
      },
    },
    submitting: {
      description: 'Saving the vehicle; the form cannot be closed until the answer',
      tags: ['busy'],
      invoke: {
        id: 'saveVehicle',
        src: 'saveVehicle',
        input: ({ context }) => ({ id: context.vehicleId, payload: vehiclePayloadOf(context.values) }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output, failure: null }) },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => fleetFailureOf(event.error) }) },
      },
    },
    saved: { description: 'Saved: a new or re-checked vehicle waits for the team’s review', type: 'final' },
    cancelled: { description: 'Closed without saving', type: 'final' },
  },
  output: ({ context }) => context.saved,
});
