import { ANYTIME, type ReservationPlaceInput, type TimeOrAnytime } from '@/schemas/reservation';
import {
  MAX_PRIVATE_JOB_VOLUME_M3,
  MIN_PRIVATE_WINDOW_HOURS,
  PRIVATE_JOB_MESSAGES as SAY,
  PRIVATE_ON_SITE_OPTIONS_S,
  type PrivateJobInput,
  type PrivateJobNodeInput,
} from '@/schemas/private-job';
import { isInRange } from '@/server/reservations/mainland-postcodes';

/**
 * The rules of a private job on its own (spec §5: "External job valid only if pickup and delivery start and end
 * times, locations and on-site times are all set", "private job windows at least 2 hours"; §9 time on site options;
 * the reservation rules' limits on volume and places). Pure functions over the decoded payload, each answering the
 * fields it finds wrong with a PRIVATE_JOB_MESSAGES text; `resolvePrivateJob` runs them all. What needs the
 * database (the partner's own vehicle and driver, marketplace overlap) is private-job-store.ts.
 *
 * Readings where the spec is silent, each held at its boundary by the tests:
 * - Outside a reservation there is nothing for `anytime` to fall back to, so a window edge must be a time.
 * - A window of exactly 2 hours is enough; one minute less is not. A window closing when it opens, or before, is
 *   "must close after it opens" (and not also "too short").
 * - The delivery window may open before the pickup window (a same-day drop needs no gap) but may not close before
 *   the pickup window opens; closing exactly when it opens is allowed.
 * - Time on site must be one of the options; a negative one gets the reservation catalogue's own text.
 * - A place needs a supported mainland postcode, the same check as a reservation's (mainland-postcodes.ts).
 */

export type FieldErrors = Record<string, string[]>;

const HOUR_MS = 3_600_000;
const MIN_WINDOW_MS = MIN_PRIVATE_WINDOW_HOURS * HOUR_MS;

/** A stop with every field set and checked. */
export interface ResolvedStop {
  readonly place: ReservationPlaceInput;
  readonly windowStart: Date;
  readonly windowEnd: Date;
  readonly onSiteS: number;
}

/** A private job that met every rule of this file. */
export interface ResolvedPrivateJob {
  readonly uuid: string;
  readonly volumeM3: number;
  readonly pickup: ResolvedStop;
  readonly delivery: ResolvedStop;
  readonly vehicleId: number | null;
  readonly driverId: number | null;
  readonly title: string | null;
}

const add = (errors: FieldErrors, field: string, message: string) => {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
};

const merge = (...all: FieldErrors[]): FieldErrors => {
  const errors: FieldErrors = {};
  for (const one of all)
    for (const [field, messages] of Object.entries(one)) for (const m of messages) add(errors, field, m);
  return errors;
};

/** Exactly two stops: the pickup first with sortOrder 1, the delivery second with sortOrder 2. */
export const checkStops = (nodes: readonly PrivateJobNodeInput[]): FieldErrors => {
  const errors: FieldErrors = {};
  if (nodes.length !== 2) {
    add(errors, 'nodes', SAY.nodesCount);
    return errors;
  }
  const [pickup, delivery] = nodes as [PrivateJobNodeInput, PrivateJobNodeInput];
  if (pickup.nodeType !== 'pickup') add(errors, 'nodes.0.nodeType', SAY.pickupFirst);
  if (pickup.sortOrder !== 1) add(errors, 'nodes.0.sortOrder', SAY.pickupFirst);
  if (delivery.nodeType !== 'delivery') add(errors, 'nodes.1.nodeType', SAY.deliverySecond);
  if (delivery.sortOrder !== 2) add(errors, 'nodes.1.sortOrder', SAY.deliverySecond);
  return errors;
};

/** Each stop has a place, at a supported mainland UK postcode. */
export const checkPlaces = (nodes: readonly PrivateJobNodeInput[]): FieldErrors => {
  const errors: FieldErrors = {};
  nodes.forEach((node, i) => {
    if (node.place === null) add(errors, `nodes.${i}.place`, SAY.placeMissing);
    else if (!isInRange(node.place)) add(errors, `nodes.${i}.place.postcode`, SAY.postcodeOutOfRange);
  });
  return errors;
};

/** A window edge that is a time (not missing, not `anytime`). */
const timeOf = (value: TimeOrAnytime | null): Date | null =>
  value === null || value === ANYTIME ? null : new Date(value);

/**
 * Each window opens and closes at a time, closes after it opens and lasts at least 2 hours; the delivery window does
 * not close before the pickup window opens (checked only when both those edges are times).
 */
export const checkWindows = (nodes: readonly PrivateJobNodeInput[]): FieldErrors => {
  const errors: FieldErrors = {};
  nodes.forEach((node, i) => {
    const start = timeOf(node.timeWindowStart);
    const end = timeOf(node.timeWindowEnd);
    if (!start) add(errors, `nodes.${i}.timeWindowStart`, SAY.windowStartMissing);
    if (!end) add(errors, `nodes.${i}.timeWindowEnd`, SAY.windowEndMissing);
    if (!start || !end) return;
    if (end.getTime() <= start.getTime()) add(errors, `nodes.${i}.timeWindowEnd`, SAY.windowEndBeforeStart);
    else if (end.getTime() - start.getTime() < MIN_WINDOW_MS)
      add(errors, `nodes.${i}.timeWindowEnd`, SAY.windowTooShort);
  });
  const pickupOpens = nodes.length === 2 ? timeOf(nodes[0]!.timeWindowStart) : null;
  const deliveryCloses = nodes.length === 2 ? timeOf(nodes[1]!.timeWindowEnd) : null;
  if (pickupOpens && deliveryCloses && deliveryCloses.getTime() < pickupOpens.getTime())
    add(errors, 'nodes.1.timeWindowEnd', SAY.deliveryBeforePickup);
  return errors;
};

/** Each stop's time on site is set, not negative, and one of the spec §9 options. */
export const checkOnSite = (nodes: readonly PrivateJobNodeInput[]): FieldErrors => {
  const errors: FieldErrors = {};
  nodes.forEach((node, i) => {
    const field = `nodes.${i}.durationOnSiteInSeconds`;
    const seconds = node.durationOnSiteInSeconds;
    if (seconds === null) add(errors, field, SAY.onSiteMissing);
    else if (seconds < 0) add(errors, field, SAY.onSiteNegative);
    else if (!(PRIVATE_ON_SITE_OPTIONS_S as readonly number[]).includes(seconds))
      add(errors, field, SAY.onSiteNotAnOption);
  });
  return errors;
};

/** More than 0 m³ and at most 40 m³ (40 itself is fine). */
export const checkVolume = (volumeM3: number): FieldErrors => {
  if (!Number.isFinite(volumeM3) || volumeM3 <= 0) return { volumeInM3: [SAY.volumeNotPositive] };
  if (volumeM3 > MAX_PRIVATE_JOB_VOLUME_M3) return { volumeInM3: [SAY.volumeTooLarge] };
  return {};
};

const resolvedStop = (node: PrivateJobNodeInput): ResolvedStop => ({
  place: node.place!,
  windowStart: timeOf(node.timeWindowStart)!,
  windowEnd: timeOf(node.timeWindowEnd)!,
  onSiteS: node.durationOnSiteInSeconds!,
});

/**
 * Every rule of this file: the errors by field (empty when none), and the resolved job when there are none. Stop
 * rules past the count are checked only for a payload with exactly two stops.
 */
export const resolvePrivateJob = (
  input: PrivateJobInput,
): { readonly errors: FieldErrors; readonly job: ResolvedPrivateJob | null } => {
  const stops = checkStops(input.nodes);
  const errors =
    input.nodes.length === 2
      ? merge(
          checkVolume(input.volumeInM3),
          stops,
          checkPlaces(input.nodes),
          checkWindows(input.nodes),
          checkOnSite(input.nodes),
        )
      : merge(checkVolume(input.volumeInM3), stops);
  if (Object.keys(errors).length > 0) return { errors, job: null };
  const [pickup, delivery] = input.nodes as [PrivateJobNodeInput, PrivateJobNodeInput];
  return {
    errors,
    job: {
      uuid: input.uuid.toLowerCase(),
      volumeM3: input.volumeInM3,
      pickup: resolvedStop(pickup),
      delivery: resolvedStop(delivery),
      vehicleId: input.vehicle_id,
      driverId: input.driver_id,
      title: input.title === '' ? null : input.title,
    },
  };
};

/**
 * The payload in one canonical form (fixed key order, instants in UTC, uuid in lower case), so that the same job sent
 * twice — with `+01:00` one time and `Z` the next, keys in another order — is recognised as the same request.
 */
export const canonicalPayload = (job: ResolvedPrivateJob): string => {
  const stop = (s: ResolvedStop) => [
    s.place.town,
    s.place.postcode,
    s.place.lat,
    s.place.lng,
    s.windowStart.toISOString(),
    s.windowEnd.toISOString(),
    s.onSiteS,
  ];
  return JSON.stringify([
    job.uuid,
    job.volumeM3,
    stop(job.pickup),
    stop(job.delivery),
    job.vehicleId,
    job.driverId,
    job.title,
  ]);
};
