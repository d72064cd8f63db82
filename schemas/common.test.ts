import { Result, Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { CalendarDate, isCalendarDate, NonNegativeInt, optional, says, saysAll } from './common';
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

  it('a calendar date is yyyy-MM-dd and exists, and no text makes the check throw', () => {
    for (const date of ['2026-11-20', '2028-02-29', '0001-01-01']) expect(isCalendarDate(date), date).toBe(true);
    // 2026-13-45 is an Invalid Date, whose toISOString throws: the check answers false instead
    for (const date of ['2026-02-30', '2027-02-29', '2026-13-45', '2026-00-10', '2026-1-5', '20261120', ''])
      expect(isCalendarDate(date), date).toBe(false);
    expect(issues(CalendarDate, '2026-13-45')).toEqual([{ path: '', message: 'A date is yyyy-MM-dd' }]);
  });
});
