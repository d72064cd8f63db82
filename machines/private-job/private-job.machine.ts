import { assign, setup } from 'xstate';
import type { PrivateJob } from '@/schemas/private-job';
import { loadSetup, lookUpStops, saveJob } from './private-job.actors';
import {
  emptyForm,
  failureOf,
  isStepValid,
  privateJobPayload,
  stopPostcodes,
  withStopChange,
} from './private-job.rules';
import type {
  PrivateJobContext,
  PrivateJobEvent,
  PrivateJobForm,
  PrivateJobInput,
  PrivateJobStep,
  PrivateJobSetup,
} from './private-job.types';

type Ctx = PrivateJobContext<PrivateJob>;

const reveal = (context: Ctx, step: PrivateJobStep) =>
  context.revealed.includes(step) ? context.revealed : [...context.revealed, step];

/** The preference defaults fill what a new job has not chosen yet: the times on site and the volume. */
const withDefaults = (form: PrivateJobForm, defaults: PrivateJobSetup['defaults']): PrivateJobForm => ({
  ...form,
  pickup: { ...form.pickup, onSiteS: form.pickup.onSiteS ?? defaults.pickupOnSiteS },
  delivery: { ...form.delivery, onSiteS: form.delivery.onSiteS ?? defaults.deliveryOnSiteS },
  volume: form.volume.trim() === '' ? String(defaults.volumeM3) : form.volume,
});

/** Closing without saving, from any step that is not waiting on the server's answer to a save. */
const cancel = { 'privateJob.cancelled': { target: '#privateJob.cancelled' } } as const;

/**
 * Creating or changing a private (external) job in three steps (spec §3, §5, §9; issue 7): 1. the stops — pickup and
 * delivery, each a full postcode, a day, a window of at least 2 hours and a time on site; 2. the capacity in m³, with
 * the vehicle and driver of the partner's own that will do it and an optional title; 3. a review, then save. The
 * partner's vehicles, drivers and private-work preferences (the defaults of a new job) are read first. Leaving step 1
 * looks the two postcodes up: the places go into the payload (spec §3: uuid, volumeInM3, two nodes with place,
 * sortOrder, nodeType, time window and time on site). A step's errors show once the partner tries to leave it, and
 * everything typed stays as it was through every failure. The job's uuid is made before the first save, so a save
 * repeated after no answer stores one job. A failed save comes back to the review with the server's messages.
 */
export const privateJobMachine = setup({
  types: {} as { context: Ctx; events: PrivateJobEvent; input: PrivateJobInput; output: PrivateJob | null },
  actors: { loadSetup, lookUpStops, saveJob },
  actions: {
    revealStep: assign({ revealed: ({ context }, step: PrivateJobStep) => reveal(context, step) }),
  },
  guards: {
    stopsValid: ({ context }) => isStepValid('stops', context.form),
    capacityValid: ({ context }) => isStepValid('capacity', context.form),
    isNew: ({ context }) => !context.editing,
    bothPlacesFound: (_, output: { pickup: unknown; delivery: unknown }) =>
      output.pickup !== null && output.delivery !== null,
  },
}).createMachine({
  id: 'privateJob',
  context: ({ input }) => ({
    form: input.editing ?? emptyForm(input.uuid, input.date),
    editing: input.editing !== undefined,
    setup: null,
    places: { pickup: null, delivery: null },
    unknownPostcodes: [],
    revealed: [],
    failure: null,
    saved: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the vehicles, drivers and private-work preferences',
      tags: ['loading'],
      on: cancel,
      invoke: {
        id: 'loadSetup',
        src: 'loadSetup',
        onDone: [
          {
            guard: 'isNew',
            target: 'stops',
            actions: assign({
              setup: ({ event }) => event.output,
              form: ({ context, event }) => withDefaults(context.form, event.output.defaults),
            }),
          },
          { target: 'stops', actions: assign({ setup: ({ event }) => event.output }) },
        ],
        onError: { target: 'setupFailed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    setupFailed: {
      description: 'The vehicles, drivers or preferences could not be read: a retry',
      tags: ['error'],
      on: { ...cancel, 'privateJob.retried': { target: 'loading', actions: assign({ failure: null }) } },
    },
    stops: {
      description: 'Step 1: pickup and delivery — postcode, day, window (2 hours at least) and time on site',
      on: {
        ...cancel,
        'privateJob.stop.changed': {
          actions: assign({
            form: ({ context, event }) => withStopChange(context.form, event.stop, event.field, event.value),
            unknownPostcodes: ({ context, event }) => (event.field === 'postcode' ? [] : context.unknownPostcodes),
          }),
        },
        'privateJob.next': [
          { guard: 'stopsValid', target: 'lookingUp', actions: assign({ failure: null }) },
          { actions: { type: 'revealStep', params: 'stops' } },
        ],
      },
    },
    lookingUp: {
      description: 'Finding where the two postcodes are',
      tags: ['busy'],
      on: cancel,
      invoke: {
        id: 'lookUpStops',
        src: 'lookUpStops',
        input: ({ context }) => stopPostcodes(context.form),
        onDone: [
          {
            guard: { type: 'bothPlacesFound', params: ({ event }) => event.output },
            target: 'capacity',
            actions: assign({ places: ({ event }) => event.output, unknownPostcodes: [] }),
          },
          {
            target: 'stops',
            actions: [
              assign({
                unknownPostcodes: ({ context, event }) => {
                  const postcodes = stopPostcodes(context.form);
                  return [
                    ...(event.output.pickup === null ? [postcodes.pickup] : []),
                    ...(event.output.delivery === null ? [postcodes.delivery] : []),
                  ];
                },
              }),
              { type: 'revealStep', params: 'stops' },
            ],
          },
        ],
        onError: { target: 'stops', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    capacity: {
      description: 'Step 2: the volume in m³ (at most 40), the vehicle and driver that will do it, and a title',
      on: {
        ...cancel,
        'privateJob.volume.changed': {
          actions: assign({ form: ({ context, event }) => ({ ...context.form, volume: event.volume }) }),
        },
        'privateJob.title.changed': {
          actions: assign({ form: ({ context, event }) => ({ ...context.form, title: event.title }) }),
        },
        'privateJob.vehicle.chosen': {
          actions: assign({ form: ({ context, event }) => ({ ...context.form, vehicleId: event.vehicleId }) }),
        },
        'privateJob.driver.chosen': {
          actions: assign({ form: ({ context, event }) => ({ ...context.form, driverId: event.driverId }) }),
        },
        'privateJob.back': { target: 'stops' },
        'privateJob.next': [
          { guard: 'capacityValid', target: 'review' },
          { actions: { type: 'revealStep', params: 'capacity' } },
        ],
      },
    },
    review: {
      description: 'Step 3: the job as it will be saved; any step can be opened again',
      on: {
        ...cancel,
        'privateJob.back': { target: 'capacity' },
        'privateJob.step.chosen': [
          { guard: ({ event }) => event.step === 'stops', target: 'stops' },
          { guard: ({ event }) => event.step === 'capacity', target: 'capacity' },
        ],
        'privateJob.submitted': { target: 'saving', actions: assign({ failure: null }) },
      },
    },
    saving: {
      description: 'Saving the job under its uuid (a repeat stores it once); it cannot be closed until the answer',
      tags: ['busy'],
      invoke: {
        id: 'saveJob',
        src: 'saveJob',
        input: ({ context }) => ({
          editing: context.editing,
          payload: privateJobPayload(context.form, {
            pickup: context.places.pickup!,
            delivery: context.places.delivery!,
          }),
        }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: { target: 'review', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    saved: { description: 'Saved: the calendar shows it', type: 'final' },
    cancelled: { description: 'Closed without saving', type: 'final' },
  },
  output: ({ context }) => context.saved,
});
