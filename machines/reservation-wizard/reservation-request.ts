import { Schema } from 'effect';
import { ANYTIME, MAX_RESERVATION_CAPACITY_M3, type ReservationInput } from '@/schemas/reservation';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import type { ProviderVehicle } from '@/schemas/vehicle';
import { instantOn, isoInstant, isTime, normalisePostcode, readCubicMetres } from './reservation-rules';
import type {
  PlaceBook,
  PrivateJobForm,
  RequestField,
  RequestForm,
  ResolvedPlace,
  WizardContext,
  WizardEvent,
  WizardInput,
  WizardSetup,
} from './reservation-wizard.types';

/** A new request: full day, any time, one person, local, finishing where it starts. */
export const EMPTY_REQUEST: RequestForm = {
  vehicleId: null,
  dates: [],
  scope: 'local',
  people: '1',
  timing: 'full_day',
  startTime: ANYTIME,
  endTime: '',
  startPostcode: '',
  finish: 'start',
  endPostcode: '',
  capacity: '',
  privateJob: null,
};

/** A private job just added: nothing chosen yet. */
export const emptyPrivateJob = (uuid: string): PrivateJobForm => ({
  uuid,
  pickupPostcode: '',
  pickupFrom: '',
  pickupTo: '',
  pickupOnSite: null,
  deliveryPostcode: '',
  deliveryFrom: '',
  deliveryTo: '',
  deliveryOnSite: null,
  volume: '',
});

/**
 * A vehicle chosen: while the capacity and the start postcode are empty they are filled from it (its load volume,
 * floored and capped at 40 m³; its base's full postcode, when the base has one).
 */
export function withVehicle(request: RequestForm, vehicle: ProviderVehicle | undefined): RequestForm {
  if (!vehicle) return request;
  const capacity = Math.min(MAX_RESERVATION_CAPACITY_M3, Math.floor(vehicle.loading_capacity_m3));
  const base = vehicle.place?.postcode ?? null;
  return {
    ...request,
    vehicleId: vehicle.id,
    capacity: request.capacity.trim() === '' ? String(capacity) : request.capacity,
    startPostcode: request.startPostcode.trim() === '' && base ? base : request.startPostcode,
  };
}

const asPlace = (p: ResolvedPlace) => ({ lat: p.lat, lng: p.lng, town: p.town, postcode: p.postcode });
const placeIn = (places: PlaceBook, text: string): ResolvedPlace => {
  const found = places[normalisePostcode(text)];
  if (typeof found !== 'object') throw new Error(`postcode ${text} is not resolved`);
  return found;
};

/** The request for each chosen day, as POST v1/reservations takes it; call it only for a request without issues. */
export function toReservationInputs(request: RequestForm, places: PlaceBook): ReservationInput[] {
  const start = placeIn(places, request.startPostcode);
  const end = request.finish === 'elsewhere' ? placeIn(places, request.endPostcode) : start;
  const people = request.people === 'flexible' ? 'flexible' : (Number(request.people) as 1 | 2);
  const job = request.privateJob;
  return request.dates.map((date) => {
    const at = (time: string) => isoInstant(instantOn(date, time));
    return {
      date,
      people,
      capacity: { value: readCubicMetres(request.capacity), unit: 'm3' as const },
      nodes: [
        { place: asPlace(start), time: isTime(request.startTime) ? at(request.startTime) : ANYTIME },
        request.finish === 'anywhere'
          ? { place: null, time: null }
          : { place: asPlace(end), time: request.timing === 'own_window' ? at(request.endTime) : ANYTIME },
      ],
      externalJobs: job
        ? [
            {
              uuid: job.uuid,
              volumeInM3: readCubicMetres(job.volume),
              nodes: [
                {
                  place: asPlace(placeIn(places, job.pickupPostcode)),
                  sortOrder: 1 as const,
                  nodeType: 'pickup' as const,
                  timeWindowStart: at(job.pickupFrom),
                  timeWindowEnd: at(job.pickupTo),
                  durationOnSiteInSeconds: job.pickupOnSite ?? 0,
                },
                {
                  place: asPlace(placeIn(places, job.deliveryPostcode)),
                  sortOrder: 2 as const,
                  nodeType: 'delivery' as const,
                  timeWindowStart: at(job.deliveryFrom),
                  timeWindowEnd: at(job.deliveryTo),
                  durationOnSiteInSeconds: job.deliveryOnSite ?? 0,
                },
              ],
            },
          ]
        : [],
    };
  });
}

const Text = Schema.String.check(Schema.isMaxLength(200));
/** What a saved request must look like to be restored (anything else is dropped: a stale or foreign value). */
const SavedRequest = Schema.Struct({
  vehicleId: Schema.NullOr(Schema.Number),
  dates: Schema.Array(Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/))).check(Schema.isMaxLength(31)),
  scope: Schema.Literals(['local', 'nationwide']),
  people: Schema.Literals(['1', '2', 'flexible']),
  timing: Schema.Literals(['full_day', 'own_window']),
  startTime: Text,
  endTime: Text,
  startPostcode: Text,
  finish: Schema.Literals(['start', 'anywhere', 'elsewhere']),
  endPostcode: Text,
  capacity: Text,
  privateJob: Schema.NullOr(
    Schema.Struct({
      /** Any 8-4-4-4-12 hex id, as Effect 3's `Schema.UUID` took (`isUUID` would also demand RFC version bits). */
      uuid: Schema.String.check(Schema.isGUID()),
      pickupPostcode: Text,
      pickupFrom: Text,
      pickupTo: Text,
      pickupOnSite: Schema.NullOr(Schema.Number),
      deliveryPostcode: Text,
      deliveryFrom: Text,
      deliveryTo: Text,
      deliveryOnSite: Schema.NullOr(Schema.Number),
      volume: Text,
    }),
  ),
});

/**
 * The request saved before a reload, if it is one, fitted to what holds now: days that left the reservation period
 * and a vehicle no longer listed are dropped. Null when there is nothing to restore.
 */
export function restoreRequest(saved: unknown, setup: WizardSetup): RequestForm | null {
  const decoded = Schema.decodeUnknownOption(SavedRequest)(saved);
  if (decoded._tag === 'None') return null;
  const request = decoded.value;
  const { start, end } = setup.info.reservation_period;
  const vehicle = setup.vehicles.find((v) => v.id === request.vehicleId);
  return {
    ...request,
    vehicleId: vehicle ? vehicle.id : (null as ProviderVehicleId | null),
    dates: request.dates.filter((d) => d >= start && d <= end),
  };
}

const FIELD_OF: Readonly<Record<string, RequestField>> = { vehicleId: 'vehicle' };

/** The request after one of the partner's edits (adding a private job is `addPrivateJob`, which makes its uuid). */
export function applyEdit(request: RequestForm, event: WizardEvent, vehicles: readonly ProviderVehicle[]): RequestForm {
  switch (event.type) {
    case 'request.changed': {
      const next = { ...request, ...event.patch, ...startTimeFor(event.patch.timing, request.startTime) };
      const chosen = event.patch.vehicleId;
      return chosen === undefined
        ? next
        : withVehicle(
            next,
            vehicles.find((v) => v.id === chosen),
          );
    }
    case 'date.toggled':
      return {
        ...request,
        dates: request.dates.includes(event.date)
          ? request.dates.filter((d) => d !== event.date)
          : [...request.dates, event.date].sort(),
      };
    case 'privateJob.changed':
      return request.privateJob ? { ...request, privateJob: { ...request.privateJob, ...event.patch } } : request;
    case 'privateJob.removed':
      return { ...request, privateJob: null };
    default:
      return request;
  }
}

/** A full day may start at any time; an own window needs a time: the start is fitted when the hours change. */
function startTimeFor(timing: RequestForm['timing'] | undefined, startTime: string): Partial<RequestForm> {
  if (timing === 'full_day' && !isTime(startTime)) return { startTime: ANYTIME };
  if (timing === 'own_window' && startTime === ANYTIME) return { startTime: '' };
  return {};
}

/** The fields an edit touched: their messages show from now on. */
export function touchedBy(event: WizardEvent): RequestField[] {
  switch (event.type) {
    case 'request.changed':
    case 'privateJob.changed':
      return Object.keys(event.patch).map((key) => FIELD_OF[key] ?? (key as RequestField));
    case 'date.toggled':
      return ['dates'];
    default:
      return [];
  }
}

/** The places known after a look-up's answer. */
export function withPlace(places: PlaceBook, event: WizardEvent): PlaceBook {
  if (event.type === 'postcode.resolved') return { ...places, [event.postcode]: event.place ?? 'unknown' };
  if (event.type === 'postcode.failed') return { ...places, [event.postcode]: 'failed' };
  return places;
}

/** The wizard before anything has loaded: the saved request waits for the set-up to be restored. */
export const initialContext = (input: WizardInput): WizardContext => ({
  userId: input.userId,
  saved: input.saved,
  info: null,
  vehicles: [],
  request: EMPTY_REQUEST,
  restored: false,
  touched: [],
  revealAll: false,
  places: {},
  drafts: [],
  dayErrors: [],
  submitKey: null,
  submitFailed: false,
  created: [],
  loadError: null,
  work: null,
});
