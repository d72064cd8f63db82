import {
  MAX_PRIVATE_JOBS,
  MAX_RESERVATION_CAPACITY_M3,
  MAX_RESERVATION_DISTANCE_MILES,
  MIN_PRIVATE_JOB_WINDOW_HOURS,
  WINDOW_BUFFER_MINUTES,
  type ReservationErrorCode,
} from '@/schemas/reservation';
import { isInRange } from '@/server/reservations/mainland-postcodes';
import { driveMinutes, roadMiles } from '@/server/reservations/road-distance';
import type { PlannedReservation } from '@/server/reservations/reservation-plan';

/** One broken rule of the reservation-errors catalogue (spec §8) and the field it is about. */
export interface RuleViolation {
  readonly code: ReservationErrorCode;
  readonly field: string;
}

const MINUTE_MS = 60_000;
const BUFFER_MS = WINDOW_BUFFER_MINUTES * MINUTE_MS;
const MIN_WINDOW_MS = MIN_PRIVATE_JOB_WINDOW_HOURS * 60 * MINUTE_MS;

/**
 * The reservation rules the server decides (spec §5, codes of §8), for a reservation already resolved by
 * reservation-plan.ts. Every comparison is at its boundary as named here; tests hold each one there.
 *
 * - `location_out_of_range`: a place (start, end, private pickup or delivery) not at a supported mainland postcode
 *   (mainland-postcodes.ts).
 * - `capacity_too_large`: more than 40 m³ (40 itself is fine).
 * - `distance_too_large`: start to end more than 300 road miles (road-distance.ts); `distance_too_small`: less
 *   than 0 or not a number. The server measures the distance itself, so the latter can only come from a broken
 *   measurement; it is kept so the catalogue is whole.
 * - `reservation_end_too_early`: the window leaves no time between its two 20-minute buffers (end − start ≤ 40 min,
 *   an end before the start included). The time rules below are not checked then (they would only repeat it).
 * - `duration_too_short_for_distance`: the window less its two buffers is shorter than the driving (start → private
 *   pickup → private delivery → end, at the average speed) plus the private job's times on site.
 * - `too_many_private_jobs`: more than one private job.
 * - `negative_time_on_site`: a pickup or delivery time on site below 0.
 * - `private_job_window_too_short`: a pickup or delivery window under 2 hours (2 hours itself is fine).
 * - `delivery_window_after_reservation_end`: the delivery window closes after the reservation ends.
 * - `private_job_too_close`: a given (not anytime) window edge within the 20-minute buffer of the reservation's start
 *   or end (or outside the reservation: before its start, or a pickup closing after its end); or the pickup and the
 *   delivery too close to each other: from the pickup window opening to the delivery window closing there must be
 *   room for the pickup's time on site, a 20-minute buffer and the delivery's time on site.
 */
export const checkReservationRules = (plan: PlannedReservation): RuleViolation[] => {
  const violations: RuleViolation[] = [];
  const broken = (code: ReservationErrorCode, field: string) => violations.push({ code, field });

  if (!isInRange(plan.start)) broken('location_out_of_range', 'nodes.0.place.postcode');
  if (plan.end && !isInRange(plan.end)) broken('location_out_of_range', 'nodes.1.place.postcode');
  plan.externalJobs.forEach((job, j) =>
    job.nodes.forEach((node, i) => {
      if (!isInRange(node.place)) broken('location_out_of_range', `externalJobs.${j}.nodes.${i}.place.postcode`);
    }),
  );

  if (plan.capacityM3 > MAX_RESERVATION_CAPACITY_M3) broken('capacity_too_large', 'capacity.value');

  violations.push(...checkDistance(plan.roadMiles));

  if (plan.privateJobs.length > MAX_PRIVATE_JOBS) broken('too_many_private_jobs', 'externalJobs');
  plan.privateJobs.forEach((job, j) => {
    if (job.pickup.onSiteS < 0) broken('negative_time_on_site', `externalJobs.${j}.nodes.0.durationOnSiteInSeconds`);
    if (job.delivery.onSiteS < 0) broken('negative_time_on_site', `externalJobs.${j}.nodes.1.durationOnSiteInSeconds`);
  });

  const start = plan.window.start.getTime();
  const end = plan.window.end.getTime();
  if (end - start <= 2 * BUFFER_MS) {
    broken('reservation_end_too_early', 'nodes.1.time');
    return violations;
  }

  plan.privateJobs.forEach((job, j) => {
    const at = (i: 0 | 1, edge: 'timeWindowStart' | 'timeWindowEnd') => `externalJobs.${j}.nodes.${i}.${edge}`;
    const { pickup, delivery } = job;
    const stops = [pickup, delivery] as const;
    stops.forEach((stop, i) => {
      if (stop.windowEnd.getTime() - stop.windowStart.getTime() < MIN_WINDOW_MS)
        broken('private_job_window_too_short', at(i as 0 | 1, 'timeWindowEnd'));
    });
    const deliveryEnd = delivery.windowEnd.getTime();
    if (deliveryEnd > end) broken('delivery_window_after_reservation_end', at(1, 'timeWindowEnd'));

    const tooClose = stops.flatMap((stop, i) => {
      const fields: string[] = [];
      if (stop.fixedStart && stop.windowStart.getTime() < start + BUFFER_MS)
        fields.push(at(i as 0 | 1, 'timeWindowStart'));
      const closes = stop.windowEnd.getTime();
      // A delivery closing after the reservation is its own error (above).
      if (stop.fixedEnd && closes > end - BUFFER_MS && !(i === 1 && closes > end))
        fields.push(at(i as 0 | 1, 'timeWindowEnd'));
      return fields;
    });
    const room = Math.max(0, pickup.onSiteS) * 1000 + BUFFER_MS + Math.max(0, delivery.onSiteS) * 1000;
    if (deliveryEnd - pickup.windowStart.getTime() < room) tooClose.push(at(1, 'timeWindowEnd'));
    for (const field of new Set(tooClose)) broken('private_job_too_close', field);
  });

  const job = plan.privateJobs[0];
  const route = [plan.start, ...(job ? [job.pickup.place, job.delivery.place] : []), ...(plan.end ? [plan.end] : [])];
  const miles = route.slice(1).reduce((sum, place, i) => sum + roadMiles(route[i] ?? place, place), 0);
  const onSiteMinutes = job ? (Math.max(0, job.pickup.onSiteS) + Math.max(0, job.delivery.onSiteS)) / 60 : 0;
  const workingMinutes = (end - start - 2 * BUFFER_MS) / MINUTE_MS;
  if (workingMinutes < driveMinutes(miles) + onSiteMinutes) broken('duration_too_short_for_distance', 'nodes.1.time');

  return violations;
};

/** The two distance rules on the start-to-end road miles (300 itself is fine; so is 0). */
export const checkDistance = (miles: number): RuleViolation[] => {
  if (!Number.isFinite(miles) || miles < 0) return [{ code: 'distance_too_small', field: 'nodes.1.place' }];
  if (miles > MAX_RESERVATION_DISTANCE_MILES) return [{ code: 'distance_too_large', field: 'nodes.1.place' }];
  return [];
};
