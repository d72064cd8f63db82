import { REQUIRED_DOCUMENT_TYPES } from '@/server/partner/onboarding-status';
import type { AccountPlan } from '@/server/seed/account-plan';

/**
 * Accounts of their own for the browser tests that change what they touch, where doing it to a demo sign-in would
 * change what other tests find. Seeded after all the demo data (seed.ts), with a random stream of their own, so no
 * row seeded before them moves. Each says which test owns it.
 */

/**
 * Chris Doyle: done work to be found false (e2e/suspension.spec.ts). A false completion suspends the account for 7
 * days (spec §9), which would stop every completion test of the demo partner.
 */
const completion: AccountPlan = {
  email: 'completion@example.com',
  fullName: 'Chris Doyle',
  role: 'transport_partner',
  accountType: 'business',
  journeyReady: true,
  emailVerified: true,
  termsAccepted: true,
  home: { town: 'Sheffield', postcode: 'S1 2HE', withCoordinates: true },
  documents: REQUIRED_DOCUMENT_TYPES.map((type) => ({ type, status: 'approved', expiresInDays: 300 })),
  vehicles: ['lwb'],
  drivers: 1,
  flagsOff: [],
  counters: null,
  reservations: [],
  wonJobs: [
    { status: 'realised', timing: 'today' },
    { status: 'in_realisation', timing: 'today' },
    { status: 'completed', timing: 'this_week' },
  ],
};

export const TEST_ACCOUNTS: readonly AccountPlan[] = [completion];
