import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';

describe('formatCountdown', () => {
  it('shows hours, minutes and seconds, rounding up to the next second, never below zero', () => {
    expect(formatCountdown(3 * 3600_000)).toBe('3:00:00');
    expect(formatCountdown(249_001)).toBe('0:04:10');
    expect(formatCountdown(999)).toBe('0:00:01');
    expect(formatCountdown(0)).toBe('0:00:00');
    expect(formatCountdown(-5000)).toBe('0:00:00');
  });
});
