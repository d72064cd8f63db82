import { assign, setup } from 'xstate';
import { SIGN_UP_STEPS, STEP_FIELDS, type SignUpField, type SignUpStep } from '@/schemas/sign-up';
import { failureKind, HttpError } from '@/src/api/errors';
import { submitSignUp, validateStep } from './sign-up.actors';
import { checkSignUpForm, emptySignUpForm, firstStepOf, isStepClean, signUpPayload, stepIndex } from './sign-up.rules';
import type { SignUpContext, SignUpEvent, SignUpFailure, SignUpInput, SignUpValue } from './sign-up.types';

/**
 * Partner sign-up (spec §2: login details, your details, vehicle and operational information, insurance, identity;
 * then e-mail verification, on its own page). One form over five steps: each step is checked by the form rules as
 * the partner types (shown once a field is touched), then by the server (validate-step) before the next one opens;
 * the last step sends everything. A refusal keeps every value and shows the server's text under its field; Back keeps
 * everything typed. The account's session cookie comes with the 201: `announceSignedUp` (provided by the page) opens
 * the verify-e-mail page, whose load signs in with it.
 */

const LAST_STEP = SIGN_UP_STEPS[SIGN_UP_STEPS.length - 1] as SignUpStep;

/** A 422 with fields: the server refused what was typed (its texts go under the fields). */
const isFieldRefusal = (error: unknown) =>
  error instanceof HttpError && error.status === 422 && Object.keys(error.errors).length > 0;

const failureOf = (error: unknown): SignUpFailure =>
  error instanceof HttpError && error.status === 429 ? 'rateLimited' : failureKind(error);

const withValue = (context: SignUpContext, field: SignUpField, value: SignUpValue) => {
  const values = { ...context.values, [field]: value } as SignUpContext['values'];
  return { values, errors: checkSignUpForm(values, context.today) };
};

/** Every field of the step touched: a step the partner tried to leave shows all its messages. */
const touchStep = (context: SignUpContext) => ({
  ...context.touched,
  ...Object.fromEntries(STEP_FIELDS[context.step].map((f) => [f, true])),
});

/** The invoked calls' failures: the server's texts by field, or a failure kind for the view to word. */
const storeServerErrors = assign<SignUpContext, { type: string; error: unknown }, undefined, SignUpEvent, never>({
  serverErrors: ({ event }) => (event.error instanceof HttpError ? event.error.errors : {}),
  failure: null,
});
/** After a refused submit: back to the first step with a refused field (an e-mail taken meanwhile: step 1). */
const showRefusedStep = assign<SignUpContext, { type: string; error: unknown }, undefined, SignUpEvent, never>({
  step: ({ context, event }) =>
    (event.error instanceof HttpError ? firstStepOf(Object.keys(event.error.errors)) : null) ?? context.step,
});
const storeFailure = assign<SignUpContext, { type: string; error: unknown }, undefined, SignUpEvent, never>({
  failure: ({ event }) => failureOf(event.error),
});

const editingEvents = {
  'signUp.field.changed': {
    target: 'editing',
    actions: 'setValue',
  },
  'signUp.field.blurred': { actions: 'touch' },
  'signUp.next': [
    { guard: 'canSubmit', target: 'submitting' },
    { guard: 'isStepClean', target: 'validating' },
    { actions: 'revealStep' },
  ],
  'signUp.back': { guard: 'hasPreviousStep', target: 'editing', actions: 'previousStep' },
} as const;

export const signUpMachine = setup({
  types: {} as { context: SignUpContext; events: SignUpEvent; input: SignUpInput },
  actors: { validateStep, submitSignUp },
  actions: {
    setValue: assign(({ context, event }) => {
      if (event.type !== 'signUp.field.changed') return {};
      const { [event.field]: _cleared, ...serverErrors } = context.serverErrors;
      return { ...withValue(context, event.field, event.value), serverErrors, failure: null };
    }),
    touch: assign({
      touched: ({ context, event }) =>
        event.type === 'signUp.field.blurred' ? { ...context.touched, [event.field]: true } : context.touched,
    }),
    revealStep: assign({ touched: ({ context }) => touchStep(context) }),
    previousStep: assign({
      step: ({ context }) => SIGN_UP_STEPS[Math.max(0, stepIndex(context.step) - 1)] as SignUpStep,
      failure: null,
    }),
    nextStep: assign({
      step: ({ context }) => SIGN_UP_STEPS[stepIndex(context.step) + 1] as SignUpStep,
      failure: null,
    }),
    /** Platform effect: open the verify-e-mail page (a full load, so the new session cookie signs in). */
    announceSignedUp: () => {},
  },
  guards: {
    isStepClean: ({ context }) => isStepClean(context.errors, context.step),
    canSubmit: ({ context }) => context.step === LAST_STEP && isStepClean(context.errors, context.step),
    hasPreviousStep: ({ context }) => stepIndex(context.step) > 0,
    isLastStep: ({ context }) => context.step === LAST_STEP,
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => {
    const values = emptySignUpForm();
    return {
      today: input.today,
      step: 'login',
      values,
      errors: checkSignUpForm(values, input.today),
      touched: {},
      serverErrors: {},
      failure: null,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      description: 'The partner fills in the step shown; the form rules check each field as it is typed',
      on: editingEvents,
    },
    validating: {
      description: 'The server checks the step being left (the e-mail not yet registered, the postcode placed)',
      tags: ['loading'],
      invoke: {
        id: 'validateStep',
        src: 'validateStep',
        input: ({ context }) => ({ step: context.step, values: signUpPayload(context.values) }),
        onDone: { target: 'editing', actions: 'nextStep' },
        onError: [
          { guard: ({ event }) => isFieldRefusal(event.error), target: 'refused', actions: storeServerErrors },
          { target: 'editing', actions: storeFailure },
        ],
      },
    },
    refused: {
      description: 'The server refused a field: its text shows under the field, and everything typed is kept',
      on: {
        ...editingEvents,
        // The form rules passed before the server was asked, and any change leaves this state: Next asks again as is.
        'signUp.next': [{ guard: 'isLastStep', target: 'submitting' }, { target: 'validating' }],
      },
    },
    submitting: {
      description: 'Every step sent at once: the account, its first vehicle and insurance covers are made',
      tags: ['loading'],
      invoke: {
        id: 'submitSignUp',
        src: 'submitSignUp',
        input: ({ context }) => ({ values: signUpPayload(context.values) }),
        onDone: 'done',
        onError: [
          {
            guard: ({ event }) => isFieldRefusal(event.error),
            target: 'refused',
            actions: [storeServerErrors, showRefusedStep],
          },
          { target: 'editing', actions: storeFailure },
        ],
      },
    },
    done: {
      description: 'Signed up and signed in: the verify-e-mail page opens, and the verification mail is on its way',
      type: 'final',
      entry: 'announceSignedUp',
    },
  },
});
