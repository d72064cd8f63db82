import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { DriverId } from '@/schemas/driver';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import type { SubmitOfferInput } from './journey-allocation.types';

const expressInterest = vi.fn((_request: unknown) => Promise.resolve([]));
const claimJourney = vi.fn((_request: unknown) => Promise.resolve({}));
vi.mock('@/src/api/journeys', () => ({ expressInterest, claimJourney }));

const { submitOffer } = await import('./journey-allocation.actors');

const offer = (patch: Partial<SubmitOfferInput>): SubmitOfferInput => ({
  journeyId: '42',
  method: 'EXPRESS_INTEREST',
  vehicleId: 6 as ProviderVehicleId,
  driverId: null,
  quote: 35_050,
  returnQuote: undefined,
  people: 2,
  withReturn: false,
  edit: false,
  key: 'key-1',
  ...patch,
});

const run = (input: SubmitOfferInput) => {
  const actor = createActor(submitOffer, { input });
  actor.start();
  return toPromise(actor);
};

describe('sending an offer', () => {
  it('sends an edit of a pending interest as one (the server then refuses it when none is left)', async () => {
    await run(offer({ edit: true }));
    await run(offer({ quote: undefined }));
    expect(expressInterest.mock.calls.map(([request]) => request)).toEqual([
      { vehicleId: 6, journeyIds: [42], quote: 35_050, people: 2, edit: true, key: 'key-1' },
      { vehicleId: 6, journeyIds: [42], people: 2, key: 'key-1' },
    ]);
  });

  it('claims with the driver, the vehicle and the return leg', async () => {
    await run(offer({ method: 'CLICK_AND_CLAIM', driverId: 9 as DriverId, withReturn: true, quote: undefined }));
    expect(claimJourney).toHaveBeenCalledWith({
      journeyId: '42',
      driverId: 9,
      vehicleId: 6,
      withReturn: true,
      key: 'key-1',
    });
  });
});
