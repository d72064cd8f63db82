import { fromCallback, fromPromise } from 'xstate';
import type { DeallocationReason, JourneyResponse } from '@/schemas/journey';
import type { DriverId, ProviderDriver } from '@/schemas/driver';
import {
  allocateDriver as requestAllocateDriver,
  allocateDriverReal,
  cancelInterest as requestCancelInterest,
  claimJourney,
  deallocateJourney,
  expressInterest,
  fetchDrivers,
  fetchExpressedInterest,
  fetchJourney,
  fetchJourneyVehicles,
  type Deallocation,
} from '@/src/api/journeys';
import type { JourneyId } from '@/schemas/journey';
import type {
  JourneyAllocationEvent,
  JourneyLoaded,
  JourneyOfferInput,
  OfferFleet,
  SubmitOfferInput,
} from './journey-allocation.types';

/** How often the page's clock ticks: the countdown shows seconds in its last minute. */
export const CLOCK_TICK_MS = 1000;

/**
 * GET the journey; when it says the partner's interest is pending, GET that interest too (its cancellation deadline).
 * The server's clock comes from the journey's answer. Leaving the state aborts the requests.
 */
export const loadJourney = fromPromise<JourneyLoaded, { id: string }>(async ({ input, signal }) => {
  const { view, clock } = await fetchJourney(input.id, signal);
  const pending = view.allocationDetails?.allocationMethod === 'EXPRESSED_INTEREST';
  const interest = pending ? await fetchExpressedInterest(input.id, signal) : null;
  const offset = clock.serverMs === null ? 0 : clock.serverMs - clock.localMs;
  return { view, interest, serverNow: clock.localMs + offset, clockOffsetMs: offset };
});

/** GET cancelInterest/{id}. Not aborted when the state is left: the partner decided, and its answer is the truth. */
export const cancelInterest = fromPromise<void, { id: string }>(({ input }) => requestCancelInterest(input.id));

/**
 * The page's clock: now on the server's clock (this device's clock plus the offset measured on the last read), every
 * second while the journey is shown. Deadlines of up to a month away are checked against it rather than waited for
 * with `after`: a timer longer than 24.8 days overflows and would fire at once.
 */
export const serverClock = fromCallback<JourneyAllocationEvent, { offsetMs: number }>(({ sendBack, input }) => {
  const timer = setInterval(() => sendBack({ type: 'clock.ticked', now: Date.now() + input.offsetMs }), CLOCK_TICK_MS);
  return () => clearInterval(timer);
});

/** The partner's vehicles measured against the journey, and (for click and claim) its active drivers. */
export const loadFleet = fromPromise<OfferFleet, Pick<JourneyOfferInput, 'journeyId' | 'method'>>(
  async ({ input, signal }) => {
    const [vehicles, drivers] = await Promise.all([
      fetchJourneyVehicles(input.journeyId, signal),
      input.method === 'CLICK_AND_CLAIM' ? fetchDrivers(signal) : Promise.resolve([]),
    ]);
    return { vehicles, drivers: drivers.filter((driver) => driver.active) };
  },
);

/**
 * Express interest (POST expressInterest; `edit`: change the pending interest only) or click and claim (POST
 * register-driver/{driverId}), with the attempt's Idempotency-Key. Not aborted when the state is left.
 */
export const submitOffer = fromPromise<void, SubmitOfferInput>(async ({ input }) => {
  if (input.method === 'EXPRESS_INTEREST') {
    await expressInterest({
      vehicleId: input.vehicleId,
      journeyIds: [Number(input.journeyId) as JourneyId],
      ...(input.quote === undefined ? {} : { quote: input.quote }),
      ...(input.returnQuote === undefined ? {} : { returnQuote: input.returnQuote }),
      people: input.people,
      ...(input.edit ? { edit: true } : {}),
      key: input.key,
    });
    return;
  }
  if (input.driverId === null) throw new Error('A claim needs a driver');
  await claimJourney({
    journeyId: input.journeyId,
    driverId: input.driverId,
    vehicleId: input.vehicleId,
    withReturn: input.withReturn,
    key: input.key,
  });
});

/** The partner's active drivers. */
export const loadDrivers = fromPromise<readonly ProviderDriver[]>(async ({ signal }) =>
  (await fetchDrivers(signal)).filter((driver) => driver.active),
);

/** POST allocate-driver/{driverId}. */
export const allocateDriver = fromPromise<JourneyResponse, { journeyId: string; driverId: DriverId }>(({ input }) =>
  requestAllocateDriver(input.journeyId, input.driverId),
);

/** POST allocate-driver-real: the chosen driver, or the one on the journey. */
export const confirmDriver = fromPromise<JourneyResponse, { journeyId: string; driverId: DriverId | null }>(
  ({ input }) => allocateDriverReal(input.journeyId, input.driverId),
);

/** POST deallocate-driver with the reason: the answer says what it cost. */
export const deallocate = fromPromise<Deallocation, { journeyId: string; reason: DeallocationReason; note: string }>(
  ({ input }) => deallocateJourney(input.journeyId, { reason: input.reason, note: input.note }),
);
