import {
  NATIONWIDE_FROM_MILES,
  TRAVEL_ALLOWANCE_MINUTES,
  WINDOW_BUFFER_MINUTES,
  type People,
} from '@/schemas/reservation';
import { driveMinutes, roadMiles } from '@/server/reservations/road-distance';
import type { PlannedReservation } from '@/server/reservations/reservation-plan';

/**
 * The price range of a reservation, in pence (spec §9 pay): what the partner can expect to earn for the block,
 * from `min_price` (everything that can go against them) to `max_price` (everything for them).
 *
 *                       min_price                                   max_price
 *   hourly rate         £15/h one person, £25/h two people;          the same; flexible at £25/h
 *                       flexible at £15/h
 *   paid hours          the window less its two 20-minute buffers    the window plus the 20-minute travel
 *                       and less the private job's whole span        allowance at each end, less the private job's
 *                       (pickup window opening → delivery closing)   own time (times on site and the drive between)
 *   mileage             25p a mile up to 100 miles, 30p beyond       30p a mile flat (spec §9 gives both readings)
 *                       (on the start-to-end road miles)
 *   nationwide          + £50 (end more than 100 miles away)         + £60 (the top-up is "50 to 60 pounds")
 *   large loads         + £1 per m³ above 10 m³ (spec §9: "loads over 10 m3 are compensated"; no amount is given,
 *                       so this figure is the reference's own) — on both
 *
 * Hours never go below 0; each figure is rounded to the penny at the end. Worked examples (pricing.test.ts):
 * - local full day 08:00–18:00, one person, 10 m³, back to the start: min 9h20 × £15 = £140, max 10h40 × £15 = £160;
 * - the same with two people: £233.33 to £266.67; flexible: £140 to £266.67;
 * - nationwide, 150 road miles, one person, 20 m³: min £140 + £40 mileage (100 × 25p + 50 × 30p) + £50 + £10 = £240,
 *   max £160 + £45 (150 × 30p) + £60 + £10 = £275.
 */
export const RATE_PENCE_PER_HOUR = { one: 1500, two: 2500 } as const;
export const MILEAGE_TIER_MILES = 100;
export const MILEAGE_LOW_PENCE = 25;
export const MILEAGE_HIGH_PENCE = 30;
export const MILEAGE_FLAT_PENCE = 30;
export const NATIONWIDE_TOP_UP_PENCE = { min: 5000, max: 6000 } as const;
export const LARGE_LOAD_FROM_M3 = 10;
export const LARGE_LOAD_PENCE_PER_M3 = 100;

const HOUR_MS = 3_600_000;

export interface PriceRange {
  readonly min: number;
  readonly max: number;
}

const rates = (people: People) =>
  people === 1
    ? { min: RATE_PENCE_PER_HOUR.one, max: RATE_PENCE_PER_HOUR.one }
    : people === 2
      ? { min: RATE_PENCE_PER_HOUR.two, max: RATE_PENCE_PER_HOUR.two }
      : { min: RATE_PENCE_PER_HOUR.one, max: RATE_PENCE_PER_HOUR.two };

/** Tiered mileage: 25p a mile for the first 100 miles, 30p for every mile beyond. */
export const tieredMileagePence = (miles: number): number =>
  Math.min(miles, MILEAGE_TIER_MILES) * MILEAGE_LOW_PENCE +
  Math.max(0, miles - MILEAGE_TIER_MILES) * MILEAGE_HIGH_PENCE;

export const flatMileagePence = (miles: number): number => miles * MILEAGE_FLAT_PENCE;

/** Hours of the reservation the partner's own (private) job takes: its whole span, and its own time. */
const privateJobHours = (plan: PlannedReservation) => {
  const job = plan.privateJobs[0];
  if (!job) return { span: 0, own: 0 };
  const span = (job.delivery.windowEnd.getTime() - job.pickup.windowStart.getTime()) / HOUR_MS;
  const onSite = (Math.max(0, job.pickup.onSiteS) + Math.max(0, job.delivery.onSiteS)) / 3600;
  const drive = driveMinutes(roadMiles(job.pickup.place, job.delivery.place)) / 60;
  return { span: Math.max(0, span), own: onSite + drive };
};

export const priceReservation = (plan: PlannedReservation): PriceRange => {
  const windowHours = (plan.window.end.getTime() - plan.window.start.getTime()) / HOUR_MS;
  const privateJob = privateJobHours(plan);
  const minHours = Math.max(0, windowHours - (2 * WINDOW_BUFFER_MINUTES) / 60 - privateJob.span);
  const maxHours = Math.max(0, windowHours + (2 * TRAVEL_ALLOWANCE_MINUTES) / 60 - privateJob.own);
  const rate = rates(plan.people);
  const nationwide = plan.roadMiles > NATIONWIDE_FROM_MILES;
  const largeLoad = Math.max(0, plan.capacityM3 - LARGE_LOAD_FROM_M3) * LARGE_LOAD_PENCE_PER_M3;
  const min =
    minHours * rate.min +
    tieredMileagePence(plan.roadMiles) +
    (nationwide ? NATIONWIDE_TOP_UP_PENCE.min : 0) +
    largeLoad;
  const max =
    maxHours * rate.max + flatMileagePence(plan.roadMiles) + (nationwide ? NATIONWIDE_TOP_UP_PENCE.max : 0) + largeLoad;
  return { min: Math.round(min), max: Math.round(max) };
};

/** `£140` for whole pounds, else `£233.33` (spec §9: GBP without decimals or with 2). */
export const formatPounds = (pence: number): string =>
  pence % 100 === 0 ? `£${pence / 100}` : `£${(pence / 100).toFixed(2)}`;
