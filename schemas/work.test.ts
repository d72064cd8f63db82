import { Result, type Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { decodeResult } from './decode';
import {
  AllocateDriverForm,
  CompleteJobRequest,
  CompleteWithIssueRequest,
  MAX_COMPLETION_TEXT,
  MAX_EXTRA_CHARGE_PENCE,
  RateJobRequest,
  SELECT_A_DRIVER,
  WonJob,
  WonJobSheet,
  WonListingForm,
  WonWorkQuery,
} from './work';

const decoded = <A, I>(schema: Schema.Codec<A, I>, value: unknown) => {
  const result = decodeResult(schema, 'test')(value);
  return Result.isSuccess(result) ? result.success : null;
};
const issues = <A, I>(schema: Schema.Codec<A, I>, value: unknown) => {
  const result = decodeResult(schema, 'test')(value);
  return Result.isFailure(result) ? result.failure.issues : [];
};

const issue = (fields: Record<string, unknown> = {}) => ({
  listing_id: 7,
  text: 'The customer was not in: waited 30 minutes',
  type: 5,
  sub_type: null,
  responsible: 2,
  listingCart: { items: [] },
  ...fields,
});

describe('WonWorkQuery', () => {
  it('defaults to the first page of the active tab, and reads empty filters as none', () => {
    expect(decoded(WonWorkQuery, {})).toEqual({ tab: 'active', page: 1 });
    expect(decoded(WonWorkQuery, { tab: 'live_quotes', page: '3', vehicle_id: '', driver_id: '12' })).toEqual({
      tab: 'live_quotes',
      page: 3,
      vehicle_id: null,
      driver_id: 12,
    });
  });

  it('names each bad parameter once', () => {
    expect(issues(WonWorkQuery, { tab: 'won', page: '0', vehicle_id: 'x', driver_id: '-2' })).toEqual([
      { path: 'tab', message: 'The tab is one of active, completed, live_quotes' },
      { path: 'page', message: 'page must be a whole number from 1' },
      { path: 'vehicle_id', message: 'vehicle_id is a positive whole number' },
      { path: 'driver_id', message: 'driver_id is a positive whole number' },
    ]);
  });
});

describe('AllocateDriverForm', () => {
  it('reads the spec form as text, JSON bare or under payload alike', () => {
    const expected = { listing_id: 4, user_id: 2 };
    expect(decoded(AllocateDriverForm, { listing_id: '4', user_id: '2' })).toEqual(expected);
    expect(decoded(AllocateDriverForm, { listing_id: 4, user_id: 2 })).toEqual(expected);
    expect(decoded(AllocateDriverForm, { payload: { listing_id: 4, user_id: 2 } })).toEqual(expected);
    expect(decoded(AllocateDriverForm, { ...expected, pickup_date: '2026-11-20 09:30' })).toEqual({
      ...expected,
      pickup_date: '2026-11-20 09:30',
    });
    expect(decoded(AllocateDriverForm, { ...expected, pickup_date: '' })).toEqual({ ...expected, pickup_date: '' });
  });

  it("says 'Please select a driver' for a missing, empty or unusable driver (spec §5)", () => {
    for (const form of [{ listing_id: '4' }, { listing_id: '4', user_id: '' }, { listing_id: '4', user_id: 'x' }])
      expect(issues(AllocateDriverForm, form)).toEqual([{ path: 'user_id', message: SELECT_A_DRIVER }]);
  });

  it('refuses a pickup time it cannot read', () => {
    expect(issues(AllocateDriverForm, { listing_id: 4, user_id: 2, pickup_date: 'tomorrow' })).toEqual([
      { path: 'pickup_date', message: 'Give the pickup time as yyyy-MM-dd HH:mm' },
    ]);
  });
});

describe('CompleteJobRequest', () => {
  it('takes the listing id bare or under payload', () => {
    expect(decoded(CompleteJobRequest, { listing_id: 7 })).toEqual({ listing_id: 7 });
    expect(decoded(CompleteJobRequest, { payload: { listing_id: 7 } })).toEqual({ listing_id: 7 });
    expect(issues(CompleteJobRequest, {}).map((i) => i.path)).toEqual(['listing_id']);
  });
});

describe('CompleteWithIssueRequest', () => {
  it('takes a plain issue (no sub type, no cost), and an additional cost with the charge-customer-extra sub type', () => {
    expect(decoded(CompleteWithIssueRequest, issue())).toMatchObject({ sub_type: null, text: issue().text });
    expect(
      decoded(CompleteWithIssueRequest, {
        payload: issue({ sub_type: 'charge_customer_extra', extra_charge: { amount: MAX_EXTRA_CHARGE_PENCE } }),
      }),
    ).toMatchObject({ sub_type: 'charge_customer_extra', extra_charge: { amount: MAX_EXTRA_CHARGE_PENCE } });
    expect(decoded(CompleteWithIssueRequest, issue({ extra_charge: null }))).not.toBeNull();
  });

  it('needs the cost with charge_customer_extra and refuses it without', () => {
    expect(issues(CompleteWithIssueRequest, issue({ sub_type: 'charge_customer_extra' }))).toEqual([
      { path: 'extra_charge', message: 'Enter the additional cost' },
    ]);
    expect(issues(CompleteWithIssueRequest, issue({ extra_charge: { amount: 500 } }))).toEqual([
      { path: 'extra_charge', message: 'An additional cost needs sub_type charge_customer_extra' },
    ]);
  });

  it('takes 1p to £500 as the cost, and 1 to 1000 characters of text', () => {
    const cost = (amount: unknown) =>
      issues(CompleteWithIssueRequest, issue({ sub_type: 'charge_customer_extra', extra_charge: { amount } }));
    expect(cost(1)).toEqual([]);
    expect(cost(MAX_EXTRA_CHARGE_PENCE + 1)).toEqual([
      { path: 'extra_charge.amount', message: 'The additional cost is at most £500' },
    ]);
    expect(cost(0)).toEqual([{ path: 'extra_charge.amount', message: 'The additional cost must be more than 0' }]);
    expect(cost(12.5).map((i) => i.path)).toEqual(['extra_charge.amount']);
    expect(issues(CompleteWithIssueRequest, issue({ text: 'x'.repeat(MAX_COMPLETION_TEXT) }))).toEqual([]);
    expect(issues(CompleteWithIssueRequest, issue({ text: 'x'.repeat(MAX_COMPLETION_TEXT + 1) }))).toEqual([
      { path: 'text', message: 'The text is at most 1000 characters' },
    ]);
    expect(issues(CompleteWithIssueRequest, issue({ text: '   ' }))).toEqual([
      { path: 'text', message: 'Please describe what happened' },
    ]);
  });

  it('holds the spec constants: type 5, responsible 2, an empty cart', () => {
    const paths = issues(
      CompleteWithIssueRequest,
      issue({ type: 4, responsible: 1, sub_type: 'refund', listingCart: { items: [1] } }),
    ).map((i) => i.path);
    expect(paths.sort()).toEqual(['listingCart.items', 'responsible', 'sub_type', 'type']);
  });
});

describe('WonListingForm', () => {
  it('is the count alone, or a job with action archive', () => {
    expect(decoded(WonListingForm, { countOnly: '1' })).toEqual({ countOnly: true });
    expect(decoded(WonListingForm, { listing_id: '9', action: 'archive', countOnly: '1' })).toEqual({
      listing_id: 9,
      action: 'archive',
      countOnly: true,
    });
    expect(decoded(WonListingForm, { payload: { countOnly: true } })).toEqual({ countOnly: true });
  });

  it('refuses an action without a job, a job without the action, and any other action', () => {
    expect(issues(WonListingForm, { action: 'archive' })).toEqual([
      { path: 'listing_id', message: 'Say which job to archive' },
    ]);
    expect(issues(WonListingForm, { listing_id: '9' })).toEqual([
      { path: 'action', message: 'The action must be archive' },
    ]);
    expect(issues(WonListingForm, { listing_id: '9', action: 'delete' })).toEqual([
      { path: 'action', message: 'The action must be archive' },
    ]);
  });
});

describe('RateJobRequest', () => {
  it('takes four criteria of 1 to 5 stars and an optional comment', () => {
    const rating = { punctuality: 5, communication: 4, care_of_goods: 1, presentation: 3 };
    expect(decoded(RateJobRequest, rating)).toEqual(rating);
    expect(decoded(RateJobRequest, { ...rating, comment: null })).toEqual(rating);
    expect(decoded(RateJobRequest, { payload: { ...rating, comment: 'Great' } })).toEqual({
      ...rating,
      comment: 'Great',
    });
    expect(
      issues(RateJobRequest, { ...rating, presentation: 6, punctuality: 0, comment: 3 }).map((i) => i.path),
    ).toEqual(['punctuality', 'presentation', 'comment']);
  });
});

describe('WonJob and WonJobSheet', () => {
  const job = {
    listing_id: 12,
    kind: 'auction',
    category: 'house_move',
    job_status: 'realised',
    listing_status: 'ALLOCATED',
    stops: [
      {
        type: 'pickup',
        town: 'Leeds',
        postcode_area: 'LS1',
        lat: 53.8,
        lng: -1.55,
        date_start: '2026-11-18T09:00:00.000Z',
        date_end: '2026-11-18T12:00:00.000Z',
      },
    ],
    price: { amount: 12000 },
    volume_m3: 8,
    distance_m: 40000,
    driver: { user_id: 3, full_name: 'Isla Kelly' },
    vehicle: null,
    pickup_date: '2026-11-18T09:00:00.000Z',
    planned_pickup_at: null,
    completable_from: '2026-11-18T09:00:00.000Z',
    realised_at: '2026-11-18T14:00:00.000Z',
    completed_at: null,
    archived_at: null,
    extra_charge: { amount: 2500 },
    issue_text: 'Extra stop',
    feedback: {
      requested_at: '2026-11-18T15:00:00.000Z',
      rating: {
        punctuality: 5,
        communication: 4,
        care_of_goods: 5,
        presentation: 4,
        comment: null,
        rated_at: '2026-11-19T10:00:00.000Z',
      },
    },
    can: { allocate_driver: false, complete: false, archive: true, request_feedback: false },
    tracking_from: '2026-11-17T09:00:00.000Z',
  };

  it('decode a row and a sheet, and refuse a status the spec does not have', () => {
    expect(decoded(WonJob, job)).not.toBeNull();
    expect(decoded(WonJobSheet, { ...job, description: 'House move', customer: null })).not.toBeNull();
    expect(issues(WonJob, { ...job, listing_status: 'WON' }).map((i) => i.path)).toEqual(['listing_status']);
  });
});
