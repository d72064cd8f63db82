import { MAX_PRIVATE_JOB_TITLE_LENGTH, type PrivateJob } from '@/schemas/private-job';
import { MAX_RESERVATION_CAPACITY_M3, MIN_PRIVATE_JOB_WINDOW_HOURS } from '@/schemas/reservation';
import {
  instantOn,
  isoInstant,
  isTime,
  isUkPostcode,
  normalisePostcode,
  readCubicMetres,
} from '@/machines/reservation-wizard/reservation-rules';
import { failureKind, type HttpError } from '@/src/api/errors';
import type {
  PrivateJobErrors,
  PrivateJobFailure,
  PrivateJobForm,
  PrivateJobStep,
  StopField,
  StopForm,
  StopName,
  StopPlace,
} from './private-job.types';

/**
 * The private job's rules as the partner types (spec §5 and §9), pure. The server checks the same rules
 * (server/private-jobs/, messages in schemas/private-job.ts PRIVATE_JOB_MESSAGES) and its answer is shown as it comes;
 * these only spare the partner a round trip. Times are planned in Europe/London like a reservation's: a time choice
 * before 04:00 is the next morning of the stop's date (spec §9 "time choices every 30 minutes from 4:00am through
 * 3:30am").
 */

const HOUR_MS = 3_600_000;
const LONDON = 'Europe/London';
/** The earliest time of a day's choices (reservation-rules.ts DAY_OPENS_HOUR). */
const DAY_OPENS_HOUR = 4;

/** A stop's window as instants, when both ends are chosen; `to` before `from` on the clock is the next day. */
export function stopWindow(stop: StopForm): { from: number; to: number } | null {
  if (stop.date === '' || !isTime(stop.from) || !isTime(stop.to)) return null;
  return { from: instantOn(stop.date, stop.from), to: instantOn(stop.date, stop.to) };
}

function stopErrors(name: StopName, stop: StopForm, unknown: readonly string[]): PrivateJobErrors {
  const errors: Record<string, PrivateJobErrors[keyof PrivateJobErrors]> = {};
  if (stop.postcode.trim() === '') errors[`${name}.postcode`] = 'required';
  else if (!isUkPostcode(stop.postcode)) errors[`${name}.postcode`] = 'postcodeInvalid';
  else if (unknown.includes(normalisePostcode(stop.postcode))) errors[`${name}.postcode`] = 'postcodeUnknown';
  if (stop.date === '') errors[`${name}.date`] = 'required';
  if (!isTime(stop.from)) errors[`${name}.from`] = 'required';
  if (!isTime(stop.to)) errors[`${name}.to`] = 'required';
  if (stop.onSiteS === null) errors[`${name}.onSiteS`] = 'required';
  const window = stopWindow(stop);
  if (window && window.to <= window.from) errors[`${name}.to`] = 'windowEndsBeforeStart';
  else if (window && window.to - window.from < MIN_PRIVATE_JOB_WINDOW_HOURS * HOUR_MS)
    errors[`${name}.to`] = 'windowTooShort';
  return errors;
}

/**
 * Step 1's rules (spec §5): both stops need a full UK postcode the look-up knows, a date, a window of at least 2 hours
 * and a time on site; the delivery window may not close before the pickup window opens.
 */
export function stopsErrors(form: PrivateJobForm, unknownPostcodes: readonly string[] = []): PrivateJobErrors {
  const errors = {
    ...stopErrors('pickup', form.pickup, unknownPostcodes),
    ...stopErrors('delivery', form.delivery, unknownPostcodes),
  };
  const pickup = stopWindow(form.pickup);
  const delivery = stopWindow(form.delivery);
  if (pickup && delivery && !errors['delivery.to'] && delivery.to <= pickup.from)
    errors['delivery.to'] = 'deliveryBeforePickup';
  return errors;
}

/** Step 2's rules: a volume more than 0 and at most 40 m³ (spec §9 capacity cap); a title of 100 characters at most. */
export function capacityErrors(form: PrivateJobForm): PrivateJobErrors {
  const errors: PrivateJobErrors = {};
  const value = readCubicMetres(form.volume);
  if (form.volume.trim() === '') errors.volume = 'required';
  else if (!(value > 0)) errors.volume = 'volumeInvalid';
  else if (value > MAX_RESERVATION_CAPACITY_M3) errors.volume = 'volumeTooLarge';
  if (form.title.trim().length > MAX_PRIVATE_JOB_TITLE_LENGTH) errors.title = 'titleTooLong';
  return errors;
}

export const stepErrors = (step: PrivateJobStep, form: PrivateJobForm, unknown: readonly string[] = []) =>
  step === 'stops' ? stopsErrors(form, unknown) : step === 'capacity' ? capacityErrors(form) : {};

export const isStepValid = (step: PrivateJobStep, form: PrivateJobForm, unknown: readonly string[] = []) =>
  Object.keys(stepErrors(step, form, unknown)).length === 0;

/**
 * One field of a stop changed. A delivery on the pickup's day is the usual case, so the delivery's date follows the
 * pickup's while the partner has not set it apart (empty, or the same day as the pickup was).
 */
export function withStopChange(
  form: PrivateJobForm,
  stop: StopName,
  field: StopField,
  value: string | number | null,
): PrivateJobForm {
  const next = { ...form, [stop]: { ...form[stop], [field]: value } };
  const follows = form.delivery.date === '' || form.delivery.date === form.pickup.date;
  if (stop === 'pickup' && field === 'date' && follows)
    return { ...next, delivery: { ...next.delivery, date: value as string } };
  return next;
}

/** The two postcodes to look up, as the look-up takes them. */
export const stopPostcodes = (form: PrivateJobForm) => ({
  pickup: normalisePostcode(form.pickup.postcode),
  delivery: normalisePostcode(form.delivery.postcode),
});

/** The spec §3 payload of a valid form with its looked-up places (what POST/PUT private-jobs take). */
export function privateJobPayload(form: PrivateJobForm, places: { pickup: StopPlace; delivery: StopPlace }) {
  const node = <O extends 1 | 2, T extends StopName>(name: T, sortOrder: O) => {
    const stop = form[name];
    const window = stopWindow(stop)!;
    return {
      place: places[name],
      sortOrder,
      nodeType: name,
      timeWindowStart: isoInstant(window.from),
      timeWindowEnd: isoInstant(window.to),
      durationOnSiteInSeconds: stop.onSiteS!,
    };
  };
  const title = form.title.trim();
  return {
    uuid: form.uuid,
    volumeInM3: readCubicMetres(form.volume),
    nodes: [node('pickup', 1), node('delivery', 2)],
    vehicle_id: form.vehicleId,
    driver_id: form.driverId,
    title: title === '' ? null : title,
  };
}

export const EMPTY_STOP: StopForm = { postcode: '', date: '', from: '', to: '', onSiteS: null };

export const emptyForm = (uuid: string, date = ''): PrivateJobForm => ({
  uuid,
  pickup: { ...EMPTY_STOP, date },
  delivery: { ...EMPTY_STOP, date },
  volume: '',
  vehicleId: null,
  driverId: null,
  title: '',
});

/** An instant as a stop's London date and time choice: 01:30 on the 5th is the 4th's 01:30 (the 4th's day runs on). */
function dateAndTime(iso: string): { date: string; time: string } {
  const at = Temporal.Instant.from(iso).toZonedDateTimeISO(LONDON);
  const date = at.hour < DAY_OPENS_HOUR ? at.toPlainDate().subtract({ days: 1 }) : at.toPlainDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: date.toString(), time: `${pad(at.hour)}:${pad(at.minute)}` };
}

/** A stored private job as the form that changes it (its own times on site, volume, vehicle, driver and title). */
export function formOfJob(job: PrivateJob): PrivateJobForm {
  const stop = (node: PrivateJob['nodes'][number]): StopForm => {
    const from = dateAndTime(node.timeWindowStart);
    return {
      postcode: node.place.postcode,
      date: from.date,
      from: from.time,
      to: dateAndTime(node.timeWindowEnd).time,
      onSiteS: node.durationOnSiteInSeconds,
    };
  };
  return {
    uuid: job.uuid,
    pickup: stop(job.nodes[0]),
    delivery: stop(job.nodes[1]),
    volume: String(job.volumeInM3),
    vehicleId: job.vehicle_id,
    driverId: job.driver_id,
    title: job.title ?? '',
  };
}

/** A failed call as the views word it: its kind, and a refusal's own message and field messages. */
export function failureOf(error: unknown): PrivateJobFailure {
  const kind = failureKind(error);
  const http = kind === 'refused' ? (error as HttpError) : null;
  return { kind, message: http?.message ?? null, fields: http?.errors ?? {} };
}
