import { IDEMPOTENCY_KEY_HEADER } from '@/schemas/common';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import {
  CancelInterestResponse,
  DeallocationResponse,
  DriversResponse,
  ExpressedInterestResponse,
  ExpressInterestResponse,
  JourneyResponse,
  JourneyVehiclesResponse,
  MAX_DRIVERS_PAGE,
  type DeallocationReason,
  type ExpressedInterest,
  type JourneyId,
  type JourneyVehicle,
} from '@/schemas/journey';
import { type DriverId, type ProviderDriver } from '@/schemas/driver';
import { api } from './api';

/**
 * The journey calls of spec §7 "Journeys and drivers", at the spec's own paths (shapes in schemas/journey.ts, rules in
 * server/journeys/). Claims and interest carry an Idempotency-Key made by the caller once per user action, so a
 * repeat after a lost answer claims once. Refusals come back as HttpError with the server's `message`, its `code` as
 * `reason` (`taken`, `closed`, `not_eligible`, `cancel_deadline_passed` …) and its `detail`; bad input is 422
 * `messages.validation` with `errors` by field.
 */

/** When the server answered, on its clock and on ours: a countdown runs on the difference (ARCHITECTURE.md). */
export interface AnswerClock {
  /** The answer's `Date` header in ms since the epoch, or null when it had none. */
  readonly serverMs: number | null;
  /** Date.now() when the answer's headers arrived. */
  readonly localMs: number;
}

/** A journey as read, with the clock of its answer. */
export interface JourneyRead {
  readonly view: JourneyResponse;
  readonly clock: AnswerClock;
}

const FIND_WORK = 'ts/public/find-work/v1/journeys';
const PROVIDER = 'ng/api/v3/provider';
const JOURNEY = 'journey/api/v1/journey';
const idOf = (id: string | number) => encodeURIComponent(String(id));
const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/**
 * GET /ts/public/find-work/v1/journeys/{id}: the journey, the caller's allocation details, its driver and the actions
 * it may take. 404 'The journey does not exist or its not allocated to you.' for one the caller may not see.
 */
export const fetchJourney = (id: string | number, signal?: AbortSignal): Promise<JourneyRead> => {
  let clock: AnswerClock = { serverMs: null, localMs: Date.now() };
  return api
    .get(`${FIND_WORK}/${idOf(id)}`, JourneyResponse, 'JourneyResponse', {
      signal,
      onHeaders: (headers) => {
        const date = Date.parse(headers.get('Date') ?? '');
        // The Date header counts whole seconds: half a second is the best guess at when within it the answer left.
        clock = { serverMs: Number.isNaN(date) ? null : date + 500, localMs: Date.now() };
      },
    })
    .then((view) => ({ view, clock }));
};

/** GET /journey/api/v1/journey/expressed-interest/{id}: the caller's pending interest, with its deadline, or null. */
export const fetchExpressedInterest = (id: string | number, signal?: AbortSignal): Promise<ExpressedInterest | null> =>
  api
    .get(`${JOURNEY}/expressed-interest/${idOf(id)}`, ExpressedInterestResponse, 'ExpressedInterest', { signal })
    .then((r) => r.data);

/** GET /journey/api/v1/journey-shells/listProviderVehicles/{id}: the caller's vehicles, each eligible or not. */
export const fetchJourneyVehicles = (id: string | number, signal?: AbortSignal): Promise<readonly JourneyVehicle[]> =>
  api
    .get(`journey/api/v1/journey-shells/listProviderVehicles/${idOf(id)}`, JourneyVehiclesResponse, 'JourneyVehicles', {
      signal,
    })
    .then((r) => r.data);

/** GET /ng/api/v3/provider/drivers: the caller's drivers (one page of the most the server lists), active or not. */
export const fetchDrivers = (signal?: AbortSignal): Promise<readonly ProviderDriver[]> =>
  api
    .get(`${PROVIDER}/drivers`, DriversResponse, 'Drivers', { query: { page: 1, limit: MAX_DRIVERS_PAGE }, signal })
    .then((r) => r.data.rows);

/** What an expression of interest sends (spec §3 interest payload); amounts in minor units. */
export interface InterestRequest {
  readonly vehicleId: ProviderVehicleId;
  /** 1 to 6 journeys, all or none. */
  readonly journeyIds: readonly JourneyId[];
  /** The partner's price; without it the journey's own. */
  readonly quote?: number;
  readonly returnQuote?: number;
  readonly people?: 1 | 2;
  /** Change the pending interests only (spec §4 edit): refused for a journey where the caller has none. */
  readonly edit?: boolean;
  readonly key: string;
}

/**
 * POST /ng/api/v3/provider/expressInterest: one pending interest per journey, in the order asked (expressing it again
 * changes a pending one).
 */
export const expressInterest = (request: InterestRequest): Promise<readonly ExpressedInterest[]> =>
  api
    .post(`${PROVIDER}/expressInterest`, ExpressInterestResponse, 'ExpressInterest', {
      body: {
        provider_vehicle_id: request.vehicleId,
        job_id: request.journeyIds,
        job_type: 'journey',
        ...(request.quote === undefined ? {} : { tp_quote: request.quote }),
        ...(request.returnQuote === undefined ? {} : { tp_quote_return: request.returnQuote }),
        ...(request.people === undefined ? {} : { selected_number_of_men_option: request.people }),
        ...(request.edit ? { edit: true } : {}),
      },
      headers: keyed(request.key),
    })
    .then((r) => r.data);

/** GET /ng/api/v3/provider/cancelInterest/{id}: withdraws the pending interest (until its deadline). */
export const cancelInterest = (id: string | number): Promise<void> =>
  api.get(`${PROVIDER}/cancelInterest/${idOf(id)}`, CancelInterestResponse, 'CancelInterest').then(() => undefined);

/** What a click and claim sends (spec §3 claim payload). */
export interface ClaimRequest {
  readonly journeyId: string | number;
  readonly driverId: DriverId;
  readonly vehicleId: ProviderVehicleId;
  /** Take the journey's return leg too. */
  readonly withReturn: boolean;
  readonly key: string;
}

/** POST /journey/api/v1/journey/{id}/register-driver/{driverId}: the journey, allocated to the caller. */
export const claimJourney = (request: ClaimRequest): Promise<JourneyResponse> =>
  api.post(
    `${JOURNEY}/${idOf(request.journeyId)}/register-driver/${idOf(request.driverId)}`,
    JourneyResponse,
    'JourneyResponse',
    {
      body: { provider_vehicle_id: request.vehicleId, ...(request.withReturn ? { return: true } : {}) },
      headers: keyed(request.key),
    },
  );

/** POST /journey/api/v1/journey/{id}/allocate-driver/{driverId}: puts a driver on the caller's journey, unconfirmed. */
export const allocateDriver = (journeyId: string | number, driverId: DriverId): Promise<JourneyResponse> =>
  api.post(`${JOURNEY}/${idOf(journeyId)}/allocate-driver/${idOf(driverId)}`, JourneyResponse, 'JourneyResponse');

/** POST /journey/api/v1/journey/{id}/allocate-driver-real: confirms the driver (the one given, else the one on it). */
export const allocateDriverReal = (journeyId: string | number, driverId: DriverId | null): Promise<JourneyResponse> =>
  api.post(`${JOURNEY}/${idOf(journeyId)}/allocate-driver-real`, JourneyResponse, 'JourneyResponse', {
    body: driverId === null ? {} : { driver_id: driverId },
  });

/** What handing a journey back cost (DeallocationResponse). */
export type Deallocation = DeallocationResponse['data'];

/** POST /journey/api/v1/journey/{id}/deallocate-driver: hands the journey back; the answer says what it cost. */
export const deallocateJourney = (
  journeyId: string | number,
  request: { readonly reason: DeallocationReason; readonly note: string },
): Promise<Deallocation> =>
  api
    .post(`${JOURNEY}/${idOf(journeyId)}/deallocate-driver`, DeallocationResponse, 'Deallocation', {
      body: { reason: request.reason, ...(request.note.trim() === '' ? {} : { note: request.note.trim() }) },
    })
    .then((r) => r.data);
