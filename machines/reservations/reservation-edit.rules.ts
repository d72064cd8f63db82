import {
  capacityCode,
  instantOn,
  isoInstant,
  isTooShortForDistance,
  privateJobCodes,
  readCubicMetres,
  roadMiles,
  windowCodes,
  windowOn,
  type PrivateJobTimes,
  type Window,
} from '@/machines/reservation-wizard/reservation-rules';
import { ANYTIME, type ExternalJob, type Reservation, type ReservationChange } from '@/schemas/reservation';
import type { EditField, EditForm, EditIssue } from './reservation-edit.types';

/**
 * The rules of spec §5 an edit can break, as the partner types (the wizard's rules, reservation-rules.ts, with the
 * same codes and wording; the server checks them all again and answers code 101 or 422). The date, the vehicle, the
 * start place and a private job stay as they were; the hours are London times on the reservation's date.
 */

const LONDON = 'Europe/London';

/** 'HH:mm' (24-hour): a time of day as the form holds it. */
export const isClock = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** The London time of day of an instant, 'HH:mm'. */
export const londonClock = (iso: string): string =>
  Temporal.Instant.from(iso).toZonedDateTimeISO(LONDON).toPlainTime().toString({ smallestUnit: 'minute' });

/** Spec §5: an end counts as the start when it has equal coordinates (its postcode may be another of the town). */
const samePlace = (a: Reservation['startNode']['place'], b: Reservation['endNode']['place']): boolean =>
  a !== null && b !== null && a.lat === b.lat && a.lng === b.lng;

/** The form of a reservation as stored: an own window when both ends have a time, else a full day. */
export function formOf(r: Reservation): EditForm {
  const ownWindow = r.startNode.time !== null && r.endNode.place !== null && r.endNode.time !== null;
  return {
    people: r.people,
    capacity: String(r.capacity.value),
    timing: ownWindow ? 'own_window' : 'full_day',
    startTime: r.startNode.time ? londonClock(r.startNode.time) : ANYTIME,
    endTime: ownWindow && r.endNode.time ? londonClock(r.endNode.time) : '',
    finish:
      r.endNode.place === null ? 'anywhere' : samePlace(r.startNode.place, r.endNode.place) ? 'start' : 'elsewhere',
  };
}

/** The form after a change: a full day may start anytime, an own window needs a time (as in the wizard). */
export function withPatch(form: EditForm, patch: Partial<EditForm>): EditForm {
  const next = { ...form, ...patch };
  if (patch.timing === 'full_day' && !isClock(next.startTime)) return { ...next, startTime: ANYTIME };
  if (patch.timing === 'own_window' && next.startTime === ANYTIME) return { ...next, startTime: '' };
  return next;
}

/** The fields a change touched. */
export const touchedBy = (patch: Partial<EditForm>): EditField[] => Object.keys(patch) as EditField[];

/** The reservation's window with the form's hours (as the server plans it). */
export function editWindow(form: EditForm, date: string): Window {
  const start = isClock(form.startTime) ? form.startTime : null;
  const end = form.timing === 'own_window' && isClock(form.endTime) ? form.endTime : null;
  return windowOn(date, start, start === null ? null : end);
}

/**
 * Where the reservation would finish: nowhere ('anywhere'), its start (the end place it had when that counts as the
 * start, so its postcode is kept), or the end place it had elsewhere.
 */
const endPlaceOf = (r: Reservation, finish: EditForm['finish']) => {
  if (finish === 'anywhere') return null;
  if (finish === 'start') return samePlace(r.startNode.place, r.endNode.place) ? r.endNode.place : r.startNode.place;
  return r.endNode.place ?? r.startNode.place;
};

/** A private job's times inside a window; an `anytime` edge falls back to the window's own (spec §5). */
const jobTimes = (job: ExternalJob, window: Window): PrivateJobTimes => {
  const at = (value: string, fallback: number) => (value === ANYTIME ? fallback : Date.parse(value));
  const [pickup, delivery] = job.nodes;
  return {
    pickup: {
      from: at(pickup.timeWindowStart, window.start),
      to: at(pickup.timeWindowEnd, window.end),
      onSiteS: pickup.durationOnSiteInSeconds,
    },
    delivery: {
      from: at(delivery.timeWindowStart, window.start),
      to: at(delivery.timeWindowEnd, window.end),
      onSiteS: delivery.durationOnSiteInSeconds,
    },
  };
};

/** A window edge of the private job given as `anytime`: the server holds only given edges to the buffers. */
const isAnytimeEdge = (job: ExternalJob, field: string): boolean => {
  const [pickup, delivery] = job.nodes;
  const edge: Readonly<Record<string, string>> = {
    pickupFrom: pickup.timeWindowStart,
    pickupTo: pickup.timeWindowEnd,
    deliveryFrom: delivery.timeWindowStart,
    deliveryTo: delivery.timeWindowEnd,
  };
  return edge[field] === ANYTIME;
};

/** Every rule the edit breaks, each beside the field the partner changes to mend it. */
export function editIssues(r: Reservation, form: EditForm, customWindows: boolean): EditIssue[] {
  const issues: EditIssue[] = [];
  const add = (field: EditField, code: EditIssue['code']) => {
    if (!issues.some((i) => i.field === field && i.code === code)) issues.push({ field, code });
  };
  const job = r.externalJobs[0];

  const capacityRule = capacityCode(readCubicMetres(form.capacity));
  if (capacityRule) add('capacity', capacityRule);
  if (form.people === 'flexible' && job) add('people', 'flexibleNoPrivateJob');

  const ownWindow = form.timing === 'own_window';
  if (ownWindow) {
    if (!customWindows) add('timing', 'ownWindowUnavailable');
    if (!isClock(form.startTime)) add('startTime', 'timeRequired');
    if (!isClock(form.endTime)) add('endTime', 'timeRequired');
  } else if (form.startTime !== ANYTIME && !isClock(form.startTime)) add('startTime', 'timeRequired');
  if (form.finish === 'anywhere') {
    if (form.startTime !== ANYTIME) add('startTime', 'anywhereNeedsAnytimeStart');
    if (ownWindow) add('finish', 'anywhereNeedsFullDay');
    if (job) add('finish', 'anywhereNoPrivateJob');
  }

  const timesSet = ownWindow ? isClock(form.startTime) && isClock(form.endTime) : true;
  if (!timesSet) return issues;
  const window = editWindow(form, r.date);
  const windowRules = windowCodes(window);
  for (const code of windowRules) add(ownWindow ? 'endTime' : 'startTime', code);
  if (windowRules.length > 0) return issues;
  // the private job stays; the hours around it are what the partner changes
  if (job)
    for (const issue of privateJobCodes(jobTimes(job, window), window))
      if (!(issue.code === 'private_job_too_close' && isAnytimeEdge(job, issue.field))) add('timing', issue.code);
  const start = r.startNode.place;
  const end = endPlaceOf(r, form.finish);
  const stops = job ? [job.nodes[0].place, job.nodes[1].place] : [];
  const route = [...(start ? [start] : []), ...stops, ...(end ? [end] : [])];
  const miles = route.slice(1).reduce((sum, place, i) => sum + roadMiles(route[i] ?? place, place), 0);
  const onSite = job
    ? Math.max(0, job.nodes[0].durationOnSiteInSeconds) + Math.max(0, job.nodes[1].durationOnSiteInSeconds)
    : 0;
  if (isTooShortForDistance(window, miles, onSite)) add('timing', 'duration_too_short_for_distance');
  return issues;
}

/**
 * The change PUT v1/reservations/{id} takes: the form's people, capacity, hours (instants on the reservation's date,
 * or `anytime`) and finish; the start place and a private job unchanged. Call it only for a form without issues.
 */
export function editChange(r: Reservation, form: EditForm): ReservationChange {
  const start = r.startNode.place;
  if (!start) throw new Error(`reservation ${r.id} has no start place`);
  const at = (time: string) => isoInstant(instantOn(r.date, time));
  const end = endPlaceOf(r, form.finish);
  return {
    people: form.people,
    capacity: { value: readCubicMetres(form.capacity), unit: 'm3' },
    nodes: [
      { place: start, time: isClock(form.startTime) ? at(form.startTime) : ANYTIME },
      end === null
        ? { place: null, time: null }
        : { place: end, time: form.timing === 'own_window' && isClock(form.endTime) ? at(form.endTime) : ANYTIME },
    ],
    externalJobs: r.externalJobs,
  };
}
