import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/src/format/money';

describe('formatMoney', () => {
  it('shows pence when a GBP amount is not whole pounds', () => {
    expect(formatMoney(123456, 'en')).toBe('£1,234.56');
    expect(formatMoney(5, 'en')).toBe('£0.05');
  });

  it('drops decimals when a GBP amount is whole pounds', () => {
    expect(formatMoney(123400, 'en')).toBe('£1,234');
    expect(formatMoney(0, 'en')).toBe('£0');
    expect(formatMoney(-2500, 'en')).toBe('-£25');
  });

  it('honours forced decimals, rounding to whole pounds', () => {
    expect(formatMoney(123456, 'en', { decimals: 0 })).toBe('£1,235');
    expect(formatMoney(123400, 'en', { decimals: 2 })).toBe('£1,234.00');
  });

  it('shows EUR with two decimals in Spanish', () => {
    expect(formatMoney(123456, 'es')).toBe('1234,56\u00a0€');
    expect(formatMoney(123400, 'es')).toBe('1234,00\u00a0€');
    expect(formatMoney(1234560, 'es')).toBe('12.345,60\u00a0€');
    expect(formatMoney(123456, 'es', { decimals: 0 })).toBe('1235\u00a0€');
  });

  it.each([null, undefined, NaN, Infinity])('shows N/A for %s', (value) => {
    expect(formatMoney(value, 'en')).toBe('N/A');
    expect(formatMoney(value, 'es')).toBe('N/A');
  });
});
