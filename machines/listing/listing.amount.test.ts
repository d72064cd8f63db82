import { describe, expect, it } from 'vitest';
import { MAX_QUOTE_MINOR_UNITS } from '@/schemas/listing';
import { readQuoteAmount } from './listing.amount';

const minor = (text: string) => {
  const read = readQuoteAmount(text);
  return read.ok ? read.minorUnits : read.error;
};

describe('readQuoteAmount', () => {
  it.each([
    ['120', 12_000],
    ['120.5', 12_050],
    ['120.50', 12_050],
    ['120,50', 12_050],
    ['  £120 ', 12_000],
    ['120 €', 12_000],
    ['0.01', 1],
    ['12.', 1_200],
    ['1,250', 125_000],
    ['1.250', 125_000],
    ['1,250.75', 125_075],
    ['1.250,75', 125_075],
    ['12.345', 1_234_500],
    ['12,345,678', 'tooLarge'],
    ['50000', 5_000_000],
  ])('reads %j as %j', (text, expected) => {
    expect(minor(text)).toBe(expected);
  });

  it('says an empty field is empty', () => {
    expect(minor('')).toBe('empty');
    expect(minor('  £ ')).toBe('empty');
  });

  it('says zero and negative amounts must be more than 0', () => {
    expect(minor('0')).toBe('notPositive');
    expect(minor('0.00')).toBe('notPositive');
    expect(minor('-5')).toBe('notPositive');
    expect(minor('−12.50')).toBe('notPositive');
  });

  it('says amounts above the most a quote may be are too large, however many digits', () => {
    expect(minor(String(MAX_QUOTE_MINOR_UNITS / 100))).toBe(MAX_QUOTE_MINOR_UNITS);
    expect(minor('50000.01')).toBe('tooLarge');
    expect(minor('999999999999999999999')).toBe('tooLarge');
  });

  it('refuses what is not an amount', () => {
    for (const text of ['abc', '12a', '1.2.3,4', '1,2.5', '12.5,0', '1,25,0', '.', '12.5055', '--5', '1e3'])
      expect(minor(text), text).toBe('notANumber');
  });
});
