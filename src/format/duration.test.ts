import { describe, expect, it } from 'vitest';
import { formatDuration } from '@/src/format/duration';

describe('formatDuration', () => {
  it.each([
    [7500, '2 hours 5 minutes'],
    [2700, '45 minutes'],
    [3600, '1 hour'],
    [3660, '1 hour 1 minute'],
    [60, '1 minute'],
    [0, '0 minutes'],
    [89, '1 minute'],
    [3599, '1 hour'],
    [36000, '10 hours'],
  ])('shows %s seconds in English as %s', (seconds, expected) => {
    expect(formatDuration(seconds, 'en')).toBe(expected);
  });

  it.each([
    [7500, '2 horas 5 minutos'],
    [3600, '1 hora'],
    [60, '1 minuto'],
    [2700, '45 minutos'],
  ])('shows %s seconds in Spanish as %s', (seconds, expected) => {
    expect(formatDuration(seconds, 'es')).toBe(expected);
  });

  it.each([null, undefined, NaN, -5])('shows N/A for %s', (value) => {
    expect(formatDuration(value, 'en')).toBe('N/A');
  });
});
