import { describe, expect, it } from 'vitest';
import { englishOrdinal, formatDate, formatDateTime, formatTime, parseDateText } from '@/src/format/date';

describe('parseDateText', () => {
  it('reads a date alone as a calendar date', () => {
    const dashed = parseDateText('2026-11-20');
    expect(dashed).toBeInstanceOf(Temporal.PlainDate);
    expect(String(dashed)).toBe('2026-11-20');
    expect(String(parseDateText('2026/11/20'))).toBe('2026-11-20');
  });

  it('reads a date and time, after T or a space, as UTC', () => {
    const withT = parseDateText('2026-07-01T12:30:05');
    expect(withT).toBeInstanceOf(Temporal.Instant);
    expect(String(withT)).toBe('2026-07-01T12:30:05Z');
    expect(String(parseDateText('2026/07/01 12:30:05'))).toBe('2026-07-01T12:30:05Z');
  });

  it.each([
    '',
    'tomorrow',
    '20/11/2026',
    '2026-11-20T12:30',
    '2026-11-20 12:30:00Z',
    '2026-11/20',
    '2026-02-30',
    '2026-13-01',
    '2026-11-20T25:00:00',
    '2026-11-20T12:60:00',
    '12026-11-20',
  ])('gives the fallback for %j', (text) => {
    expect(parseDateText(text)).toBe('n/a');
    expect(parseDateText(text, '-')).toBe('-');
  });

  it('gives the fallback for null and undefined', () => {
    expect(parseDateText(null)).toBe('n/a');
    expect(parseDateText(undefined, null)).toBeNull();
  });
});

describe('englishOrdinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [30, '30th'],
    [31, '31st'],
  ])('%s → %s', (day, expected) => {
    expect(englishOrdinal(day)).toBe(expected);
  });
});

describe('formatDate', () => {
  it('uses do MMMM yyyy in English', () => {
    expect(formatDate('2026-11-20', 'en')).toBe('20th November 2026');
    expect(formatDate('2026-03-01', 'en')).toBe('1st March 2026');
    expect(formatDate('2026-05-22', 'en')).toBe('22nd May 2026');
    expect(formatDate('2026-01-13', 'en')).toBe('13th January 2026');
    expect(formatDate(Temporal.PlainDate.from('2026-12-31'), 'en')).toBe('31st December 2026');
  });

  it('uses the Spanish long date', () => {
    expect(formatDate('2026-11-20', 'es')).toBe('20 de noviembre de 2026');
    expect(formatDate('2026/01/01', 'es')).toBe('1 de enero de 2026');
  });

  it('shows an instant on its London calendar day', () => {
    // 23:30 UTC in July is 00:30 BST the next day; in December GMT it is the same day.
    expect(formatDate('2026-07-01T23:30:00', 'en')).toBe('2nd July 2026');
    expect(formatDate('2026-12-01T23:30:00', 'en')).toBe('1st December 2026');
    expect(formatDate(Temporal.Instant.from('2026-07-01T23:30:00Z'), 'es')).toBe('2 de julio de 2026');
    expect(formatDate(new Date('2026-07-01T23:30:00Z'), 'en')).toBe('2nd July 2026');
  });

  it('accepts full ISO instants with an offset', () => {
    expect(formatDate('2026-07-01T23:30:00Z', 'en')).toBe('2nd July 2026');
    expect(formatDate('2026-07-02T00:30:00+02:00', 'en')).toBe('1st July 2026');
  });

  it.each([null, undefined, '', '   ', 'not a date', '2026-02-30', new Date('nope')])('shows N/A for %j', (value) => {
    expect(formatDate(value, 'en')).toBe('N/A');
  });
});

describe('formatTime', () => {
  it('follows British Summer Time and GMT', () => {
    expect(formatTime(Temporal.Instant.from('2026-07-01T12:00:00Z'), 'en')).toBe('13:00');
    expect(formatTime(Temporal.Instant.from('2026-12-01T12:00:00Z'), 'en')).toBe('12:00');
    expect(formatTime('2026-07-01 08:05:00', 'es')).toBe('09:05');
  });

  it('switches on the last Sundays of March and October', () => {
    expect(formatTime('2026-03-29T00:59:00', 'en')).toBe('00:59');
    expect(formatTime('2026-03-29T01:00:00', 'en')).toBe('02:00');
    expect(formatTime('2026-10-25T00:59:00', 'en')).toBe('01:59');
    expect(formatTime('2026-10-25T01:00:00', 'en')).toBe('01:00');
  });

  it('uses the 24-hour clock', () => {
    expect(formatTime('2026-12-01T23:07:00', 'en')).toBe('23:07');
  });

  it('shows N/A for a date without a time and for invalid input', () => {
    expect(formatTime('2026-07-01', 'en')).toBe('N/A');
    expect(formatTime(null, 'en')).toBe('N/A');
    expect(formatTime('12:00', 'en')).toBe('N/A');
  });
});

describe('formatDateTime', () => {
  it('joins the London date and time', () => {
    expect(formatDateTime('2026-11-20T09:15:00', 'en')).toBe('20th November 2026, 09:15');
    expect(formatDateTime('2026-07-01T23:30:00', 'es')).toBe('2 de julio de 2026, 00:30');
  });

  it('shows only the date for a calendar date, N/A for nothing', () => {
    expect(formatDateTime('2026-11-20', 'en')).toBe('20th November 2026');
    expect(formatDateTime(undefined, 'en')).toBe('N/A');
  });
});
