import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESERVATION_ERROR_TEXTS, type ReservationInfo } from '@/schemas/reservation';
import { UK_POSTCODE_MESSAGE } from '@/schemas/postcode';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import type { ProviderVehicle } from '@/schemas/vehicle';
import en from '@/locales/en.json';
import { applyEdit, EMPTY_REQUEST, emptyPrivateJob, toReservationInputs, withVehicle } from './reservation-request';
import {
  capacityCode,
  checkRequest,
  instantOn,
  isNationwideDistance,
  isPrivateWindowTooShort,
  isTooFar,
  isTooShortForDistance,
  isUkPostcode,
  planWindow,
  privateJobCodes,
  readCubicMetres,
  roadMiles,
  TIME_CHOICES,
  wantedPostcodes,
  windowCodes,
  type PrivateJobTimes,
} from './reservation-rules';
import type { PlaceBook, RequestForm, RuleCode } from './reservation-wizard.types';

const MIN = 60_000;
const HOUR = 60 * MIN;

const info: ReservationInfo = {
  reservation_period: { start: '2026-11-21', end: '2026-12-18' },
  custom_reservation: true,
  eligible_vehicle_types: ['swb', 'mwb', 'lwb', 'xlwb', 'luton_van'],
  eligible: true,
};
const van = {
  id: 7 as ProviderVehicleId,
  registration: 'AB12 CDE',
  type: 'lwb',
  loading_capacity_m3: 11.6,
  place: { postcode: 'M1 1AE' },
} as unknown as ProviderVehicle;
const MANCHESTER = { lat: 53.4808, lng: -2.2426, town: 'Manchester', postcode: 'M1 1AE' };
const STOCKPORT = { lat: 53.4083, lng: -2.1494, town: 'Stockport', postcode: 'SK1 1AA' };
const LEEDS = { lat: 53.7997, lng: -1.5492, town: 'Leeds', postcode: 'LS1 4AP' };
const LONDON = { lat: 51.5074, lng: -0.1278, town: 'London', postcode: 'EC1A 1BB' };
const INVERNESS = { lat: 57.4778, lng: -4.2247, town: 'Inverness', postcode: 'IV1 1AA' };
const places: PlaceBook = {
  'M1 1AE': MANCHESTER,
  'SK1 1AA': STOCKPORT,
  'LS1 4AP': LEEDS,
  'EC1A 1BB': LONDON,
  'IV1 1AA': INVERNESS,
  'ZZ9 9ZZ': 'unknown',
};
const env = { info, vehicles: [van], places };

/** A valid request: one van, one day, a full day from Manchester finishing there. */
const valid: RequestForm = { ...withVehicle(EMPTY_REQUEST, van), dates: ['2026-11-24'] };
const codes = (form: RequestForm) => checkRequest(form, env).map((i) => `${i.field}:${i.code}`);
const job = (patch: Partial<ReturnType<typeof emptyPrivateJob>>) => ({
  ...emptyPrivateJob('1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed'),
  pickupPostcode: 'SK1 1AA',
  pickupFrom: '10:00',
  pickupTo: '12:00',
  pickupOnSite: 1800,
  deliveryPostcode: 'LS1 4AP',
  deliveryFrom: '13:00',
  deliveryTo: '15:00',
  deliveryOnSite: 1800,
  volume: '4',
  ...patch,
});

describe('the postcode rule (spec §5)', () => {
  it.each(['M1 1AE', 'SW1A 1AA', 'ec1a 1bb', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'W1A 0AX', ' m1   1ae '])(
    'accepts %j',
    (text) => expect(isUkPostcode(text)).toBe(true),
  );
  it.each(['', 'M11AE', 'M1 1A', '1M 1AE', 'ABCDE 1AE', 'M1 AAE', 'M1 1AE1', 'M1-1AE'])('refuses %j', (text) =>
    expect(isUkPostcode(text)).toBe(false),
  );
  it('accepts every shape the rule describes, and nothing without the space', () => {
    const letters = fc.stringMatching(/^[A-Z]{1,3}$/);
    const middle = fc.stringMatching(/^[0-9]?[A-Z0-9]?$/);
    const inward = fc.stringMatching(/^[0-9][A-Z]{2}$/);
    fc.assert(
      fc.property(letters, middle, inward, fc.boolean(), (a, m, i, lower) => {
        const code = `${a}${m} ${i}`;
        expect(isUkPostcode(lower ? code.toLowerCase() : code)).toBe(true);
        expect(isUkPostcode(code.replace(' ', ''))).toBe(false);
      }),
    );
  });
  it("says 'Please Enter a Valid UK Postcode' beside the field", () => {
    expect(en['reservations.rule.postcode']).toBe(UK_POSTCODE_MESSAGE);
    expect(codes({ ...valid, startPostcode: 'M11AE' })).toEqual(['startPostcode:postcode']);
  });
});

describe('times', () => {
  it('offers every 30 minutes from 4:00am through 3:30am', () => {
    expect(TIME_CHOICES).toHaveLength(48);
    expect([TIME_CHOICES[0], TIME_CHOICES[1], TIME_CHOICES[39], TIME_CHOICES[40], TIME_CHOICES[47]]).toEqual([
      '04:00',
      '04:30',
      '23:30',
      '00:00',
      '03:30',
    ]);
  });
  it('places a time in London, after midnight on the next morning, in summer and in winter', () => {
    expect(new Date(instantOn('2026-07-01', '09:30')).toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(new Date(instantOn('2026-12-01', '09:30')).toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(new Date(instantOn('2026-12-01', '01:00')).toISOString()).toBe('2026-12-02T01:00:00.000Z');
  });
  it('plans a full day as the server does: 10 hours from a fixed start, cut at 03:30; 08:00–18:00 any time', () => {
    const span = (form: Partial<RequestForm>) => {
      const w = planWindow({ timing: 'full_day', startTime: 'anytime', endTime: '', ...form }, '2026-12-01');
      return [new Date(w.start).toISOString().slice(11, 16), (w.end - w.start) / HOUR];
    };
    expect(span({})).toEqual(['08:00', 10]);
    expect(span({ startTime: '06:00' })).toEqual(['06:00', 10]);
    expect(span({ startTime: '20:00' })).toEqual(['20:00', 7.5]);
  });
});

describe('the reservation window', () => {
  it('lasts up to 10 hours: exactly 10 is fine, a minute more is not', () => {
    expect(windowCodes({ start: 0, end: 10 * HOUR })).toEqual([]);
    expect(windowCodes({ start: 0, end: 10 * HOUR + 1 })).toEqual(['windowTooLong']);
    expect(codes({ ...valid, timing: 'own_window', startTime: '08:00', endTime: '18:00' })).toEqual([]);
    expect(codes({ ...valid, timing: 'own_window', startTime: '08:00', endTime: '18:30' })).toEqual([
      'endTime:windowTooLong',
    ]);
  });
  it('needs more than its two 20-minute buffers', () => {
    expect(windowCodes({ start: 0, end: 40 * MIN })).toEqual(['reservation_end_too_early']);
    expect(windowCodes({ start: 0, end: 40 * MIN + 1 })).toEqual([]);
    expect(codes({ ...valid, timing: 'own_window', startTime: '10:00', endTime: '09:00' })).toEqual([
      'endTime:reservation_end_too_early',
    ]);
    // a full day started at 03:00 is cut at 03:30: 30 minutes
    expect(codes({ ...valid, startTime: '03:00' })).toEqual(['startTime:reservation_end_too_early']);
  });
  it('holds both limits for any length (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -HOUR, max: 24 * HOUR }), fc.integer({ min: 0, max: 1e12 }), (length, start) => {
        const got = windowCodes({ start, end: start + length });
        const expected: RuleCode[] =
          length <= 40 * MIN ? ['reservation_end_too_early'] : length > 10 * HOUR ? ['windowTooLong'] : [];
        expect(got).toEqual(expected);
      }),
    );
  });
  it('asks for a start time when an own window is chosen, and starts a full day at any time again', () => {
    const edit = (form: RequestForm, timing: RequestForm['timing']) =>
      applyEdit(form, { type: 'request.changed', patch: { timing } }, [van]);
    const own = edit(valid, 'own_window');
    expect(own.startTime).toBe('');
    expect(edit(own, 'full_day').startTime).toBe('anytime');
    expect(edit({ ...own, startTime: '09:00' }, 'full_day').startTime).toBe('09:00');
  });
  it('allows an own window only when the account has custom reservations', () => {
    const own = { ...valid, timing: 'own_window' as const, startTime: '09:00', endTime: '15:00' };
    expect(checkRequest(own, { ...env, info: { ...info, custom_reservation: false } }).map((i) => i.code)).toEqual([
      'ownWindowUnavailable',
    ]);
    expect(codes({ ...own, endTime: '' })).toEqual(['endTime:timeRequired']);
  });
});

describe('capacity', () => {
  it('is more than 0 and at most 40 m³ (40 itself is fine)', () => {
    expect(capacityCode(40)).toBeNull();
    expect(capacityCode(40.01)).toBe('capacity_too_large');
    expect(capacityCode(0)).toBe('capacityRequired');
    expect(capacityCode(Number.NaN)).toBe('capacityRequired');
    expect(codes({ ...valid, capacity: '41' })).toEqual(['capacity:capacity_too_large']);
    expect(codes({ ...valid, capacity: '40' })).toEqual([]);
  });
  it('holds the cap for any amount (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (v) => {
        expect(capacityCode(v)).toBe(v > 40 ? 'capacity_too_large' : v > 0 ? null : 'capacityRequired');
      }),
    );
  });
  it('reads what partners type', () => {
    expect([readCubicMetres('12'), readCubicMetres(' 12.5 '), readCubicMetres('12,5')]).toEqual([12, 12.5, 12.5]);
    expect(readCubicMetres('twelve')).toBeNaN();
    expect(readCubicMetres('')).toBeNaN();
  });
  it('takes a chosen van’s volume, floored and capped at 40, and its base postcode', () => {
    expect(valid.capacity).toBe('11');
    expect(valid.startPostcode).toBe('M1 1AE');
    expect(withVehicle(EMPTY_REQUEST, { ...van, loading_capacity_m3: 48.5 } as ProviderVehicle).capacity).toBe('40');
    expect(withVehicle({ ...EMPTY_REQUEST, capacity: '5' }, van).capacity).toBe('5');
  });
});

describe('distance', () => {
  it('is at most 300 road miles (300 itself is fine); nationwide is more than 100', () => {
    expect([isTooFar(300), isTooFar(300.0001)]).toEqual([false, true]);
    expect([isNationwideDistance(100), isNationwideDistance(100.0001)]).toEqual([false, true]);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), (miles) => {
        expect(isTooFar(miles)).toBe(miles > 300);
        expect(isNationwideDistance(miles)).toBe(miles > 100);
      }),
    );
  });
  it('measures road miles as the server does, the same both ways', () => {
    expect(roadMiles(MANCHESTER, LONDON)).toBeGreaterThan(190);
    expect(roadMiles(MANCHESTER, LONDON)).toBeLessThan(200);
    const point = fc.record({
      lat: fc.double({ min: 49, max: 59, noNaN: true }),
      lng: fc.double({ min: -8, max: 2, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, (a, b) => {
        expect(roadMiles(a, b)).toBeCloseTo(roadMiles(b, a), 6);
        expect(roadMiles(a, a)).toBe(0);
      }),
    );
  });
  it('wants a nationwide end more than 100 miles away, and a local one within it', () => {
    const elsewhere = { ...valid, finish: 'elsewhere' as const };
    expect(codes({ ...elsewhere, endPostcode: 'LS1 4AP' })).toEqual([]);
    expect(codes({ ...elsewhere, endPostcode: 'EC1A 1BB' })).toEqual(['endPostcode:localTooFar']);
    expect(codes({ ...elsewhere, scope: 'nationwide', endPostcode: 'EC1A 1BB' })).toEqual([]);
    expect(codes({ ...elsewhere, scope: 'nationwide', endPostcode: 'LS1 4AP' })).toEqual([
      'endPostcode:nationwideTooNear',
    ]);
    expect(codes({ ...valid, scope: 'nationwide' })).toEqual(['finish:nationwideTooNear']);
    // (the day is also too short to drive it: the server says both)
    expect(codes({ ...elsewhere, scope: 'nationwide', startPostcode: 'EC1A 1BB', endPostcode: 'IV1 1AA' })).toContain(
      'endPostcode:distance_too_large',
    );
  });
  it('wants time enough to drive the route', () => {
    expect(isTooShortForDistance({ start: 0, end: 2 * HOUR }, 60, 0)).toBe(false);
    expect(isTooShortForDistance({ start: 0, end: 2 * HOUR }, 60.01, 0)).toBe(true);
    const short = { ...valid, timing: 'own_window' as const, startTime: '08:00', endTime: '11:00' };
    expect(codes({ ...short, scope: 'nationwide', finish: 'elsewhere', endPostcode: 'EC1A 1BB' })).toEqual([
      'timing:duration_too_short_for_distance',
    ]);
  });
});

describe('postcodes looked up', () => {
  it('waits for a postcode being looked up, and says when none is known there', () => {
    expect(codes({ ...valid, startPostcode: 'B33 8TH' })).toEqual(['startPostcode:postcodePending']);
    expect(codes({ ...valid, startPostcode: 'ZZ9 9ZZ' })).toEqual(['startPostcode:postcodeUnknown']);
    expect(checkRequest(valid, { ...env, places: { 'M1 1AE': 'failed' } }).map((i) => i.code)).toEqual([
      'postcodeLookupFailed',
    ]);
  });
  it('asks for each complete postcode not known yet, once, and again after a failure', () => {
    const form = { ...valid, startPostcode: 'b33 8th', finish: 'elsewhere' as const, endPostcode: 'B33 8TH' };
    expect(wantedPostcodes(form, places)).toEqual(['B33 8TH']);
    expect(wantedPostcodes({ ...form, endPostcode: 'M1 1' }, places)).toEqual(['B33 8TH']);
    expect(wantedPostcodes(valid, { 'M1 1AE': 'failed' })).toEqual(['M1 1AE']);
    expect(wantedPostcodes(valid, places)).toEqual([]);
  });
});

describe("finishing 'anywhere'", () => {
  const anywhere = { ...valid, finish: 'anywhere' as const };
  it('needs an anytime start and a full-day end', () => {
    expect(codes(anywhere)).toEqual([]);
    expect(codes({ ...anywhere, startTime: '08:00' })).toEqual(['startTime:anywhereNeedsAnytimeStart']);
    expect(codes({ ...anywhere, timing: 'own_window', startTime: '08:00', endTime: '16:00' })).toEqual([
      'startTime:anywhereNeedsAnytimeStart',
      'finish:anywhereNeedsFullDay',
    ]);
  });
  it('is unavailable with a private job', () => {
    expect(codes({ ...anywhere, privateJob: job({}) })).toContain('finish:anywhereNoPrivateJob');
  });
  it('is sent as no place and no time', () => {
    const [input] = toReservationInputs(anywhere, places);
    expect(input?.nodes[1]).toEqual({ place: null, time: null });
    expect(input?.nodes[0]).toEqual({ place: MANCHESTER, time: 'anytime' });
  });
});

describe('private jobs', () => {
  const withJob = { ...valid, privateJob: job({}) };
  it('a valid job passes', () => expect(codes(withJob)).toEqual([]));
  it('cannot go with a flexible number of people', () => {
    expect(codes({ ...withJob, people: 'flexible' })).toEqual(['people:flexibleNoPrivateJob']);
  });
  it('needs every time, place and time on site set', () => {
    expect(
      codes({
        ...valid,
        privateJob: job({ pickupFrom: '', deliveryOnSite: null, deliveryPostcode: '', volume: '' }),
      }),
    ).toEqual([
      'deliveryPostcode:postcode',
      'pickupFrom:timeRequired',
      'deliveryOnSite:timeRequired',
      'volume:volumeRequired',
    ]);
  });
  it('has windows of at least 2 hours: 2 hours is fine, 90 minutes is not', () => {
    expect(isPrivateWindowTooShort(0, 2 * HOUR)).toBe(false);
    expect(isPrivateWindowTooShort(0, 2 * HOUR - 1)).toBe(true);
    expect(codes({ ...valid, privateJob: job({ pickupTo: '11:30' }) })).toEqual([
      'pickupTo:private_job_window_too_short',
    ]);
    // said as soon as the window's own two times are chosen, before the delivery has any
    expect(codes({ ...valid, privateJob: job({ pickupTo: '11:30', deliveryFrom: '', deliveryTo: '' }) })).toEqual([
      'deliveryFrom:timeRequired',
      'deliveryTo:timeRequired',
      'pickupTo:private_job_window_too_short',
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: -HOUR, max: 12 * HOUR }), (from, length) => {
        expect(isPrivateWindowTooShort(from, from + length)).toBe(length < 2 * HOUR);
      }),
    );
  });
  it('keeps 20 minutes from the reservation’s start and end: exactly 20 is fine', () => {
    const window = { start: 0, end: 10 * HOUR };
    const times = (p: Partial<PrivateJobTimes['pickup']>, d: Partial<PrivateJobTimes['delivery']> = {}) => ({
      pickup: { from: 20 * MIN, to: 3 * HOUR, onSiteS: 0, ...p },
      delivery: { from: 4 * HOUR, to: 10 * HOUR - 20 * MIN, onSiteS: 0, ...d },
    });
    expect(privateJobCodes(times({}), window)).toEqual([]);
    expect(privateJobCodes(times({ from: 20 * MIN - 1 }), window)).toEqual([
      { field: 'pickupFrom', code: 'private_job_too_close' },
    ]);
    expect(privateJobCodes(times({}, { to: 10 * HOUR - 20 * MIN + 1 }), window)).toEqual([
      { field: 'deliveryTo', code: 'private_job_too_close' },
    ]);
    expect(privateJobCodes(times({}, { to: 10 * HOUR + 1 }), window)).toEqual([
      { field: 'deliveryTo', code: 'delivery_window_after_reservation_end' },
    ]);
  });
  it('leaves room for both times on site and a buffer between them', () => {
    const window = { start: 0, end: 10 * HOUR };
    // 1 hour on site, a 20-minute buffer, 2 hours on site: the delivery window must close 3 h 20 after pickup opens
    const tight = {
      pickup: { from: HOUR, to: 3 * HOUR, onSiteS: 3600 },
      delivery: { from: 2 * HOUR + 20 * MIN, to: 4 * HOUR + 20 * MIN, onSiteS: 7200 },
    };
    expect(privateJobCodes(tight, window)).toEqual([]);
    expect(
      privateJobCodes(
        { ...tight, delivery: { ...tight.delivery, from: 2 * HOUR + 20 * MIN - 1, to: 4 * HOUR + 20 * MIN - 1 } },
        window,
      ),
    ).toEqual([{ field: 'deliveryTo', code: 'private_job_too_close' }]);
  });
  it('keeps its volume within the capacity offered', () => {
    expect(codes({ ...valid, privateJob: job({ volume: '12' }) })).toEqual(['volume:volumeOverCapacity']);
    expect(codes({ ...valid, privateJob: job({ volume: '11' }) })).toEqual([]);
  });
  it('is sent with its two nodes, windows as instants and times on site in seconds', () => {
    const [input] = toReservationInputs(withJob, places);
    expect(
      input?.externalJobs[0]?.nodes.map((n) => [n.nodeType, n.sortOrder, n.timeWindowStart, n.timeWindowEnd]),
    ).toEqual([
      ['pickup', 1, '2026-11-24T10:00:00Z', '2026-11-24T12:00:00Z'],
      ['delivery', 2, '2026-11-24T13:00:00Z', '2026-11-24T15:00:00Z'],
    ]);
    expect(input?.externalJobs[0]?.volumeInM3).toBe(4);
  });
});

describe('the rest of the request', () => {
  it('needs a van of the list and a day inside the reservation period', () => {
    expect(codes(EMPTY_REQUEST)).toEqual([
      'vehicle:vehicleRequired',
      'dates:datesRequired',
      'capacity:capacityRequired',
      'startPostcode:postcode',
    ]);
    expect(codes({ ...valid, dates: ['2026-11-20'] })).toEqual(['dates:dateOutsidePeriod']);
    expect(codes({ ...valid, dates: ['2026-12-18'] })).toEqual([]);
  });
  it('sends one reservation per day, the same request each day', () => {
    const inputs = toReservationInputs({ ...valid, dates: ['2026-11-24', '2026-11-25'], people: '2' }, places);
    expect(inputs.map((i) => [i.date, i.people, i.capacity.value, i.nodes[1].time])).toEqual([
      ['2026-11-24', 2, 11, 'anytime'],
      ['2026-11-25', 2, 11, 'anytime'],
    ]);
  });
});

describe('wording shared with the server', () => {
  it('shows each catalogue code in the catalogue’s own English words', () => {
    for (const [code, text] of Object.entries(RESERVATION_ERROR_TEXTS))
      expect(en[`reservationError.${code}` as keyof typeof en], code).toBe(text);
  });
});
