import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '@/schemas/work-calendar';
import { hourSpan, isCalendarDate, movedCursor, rangeOfView, segmentsOn, visibleDays } from './work-calendar.days';

const entry = (id: string, start: string, end: string): CalendarEntry => ({
  id,
  kind: 'private',
  ref: id,
  title: 'Leeds → York',
  start,
  end,
  vehicle_id: null,
  driver_user_id: null,
  status: 'scheduled',
  stops: [],
});

const placed = (entries: CalendarEntry[], day: string) =>
  segmentsOn(entries, day).map((s) => [s.entry.id, s.startMinute, s.endMinute, s.continuesBefore, s.continuesAfter]);

describe('work calendar days', () => {
  it('places a summer job at its London hour (BST: 08:00 UTC is 09:00) and a winter one at the same', () => {
    expect(placed([entry('bst', '2027-06-15T08:00:00Z', '2027-06-15T10:00:00Z')], '2027-06-15')).toEqual([
      ['bst', 540, 660, false, false],
    ]);
    expect(placed([entry('gmt', '2027-01-12T09:00:00Z', '2027-01-12T11:00:00Z')], '2027-01-12')).toEqual([
      ['gmt', 540, 660, false, false],
    ]);
  });

  it('keeps a London day to London midnights: 23:30 UTC in June is the next day', () => {
    const late = entry('late', '2027-06-15T23:30:00Z', '2027-06-16T01:00:00Z');
    expect(placed([late], '2027-06-15')).toEqual([]);
    expect(placed([late], '2027-06-16')).toEqual([['late', 30, 120, false, false]]);
  });

  it('splits a job running past midnight over both days', () => {
    const night = entry('night', '2026-11-24T22:00:00Z', '2026-11-25T02:00:00Z');
    expect(placed([night], '2026-11-24')).toEqual([['night', 1320, 1440, false, true]]);
    expect(placed([night], '2026-11-25')).toEqual([['night', 0, 120, true, false]]);
  });

  it('reads wall-clock times on the days the clocks change', () => {
    // 28 March 2027: 01:00 GMT becomes 02:00 BST; 02:30 UTC is 03:30 London
    expect(placed([entry('spring', '2027-03-28T02:30:00Z', '2027-03-28T04:00:00Z')], '2027-03-28')).toEqual([
      ['spring', 210, 300, false, false],
    ]);
  });

  it('puts overlapping entries side by side, and the next free one back in the first lane', () => {
    const segments = segmentsOn(
      [
        entry('a', '2026-11-24T08:00:00Z', '2026-11-24T12:00:00Z'),
        entry('b', '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z'),
        entry('c', '2026-11-24T10:30:00Z', '2026-11-24T11:00:00Z'),
        entry('d', '2026-11-24T13:00:00Z', '2026-11-24T14:00:00Z'),
      ],
      '2026-11-24',
    );
    expect(segments.map((s) => [s.entry.id, s.lane, s.lanes])).toEqual([
      ['a', 0, 2],
      ['b', 1, 2],
      ['c', 1, 2],
      ['d', 0, 1],
    ]);
    expect(hourSpan(segments)).toEqual({ first: 7, last: 19 });
    expect(hourSpan(segmentsOn([entry('e', '2026-11-24T05:30:00Z', '2026-11-24T21:10:00Z')], '2026-11-24'))).toEqual({
      first: 5,
      last: 22,
    });
  });

  it('shows whole weeks from Monday, and moves by a month or a week', () => {
    expect(visibleDays('week', '2027-06-15')).toEqual([
      '2027-06-14',
      '2027-06-15',
      '2027-06-16',
      '2027-06-17',
      '2027-06-18',
      '2027-06-19',
      '2027-06-20',
    ]);
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks
    expect(rangeOfView('month', '2027-02-10')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(visibleDays('month', '2026-11-21')).toHaveLength(42);
    expect(movedCursor('month', '2027-01-31', 1)).toBe('2027-02-28');
    expect(movedCursor('week', '2026-12-29', 1)).toBe('2027-01-05');
  });

  it('takes only real dates from the address', () => {
    expect(isCalendarDate('2027-02-28')).toBe(true);
    expect(isCalendarDate('2027-02-30')).toBe(false);
    expect(isCalendarDate('tomorrow')).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
  });
});
