import { Result, Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { NonNegativeInt, optional, says, saysAll } from './common';
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
});
