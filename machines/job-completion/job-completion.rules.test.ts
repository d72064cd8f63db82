import { describe, expect, it } from 'vitest';
import { completionErrors, MAX_COMPLETION_TEXT, parsePounds } from './job-completion.rules';

describe('parsePounds', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25.05', 2505],
    ['£ 40', 4000],
    ['£1,250.00', 125_000],
    ['25,50', 2550],
    ['0.01', 1],
    ['  7 ', 700],
  ])('%s is %i pence', (typed, pence) => expect(parsePounds(typed)).toBe(pence));

  it.each(['', 'ten', '25.555', '1.2.3', '-5', '25,5,0', '£', '1,25,000'])('%j is not an amount', (typed) =>
    expect(parsePounds(typed)).toBeNull(),
  );
});

describe('completion form rules', () => {
  it('asks nothing of a plain completion', () => {
    expect(completionErrors({ mode: 'complete', text: '', amount: '' })).toEqual({});
  });

  it('needs the issue in words, up to the server limit', () => {
    expect(completionErrors({ mode: 'issue', text: '   ', amount: '' })).toEqual({ text: 'required' });
    expect(completionErrors({ mode: 'issue', text: 'x'.repeat(MAX_COMPLETION_TEXT), amount: '' })).toEqual({});
    expect(completionErrors({ mode: 'issue', text: 'x'.repeat(MAX_COMPLETION_TEXT + 1), amount: '' })).toEqual({
      text: 'tooLong',
    });
  });

  it('needs a reason and an amount of money above nothing and at most £500 for an additional cost', () => {
    expect(completionErrors({ mode: 'extraCost', text: '', amount: '' })).toEqual({
      text: 'required',
      amount: 'required',
    });
    expect(completionErrors({ mode: 'extraCost', text: 'Stairs', amount: 'lots' })).toEqual({ amount: 'notAmount' });
    expect(completionErrors({ mode: 'extraCost', text: 'Stairs', amount: '0' })).toEqual({ amount: 'notPositive' });
    expect(completionErrors({ mode: 'extraCost', text: 'Stairs', amount: '500.00' })).toEqual({});
    expect(completionErrors({ mode: 'extraCost', text: 'Stairs', amount: '500.01' })).toEqual({ amount: 'tooLarge' });
  });
});
