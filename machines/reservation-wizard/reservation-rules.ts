import {
  ANYTIME,
  FULL_DAY_HOURS,
  MAX_RESERVATION_CAPACITY_M3,
  MAX_RESERVATION_DISTANCE_MILES,
  MIN_PRIVATE_JOB_WINDOW_HOURS,
  NATIONWIDE_FROM_MILES,
  WINDOW_BUFFER_MINUTES,
  type ReservationInfo,
} from '@/schemas/reservation';
import { UK_POSTCODE_PATTERN } from '@/schemas/postcode';
import type { ProviderVehicle } from '@/schemas/vehicle';
import type {
  PlaceBook,
  PrivateJobForm,
  RequestField,
  RequestForm,
  ResolvedPlace,
  RuleCode,
  RuleIssue,
} from './reservation-wizard.types';

/**
 * The reservation rules of spec §5 as the partner types (step 1 of the create flow), pure. The server checks the same
 * rules (server/reservations/reservation-plan.ts, reservation-rules.ts) and answers a broken one with its code (§8);
 * where a rule has a code here it is that code, so the message beside the field is the catalogue's own wording.
 * Times are instants in epoch ms, planned in Europe/London as the server plans them:
 *
 * - a reservation day runs from 04:00 to 03:30 the next morning (the time choices);
 * - a full day with a fixed start lasts 10 hours (cut at 03:30); an anytime full day is planned 08:00 to 18:00;
 * - an own window (custom) lasts at most 10 hours and needs more than its two 20-minute buffers;
 * - a private job's windows last at least 2 hours, keep 20 minutes from the reservation's start and end, and leave
 *   room for both times on site and a buffer between them; the delivery window closes by the reservation's end.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const BUFFER_MS = WINDOW_BUFFER_MINUTES * MINUTE_MS;
const LONDON = 'Europe/London';
/** Where an anytime full day is planned (server/reservations/reservation-plan.ts ANYTIME_DAY_START_HOUR). */
const ANYTIME_DAY = { start: '08:00', end: '18:00' } as const;
/** The earliest time of a reservation day; earlier choices are on the next morning. */
const DAY_OPENS_HOUR = 4;

/** Time choices of spec §9: every 30 minutes from 4:00am through 3:30am. */
export const TIME_CHOICES: readonly string[] = Array.from({ length: 48 }, (_, i) => {
  const minutes = (DAY_OPENS_HOUR * 60 + i * 30) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** A time of the day's choices (not `anytime`, not empty). */
export const isTime = (value: string): boolean => TIME_CHOICES.includes(value);

/** `m1 1ae ` → `M1 1AE`. */
export const normalisePostcode = (text: string): string => text.trim().toUpperCase().replace(/\s+/g, ' ');

/** Spec §5: 1 to 3 letters, optional digit, optional letter or digit, a space, a digit and two letters. */
export const isUkPostcode = (text: string): boolean => UK_POSTCODE_PATTERN.test(normalisePostcode(text));

/** The instant of a time choice on a reservation date (London); times before 04:00 fall on the next morning. */
export function instantOn(date: string, time: string): number {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return Temporal.PlainDate.from(date)
    .add({ days: hour < DAY_OPENS_HOUR ? 1 : 0 })
    .toZonedDateTime({ timeZone: LONDON, plainTime: Temporal.PlainTime.from({ hour, minute }) }).epochMilliseconds;
}

/** An instant as the API takes it: `2026-11-20T08:00:00Z`. */
export const isoInstant = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

export interface Window {
  readonly start: number;
  readonly end: number;
}

/**
 * The window of a reservation on `date` from its start and end ('HH:mm', or null for anytime / a full-day end), as
 * the server plans it (see above): an own window as given; a fixed start lasts 10 hours (cut at 03:30); an anytime
 * full day is 08:00 to 18:00.
 */
export function windowOn(date: string, startTime: string | null, endTime: string | null): Window {
  if (startTime !== null && endTime !== null)
    return { start: instantOn(date, startTime), end: instantOn(date, endTime) };
  if (startTime !== null) {
    const start = instantOn(date, startTime);
    return { start, end: Math.min(start + FULL_DAY_HOURS * HOUR_MS, instantOn(date, '03:30')) };
  }
  return { start: instantOn(date, ANYTIME_DAY.start), end: instantOn(date, ANYTIME_DAY.end) };
}

/** The reservation's window on `date`, as the server plans it (see above). */
export function planWindow(form: Pick<RequestForm, 'timing' | 'startTime' | 'endTime'>, date: string): Window {
  const start = isTime(form.startTime) ? form.startTime : null;
  const end = form.timing === 'own_window' && isTime(form.endTime) ? form.endTime : null;
  return windowOn(date, start, start === null ? null : end);
}

/** A window's own rules: at most 10 hours (`windowTooLong`), and more than its two buffers (40 minutes). */
export function windowCodes(window: Window): RuleCode[] {
  const length = window.end - window.start;
  if (length <= 2 * BUFFER_MS) return ['reservation_end_too_early'];
  return length > FULL_DAY_HOURS * HOUR_MS ? ['windowTooLong'] : [];
}

/** A pickup or delivery window under 2 hours (2 hours itself is fine). */
export const isPrivateWindowTooShort = (from: number, to: number): boolean =>
  to - from < MIN_PRIVATE_JOB_WINDOW_HOURS * HOUR_MS;

/** A private job's times, as instants, and its times on site in seconds. */
export interface PrivateJobTimes {
  readonly pickup: { readonly from: number; readonly to: number; readonly onSiteS: number };
  readonly delivery: { readonly from: number; readonly to: number; readonly onSiteS: number };
}

/** The private job's timing rules inside the reservation's window (server reservation-rules.ts, same boundaries). */
export function privateJobCodes(job: PrivateJobTimes, window: Window): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const stops = [
    ['pickup', job.pickup],
    ['delivery', job.delivery],
  ] as const;
  for (const [name, stop] of stops) {
    if (isPrivateWindowTooShort(stop.from, stop.to))
      issues.push({ field: `${name}To`, code: 'private_job_window_too_short' });
    if (stop.from < window.start + BUFFER_MS) issues.push({ field: `${name}From`, code: 'private_job_too_close' });
    // A delivery closing after the reservation is its own error (below).
    if (stop.to > window.end - BUFFER_MS && !(name === 'delivery' && stop.to > window.end))
      issues.push({ field: `${name}To`, code: 'private_job_too_close' });
  }
  if (job.delivery.to > window.end) issues.push({ field: 'deliveryTo', code: 'delivery_window_after_reservation_end' });
  const room = (Math.max(0, job.pickup.onSiteS) + Math.max(0, job.delivery.onSiteS)) * 1000 + BUFFER_MS;
  if (job.delivery.to - job.pickup.from < room) issues.push({ field: 'deliveryTo', code: 'private_job_too_close' });
  return issues;
}

/** Road miles estimated offline: the straight line times 1.2 (server/reservations/road-distance.ts). */
export function roadMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return (2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h))) * 1.2) / 1609.344;
}

/** Driving minutes at the server's average of 45 mph. */
export const driveMinutes = (miles: number): number => (miles / 45) * 60;

/** The distance rule: at most 300 road miles from start to end (300 itself is fine). */
export const isTooFar = (miles: number): boolean => miles > MAX_RESERVATION_DISTANCE_MILES;

/** Nationwide means the end is more than 100 miles away. */
export const isNationwideDistance = (miles: number): boolean => miles > NATIONWIDE_FROM_MILES;

/** Whether the window, less its buffers, has time for the driving and the private job's times on site. */
export const isTooShortForDistance = (window: Window, miles: number, onSiteS: number): boolean =>
  (window.end - window.start - 2 * BUFFER_MS) / MINUTE_MS < driveMinutes(miles) + onSiteS / 60;

/** A typed amount of m³ ('12', '12.5', '12,5'), or NaN. */
export const readCubicMetres = (text: string): number => {
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};

/** The capacity rule: more than 0 and at most 40 m³ (40 itself is fine). */
export function capacityCode(value: number): RuleCode | null {
  if (!(value > 0)) return 'capacityRequired';
  return value > MAX_RESERVATION_CAPACITY_M3 ? 'capacity_too_large' : null;
}

/** What the rules read besides the request. */
export interface RuleEnv {
  readonly info: ReservationInfo | null;
  readonly vehicles: readonly ProviderVehicle[];
  readonly places: PlaceBook;
}

const privateTimesOf = (job: PrivateJobForm, date: string): PrivateJobTimes | null =>
  [job.pickupFrom, job.pickupTo, job.deliveryFrom, job.deliveryTo].every(isTime)
    ? {
        pickup: {
          from: instantOn(date, job.pickupFrom),
          to: instantOn(date, job.pickupTo),
          onSiteS: job.pickupOnSite ?? 0,
        },
        delivery: {
          from: instantOn(date, job.deliveryFrom),
          to: instantOn(date, job.deliveryTo),
          onSiteS: job.deliveryOnSite ?? 0,
        },
      }
    : null;

/** Every rule of spec §5 the portal can check, for the whole request, each issue beside its field (deduplicated). */
export function checkRequest(form: RequestForm, env: RuleEnv): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (field: RequestField, code: RuleCode) => {
    if (!issues.some((i) => i.field === field && i.code === code)) issues.push({ field, code });
  };
  const placeOf = (text: string, field: RequestField): ResolvedPlace | null => {
    if (!isUkPostcode(text)) return (add(field, 'postcode'), null);
    const found = env.places[normalisePostcode(text)];
    if (found === undefined) add(field, 'postcodePending');
    else if (found === 'unknown') add(field, 'postcodeUnknown');
    else if (found === 'failed') add(field, 'postcodeLookupFailed');
    return typeof found === 'object' ? found : null;
  };

  if (form.vehicleId === null || !env.vehicles.some((v) => v.id === form.vehicleId)) add('vehicle', 'vehicleRequired');
  const period = env.info?.reservation_period;
  if (form.dates.length === 0) add('dates', 'datesRequired');
  else if (period && form.dates.some((d) => d < period.start || d > period.end)) add('dates', 'dateOutsidePeriod');

  const capacity = readCubicMetres(form.capacity);
  const capacityRule = capacityCode(capacity);
  if (capacityRule) add('capacity', capacityRule);

  const start = placeOf(form.startPostcode, 'startPostcode');
  const end =
    form.finish === 'elsewhere' ? placeOf(form.endPostcode, 'endPostcode') : form.finish === 'start' ? start : null;

  if (form.timing === 'own_window') {
    if (env.info && !env.info.custom_reservation) add('timing', 'ownWindowUnavailable');
    if (!isTime(form.startTime)) add('startTime', 'timeRequired');
    if (!isTime(form.endTime)) add('endTime', 'timeRequired');
  }
  const job = form.privateJob;
  if (form.finish === 'anywhere') {
    if (form.startTime !== ANYTIME) add('startTime', 'anywhereNeedsAnytimeStart');
    if (form.timing === 'own_window') add('finish', 'anywhereNeedsFullDay');
    if (job) add('finish', 'anywhereNoPrivateJob');
  }
  if (form.people === 'flexible' && job) add('people', 'flexibleNoPrivateJob');

  let miles = 0;
  if (form.finish === 'elsewhere' && start && end) {
    miles = roadMiles(start, end);
    if (isTooFar(miles)) add('endPostcode', 'distance_too_large');
    else if (form.scope === 'nationwide' && !isNationwideDistance(miles)) add('endPostcode', 'nationwideTooNear');
    else if (form.scope === 'local' && isNationwideDistance(miles)) add('endPostcode', 'localTooFar');
  }
  if (form.scope === 'nationwide' && form.finish !== 'elsewhere') add('finish', 'nationwideTooNear');

  let pickup: ResolvedPlace | null = null;
  let delivery: ResolvedPlace | null = null;
  if (job) {
    pickup = placeOf(job.pickupPostcode, 'pickupPostcode');
    delivery = placeOf(job.deliveryPostcode, 'deliveryPostcode');
    for (const field of ['pickupFrom', 'pickupTo', 'deliveryFrom', 'deliveryTo'] as const)
      if (!isTime(job[field])) add(field, 'timeRequired');
    if (job.pickupOnSite === null) add('pickupOnSite', 'timeRequired');
    if (job.deliveryOnSite === null) add('deliveryOnSite', 'timeRequired');
    // each window is held to its 2 hours as soon as its own two times are chosen
    for (const stop of ['pickup', 'delivery'] as const) {
      const [from, to] = [job[`${stop}From`], job[`${stop}To`]];
      const date = form.dates[0] ?? period?.start;
      if (date && isTime(from) && isTime(to) && isPrivateWindowTooShort(instantOn(date, from), instantOn(date, to)))
        add(`${stop}To`, 'private_job_window_too_short');
    }
    const volume = readCubicMetres(job.volume);
    if (!(volume > 0)) add('volume', 'volumeRequired');
    else if (volume > Math.min(MAX_RESERVATION_CAPACITY_M3, capacity > 0 ? capacity : Infinity))
      add('volume', 'volumeOverCapacity');
  }

  // The time rules depend on the day (a clock change moves instants): each chosen day is checked, or the period's
  // first day while none is chosen, so a window's rules show as soon as its times are picked.
  const days = form.dates.length > 0 ? form.dates : period ? [period.start] : [];
  const timesSet = form.timing === 'full_day' || (isTime(form.startTime) && isTime(form.endTime));
  for (const date of timesSet ? days : []) {
    const window = planWindow(form, date);
    for (const code of windowCodes(window)) add(form.timing === 'own_window' ? 'endTime' : 'startTime', code);
    const times = job ? privateTimesOf(job, date) : null;
    if (times) for (const issue of privateJobCodes(times, window)) add(issue.field, issue.code);
    const route = [start, ...(job ? [pickup, delivery] : []), ...(form.finish === 'anywhere' ? [] : [end])];
    if (route.every((p): p is ResolvedPlace => p !== null) && windowCodes(window).length === 0) {
      const driven = route.slice(1).reduce((sum, p, i) => sum + roadMiles(route[i]!, p), 0);
      const onSite = job ? (job.pickupOnSite ?? 0) + (job.deliveryOnSite ?? 0) : 0;
      if (isTooShortForDistance(window, driven, onSite)) add('timing', 'duration_too_short_for_distance');
    }
  }
  return issues;
}

/** The postcodes typed that are complete and not looked up yet (or whose look-up failed): what to look up now. */
export function wantedPostcodes(form: RequestForm, places: PlaceBook): string[] {
  const typed = [
    form.startPostcode,
    form.finish === 'elsewhere' ? form.endPostcode : '',
    form.privateJob?.pickupPostcode ?? '',
    form.privateJob?.deliveryPostcode ?? '',
  ];
  const wanted = typed
    .filter(isUkPostcode)
    .map(normalisePostcode)
    .filter((p) => places[p] === undefined || places[p] === 'failed');
  return [...new Set(wanted)];
}
