import { fromPromise } from 'xstate';
import type { JourneyId, JourneyVehicle } from '@/schemas/journey';
import { expressInterest as requestInterest, fetchJourneyVehicles } from '@/src/api/journeys';
import type { SelectionRequest } from './journey-selection.types';

/**
 * The partner's vehicles that may carry every selected journey: each journey's list (at most 6 reads, at once), and a
 * vehicle kept when it is eligible for all of them (approved, and big enough for the largest load).
 */
export const loadVehicles = fromPromise<readonly JourneyVehicle[], { journeyIds: readonly JourneyId[] }>(
  async ({ input, signal }) => {
    const lists = await Promise.all(input.journeyIds.map((id) => fetchJourneyVehicles(id, signal)));
    const [first = [], ...rest] = lists;
    return first.map((vehicle) => ({
      ...vehicle,
      eligible: vehicle.eligible && rest.every((list) => list.some((v) => v.id === vehicle.id && v.eligible)),
    }));
  },
);

/** POST expressInterest for all the selected journeys at once (all or none), with the request's Idempotency-Key. */
export const expressInterest = fromPromise<number, SelectionRequest>(async ({ input }) => {
  const interests = await requestInterest({ vehicleId: input.vehicleId, journeyIds: input.journeyIds, key: input.key });
  return interests.length;
});
