import { Schema } from 'effect';
import { assign, setup } from 'xstate';
import { confirmed, email, maxLength, password, required, validateForm } from '@/machines/forms/form-rules';
import { LinkRefusal } from '@/schemas/mail-links';
import { failureKind, HttpError } from '@/src/api/errors';
import { confirmPassword, requestLink } from './password-reset.actors';
import type {
  PasswordResetContext,
  PasswordResetEvent,
  PasswordResetFailure,
  PasswordResetField,
  PasswordResetInput,
} from './password-reset.types';

/**
 * Password reset (spec §2 "login and password reset"): without a token the partner gives the e-mail and is told a link
 * was sent if the account exists (the server answers the same either way); with the link's token they choose a new
 * password (spec §5: at least 8 characters, letters and numbers combined) and confirm it, then sign in. A refused
 * password keeps the link usable; an expired or used link offers to ask for a new one.
 */

const FIELDS_OF = {
  asking: ['email'],
  choosing: ['password', 'password_confirmation'],
} as const satisfies Record<string, readonly PasswordResetField[]>;

const check = (values: PasswordResetContext['values']) =>
  validateForm(values, {
    email: [required, email, maxLength(254)],
    password: [required, password],
    password_confirmation: [required, confirmed(values.password)],
  });

const isFieldRefusal = (error: unknown) =>
  error instanceof HttpError && error.status === 422 && error.reason === null && Object.keys(error.errors).length > 0;
const isLinkRefusal = (error: unknown) =>
  error instanceof HttpError && error.status === 422 && Schema.is(LinkRefusal)(error.reason);
const failureOf = (error: unknown): PasswordResetFailure =>
  error instanceof HttpError && error.status === 429 ? 'rateLimited' : failureKind(error);

type ErrorEvent = { type: string; error: unknown };
const storeServerErrors = assign<PasswordResetContext, ErrorEvent, undefined, PasswordResetEvent, never>({
  serverErrors: ({ event }) => (event.error instanceof HttpError ? event.error.errors : {}),
});
const storeFailure = assign<PasswordResetContext, ErrorEvent, undefined, PasswordResetEvent, never>({
  failure: ({ event }) => failureOf(event.error),
});

const fieldEvents = {
  'passwordReset.field.changed': { actions: 'setValue' },
  'passwordReset.field.blurred': { actions: 'touch' },
} as const;

export const passwordResetMachine = setup({
  types: {} as { context: PasswordResetContext; events: PasswordResetEvent; input: PasswordResetInput },
  actors: { requestLink, confirmPassword },
  actions: {
    setValue: assign(({ context, event }) => {
      if (event.type !== 'passwordReset.field.changed') return {};
      const values = { ...context.values, [event.field]: event.value };
      const { [event.field]: _cleared, ...serverErrors } = context.serverErrors;
      return { values, errors: check(values), serverErrors, failure: null };
    }),
    touch: assign({
      touched: ({ context, event }) =>
        event.type === 'passwordReset.field.blurred' ? { ...context.touched, [event.field]: true } : context.touched,
    }),
    revealEmail: assign({ touched: ({ context }) => ({ ...context.touched, email: true }) }),
    revealPasswords: assign({
      touched: ({ context }) => ({ ...context.touched, password: true, password_confirmation: true }),
    }),
    clearFailure: assign({ failure: null, serverErrors: {} }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isEmailClean: ({ context }) => FIELDS_OF.asking.every((f) => !context.errors[f]),
    arePasswordsClean: ({ context }) => FIELDS_OF.choosing.every((f) => !context.errors[f]),
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => {
    const values = { email: '', password: '', password_confirmation: '' };
    return {
      token: input.token,
      values,
      errors: check(values),
      touched: {},
      serverErrors: {},
      refusal: null,
      failure: null,
    };
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Opened from the mail’s link (a token) or to ask for one',
      always: [{ guard: 'hasToken', target: 'choosing' }, { target: 'asking' }],
    },
    asking: {
      description: 'The partner gives the e-mail of the account',
      on: {
        ...fieldEvents,
        'passwordReset.submitted': [{ guard: 'isEmailClean', target: 'requesting' }, { actions: 'revealEmail' }],
      },
    },
    requesting: {
      description: 'Asking the server to mail a link (it answers the same whether or not the account exists)',
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        id: 'requestLink',
        src: 'requestLink',
        input: ({ context }) => ({ email: context.values.email.trim() }),
        onDone: 'requested',
        onError: [
          { guard: ({ event }) => isFieldRefusal(event.error), target: 'asking', actions: storeServerErrors },
          { target: 'asking', actions: storeFailure },
        ],
      },
    },
    requested: {
      description: 'If an account exists, a link is on its way (valid one hour); help is there from 8am to 6pm',
      type: 'final',
    },
    choosing: {
      description: 'The partner chooses the new password and types it again',
      on: {
        ...fieldEvents,
        'passwordReset.submitted': [
          { guard: 'arePasswordsClean', target: 'confirming' },
          { actions: 'revealPasswords' },
        ],
      },
    },
    confirming: {
      description: 'The new password goes to the server with the link’s token',
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        id: 'confirmPassword',
        src: 'confirmPassword',
        input: ({ context }) => ({
          token: context.token ?? '',
          password: context.values.password,
          password_confirmation: context.values.password_confirmation,
        }),
        onDone: 'done',
        onError: [
          {
            guard: ({ event }) => isLinkRefusal(event.error),
            target: 'linkRefused',
            actions: assign({ refusal: ({ event }) => (event.error as HttpError).reason as LinkRefusal }),
          },
          { guard: ({ event }) => isFieldRefusal(event.error), target: 'choosing', actions: storeServerErrors },
          { target: 'choosing', actions: storeFailure },
        ],
      },
    },
    linkRefused: {
      description: 'The link expired, was used already or is not valid: the partner can ask for a new one',
      on: { 'passwordReset.restarted': 'asking' },
    },
    done: {
      description: 'The password is changed and every session of the account ended: the partner signs in with it',
      type: 'final',
    },
  },
});
