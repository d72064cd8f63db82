import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { JourneyId } from '@/schemas/journey';

const lists: Record<number, Array<{ id: number; eligible: boolean }>> = {
  1: [
    { id: 5, eligible: true },
    { id: 6, eligible: true },
    { id: 7, eligible: false },
  ],
  2: [
    { id: 5, eligible: true },
    { id: 6, eligible: false },
    { id: 7, eligible: false },
  ],
};
vi.mock('@/src/api/journeys', () => ({
  fetchJourneyVehicles: (id: number) => Promise.resolve(lists[id]),
  expressInterest: () => Promise.resolve([]),
}));

const { loadVehicles } = await import('./journey-selection.actors');

describe('the vehicles of several journeys', () => {
  it('keeps a vehicle eligible only when it may carry every selected journey', async () => {
    const actor = createActor(loadVehicles, { input: { journeyIds: [1, 2] as JourneyId[] } });
    actor.start();
    const vehicles = await toPromise(actor);
    expect(vehicles.map((v) => [v.id, v.eligible])).toEqual([
      [5, true],
      [6, false],
      [7, false],
    ]);
  });
});
