import { assign, setup } from 'xstate';
import type { WonJob } from '@/schemas/work';
import { failureKind, type HttpError } from '@/src/api/errors';
import { completeJob } from './job-completion.actors';
import { isCompletionValid, parsePounds } from './job-completion.rules';
import type {
  CompletionContext,
  CompletionEvent,
  CompletionFailure,
  CompletionInput,
  CompletionRequest,
} from './job-completion.types';

/** A refusal's own words (before the pickup, completed already, suspended) are shown; any other failure is worded. */
const failureOf = (error: unknown): CompletionFailure => {
  const kind = failureKind(error);
  return { kind, message: kind === 'refused' ? (error as HttpError).message : null };
};

/** The form as sent: the text trimmed, the cost in pence, only what the mode sends. */
const requestOf = (context: CompletionContext<WonJob>): CompletionRequest => ({
  listingId: context.listingId,
  mode: context.mode,
  text: context.mode === 'complete' ? '' : context.text.trim(),
  amountPence: context.mode === 'extraCost' ? parsePounds(context.amount) : null,
  key: context.key!,
});

/**
 * The completion dialogue of one won job (spec §4 job completion, §7 complete and complete-with-issue, §8 completion
 * failure text). The partner chooses how the job ended — done, done with an issue (words), or done with an
 * additional cost for the customer (amount and reason, sent as the charge-customer-extra issue) — and submits; a
 * valid form asks for confirmation, warning that a false completion suspends the account for 7 days (spec §9). The
 * confirmed completion goes out with an Idempotency-Key that stays the same until the form changes, so a retry after
 * no answer completes the job once. Any failure comes back to the form with everything typed kept. Ends `completed`
 * with the job as the server answered, or `cancelled`; its invoker (the won-work page's machine) takes the output.
 */
export const jobCompletion = setup({
  types: {} as {
    context: CompletionContext<WonJob>;
    events: CompletionEvent;
    input: CompletionInput;
    output: WonJob | null;
  },
  actors: { completeJob },
  actions: {
    /** A changed form is another completion: the next confirmation takes a new key. */
    forgetKey: assign({ key: null }),
    issueKey: assign({ key: ({ context }) => context.key ?? crypto.randomUUID() }),
    revealErrors: assign({ showErrors: true }),
  },
  guards: {
    isValid: ({ context }) => isCompletionValid(context),
  },
}).createMachine({
  id: 'jobCompletion',
  context: ({ input }) => ({
    listingId: input.listingId,
    mode: input.mode ?? 'complete',
    text: '',
    amount: '',
    showErrors: false,
    key: null,
    failure: null,
    completed: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'How the job ended, and the issue or the cost with its reason; a failure shows above the form',
      on: {
        'completion.mode.changed': { actions: [assign({ mode: ({ event }) => event.mode }), 'forgetKey'] },
        'completion.text.changed': { actions: [assign({ text: ({ event }) => event.text }), 'forgetKey'] },
        'completion.amount.changed': { actions: [assign({ amount: ({ event }) => event.amount }), 'forgetKey'] },
        'completion.submitted': [
          { guard: 'isValid', target: 'confirming', actions: assign({ failure: null }) },
          { actions: 'revealErrors' },
        ],
        'completion.cancelled': { target: 'cancelled' },
      },
    },
    confirming: {
      description: 'Are you sure? A false completion suspends the account for 7 days',
      on: {
        'completion.confirmed': { target: 'submitting', actions: 'issueKey' },
        'completion.back': { target: 'editing' },
        'completion.cancelled': { target: 'cancelled' },
      },
    },
    submitting: {
      description: 'Recording the completion; the dialogue waits for the answer',
      tags: ['busy'],
      invoke: {
        id: 'completeJob',
        src: 'completeJob',
        input: ({ context }) => requestOf(context),
        onDone: { target: 'completed', actions: assign({ completed: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    completed: {
      description: 'The server recorded it: the card shows the job as realised (with its issue or cost)',
      type: 'final',
    },
    cancelled: {
      description: 'Closed without completing',
      type: 'final',
    },
  },
  output: ({ context }) => context.completed,
});
