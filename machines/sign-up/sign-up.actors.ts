import { fromPromise } from 'xstate';
import type { SignUpStep, SignUpValues } from '@/schemas/sign-up';
import { submitSignUp as postSignUp, validateSignUpStep } from '@/src/api/sign-up';

/** POST /v1/sign-up/validate-step: the server's check of the step the partner is leaving. */
export const validateStep = fromPromise<unknown, { step: SignUpStep; values: SignUpValues }>(({ input }) =>
  validateSignUpStep(input.step, input.values),
);

/** POST /v1/sign-up: the account, its first vehicle and covers; the answer sets the session cookie. */
export const submitSignUp = fromPromise<{ user_id: number; email: string }, { values: SignUpValues }>(({ input }) =>
  postSignUp(input.values),
);
