import { Result, Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { decodeResult } from './decode';
import {
  canonicalMobile,
  canonicalPlate,
  CAPACITY_BOUNDS_M3,
  DriverRequest,
  isUkMobile,
  UK_REGISTRATION_PATTERN,
  VehicleRequest,
} from './fleet';
import { VEHICLE_TYPES } from './vehicle';

const VAN = {
  category: 'van',
  type: 'lwb',
  make: ' Renault ',
  model: 'Master',
  registration_number: 'ab23cde',
  seats: 3,
  haveTailLift: true,
  useTrailer: false,
  isBranded: false,
  isBrandingRequested: false,
  loading_capacity_m3: 10.25,
  totalPayloadKg: 1200,
  postcode: 'bs1 4dj',
};

/** Each failing path and its message, as the server's 422 groups them. */
const issuesOf = <A, I>(schema: Schema.Codec<A, I>, value: unknown) => {
  const result = decodeResult(schema, 'Test')(value);
  return Result.isFailure(result) ? result.failure.issues.map((i) => [i.path, i.message]) : [];
};

describe('UK registrations', () => {
  it('takes the current, prefix and suffix formats, any case and spacing, and prints them as the DVLA does', () => {
    for (const [raw, printed] of [
      ['ab12cde', 'AB12 CDE'],
      ['AB12 CDE', 'AB12 CDE'],
      ['a123bcd', 'A123 BCD'],
      ['ABC 123D', 'ABC 123D'],
    ]) {
      expect(UK_REGISTRATION_PATTERN.test(raw!)).toBe(true);
      expect(canonicalPlate(raw!)).toBe(printed);
    }
    for (const bad of ['NOT A PLATE', 'AB123CDE', '12AB CDE', ''])
      expect(UK_REGISTRATION_PATTERN.test(bad)).toBe(false);
  });
});

describe('UK mobiles', () => {
  it('takes 07 and +44 7 numbers with spaces, dashes or brackets, and stores them one way', () => {
    expect(isUkMobile('07700 900123')).toBe(true);
    expect(isUkMobile('+44 (0)7700 900123')).toBe(false);
    expect(isUkMobile('+44 7700-900-123')).toBe(true);
    expect(isUkMobile('0161 496 0000')).toBe(false);
    expect(canonicalMobile('+44 7700-900-123')).toBe('07700 900123');
  });
});

describe('VehicleRequest', () => {
  it('decodes a vehicle, trimming and upper-casing the postcode', () => {
    const decoded = Schema.decodeUnknownSync(VehicleRequest)({ payload: VAN }).payload;
    expect(decoded).toMatchObject({ make: 'Renault', postcode: 'BS1 4DJ', loading_capacity_m3: 10.25 });
  });

  it('names each bad field with words for the partner', () => {
    expect(
      issuesOf(VehicleRequest, {
        payload: { ...VAN, seats: 0, loading_capacity_m3: 1.234, registration_number: 'X', type: 'bus' },
      }),
    ).toEqual([
      ['payload.type', 'The size is one of swb, mwb, lwb, xlwb, luton_van'],
      ['payload.registration_number', 'Enter a UK registration such as AB12 CDE'],
      ['payload.seats', 'Seats must be between 1 and 9'],
      ['payload.loading_capacity_m3', 'The loading capacity has at most 2 decimals'],
    ]);
  });

  it('has capacity bounds for every size, within the 40 m³ cap, each size overlapping the next', () => {
    let previousMax = 0;
    for (const type of VEHICLE_TYPES) {
      const [min, max] = CAPACITY_BOUNDS_M3[type];
      expect(min).toBeLessThan(max);
      expect(max).toBeLessThanOrEqual(40);
      expect(min).toBeLessThanOrEqual(previousMax || min);
      previousMax = max;
    }
  });
});

describe('DriverRequest', () => {
  it('invites by default and refuses a landline', () => {
    const ok = Schema.decodeUnknownSync(DriverRequest)({
      payload: { full_name: 'Kim O’Neil', email: 'kim@example.co.uk', phone: '07700 900124' },
    });
    expect(ok.payload.invite).toBe(true);
    expect(
      issuesOf(DriverRequest, {
        payload: { full_name: 'Kim', email: 'kim@example.co.uk', phone: '0161 496 0000' },
      }),
    ).toEqual([['payload.phone', 'Enter a UK mobile number such as 07700 900123']]);
  });
});
