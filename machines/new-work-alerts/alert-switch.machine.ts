import { errorText } from '@/src/api/errors';
import { assign, emit, setup } from 'xstate';
import { switchAlert } from './new-work-alerts.actors';
import type {
  AlertSwitchContext,
  AlertSwitchEmitted,
  AlertSwitchEvent,
  AlertSwitchInput,
} from './new-work-alerts.types';

/**
 * The "Alert me" switch of one saved search (schemas/alert.ts; the saved-searches list makes one per search that can
 * alert). Optimistic: the switch shows the new value at once while the server is told; when that fails it goes back
 * to what the server holds and the page shows a danger toast. A flip while a change is on its way is ignored (the
 * change takes a moment; the switch says it is busy), so the server and the switch cannot cross.
 */
export const alertSwitchMachine = setup({
  types: {} as {
    context: AlertSwitchContext;
    events: AlertSwitchEvent;
    input: AlertSwitchInput;
    emitted: AlertSwitchEmitted;
  },
  actors: { switchAlert },
  actions: {
    /** Tells the page (its toasts) what failed. */
    announce: emit((_, params: AlertSwitchEmitted) => params),
  },
  guards: {
    /** The flip asks for the other value than the one shown. */
    isChange: ({ context, event }) => event.alert !== context.alert,
  },
}).createMachine({
  id: 'alertSwitch',
  context: ({ input }) => ({ ...input, confirmed: input.alert }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The switch shows what the server holds',
      on: {
        'alert.toggled': {
          guard: 'isChange',
          target: 'switching',
          actions: assign({ alert: ({ event }) => event.alert }),
        },
      },
    },
    switching: {
      description: 'The new value is shown while the server is told (POST saved-searches/{id}/alert)',
      tags: ['loading'],
      invoke: {
        id: 'switchAlert',
        src: 'switchAlert',
        input: ({ context }) => ({ id: context.id, alert: context.alert }),
        onDone: {
          target: 'idle',
          actions: assign(({ event }) => ({ alert: event.output.alert, confirmed: event.output.alert })),
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'announce',
              params: ({ context, event }) => ({
                type: 'alert.failed' as const,
                name: context.name,
                alert: context.alert,
                message: errorText(event.error),
              }),
            },
            assign(({ context }) => ({ alert: context.confirmed })),
          ],
        },
      },
    },
  },
});
