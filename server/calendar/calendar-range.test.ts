import { describe, expect, it } from 'vitest';
import { estimatedJourneyEnd, reservationSpan, titleOf } from '@/server/calendar/calendar-entries';
import { feedDays, londonDaysRange, meetsRange } from '@/server/calendar/calendar-range';

const utc = (iso: string) => new Date(iso);
const point = (iso: string) => [utc(iso), utc(iso)] as const;

describe('londonDaysRange: London calendar days, both included', () => {
  it('runs from midnight on the first day to midnight after the last, GMT', () => {
    expect(londonDaysRange('2026-11-01', '2026-11-30')).toEqual({
      start: utc('2026-11-01T00:00:00Z'),
      end: utc('2026-12-01T00:00:00Z'),
    });
  });

  it('starts and ends an hour earlier in UTC on BST days', () => {
    expect(londonDaysRange('2027-06-01', '2027-06-30')).toEqual({
      start: utc('2027-05-31T23:00:00Z'),
      end: utc('2027-06-30T23:00:00Z'),
    });
  });

  it('spans 23 hours on the day the clocks go forward and 25 on the day they go back', () => {
    const spring = londonDaysRange('2027-03-28', '2027-03-28');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = londonDaysRange('2026-10-25', '2026-10-25');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
  });
});

describe('meetsRange', () => {
  const november = londonDaysRange('2026-11-01', '2026-11-30');
  const june = londonDaysRange('2027-06-01', '2027-06-30');

  it('takes a job at 23:30 London on the last day and refuses one at 00:30 the day after (GMT)', () => {
    expect(meetsRange(...point('2026-11-30T23:30:00Z'), november)).toBe(true);
    expect(meetsRange(...point('2026-12-01T00:30:00Z'), november)).toBe(false);
  });

  it('does the same on a BST date: 23:30 London is 22:30 UTC, 00:30 the next day is 23:30 UTC', () => {
    expect(meetsRange(...point('2027-06-30T22:30:00Z'), june)).toBe(true);
    expect(meetsRange(...point('2027-06-30T23:30:00Z'), june)).toBe(false);
    // The first day: 00:30 BST on 1 June is 23:30 UTC on 31 May.
    expect(meetsRange(...point('2027-05-31T23:30:00Z'), june)).toBe(true);
    expect(meetsRange(...point('2027-05-31T22:30:00Z'), june)).toBe(false);
  });

  it('takes anything overlapping the range, and nothing ending as it starts', () => {
    expect(meetsRange(utc('2026-10-31T22:00:00Z'), utc('2026-11-01T00:30:00Z'), november)).toBe(true);
    expect(meetsRange(utc('2026-10-31T22:00:00Z'), utc('2026-11-01T00:00:00Z'), november)).toBe(false);
    expect(meetsRange(utc('2026-11-30T22:00:00Z'), utc('2026-12-01T03:00:00Z'), november)).toBe(true);
    expect(meetsRange(utc('2026-10-01T00:00:00Z'), utc('2026-12-31T00:00:00Z'), november)).toBe(true);
  });
});

describe('feedDays: the subscription serves the last 30 and the next 90 London days', () => {
  it('counts from the London date (just after midnight BST is still the next day in London)', () => {
    expect(feedDays(utc('2026-11-18T14:30:00Z'))).toEqual({ from: '2026-10-19', to: '2027-02-16' });
    expect(feedDays(utc('2027-06-30T23:30:00Z'))).toEqual({ from: '2027-06-01', to: '2027-09-29' });
  });
});

describe('reservationSpan: the window as the reservation rules plan it', () => {
  it('is 08:00–18:00 London for an anytime day, GMT and BST', () => {
    expect(reservationSpan('2026-11-20', null, null)).toEqual({
      start: utc('2026-11-20T08:00:00Z'),
      end: utc('2026-11-20T18:00:00Z'),
    });
    expect(reservationSpan('2027-06-30', null, null)).toEqual({
      start: utc('2027-06-30T07:00:00Z'),
      end: utc('2027-06-30T17:00:00Z'),
    });
  });

  it('keeps given times; a start alone lasts 10 hours (cut at 03:30), an end alone the 10 hours before it', () => {
    const start = utc('2026-11-20T10:00:00Z');
    const end = utc('2026-11-20T16:00:00Z');
    expect(reservationSpan('2026-11-20', start, end)).toEqual({ start, end });
    expect(reservationSpan('2026-11-20', start, null)).toEqual({ start, end: utc('2026-11-20T20:00:00Z') });
    expect(reservationSpan('2026-11-20', utc('2026-11-20T20:00:00Z'), null).end).toEqual(utc('2026-11-21T03:30:00Z'));
    expect(reservationSpan('2026-11-20', null, end)).toEqual({ start: utc('2026-11-20T06:00:00Z'), end });
    expect(reservationSpan('2026-11-20', null, utc('2026-11-20T12:00:00Z')).start).toEqual(utc('2026-11-20T04:00:00Z'));
  });
});

describe('titleOf and estimatedJourneyEnd', () => {
  it('names the first and last towns, or one town when they are the same', () => {
    expect(
      titleOf([
        { type: 'start', town: 'Leeds' },
        { type: 'pickup', town: 'Wakefield' },
        { type: 'end', town: 'York' },
      ]),
    ).toBe('Leeds → York');
    expect(
      titleOf([
        { type: 'start', town: 'Manchester' },
        { type: 'end', town: 'Manchester' },
      ]),
    ).toBe('Manchester');
  });

  it('ends a journey without stops after the drive over its distance at 45 mph', () => {
    expect(estimatedJourneyEnd(utc('2026-11-20T08:00:00Z'), 90 * 1609.344)).toEqual(utc('2026-11-20T10:00:00Z'));
  });
});
