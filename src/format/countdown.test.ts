import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatCountdown', () => {
  it('says the two largest units left, rounded down', () => {
    expect(formatCountdown(2 * D + 4 * H + 59 * M, 'en')).toBe('2 days 4 hours');
    expect(formatCountdown(5 * H + 12 * M + 30 * S, 'en')).toBe('5 hours 12 minutes');
    expect(formatCountdown(4 * M + 10 * S + 999, 'en')).toBe('4 minutes 10 seconds');
    expect(formatCountdown(35 * S, 'en')).toBe('35 seconds');
    expect(formatCountdown(1 * D + 1 * H, 'en')).toBe('1 day 1 hour');
  });

  it('leaves out a zero second unit', () => {
    expect(formatCountdown(3 * D + 20 * M, 'en')).toBe('3 days');
    expect(formatCountdown(2 * H, 'en')).toBe('2 hours');
  });

  it('reads in Spanish', () => {
    expect(formatCountdown(2 * D + 4 * H, 'es')).toBe('2 días 4 horas');
    expect(formatCountdown(1 * M + 1 * S, 'es')).toBe('1 minuto 1 segundo');
  });

  it('stops at zero, and gives N/A for no number', () => {
    expect(formatCountdown(0, 'en')).toBe('0 seconds');
    expect(formatCountdown(-5 * S, 'en')).toBe('0 seconds');
    expect(formatCountdown(null, 'en')).toBe('N/A');
    expect(formatCountdown(Number.NaN, 'en')).toBe('N/A');
  });
});
