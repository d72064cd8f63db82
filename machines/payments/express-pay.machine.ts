import { assign, emit, setup } from 'xstate';
import { failureKind, type HttpError } from '@/src/api/errors';
import { saveSwitches } from './express-pay.actors';
import type { ExpressPayContext, ExpressPayEmitted, ExpressPayEvent, ExpressPayInput } from './express-pay.types';

/**
 * Express pay details (spec §6 "express pay with fee and auto enrolment"; issue 8): two switches — express pay for
 * this week's payout, and auto-enrolment of every new week. A switch shows its new value at once while the change is
 * saved; a refused or failed change goes back to the previous values and says so in a toast. Without the express_pay
 * flag (`settings.available` false) the switches do not change.
 */
export const expressPay = setup({
  types: {} as {
    context: ExpressPayContext;
    events: ExpressPayEvent;
    input: ExpressPayInput;
    emitted: ExpressPayEmitted;
  },
  actors: { saveSwitches },
  guards: { isAvailable: ({ context }) => context.settings.available },
}).createMachine({
  id: 'expressPay',
  context: ({ input }) => ({ settings: input.settings, pending: null, failure: null, refusal: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The switches show the saved settings',
      on: {
        'expressPay.enrolled.toggled': {
          guard: 'isAvailable',
          target: 'saving',
          actions: assign(({ context, event }) => ({
            pending: { enrolled: event.value, auto_enrol: context.settings.auto_enrol },
          })),
        },
        'expressPay.autoEnrol.toggled': {
          guard: 'isAvailable',
          target: 'saving',
          actions: assign(({ context, event }) => ({
            pending: { enrolled: context.settings.enrolled, auto_enrol: event.value },
          })),
        },
      },
    },
    saving: {
      description: 'Saving a change; the switches show it and wait for the answer',
      tags: ['busy'],
      invoke: {
        id: 'saveSwitches',
        src: 'saveSwitches',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'idle',
          actions: [
            assign({ settings: ({ event }) => event.output, pending: null, failure: null, refusal: null }),
            emit({ type: 'expressPay.notice', tone: 'success' }),
            emit(({ event }) => ({ type: 'expressPay.saved', settings: event.output })),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign(({ event }) => {
              const kind = failureKind(event.error);
              return {
                pending: null,
                failure: kind,
                refusal: kind === 'refused' ? (event.error as HttpError).message : null,
              };
            }),
            emit(({ event }) => {
              const kind = failureKind(event.error);
              return {
                type: 'expressPay.notice',
                tone: 'danger',
                kind,
                ...(kind === 'refused' ? { message: (event.error as HttpError).message } : {}),
              } as const;
            }),
          ],
        },
      },
    },
  },
});
