import {
  ANYTIME,
  FULL_DAY_HOURS,
  NATIONWIDE_FROM_MILES,
  TIME_ON_SITE_OPTIONS_S,
  type ExternalJob,
  type People,
  type ReservationChange,
  type ReservationPlaceInput,
  type ReservationType,
  type TimeOrAnytime,
} from '@/schemas/reservation';
import { roadMiles } from '@/server/reservations/road-distance';
import { addDays, londonInstant } from '@/server/time/london';

/**
 * A reservation request resolved into what the rules and the pricing read: its window as two instants, its places,
 * its private job with 'anytime' replaced, its type, and the road miles from start to end. Building it checks the
 * form rules of spec §5 that have no reservation error code (answered 422 `messages.validation` by field); the rules
 * with a code (§8) are reservation-rules.ts.
 *
 * Times (spec §5 and §9): a reservation day runs from 04:00 to 03:30 the next morning, London time (the time choices).
 * - Start and end fixed: the partner's own window (type `custom`), at most FULL_DAY_HOURS long.
 * - Start fixed, end `anytime` (a full-day end): the start plus 10 hours, cut at 03:30.
 * - Start `anytime`, end fixed: the 10 hours before the end, from 04:00 at the earliest.
 * - Both `anytime`, or the end 'anywhere': a full day planned as 08:00 to 18:00 (the reference's choice of the usual
 *   working day; the spec does not say where an anytime full day sits).
 * A private job's `anytime` falls back to the reservation's own start or end (spec §5).
 */

const HOUR_MS = 3_600_000;
/** Where an anytime full day is planned (see above). */
export const ANYTIME_DAY_START_HOUR = 8;
/** How far ahead reservations can be made: from tomorrow through this many days from today. */
export const RESERVATION_PERIOD_DAYS = 28;

/** The dates that can be reserved on `today` (London calendar), both included. */
export const reservationPeriod = (today: string) => ({
  start: addDays(today, 1),
  end: addDays(today, RESERVATION_PERIOD_DAYS),
});

/** The span of a reservation day: 04:00 on the date to 03:30 the next morning, London. */
export const serviceDay = (date: string) => ({
  opens: londonInstant(date, 4, 0),
  closes: londonInstant(addDays(date, 1), 3, 30),
});

/** The full-day window of an anytime start and end. */
export const anytimeDay = (date: string) => ({
  start: londonInstant(date, ANYTIME_DAY_START_HOUR),
  end: londonInstant(date, ANYTIME_DAY_START_HOUR + FULL_DAY_HOURS),
});

export interface PlannedStop {
  readonly place: ReservationPlaceInput;
  readonly windowStart: Date;
  readonly windowEnd: Date;
  /** Whether each end of the window was given (not `anytime`): only given times are held to the buffers. */
  readonly fixedStart: boolean;
  readonly fixedEnd: boolean;
  readonly onSiteS: number;
}

export interface PlannedPrivateJob {
  readonly pickup: PlannedStop;
  readonly delivery: PlannedStop;
}

export interface PlannedReservation {
  readonly date: string;
  readonly people: People;
  readonly capacityM3: number;
  readonly type: Exclude<ReservationType, 'return'>;
  readonly start: ReservationPlaceInput;
  /** null: 'anywhere'. */
  readonly end: ReservationPlaceInput | null;
  /** The times as given (null: anytime), as stored. */
  readonly startTime: Date | null;
  readonly endTime: Date | null;
  readonly window: { readonly start: Date; readonly end: Date };
  readonly externalJobs: readonly ExternalJob[];
  readonly privateJobs: readonly PlannedPrivateJob[];
  /** Estimated road miles from start to end; 0 for 'anywhere'. */
  readonly roadMiles: number;
}

export interface PlanOptions {
  /** Whether the partner may set an own time window (reservation-info `custom_reservation`). */
  readonly customWindows: boolean;
  /** The reservation period to hold the date to; null for an edit (its date does not change). */
  readonly period: { readonly start: string; readonly end: string } | null;
}

export type FieldErrors = Record<string, string[]>;

const fixed = (time: TimeOrAnytime | null): Date | null => (time === null || time === ANYTIME ? null : new Date(time));

const ON_SITE_TEXT = TIME_ON_SITE_OPTIONS_S.map((s) => (s < 3600 ? `${s / 60} min` : `${s / 3600}h`)).join(', ');

/** Resolves one reservation; `errors` (by field, relative to the reservation) is empty when the form rules hold. */
export const planReservation = (
  input: ReservationChange & { readonly date: string },
  options: PlanOptions,
): { errors: FieldErrors; plan: PlannedReservation } => {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const { date } = input;
  const [startNode, endNode] = input.nodes;
  const anywhere = endNode.place === null;
  const day = serviceDay(date);

  if (options.period && (date < options.period.start || date > options.period.end))
    fail('date', `Reservations can be made for ${options.period.start} to ${options.period.end}`);

  const startTime = fixed(startNode.time);
  const endTime = anywhere ? null : fixed(endNode.time);
  const outsideDay = (at: Date) => at < day.opens || at > day.closes;
  const DAY_TEXT = 'A time is between 04:00 on the day and 03:30 the next morning (London time)';
  if (startTime && outsideDay(startTime)) fail('nodes.0.time', DAY_TEXT);
  if (endTime && outsideDay(endTime)) fail('nodes.1.time', DAY_TEXT);

  let window: { start: Date; end: Date };
  if (startTime && endTime) {
    window = { start: startTime, end: endTime };
    if (endTime.getTime() - startTime.getTime() > FULL_DAY_HOURS * HOUR_MS)
      fail('nodes.1.time', `A reservation lasts at most ${FULL_DAY_HOURS} hours`);
    if (!options.customWindows)
      fail('nodes.1.time', 'Your own time window is not available on your account: choose a full day');
  } else if (startTime) {
    window = {
      start: startTime,
      end: new Date(Math.min(startTime.getTime() + FULL_DAY_HOURS * HOUR_MS, day.closes.getTime())),
    };
  } else if (endTime) {
    window = {
      start: new Date(Math.max(endTime.getTime() - FULL_DAY_HOURS * HOUR_MS, day.opens.getTime())),
      end: endTime,
    };
  } else {
    window = anytimeDay(date);
  }

  if (anywhere && startTime) fail('nodes.0.time', 'Finishing anywhere needs an anytime start');
  if (input.externalJobs.length > 0) {
    if (anywhere) fail('externalJobs', 'A reservation that finishes anywhere cannot have a private job');
    if (input.people === 'flexible')
      fail('externalJobs', 'A reservation with a flexible number of people cannot have a private job');
  }

  const privateJobs = input.externalJobs.map((job, j): PlannedPrivateJob => {
    const stop = (i: 0 | 1): PlannedStop => {
      const node = job.nodes[i];
      const onSite = node.durationOnSiteInSeconds;
      if (onSite >= 0 && !(TIME_ON_SITE_OPTIONS_S as readonly number[]).includes(onSite))
        fail(`externalJobs.${j}.nodes.${i}.durationOnSiteInSeconds`, `Time on site is one of ${ON_SITE_TEXT}`);
      const from = fixed(node.timeWindowStart);
      const to = fixed(node.timeWindowEnd);
      return {
        place: node.place,
        windowStart: from ?? window.start,
        windowEnd: to ?? window.end,
        fixedStart: from !== null,
        fixedEnd: to !== null,
        onSiteS: onSite,
      };
    };
    return { pickup: stop(0), delivery: stop(1) };
  });

  const miles = endNode.place ? roadMiles(startNode.place, endNode.place) : 0;
  const type = miles > NATIONWIDE_FROM_MILES ? 'national' : startTime && endTime ? 'custom' : 'local';
  return {
    errors,
    plan: {
      date,
      people: input.people,
      capacityM3: input.capacity.value,
      type,
      start: startNode.place,
      end: endNode.place,
      startTime,
      endTime,
      window,
      externalJobs: input.externalJobs,
      privateJobs,
      roadMiles: miles,
    },
  };
};
