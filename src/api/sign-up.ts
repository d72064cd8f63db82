import { SignUpResponse, ValidateStepResponse, type SignUpStep, type SignUpValues } from '@/schemas/sign-up';
import { api } from './api';

/**
 * Sign-up (schemas/sign-up.ts); the mailed links' calls are in ./mail-links.ts. The public calls carry no token and must
 * not try a re-login on 401 (`noRenew`): there is no session to renew.
 */

/** POST /v1/sign-up/validate-step: the server's check of one step (422 HttpError with the fields when refused). */
export const validateSignUpStep = (step: SignUpStep, values: SignUpValues) =>
  api.post('v1/sign-up/validate-step', ValidateStepResponse, 'ValidateStepResponse', {
    body: { step, values },
    noRenew: true,
  });

/** POST /v1/sign-up: creates the partner; the answer sets the session cookie (the next page signs in with it). */
export const submitSignUp = (values: SignUpValues) =>
  api.post('v1/sign-up', SignUpResponse, 'SignUpResponse', { body: values, noRenew: true }).then((r) => r.data);
