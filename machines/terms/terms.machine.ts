import { assign, setup } from 'xstate';
import { loadTerms, sendAcceptance } from './terms.actors';
import type { TermsContext, TermsEvent, TermsFailure } from './terms.types';

const failureOf = (error: unknown): TermsFailure =>
  error instanceof Error && '_tag' in error && error._tag === 'NetworkError' ? 'offline' : 'server';

/**
 * The partner terms page (spec §2 partner terms acceptance, §6 requirements before working): the terms and the
 * checklist are read (`loading`), shown (`reading`), and accepted once (`accepting`, then `accepted` with the time the
 * server recorded). A failed acceptance returns to `reading` with its failure, the Accept button still there.
 */
export const termsMachine = setup({
  types: {} as { context: TermsContext; events: TermsEvent },
  actors: { loadTerms, sendAcceptance },
  actions: {
    storeStatus: assign({
      status: ({ event }) => ('output' in event ? event.output : null) as never,
      loadFailure: null,
    }),
    storeLoadFailure: assign({ loadFailure: ({ event }) => failureOf('error' in event ? event.error : null) }),
    storeAccepted: assign({
      status: ({ event }) => ('output' in event ? event.output : null) as never,
      acceptFailure: null,
    }),
    storeAcceptFailure: assign({ acceptFailure: ({ event }) => failureOf('error' in event ? event.error : null) }),
  },
  guards: {
    isAccepted: ({ event }) => 'output' in event && (event.output as TermsContext['status'])?.accepted_at != null,
  },
}).createMachine({
  id: 'terms',
  context: { status: null, loadFailure: null, acceptFailure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the terms version, the acceptance and the requirements checklist',
      tags: ['loading'],
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        onDone: [
          { guard: 'isAccepted', target: 'accepted', actions: 'storeStatus' },
          { target: 'reading', actions: 'storeStatus' },
        ],
        onError: { target: 'failed', actions: 'storeLoadFailure' },
      },
    },
    failed: {
      description: 'The terms could not be read: an error with a retry',
      tags: ['error'],
      on: { 'terms.retried': 'loading' },
    },
    reading: {
      description: 'The partner reads the terms and the checklist; not accepted yet',
      on: { 'terms.accepted': 'accepting' },
    },
    accepting: {
      description: 'The acceptance is being recorded with its time',
      tags: ['loading'],
      invoke: {
        id: 'sendAcceptance',
        src: 'sendAcceptance',
        input: ({ context }) => ({ version: context.status?.version ?? '' }),
        onDone: { target: 'accepted', actions: 'storeAccepted' },
        onError: { target: 'reading', actions: 'storeAcceptFailure' },
      },
    },
    accepted: {
      description: 'The terms are accepted: "Accepted on {date}" shows with the checklist',
    },
  },
});
