import { describe, expect, it } from 'vitest';
import { formatDistance, metresToKm, metresToMiles } from '@/src/format/distance';

describe('distance conversions', () => {
  it('divides by 1609.344 for miles and 1000 for km', () => {
    expect(metresToMiles(1609.344)).toBe(1);
    expect(metresToMiles(16093.44)).toBeCloseTo(10, 10);
    expect(metresToKm(12345)).toBe(12.345);
  });
});

describe('formatDistance', () => {
  it('shows rounded miles by default', () => {
    expect(formatDistance(19312, 'en')).toBe('12 mi');
    expect(formatDistance(20116, 'en')).toBe('12 mi');
    expect(formatDistance(20922, 'en')).toBe('13 mi');
  });

  it('shows kilometres when asked', () => {
    expect(formatDistance(12400, 'en', 'km')).toBe('12 km');
    expect(formatDistance(12500, 'es', 'km')).toBe('13 km');
  });

  it('never shows less than 1', () => {
    expect(formatDistance(0, 'en')).toBe('1 mi');
    expect(formatDistance(300, 'en', 'km')).toBe('1 km');
  });

  it('spells the unit out in long form', () => {
    expect(formatDistance(19312, 'en', 'mi', 'long')).toBe('12 miles');
    expect(formatDistance(1609, 'en', 'mi', 'long')).toBe('1 mile');
    expect(formatDistance(12000, 'es', 'km', 'long')).toBe('12 kilómetros');
  });

  it('groups thousands per locale', () => {
    expect(formatDistance(1_609_344 * 1.5, 'en')).toBe('1,500 mi');
  });

  it.each([null, undefined, NaN])('shows N/A for %s', (value) => {
    expect(formatDistance(value, 'en')).toBe('N/A');
  });
});
