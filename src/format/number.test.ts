import { describe, expect, it } from 'vitest';
import { EMPTY, formatFixed, formatPercent } from '@/src/format/number';

describe('formatFixed', () => {
  it.each([
    [1, '1.00'],
    [1.005, '1.00'],
    [2.345, '2.35'],
    [-3.1, '-3.10'],
    [1234567.891, '1234567.89'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatFixed(value)).toBe(expected);
  });

  it.each([null, undefined, NaN, Infinity, '12', {}])('shows 0.00 for the non-number %s', (value) => {
    expect(formatFixed(value)).toBe('0.00');
  });
});

describe('formatPercent', () => {
  it('shows a ratio with two decimals in each locale', () => {
    expect(formatPercent(0.1234, 'en')).toBe('12.34%');
    expect(formatPercent(0.1234, 'es')).toBe('12,34\u00a0%');
    expect(formatPercent(1, 'en')).toBe('100.00%');
  });

  it('shows N/A for an empty value', () => {
    expect(EMPTY).toBe('N/A');
    expect(formatPercent(null)).toBe('N/A');
    expect(formatPercent(NaN)).toBe('N/A');
  });
});
