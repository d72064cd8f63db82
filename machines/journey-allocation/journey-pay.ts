import type { ChargeBand, JourneyNode } from '@/schemas/journey';
import { JOURNEY_RATES } from './journey-rates';

/**
 * Pure figures of a journey page (the rates are in journey-rates.ts): the stops in route order, how long the schedule
 * runs, the standard-rate pay that explains a journey's offered pay, the deallocation charge and when tracking opens.
 */

const HOUR_MS = 3_600_000;
const METRES_PER_MILE = 1609.344;

/** The stops in route order (`sortOrder` ascending; numbers may have gaps). */
export const stopsInOrder = (nodes: readonly JourneyNode[]): JourneyNode[] =>
  [...nodes].sort((a, b) => a.sortOrder - b.sortOrder);

/** The stops that are visited: in route order, without those dropped with their cancelled job. */
export const visitedStops = (nodes: readonly JourneyNode[]): JourneyNode[] =>
  stopsInOrder(nodes).filter((node) => node.deactivatedAt === null);

/** Minutes from the first visited stop to the last, by their planned times (0 for fewer than two stops). */
export function scheduledMinutes(nodes: readonly JourneyNode[]): number {
  const times = visitedStops(nodes)
    .map((node) => Date.parse(node.scheduledAt))
    .filter((ms) => Number.isFinite(ms));
  if (times.length < 2) return 0;
  return Math.max(0, Math.round((Math.max(...times) - Math.min(...times)) / 60_000));
}

/** Mileage pay for a distance in miles, band by band (journey-rates.ts says which reading of spec §9 this is). */
export function mileagePence(miles: number): number {
  let left = Math.max(0, miles);
  let from = 0;
  let pence = 0;
  for (const band of JOURNEY_RATES.mileage) {
    const width = band.upToMiles === null ? left : Math.min(left, band.upToMiles - from);
    pence += width * band.pencePerMile;
    left -= width;
    if (band.upToMiles !== null) from = band.upToMiles;
    if (left <= 0) break;
  }
  return Math.round(pence);
}

/** Compensation for a load over the threshold, per cubic metre above it (0 at or under it). */
export function largeLoadPence(volumeM3: number): number {
  const { overM3, pencePerM3 } = JOURNEY_RATES.largeLoad;
  return Math.round(Math.max(0, volumeM3 - overM3) * pencePerM3);
}

export type People = 1 | 2;

/** The standard-rate pay of a journey, line by line, in pence. */
export interface StandardPay {
  readonly people: People;
  /** Pence per hour for that many people. */
  readonly hourlyRate: number;
  readonly minutes: number;
  readonly time: number;
  readonly miles: number;
  readonly mileage: number;
  readonly volumeM3: number;
  readonly largeLoad: number;
  readonly total: number;
}

/**
 * Spec §9: the standard rate per hour (one person or two) for the scheduled time, plus mileage, plus compensation for
 * a large load. Each line is rounded to the penny; the total is their sum.
 */
export function standardPay(input: {
  readonly minutes: number;
  readonly distanceMetres: number;
  readonly volumeM3: number;
  readonly people: People;
}): StandardPay {
  const hourlyRate = JOURNEY_RATES.hourly[input.people];
  const minutes = Math.max(0, input.minutes);
  const time = Math.round((minutes / 60) * hourlyRate);
  const miles = Math.max(0, input.distanceMetres) / METRES_PER_MILE;
  const mileage = mileagePence(miles);
  const largeLoad = largeLoadPence(input.volumeM3);
  return {
    people: input.people,
    hourlyRate,
    minutes,
    time,
    miles,
    mileage,
    volumeM3: input.volumeM3,
    largeLoad,
    total: time + mileage + largeLoad,
  };
}

/** What handing a journey back costs: its band and amount in pence. */
export interface DeallocationCharge {
  readonly band: ChargeBand;
  readonly amount: number;
}

/** The charge of each band for a job value, cheapest first: what the page lists. */
export function deallocationBands(jobValuePence: number): readonly DeallocationCharge[] {
  const { flatPence, quarterShare, withinShare } = JOURNEY_RATES.deallocation;
  return [
    { band: 'from_48h', amount: flatPence },
    { band: 'from_24h', amount: Math.round(jobValuePence * quarterShare) },
    { band: 'within_24h', amount: Math.round(jobValuePence * withinShare) },
  ];
}

/**
 * The charge of handing a journey back at `nowMs` (server clock) before a first pickup at `firstPickupMs`: the same
 * rule as the server's (journey-rates.ts), so the partner sees the figure before confirming; the server's answer is
 * what is charged.
 */
export function deallocationCharge(firstPickupMs: number, nowMs: number, jobValuePence: number): DeallocationCharge {
  const { flatFromHours, quarterFromHours } = JOURNEY_RATES.deallocation;
  const left = firstPickupMs - nowMs;
  const [flat, quarter, within] = deallocationBands(jobValuePence) as [
    DeallocationCharge,
    DeallocationCharge,
    DeallocationCharge,
  ];
  if (left >= flatFromHours * HOUR_MS) return flat;
  if (left >= quarterFromHours * HOUR_MS) return quarter;
  return within;
}

/** When journey tracking opens: the first collection less 24 hours (spec §9), in ms since the epoch. */
export const trackingOpensAt = (firstPickupAt: string): number =>
  Date.parse(firstPickupAt) - JOURNEY_RATES.trackingOpensHoursBefore * HOUR_MS;
