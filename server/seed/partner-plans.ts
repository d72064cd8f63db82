import { REQUIRED_DOCUMENT_TYPES } from '@/server/partner/onboarding-status';
import { FEATURE_FLAGS } from '@/schemas/app-init';
import { type AccountPlan, type ReservationPlan, type WonJobPlan } from '@/server/seed/account-plan';
import { emailLocalPart, seedPersonName } from '@/server/seed/british-names';
import { VEHICLE_SIZES } from '@/server/seed/fleet';
import type { Random } from '@/server/seed/random';
import type { TownPicker } from '@/server/seed/town-picker';

const RESERVATION_STATUSES = [
  ['pending', 3],
  ['accepted', 4],
  ['return_offer', 1],
  ['pending_cancellation', 1],
  ['pending_modification', 1],
  ['journey_associated', 1],
] as const;
const HISTORIC_STATUSES = [
  'completed',
  'completed',
  'tp_cancelled',
  'av_cancelled',
  'timed_out',
  'no_match',
  'unsuccessful',
  'superseded',
  'tp_withdrawn',
] as const;
const WON_JOBS: readonly (readonly [WonJobPlan, number])[] = [
  [{ status: 'allocated', timing: 'upcoming' }, 3],
  [{ status: 'in_realisation', timing: 'today' }, 1],
  [{ status: 'completed', timing: 'this_week' }, 2],
  [{ status: 'completed', timing: 'weeks_ago' }, 2],
  [{ status: 'finalised', timing: 'weeks_ago' }, 3],
];

const reservationsFor = (random: Random): ReservationPlan[] =>
  Array.from({ length: random.int(0, 5) }, () => {
    const historic = random.chance(0.4);
    return {
      inDays: historic ? -random.int(1, 40) : random.int(1, 20),
      status: historic ? random.pick(HISTORIC_STATUSES) : random.weighted(RESERVATION_STATUSES),
      type: random.weighted([
        ['local', 5],
        ['national', 2],
        ['return', 1],
        ['custom', 1],
      ] as const),
      people: random.weighted([
        ['1', 5],
        ['2', 3],
        ['flexible', 1],
      ] as const),
    };
  });

/** `count` more partners around the country: British names, a few vans each, mostly ready to work. */
export const seedPartnerPlans = (random: Random, towns: TownPicker, count: number): AccountPlan[] => {
  const taken = new Set<string>();
  return Array.from({ length: count }, (): AccountPlan => {
    const name = seedPersonName(random);
    let email = `${emailLocalPart(name)}@example.co.uk`;
    for (let n = 2; taken.has(email); n++) email = `${emailLocalPart(name)}${n}@example.co.uk`;
    taken.add(email);
    const journeyReady = random.chance(0.6);
    const flagsOff = FEATURE_FLAGS.filter(() => random.chance(0.08));
    return {
      email,
      fullName: name.full,
      role: 'transport_partner',
      accountType: random.weighted([
        ['individual', 4],
        ['business', 5],
        ['business_pro', 1],
      ] as const),
      journeyReady,
      emailVerified: random.chance(0.95),
      termsAccepted: random.chance(0.95),
      home: { town: towns.pick().name, withCoordinates: random.chance(0.9) },
      // Most documents last a year or more; about one in ten is close to renewal.
      documents: REQUIRED_DOCUMENT_TYPES.map((type) => ({
        type,
        status: random.weighted([
          ['approved', 18],
          ['pending_review', 1],
          ['rejected', 1],
        ] as const),
        expiresInDays: random.chance(0.1) ? random.int(-20, 30) : random.int(60, 700),
      })),
      vehicles: Array.from({ length: random.int(1, 4) }, () => random.pick(VEHICLE_SIZES)),
      drivers: random.int(0, 3),
      flagsOff: flagsOff.filter((flag) => flag !== 'third_party_partner'),
      counters: {
        alerts: random.int(0, 3),
        bidding: random.int(0, 4),
        book_now: random.int(0, 2),
        invitations: random.int(0, 3),
        journey: journeyReady ? random.int(0, 3) : 0,
        new_admin_messages: random.int(0, 1),
        new_messages: random.int(0, 6),
        watching: random.int(0, 8),
      },
      reservations: journeyReady ? reservationsFor(random) : [],
      wonJobs: Array.from({ length: random.int(0, 6) }, () => random.weighted(WON_JOBS)),
    };
  });
};
