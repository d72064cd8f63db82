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

/** Every required document approved, lasting past any test run. */
const documentsInOrder = REQUIRED_DOCUMENT_TYPES.map((type) => ({
  type,
  status: 'approved' as const,
  expiresInDays: 300,
}));

/**
 * Rhys Evans: a second partner who may do everything, for the browser tests that need one besides the demo partner:
 * the reservation wizard's model test (e2e/reservation-wizard.model.spec.ts: reservations no other browser test reads)
 * and the other side of the claim race (e2e/journey.spec.ts). expiring@example.com did both until the work rule
 * (spec §6, server/partner/work-eligibility.ts) closed work to its missing and expired documents, which it keeps for
 * the dashboard's banners. Cardiff, no coordinates, a medium van and a Luton, one active driver, nothing reserved.
 */
export const SECOND_PARTNER = 'second@example.com';
const second: AccountPlan = {
  email: SECOND_PARTNER,
  fullName: 'Rhys Evans',
  role: 'transport_partner',
  accountType: 'business',
  journeyReady: true,
  emailVerified: true,
  termsAccepted: true,
  home: { town: 'Cardiff', withCoordinates: false },
  documents: documentsInOrder,
  vehicles: ['mwb', 'luton_van'],
  drivers: 1,
  flagsOff: [],
  counters: null,
  reservations: [],
  wonJobs: [],
};

/**
 * Sam Price: journey-ready, documents, van, driver and terms all in order, and suspended (a completion found false two
 * days before the seed's clock, so SUSPENSION_DAYS_LEFT days are left): what a suspended partner sees where work is
 * offered, and the server's refusals (e2e/work-eligibility.spec.ts). Only read by that test.
 */
export const SUSPENDED_PARTNER = 'suspended@example.com';
export const SUSPENSION_DAYS_LEFT = 5;
const suspended: AccountPlan = {
  email: SUSPENDED_PARTNER,
  fullName: 'Sam Price',
  role: 'transport_partner',
  accountType: 'individual',
  journeyReady: true,
  emailVerified: true,
  termsAccepted: true,
  home: { town: 'Bristol', withCoordinates: true },
  documents: documentsInOrder,
  vehicles: ['lwb'],
  drivers: 1,
  flagsOff: [],
  counters: null,
  reservations: [],
  wonJobs: [],
};

/**
 * Nia Kaur: may do everything until the browser test of the work rule has the team reject her one van while her pages
 * are open (and approve it again after): what a page does when the server refuses for a reason it could not know
 * before (e2e/work-eligibility.spec.ts). Only that test uses it.
 */
export const REFUSED_PARTNER = 'refused@example.com';
const refused: AccountPlan = {
  email: REFUSED_PARTNER,
  fullName: 'Nia Kaur',
  role: 'transport_partner',
  accountType: 'individual',
  journeyReady: true,
  emailVerified: true,
  termsAccepted: true,
  home: { town: 'Birmingham', withCoordinates: true },
  documents: documentsInOrder,
  vehicles: ['luton_van'],
  drivers: 1,
  flagsOff: [],
  counters: null,
  reservations: [],
  wonJobs: [],
};

/**
 * Accounts of the work rule's tests, seeded after every other row (seed.ts seedWorkRuleAccounts) with a random stream
 * of their own, so that no row seeded before them moves: not even the ids of the accounts seeded after TEST_ACCOUNTS.
 */
export const WORK_RULE_ACCOUNTS: readonly AccountPlan[] = [second, suspended, refused];
