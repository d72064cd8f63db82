import { describe, expect, it } from 'vitest';
import { addDays, londonDate, londonInstant, startOfLondonWeek } from '@/server/time/london';

describe('London calendar', () => {
  it('takes the date in London, not UTC', () => {
    expect(londonDate(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonDate(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('turns London wall-clock times into instants across summer time', () => {
    expect(londonInstant('2026-07-01', 9).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(londonInstant('2026-12-01', 9).toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('starts the week on Monday at midnight London time', () => {
    expect(startOfLondonWeek(new Date('2026-11-18T14:30:00Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    // A Sunday evening in summer time belongs to the week that began the previous Monday (BST: 23:00 UTC).
    expect(startOfLondonWeek(new Date('2026-07-05T20:00:00Z')).toISOString()).toBe('2026-06-28T23:00:00.000Z');
    // Monday just after midnight, London, is already the new week.
    expect(startOfLondonWeek(new Date('2026-07-05T23:10:00Z')).toISOString()).toBe('2026-07-05T23:00:00.000Z');
  });

  it('adds days over month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
