import type { Config, SignUpLimits } from '@/server/config';

/**
 * The defaults of the sign-up and password-reset throttles (config.signUpLimits overrides them). Generous for a
 * person, tight for a script: a household signs up a few accounts, nobody a hundred an hour.
 */
export const SIGN_UP_LIMIT_DEFAULTS: SignUpLimits = {
  accountsPerAddress: { limit: 10, windowS: 3600 },
  emailChecksPerAddress: { limit: 60, windowS: 15 * 60 },
  resetRequestsPerAddress: { limit: 10, windowS: 15 * 60 },
  resetMailsPerAccount: { limit: 3, windowS: 3600 },
};

export const signUpLimitsOf = (config: Pick<Config, 'signUpLimits'>): SignUpLimits =>
  config.signUpLimits ?? SIGN_UP_LIMIT_DEFAULTS;
