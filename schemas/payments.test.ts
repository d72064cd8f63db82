import { Result, Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { EXPORT_RANGE_MESSAGES, expressFee, PaymentExportQuery, PaymentListQuery, rangeDays, vatOf } from './payments';

const decode = <A, I>(schema: Schema.Codec<A, I>, value: unknown) =>
  Schema.decodeUnknownResult(schema, { errors: 'all' })(value);

describe('payments', () => {
  it('charges 1.5% for express pay, at least £1, never more than the payout', () => {
    expect(expressFee(50_000)).toBe(750);
    expect(expressFee(28_600)).toBe(429);
    expect(expressFee(6_000)).toBe(100);
    expect(expressFee(50)).toBe(50);
    expect(expressFee(0)).toBe(0);
  });

  it('finds the 20% VAT inside a VAT-inclusive total', () => {
    expect(vatOf(12_000)).toBe(2_000);
    expect(vatOf(33_697)).toBe(5_616);
    expect(vatOf(0)).toBe(0);
  });

  it('counts the days of a range with both ends', () => {
    expect(rangeDays('2026-11-01', '2026-11-01')).toBe(1);
    expect(rangeDays('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('takes an export range of real dates, to not before from, at most 366 days', () => {
    expect(Result.isSuccess(decode(PaymentExportQuery, { from: '2026-01-01', to: '2026-12-31' }))).toBe(true);
    expect(Result.isSuccess(decode(PaymentExportQuery, { from: '2024-01-01', to: '2024-12-31' }))).toBe(true);
    const before = decode(PaymentExportQuery, { from: '2026-11-10', to: '2026-11-09' });
    expect(Result.isFailure(before) && before.failure.message).toContain(EXPORT_RANGE_MESSAGES.toBeforeFrom);
    const long = decode(PaymentExportQuery, { from: '2025-01-01', to: '2026-01-02' });
    expect(Result.isFailure(long) && long.failure.message).toContain(EXPORT_RANGE_MESSAGES.tooLong);
    expect(Result.isFailure(decode(PaymentExportQuery, { from: '2026-02-30', to: '2026-03-01' }))).toBe(true);
  });

  it('reads the list query: an optional status, page 1 by default', () => {
    expect(decode(PaymentListQuery, {})).toEqual(Result.succeed({ page: 1 }));
    expect(decode(PaymentListQuery, { status: 'scheduled', page: '2' })).toEqual(
      Result.succeed({ status: 'scheduled', page: 2 }),
    );
    expect(Result.isFailure(decode(PaymentListQuery, { status: 'paid' }))).toBe(true);
  });
});
