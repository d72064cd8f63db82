import { describe, expect, it } from 'vitest';
import { allowanceOf, ceilingKb, ceilingsFor } from './budget-ceilings';

const BUDGET = 150 * 1024;

describe('first-load ceilings', () => {
  it('rounds a figure up to the tenth of a KB, so the route passes at the figure recorded', () => {
    expect(ceilingKb(251.31 * 1024)).toBe(251.4);
    expect(ceilingKb(251.3 * 1024)).toBe(251.3);
    expect(ceilingKb(1024 * 200)).toBe(200);
  });

  it('lets a route over the budget load up to its ceiling and no more', () => {
    const ceilings = { '/find-work': 251.4 };
    expect(allowanceOf('/find-work', ceilings, BUDGET)).toBeCloseTo(251.4 * 1024);
    expect(251.4 * 1024 + 1).toBeGreaterThan(allowanceOf('/find-work', ceilings, BUDGET));
  });

  it('holds a route without a ceiling, or with one below the budget, to the budget', () => {
    expect(allowanceOf('/login', {}, BUDGET)).toBe(BUDGET);
    expect(allowanceOf('/login', { '/login': 120 }, BUDGET)).toBe(BUDGET);
  });

  it('records ceilings only for the routes over the budget', () => {
    const rows = [
      { route: '/login', js: 145 * 1024 },
      { route: '/find-work', js: 251.31 * 1024 },
    ];
    expect(ceilingsFor(rows, BUDGET)).toEqual({ '/find-work': 251.4 });
  });

  it('lets what was written pass the check that reads it', () => {
    const rows = [{ route: '/journey/:id', js: 240_012 }];
    const ceilings = ceilingsFor(rows, BUDGET);
    expect(rows[0]!.js).toBeLessThanOrEqual(allowanceOf('/journey/:id', ceilings, BUDGET));
  });
});
