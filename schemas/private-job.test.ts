import { Result, Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { decodeResult } from './decode';
import {
  DEFAULT_PRIVATE_WORK_PREFERENCES,
  MAX_RANGE_DAYS,
  onSiteText,
  PRIVATE_JOB_MESSAGES,
  PrivateJob,
  PrivateJobListQuery,
  PrivateJobRequest,
  PrivateWorkPreferencesRequest,
  rangeDays,
} from './private-job';

const issues = (schema: Schema.ConstraintDecoder<unknown>, value: unknown) => {
  const result = decodeResult(schema, 'test')(value);
  return Result.isFailure(result) ? result.failure.issues : [];
};

const place = { lat: 53.41, lng: -2.15, town: 'Stockport', postcode: 'SK1 3TA' };
const node = (sortOrder: 1 | 2, nodeType: 'pickup' | 'delivery') => ({
  place,
  sortOrder,
  nodeType,
  timeWindowStart: '2026-11-20T10:00:00Z',
  timeWindowEnd: '2026-11-20T12:00:00Z',
  durationOnSiteInSeconds: 1800,
});
const payload = (fields: Record<string, unknown> = {}) => ({
  payload: {
    uuid: '6f0d7c4e-8a1b-4c2d-9e3f-5a6b7c8d9e01',
    volumeInM3: 4,
    nodes: [node(1, 'pickup'), node(2, 'delivery')],
    ...fields,
  },
});

describe('PrivateJobRequest', () => {
  it('takes the spec §3 payload, with vehicle, driver and title optional (null when absent)', () => {
    const decoded = Schema.decodeUnknownSync(PrivateJobRequest)(payload());
    expect(decoded.payload).toMatchObject({ vehicle_id: null, driver_id: null, title: null, volumeInM3: 4 });
    expect(issues(PrivateJobRequest, payload({ vehicle_id: 3, driver_id: 2, title: 'Piano' }))).toEqual([]);
  });

  it('leaves what a half-filled form lacks to the rules: a missing place, time or time on site decodes', () => {
    const half = { sortOrder: 1, nodeType: 'pickup' };
    expect(issues(PrivateJobRequest, payload({ nodes: [half, { ...node(2, 'delivery'), place: null }] }))).toEqual([]);
    expect(
      issues(PrivateJobRequest, payload({ nodes: [{ ...node(1, 'pickup'), timeWindowStart: 'anytime' }] })),
    ).toEqual([]);
  });

  it('names each field of the wrong shape, with messages for people', () => {
    expect(
      issues(
        PrivateJobRequest,
        payload({
          uuid: 'not-a-uuid',
          volumeInM3: 'four',
          nodes: [{ ...node(1, 'pickup'), place: { ...place, postcode: 'SK13TA' }, nodeType: 'collection' }],
          vehicle_id: 0,
          title: 'x'.repeat(101),
        }),
      ),
    ).toEqual([
      { path: 'payload.uuid', message: 'A private job uuid is a UUID' },
      { path: 'payload.volumeInM3', message: 'The volume is a number of m³' },
      { path: 'payload.nodes.0.place.postcode', message: PRIVATE_JOB_MESSAGES.postcodeFormat },
      { path: 'payload.nodes.0.nodeType', message: 'nodeType is pickup or delivery' },
      { path: 'payload.vehicle_id', message: 'A vehicle id is a positive number' },
      { path: 'payload.title', message: 'A title is at most 100 characters' },
    ]);
  });

  it('refuses a time that is not an ISO instant with its offset, and more than 10 stops', () => {
    expect(
      issues(PrivateJobRequest, payload({ nodes: [{ ...node(1, 'pickup'), timeWindowEnd: '2026-11-20 12:00' }] })),
    ).toEqual([
      {
        path: 'payload.nodes.0.timeWindowEnd',
        message: 'A time is an ISO 8601 instant (2026-11-20T08:00:00Z) or anytime',
      },
    ]);
    expect(issues(PrivateJobRequest, payload({ nodes: Array.from({ length: 11 }, () => node(1, 'pickup')) }))).toEqual([
      { path: 'payload.nodes', message: PRIVATE_JOB_MESSAGES.nodesCount },
    ]);
  });
});

describe('PrivateJobListQuery', () => {
  it(`takes London dates, the end not before the start, at most ${MAX_RANGE_DAYS} days both included`, () => {
    expect(issues(PrivateJobListQuery, { from: '2026-11-01', to: '2027-01-01' })).toEqual([]);
    expect(rangeDays('2026-11-01', '2027-01-01')).toBe(62);
    expect(issues(PrivateJobListQuery, { from: '2026-11-01', to: '2027-01-02' })).toEqual([
      { path: 'to', message: 'A range is at most 62 days' },
    ]);
    expect(issues(PrivateJobListQuery, { from: '2026-11-02', to: '2026-11-01' })).toEqual([
      { path: 'to', message: 'The end date is before the start date' },
    ]);
    expect(issues(PrivateJobListQuery, { from: '2026-02-30', to: '2026-03-01' })).toEqual([
      { path: 'from', message: 'A date is yyyy-MM-dd' },
    ]);
    expect(issues(PrivateJobListQuery, {}).map((i) => i.path)).toEqual(['from', 'to']);
  });
});

describe('PrivateWorkPreferencesRequest', () => {
  const prefs = (fields: Record<string, unknown>) => ({ payload: { ...DEFAULT_PRIVATE_WORK_PREFERENCES, ...fields } });

  it('takes the defaults and every on-site option', () => {
    expect(issues(PrivateWorkPreferencesRequest, prefs({}))).toEqual([]);
    expect(issues(PrivateWorkPreferencesRequest, prefs({ pickup_on_site_s: 7200, default_volume_m3: 40 }))).toEqual([]);
  });

  it('refuses a volume outside 0–40 m³, an on-site time not listed, an unknown colouring', () => {
    expect(
      issues(
        PrivateWorkPreferencesRequest,
        prefs({
          default_volume_m3: 0,
          delivery_on_site_s: 100,
          calendar_colour_by: 'status',
          block_marketplace_overlap: 'yes',
        }),
      ),
    ).toEqual([
      { path: 'payload.default_volume_m3', message: PRIVATE_JOB_MESSAGES.volumeNotPositive },
      { path: 'payload.delivery_on_site_s', message: PRIVATE_JOB_MESSAGES.onSiteNotAnOption },
      { path: 'payload.block_marketplace_overlap', message: 'Expected boolean' },
      { path: 'payload.calendar_colour_by', message: 'Colour by vehicle or by driver' },
    ]);
    expect(issues(PrivateWorkPreferencesRequest, prefs({ default_volume_m3: 40.5 }))).toEqual([
      { path: 'payload.default_volume_m3', message: PRIVATE_JOB_MESSAGES.volumeTooLarge },
    ]);
  });
});

describe('PrivateJob (the answer)', () => {
  it('decodes a stored private job with its vehicle and driver', () => {
    const job = {
      uuid: '6f0d7c4e-8a1b-4c2d-9e3f-5a6b7c8d9e01',
      volumeInM3: 4,
      nodes: [node(1, 'pickup'), node(2, 'delivery')],
      vehicle_id: 3,
      driver_id: 2,
      title: null,
      vehicle: { id: 3, registration: 'AB12 CDE', colour: '#7c3aed' },
      driver: { id: 2, user_id: 2, full_name: 'Sam Jones', colour: '#047857' },
      created_at: '2026-11-18T14:30:00.000Z',
      updated_at: '2026-11-18T14:30:00.000Z',
    };
    expect(issues(PrivateJob, job)).toEqual([]);
    expect(issues(PrivateJob, { ...job, nodes: [node(2, 'delivery'), node(1, 'pickup')] }).length).toBeGreaterThan(0);
  });
});

describe('onSiteText', () => {
  it('reads seconds as minutes and hours', () => {
    expect([300, 3600, 4500, 7200].map(onSiteText)).toEqual(['5 min', '1h', '1h 15 min', '2h']);
  });
});
