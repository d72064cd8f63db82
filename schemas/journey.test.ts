import { Result } from 'effect';
import { describe, expect, it } from 'vitest';
import { decodeResult } from './decode';
import {
  ClaimJourneyRequest,
  DeallocateRequest,
  ExpressInterestRequest,
  JourneyError,
  JOURNEY_NOT_VISIBLE,
  MAX_INTEREST_JOURNEYS,
} from './journey';

const issues = (schema: Parameters<typeof decodeResult>[0], value: unknown) => {
  const result = decodeResult(schema, 'test')(value);
  return Result.isFailure(result) ? result.failure.issues : [];
};

const interest = (fields: Record<string, unknown>) => ({
  payload: { provider_vehicle_id: 5, job_id: [1], job_type: 'journey', ...fields },
});

describe('ExpressInterestRequest', () => {
  it(`takes 1 to ${MAX_INTEREST_JOURNEYS} distinct journeys`, () => {
    expect(issues(ExpressInterestRequest, interest({ job_id: [1, 2, 3, 4, 5, 6] }))).toEqual([]);
    expect(issues(ExpressInterestRequest, interest({ job_id: [1, 2, 3, 4, 5, 6, 7] }))).toEqual([
      { path: 'payload.job_id', message: 'You can express interest in up to 6 journeys at once' },
    ]);
    expect(issues(ExpressInterestRequest, interest({ job_id: [] }))).toEqual([
      { path: 'payload.job_id', message: 'Choose at least one journey' },
    ]);
    expect(issues(ExpressInterestRequest, interest({ job_id: [4, 4] }))).toEqual([
      { path: 'payload.job_id', message: 'Each journey can be listed only once' },
    ]);
  });

  it('names each failing field', () => {
    const paths = issues(
      ExpressInterestRequest,
      interest({ provider_vehicle_id: -1, job_type: 'instant', tp_quote: 0, selected_number_of_men_option: 3 }),
    ).map((i) => i.path);
    expect(paths.sort()).toEqual([
      'payload.job_type',
      'payload.provider_vehicle_id',
      'payload.selected_number_of_men_option',
      'payload.tp_quote',
    ]);
  });
});

describe('DeallocateRequest', () => {
  it('requires a reason, with the spec §5 wording', () => {
    expect(issues(DeallocateRequest, { payload: {} })).toEqual([
      { path: 'payload.reason', message: 'Deallocation reason is required' },
    ]);
    expect(issues(DeallocateRequest, { payload: { reason: 'driver_unable_to_work' } })).toEqual([]);
  });
});

describe('ClaimJourneyRequest', () => {
  it('takes a vehicle and an optional return flag', () => {
    expect(issues(ClaimJourneyRequest, { payload: { provider_vehicle_id: 5, return: true } })).toEqual([]);
    expect(issues(ClaimJourneyRequest, { payload: { provider_vehicle_id: 5, return: 'yes' } })[0]?.path).toBe(
      'payload.return',
    );
  });
});

describe('JourneyError', () => {
  it("decodes the spec's 404 for a journey the caller may not see", () => {
    expect(issues(JourneyError, JOURNEY_NOT_VISIBLE)).toEqual([]);
    expect(JOURNEY_NOT_VISIBLE.message).toBe('The journey does not exist or its not allocated to you.');
  });
});
