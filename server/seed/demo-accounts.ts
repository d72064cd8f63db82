import { REQUIRED_DOCUMENT_TYPES } from '@/server/partner/onboarding-status';
import { NO_COUNTERS, type AccountPlan, type WonJobPlan } from '@/server/seed/account-plan';

const approvedFor = (days: number) =>
  REQUIRED_DOCUMENT_TYPES.map((type) => ({ type, status: 'approved' as const, expiresInDays: days }));

const times = (count: number, plan: WonJobPlan): WonJobPlan[] => Array.from({ length: count }, () => plan);

/** Dan Carter: a ready business partner with something in every card, badge and list. */
const partner: AccountPlan = {
  email: 'partner@example.com',
  fullName: 'Dan Carter',
  role: 'transport_partner',
  accountType: 'business',
  journeyReady: true,
  emailVerified: true,
  termsAccepted: true,
  home: { town: 'Manchester', postcode: 'M1 4BT', withCoordinates: true },
  documents: REQUIRED_DOCUMENT_TYPES.map((type, i) => ({ type, status: 'approved', expiresInDays: 220 + i * 45 })),
  vehicles: ['swb', 'mwb', 'lwb', 'xlwb', 'luton_van'],
  drivers: 4,
  flagsOff: [],
  counters: {
    alerts: 2,
    bidding: 3,
    book_now: 1,
    invitations: 4,
    journey: 2,
    new_admin_messages: 1,
    new_messages: 5,
    watching: 7,
  },
  reservations: [
    { inDays: 1, status: 'pending', type: 'local', people: '1' },
    { inDays: 2, status: 'accepted', type: 'local', people: '2' },
    { inDays: 3, status: 'return_offer', type: 'return', people: '1' },
    { inDays: 5, status: 'pending_cancellation', type: 'national', people: '2' },
    { inDays: 6, status: 'pending_modification', type: 'custom', people: '1' },
    { inDays: 8, status: 'accepted', type: 'local', people: 'flexible', anywhere: true },
    { inDays: 10, status: 'journey_associated', type: 'national', people: '1' },
    { inDays: 13, status: 'pending', type: 'national', people: '1', unpriced: true },
    { inDays: -1, status: 'completed', type: 'local', people: '1' },
    { inDays: -3, status: 'tp_cancelled', type: 'local', people: '2' },
    { inDays: -5, status: 'timed_out', type: 'return', people: '1' },
    { inDays: -8, status: 'no_match', type: 'local', people: 'flexible' },
    { inDays: -12, status: 'unsuccessful', type: 'national', people: '1' },
    { inDays: -16, status: 'completed', type: 'national', people: '2' },
    { inDays: -21, status: 'av_cancelled', type: 'custom', people: '1' },
  ],
  wonJobs: [
    ...times(3, { status: 'allocated', timing: 'upcoming' }),
    ...times(2, { status: 'in_realisation', timing: 'today' }),
    { status: 'realised', timing: 'today' },
    ...times(3, { status: 'completed', timing: 'this_week' }),
    ...times(4, { status: 'completed', timing: 'weeks_ago' }),
    ...times(5, { status: 'finalised', timing: 'weeks_ago' }),
  ],
};

/** A new individual partner: documents approved, one van, not yet journey-ready. */
const starter: AccountPlan = {
  email: 'starter@example.com',
  fullName: 'Priya Shah',
  role: 'transport_partner',
  accountType: 'individual',
  journeyReady: false,
  emailVerified: true,
  termsAccepted: true,
  home: { town: 'Leeds', withCoordinates: true },
  documents: approvedFor(300),
  vehicles: ['lwb'],
  drivers: 0,
  flagsOff: ['reservation_menu', 'journey_search'],
  counters: { ...NO_COUNTERS, alerts: 1 },
  reservations: [],
  wonJobs: [{ status: 'allocated', timing: 'upcoming' }],
};

/**
 * Documents in every trouble: identity missing, vehicle insurance expiring in 10 days, goods-in-transit expired
 * last month. The address has no coordinates (so the dashboard has no nearby count).
 */
const expiring: AccountPlan = {
  email: 'expiring@example.com',
  fullName: 'Gareth Hughes',
  role: 'transport_partner',
  accountType: 'business',
  journeyReady: true,
  emailVerified: true,
  termsAccepted: true,
  home: { town: 'Cardiff', withCoordinates: false },
  documents: [
    { type: 'driving_licence', status: 'approved', expiresInDays: 400 },
    { type: 'third_party_insurance', status: 'approved', expiresInDays: 180 },
    { type: 'vehicle_insurance', status: 'approved', expiresInDays: 10 },
    { type: 'goods_in_transit_insurance', status: 'approved', expiresInDays: -31 },
  ],
  vehicles: ['mwb', 'luton_van'],
  drivers: 1,
  flagsOff: [],
  counters: { ...NO_COUNTERS, alerts: 3, new_admin_messages: 2 },
  reservations: [{ inDays: 4, status: 'pending', type: 'local', people: '1' }],
  wonJobs: [],
};

/** Signed up a moment ago: e-mail not verified, nothing uploaded, terms not accepted, no address. */
const unverified: AccountPlan = {
  email: 'unverified@example.com',
  fullName: 'Megan Ellis',
  role: 'transport_partner',
  accountType: 'individual',
  journeyReady: false,
  emailVerified: false,
  termsAccepted: false,
  home: null,
  documents: [],
  vehicles: [],
  drivers: 0,
  flagsOff: [],
  counters: null,
  reservations: [],
  wonJobs: [],
};

const admin: AccountPlan = {
  email: 'admin@example.com',
  fullName: 'Alex Morgan',
  role: 'admin',
  accountType: 'business',
  journeyReady: false,
  emailVerified: true,
  termsAccepted: true,
  home: { town: 'Birmingham', withCoordinates: true },
  documents: [],
  vehicles: [],
  drivers: 0,
  flagsOff: [],
  counters: null,
  reservations: [],
  wonJobs: [],
};

/** The sign-ins shown at start and in the README; seeded first, so their ids are 1 to 5 on a fresh database. */
export const DEMO_ACCOUNTS: readonly AccountPlan[] = [partner, starter, expiring, unverified, admin];
