import { assign, setup } from 'xstate';
import { LinkRefusal } from '@/schemas/mail-links';
import { Schema } from 'effect';
import { failureKind, HttpError } from '@/src/api/errors';
import { loadStatus, resendMail, verifyToken } from './email-verification.actors';
import type {
  EmailVerificationContext,
  EmailVerificationEvent,
  EmailVerificationInput,
  VerificationFailure,
} from './email-verification.types';

/**
 * E-mail verification with resend (spec §2), the page after sign-up and the target of the mail's link:
 *
 * - opened from the link (`?token=`): the token is sent once; verified, or refused as expired, used or not valid;
 * - opened signed in without a token ("check your e-mail"): the status names the address and how long until the mail
 *   may be sent again; Resend sends a new link, then counts the minute down (the server refuses a resend within a
 *   minute: a 429 reads the status again and shows the wait);
 * - signed out without a token: nothing to do here but open the link, or sign in to get a new one.
 */

const isLinkRefusal = (error: unknown) =>
  error instanceof HttpError && error.status === 422 && Schema.is(LinkRefusal)(error.reason);
const hasStatus = (error: unknown, status: number) => error instanceof HttpError && error.status === status;
const failureOf = (error: unknown): VerificationFailure => (hasStatus(error, 429) ? 'rateLimited' : failureKind(error));

type ErrorEvent = { type: string; error: unknown };
const storeFailure = assign<EmailVerificationContext, ErrorEvent, undefined, EmailVerificationEvent, never>({
  failure: ({ event }) => failureOf(event.error),
});

export const emailVerificationMachine = setup({
  types: {} as { context: EmailVerificationContext; events: EmailVerificationEvent; input: EmailVerificationInput },
  actors: { verifyToken, loadStatus, resendMail },
  actions: {
    tick: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isSignedIn: ({ context }) => context.signedIn,
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  delays: { oneSecond: 1000 },
}).createMachine({
  id: 'emailVerification',
  context: ({ input }) => ({
    token: input.token,
    signedIn: input.signedIn,
    email: null,
    secondsLeft: 0,
    resent: false,
    refusal: null,
    failure: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Opened from the mail’s link, signed in waiting for the mail, or signed out',
      always: [
        { guard: 'hasToken', target: 'verifying' },
        { guard: 'isSignedIn', target: 'loadingStatus' },
        { target: 'signedOut' },
      ],
    },
    verifying: {
      description: 'The link’s token is sent to the server, once',
      tags: ['loading'],
      invoke: {
        id: 'verifyToken',
        src: 'verifyToken',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'verified', actions: assign({ failure: null }) },
        onError: [
          {
            guard: ({ event }) => isLinkRefusal(event.error),
            target: 'linkRefused',
            actions: assign({ refusal: ({ event }) => (event.error as HttpError).reason as LinkRefusal }),
          },
          { target: 'verifyFailed', actions: storeFailure },
        ],
      },
    },
    verifyFailed: {
      description: 'The server could not be reached or failed: the link can be tried again',
      tags: ['error'],
      on: { 'verifyEmail.retried': 'verifying' },
    },
    verified: {
      description: 'The e-mail is verified: the unverified banner is gone, and the partner goes on to sign in',
      type: 'final',
    },
    linkRefused: {
      description: 'The link expired, was used already or is not valid: signed in, a new one can be sent',
      on: { 'verifyEmail.resend.requested': { guard: 'isSignedIn', target: 'resending' } },
    },
    signedOut: {
      description: 'No link and no session: open the link from the mail, or sign in to have it sent again',
    },
    loadingStatus: {
      description: 'Reading which address the mail went to, and how long until it may be sent again',
      tags: ['loading'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          { guard: ({ event }) => event.output.email_verified, target: 'verified' },
          {
            guard: ({ event }) => event.output.resend_in_s > 0,
            target: 'coolingDown',
            actions: assign({
              email: ({ event }) => event.output.email,
              secondsLeft: ({ event }) => event.output.resend_in_s,
            }),
          },
          { target: 'waiting', actions: assign({ email: ({ event }) => event.output.email }) },
        ],
        onError: { target: 'waiting', actions: storeFailure },
      },
    },
    waiting: {
      description: 'Waiting for the partner to open the link; Resend sends a new one',
      on: { 'verifyEmail.resend.requested': 'resending' },
    },
    resending: {
      description: 'A new link is being mailed',
      tags: ['loading'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'resendMail',
        src: 'resendMail',
        onDone: {
          target: 'coolingDown',
          actions: assign({ secondsLeft: ({ event }) => event.output.retry_after_s, resent: true }),
        },
        onError: [
          // Sent from another tab a moment ago: the status tells how long to wait, and the refusal is said.
          { guard: ({ event }) => hasStatus(event.error, 429), target: 'loadingStatus', actions: storeFailure },
          // Verified meanwhile (the link opened in another tab).
          { guard: ({ event }) => hasStatus(event.error, 409), target: 'verified' },
          { target: 'waiting', actions: storeFailure },
        ],
      },
    },
    coolingDown: {
      description: 'A mail was just sent: Resend waits out the minute, counting down',
      after: {
        oneSecond: [
          { guard: 'isLastSecond', target: 'waiting', actions: 'tick' },
          { target: 'coolingDown', reenter: true, actions: 'tick' },
        ],
      },
    },
  },
});
