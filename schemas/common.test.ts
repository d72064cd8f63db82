import { Result, Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import {
  CalendarDate,
  isCalendarDate,
  Latitude,
  MAX_ID,
  NonNegativeInt,
  optional,
  positiveId,
  positiveIdFromText,
  says,
  saysAll,
  StorableText,
  StorableTrim,
  UNSTORABLE_TEXT_MESSAGE,
} from './common';
import { decodeResult } from './decode';

const issues = (schema: Schema.ConstraintDecoder<unknown>, input: unknown) => {
  const result = decodeResult(schema, 'Test')(input);
  return Result.isFailure(result) ? result.failure.issues : [];
};

describe('the shared schema pieces', () => {
  it('a whole number from 0 gets one message, the first rule it breaks', () => {
    expect(issues(NonNegativeInt, 3)).toEqual([]);
    expect(issues(NonNegativeInt, 0)).toEqual([]);
    expect(issues(NonNegativeInt, -1.5)).toEqual([{ path: '', message: 'Expected an integer' }]);
    expect(issues(NonNegativeInt, -1)).toEqual([{ path: '', message: 'Expected a value greater than or equal to 0' }]);
  });

  it('saysAll gives its one message for a union whose members fail in different ways', () => {
    const Time = Schema.Union([Schema.Literal('anytime'), Schema.String.check(Schema.isPattern(/^\d\d:\d\d$/))]).pipe(
      saysAll('A time is hh:mm or anytime'),
    );
    expect(issues(Time, '09:30')).toEqual([]);
    expect(issues(Time, 'soon')).toEqual([{ path: '', message: 'A time is hh:mm or anytime' }]);
    expect(issues(Time, 7)).toEqual([{ path: '', message: 'A time is hh:mm or anytime' }]);
  });

  it('says names a literal union once; optional fields may be absent but not undefined', () => {
    const Body = Schema.Struct({ kind: optional(Schema.Literals(['a', 'b']).annotate(says('kind is a or b'))) });
    expect(issues(Body, {})).toEqual([]);
    expect(issues(Body, { kind: 'c' })).toEqual([{ path: 'kind', message: 'kind is a or b' }]);
    expect(issues(Body, { kind: undefined })).toEqual([{ path: 'kind', message: 'kind is a or b' }]);
  });

  it('storable text refuses a NUL and a lone surrogate, with one message, and keeps paired surrogates', () => {
    const Name = StorableText.check(Schema.isMaxLength(5, { message: 'At most 5' }));
    for (const text of ['', 'Renault', 'é€😀', '\ud83d\ude00', 'a\tb'])
      expect(issues(StorableText, text), text).toEqual([]);
    for (const text of ['\u0000', 'a\u0000b', '\ud800', 'a\udbff', '\udc00a', '\udfff\ud800', '😀\ud800'])
      expect(issues(StorableText, text), JSON.stringify(text)).toEqual([
        { path: '', message: UNSTORABLE_TEXT_MESSAGE },
      ]);
    // Aborts: a too long text with a NUL gets the one message, not the length's too.
    expect(issues(Name, 'abcdef\u0000')).toEqual([{ path: '', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(issues(Name, 'abcdef')).toEqual([{ path: '', message: 'At most 5' }]);
  });

  it('storable trimmed text trims, and refuses what white space hides', () => {
    expect(Schema.decodeUnknownSync(StorableTrim)('  Master  ')).toBe('Master');
    expect(issues(StorableTrim, ' \u0000 ')).toEqual([{ path: '', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(issues(StorableTrim, 'Master\ud800 ')).toEqual([{ path: '', message: UNSTORABLE_TEXT_MESSAGE }]);
  });

  it('an id is a whole number from 1 to 2147483647, the largest an integer column holds', () => {
    const VehicleId = positiveId('vehicle');
    expect(MAX_ID).toBe(2 ** 31 - 1);
    for (const id of [1, 42, MAX_ID]) expect(issues(VehicleId, id), String(id)).toEqual([]);
    expect(issues(VehicleId, 1.5)).toEqual([{ path: '', message: 'A vehicle id is a whole number' }]);
    for (const id of [0, -0, -1, -(2 ** 31)])
      expect(issues(VehicleId, id), String(id)).toEqual([{ path: '', message: 'A vehicle id is a positive number' }]);
    for (const id of [MAX_ID + 1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e21, Number.MAX_VALUE])
      expect(issues(VehicleId, id), String(id)).toEqual([{ path: '', message: 'A vehicle id is at most 2147483647' }]);
    expect(issues(VehicleId, Infinity)).toEqual([{ path: '', message: 'A vehicle id is a whole number' }]);
  });

  it('an id from text reads the number and checks it the same way', () => {
    const UserId = positiveIdFromText('user');
    expect(Schema.decodeUnknownSync(UserId)('12')).toBe(12);
    expect(issues(UserId, '2147483648')).toEqual([{ path: '', message: 'A user id is at most 2147483647' }]);
    for (const text of ['NaN', 'Infinity', '1.5', 'abc'])
      expect(issues(UserId, text), text).toEqual([{ path: '', message: 'A user id is a whole number' }]);
    expect(issues(UserId, '0')).toEqual([{ path: '', message: 'A user id is a positive number' }]);
  });

  it('a coordinate is kept to 7 decimals, so a subnormal one is 0', () => {
    const decode = Schema.decodeUnknownSync(Latitude);
    expect(decode(53.4808)).toBe(53.4808);
    expect(decode(53.123456789)).toBe(53.1234568);
    expect(decode(5e-324)).toBe(0);
    expect(decode(-5e-324)).toBe(-0);
    expect(issues(Latitude, 90.5)).toEqual([{ path: '', message: 'A latitude is between -90 and 90' }]);
    expect(issues(Latitude, Infinity)).toEqual([{ path: '', message: 'A latitude is between -90 and 90' }]);
  });

  it('a calendar date is yyyy-MM-dd and exists, and no text makes the check throw', () => {
    for (const date of ['2026-11-20', '2028-02-29', '0001-01-01']) expect(isCalendarDate(date), date).toBe(true);
    // 2026-13-45 is an Invalid Date, whose toISOString throws: the check answers false instead
    for (const date of ['2026-02-30', '2027-02-29', '2026-13-45', '2026-00-10', '2026-1-5', '20261120', ''])
      expect(isCalendarDate(date), date).toBe(false);
    expect(issues(CalendarDate, '2026-13-45')).toEqual([{ path: '', message: 'A date is yyyy-MM-dd' }]);
  });
});
