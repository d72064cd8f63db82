import { deallocationCharge as chargeOf } from '@/machines/journey-allocation/journey-pay';
import { JOURNEY_RATES } from '@/machines/journey-allocation/journey-rates';
import { CANCEL_INTEREST_NOTICE_HOURS, type ChargeBand } from '@/schemas/journey';

const HOUR_MS = 3_600_000;

/**
 * The last moment an interest can be cancelled: the journey's first pickup minus 24 hours (spec §4 "interest can be
 * cancelled within a time limit"; the limit is the reference's choice, the same 24 hours as the deallocation bands).
 * Cancelling is allowed strictly before it: at the deadline itself the interest stands.
 */
export const cancelInterestDeadline = (firstPickupAt: Date): Date =>
  new Date(firstPickupAt.getTime() - CANCEL_INTEREST_NOTICE_HOURS * HOUR_MS);

export const canCancelInterest = (firstPickupAt: Date, now: Date): boolean =>
  now.getTime() < cancelInterestDeadline(firstPickupAt).getTime();

/** £3 in pence: the flat charge of the earliest band (the rate table's). */
export const EARLY_DEALLOCATION_CHARGE_PENCE = JOURNEY_RATES.deallocation.flatPence;

export interface DeallocationCharge {
  readonly band: ChargeBand;
  /** Minor units (pence), rounded to the nearest penny. */
  readonly amount: number;
}

/**
 * What handing a journey back costs the partner (spec §9). The source gives three bands that overlap: "25% of job
 * value up to 24 hours before pickup; £3 up to 48 hours before; 50% within 24 hours of pickup". Read literally,
 * "25% up to 24 hours before" and "£3 up to 48 hours before" both cover, say, three days ahead. The reading chosen
 * here makes the bands disjoint and the charge grow as the pickup nears, which is what a charge for late notice is
 * for — each phrase names where its band ends:
 *
 *   time left until the first pickup   charge
 *   48 h or more                        £3 ("up to 48 hours before")
 *   24 h or more, under 48 h            25% of the job value ("up to 24 hours before")
 *   under 24 h                          50% of the job value ("within 24 hours of pickup")
 *
 * The boundaries belong to the cheaper band (exactly 48 h → £3, exactly 24 h → 25%). Job value: the journey's pay
 * plus its return leg's when the partner took the return. A deallocation after the first pickup is refused before
 * this is asked. The figures and the rule are the journey rate table's (machines/journey-allocation/journey-rates.ts,
 * applied by journey-pay.ts): the one configuration the portal shows the partner before confirming and the server
 * charges by.
 */
export const deallocationCharge = (firstPickupAt: Date, now: Date, jobValuePence: number): DeallocationCharge =>
  chargeOf(firstPickupAt.getTime(), now.getTime(), jobValuePence);

/**
 * Whether a vehicle can carry a journey's load (the reference's fit rule): its loading capacity is at least the
 * journey's volume. Payload weight, tail lift and seats are not checked (the journeys carry no weights).
 */
export const vehicleFits = (loadingCapacityM3: number, journeyVolumeM3: number): boolean =>
  loadingCapacityM3 >= journeyVolumeM3;

/** A point rounded to 2 decimals (about 1 km): where a stop is, without pointing at the customer's door. */
export const coarse = (degrees: number): number => Math.round(degrees * 100) / 100;
