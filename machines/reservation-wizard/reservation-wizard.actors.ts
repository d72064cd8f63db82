import { fromCallback, fromPromise } from 'xstate';
import type { Reservation } from '@/schemas/reservation';
import { lookUpPlaces } from '@/src/api/places';
import { acceptDrafts as requestCreate, fetchReservationInfo, validateReservations } from '@/src/api/reservations';
import { fetchApprovedVehicles } from '@/src/api/vehicles';
import type {
  AcceptInput,
  DayError,
  LookUpEvent,
  LookUpInput,
  ReviewResult,
  ValidateInput,
  WizardEvent,
  WizardSetup,
} from './reservation-wizard.types';

/** GET reservation-info and the approved vehicles, those of a type that may be reserved. */
export const loadSetup = fromPromise<WizardSetup>(async ({ signal }) => {
  const [info, vehicles] = await Promise.all([fetchReservationInfo(signal), fetchApprovedVehicles(signal)]);
  return { info, vehicles: vehicles.filter((v) => info.eligible_vehicle_types.includes(v.type)) };
});

/**
 * Looks up each complete postcode typed (GET v1/places with the postcode: the offline look-up places its district at
 * the post town) once, and sends back where it is, `postcode.resolved` with `place: null` when nothing is known there,
 * or `postcode.failed`. Told of newly typed postcodes with `postcodes.wanted`; stopping it aborts what is under way.
 */
export const lookUpPostcodes = fromCallback<LookUpEvent, LookUpInput>(({ input, receive, sendBack }) => {
  const stop = new AbortController();
  const asking = new Set<string>();
  const ask = (postcodes: readonly string[]) => {
    for (const postcode of postcodes) {
      if (asking.has(postcode)) continue;
      asking.add(postcode);
      lookUpPlaces(postcode, stop.signal)
        .then((places) => {
          const place = places[0];
          const event: WizardEvent = {
            type: 'postcode.resolved',
            postcode,
            place: place ? { lat: place.lat, lng: place.lng, town: place.town, postcode } : null,
          };
          sendBack(event);
        })
        .catch(() => {
          if (!stop.signal.aborted) sendBack({ type: 'postcode.failed', postcode } satisfies WizardEvent);
        })
        .finally(() => asking.delete(postcode));
    }
  };
  ask(input.postcodes);
  receive((event) => ask(event.postcodes));
  return () => stop.abort();
});

/** The fields of a code-101 answer that step 2 reads (src/api/errors.ts HttpError), by shape so fakes are literals. */
const ruleErrorsOf = (error: unknown): readonly { code: string; date?: string; field?: string }[] =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 101
    ? ((error as { ruleErrors?: readonly { code: string; date?: string; field?: string }[] }).ruleErrors ?? [])
    : [];

/**
 * Step 2: validates every chosen day. The server answers all or none (a broken rule on one day keeps no draft), so
 * when some days break rules (code 101) the others are validated again on their own: the review then shows a priced
 * draft for each valid day and the broken rules of each other day. Any other refusal fails the step.
 */
export const validateDrafts = fromPromise<ReviewResult, ValidateInput>(async ({ input, signal }) => {
  try {
    return { drafts: await validateReservations(input, signal), dayErrors: [] };
  } catch (error) {
    const broken = ruleErrorsOf(error);
    if (broken.length === 0) throw error;
    const dayErrors: DayError[] = broken.map((e) => ({ date: e.date ?? '', code: e.code, field: e.field ?? '' }));
    const refused = new Set(dayErrors.map((e) => e.date));
    const valid = input.reservations.filter((r) => !refused.has(r.date));
    const drafts = valid.length > 0 ? await validateReservations({ ...input, reservations: valid }, signal) : [];
    return { drafts, dayErrors };
  }
});

/**
 * Step 3: POST accept-drafts with the create's Idempotency-Key. Not aborted when the state is left: a create sent is
 * the partner's decision, and its answer is what the page waits for.
 */
export const acceptDrafts = fromPromise<readonly Reservation[], AcceptInput>(({ input }) =>
  requestCreate(input.ids, input.key),
);
