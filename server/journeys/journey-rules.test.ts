import { describe, expect, it } from 'vitest';
import {
  cancelInterestDeadline,
  canCancelInterest,
  coarse,
  deallocationCharge,
  EARLY_DEALLOCATION_CHARGE_PENCE,
  vehicleFits,
} from '@/server/journeys/journey-rules';

const HOUR_MS = 3_600_000;
const PICKUP = new Date('2026-11-25T07:00:00Z');
const before = (ms: number) => new Date(PICKUP.getTime() - ms);

describe('the deallocation charge (spec §9, disjoint reading of the overlapping bands)', () => {
  it.each([
    ['a week ahead', 7 * 24 * HOUR_MS, 'from_48h', EARLY_DEALLOCATION_CHARGE_PENCE],
    ['exactly 48 hours ahead', 48 * HOUR_MS, 'from_48h', EARLY_DEALLOCATION_CHARGE_PENCE],
    ['a second under 48 hours ahead', 48 * HOUR_MS - 1000, 'from_24h', 5_000],
    ['exactly 24 hours ahead', 24 * HOUR_MS, 'from_24h', 5_000],
    ['a second under 24 hours ahead', 24 * HOUR_MS - 1000, 'within_24h', 10_000],
    ['a minute before pickup', 60_000, 'within_24h', 10_000],
  ] as const)('%s: %s', (_, left, band, amount) => {
    expect(deallocationCharge(PICKUP, before(left), 20_000)).toEqual({ band, amount });
  });

  it('rounds a percentage to the nearest penny', () => {
    expect(deallocationCharge(PICKUP, before(30 * HOUR_MS), 10_001).amount).toBe(2_500);
    expect(deallocationCharge(PICKUP, before(30 * HOUR_MS), 10_003).amount).toBe(2_501);
    expect(deallocationCharge(PICKUP, before(HOUR_MS), 10_001).amount).toBe(5_001);
  });
});

describe('cancelling an interest', () => {
  it('is allowed until 24 hours before the first pickup, not at that moment', () => {
    const deadline = cancelInterestDeadline(PICKUP);
    expect(deadline.toISOString()).toBe('2026-11-24T07:00:00.000Z');
    expect(canCancelInterest(PICKUP, new Date(deadline.getTime() - 1))).toBe(true);
    expect(canCancelInterest(PICKUP, deadline)).toBe(false);
    expect(canCancelInterest(PICKUP, new Date(deadline.getTime() + 1))).toBe(false);
  });

  it('counts 24 real hours across the clock change (the deadline is an instant, not a wall-clock time)', () => {
    // British Summer Time ends on 25 October 2026: 07:00 GMT on the 26th minus 24 h is 07:00 GMT on the 25th.
    expect(cancelInterestDeadline(new Date('2026-10-26T07:00:00Z')).toISOString()).toBe('2026-10-25T07:00:00.000Z');
  });
});

describe('the fit rule', () => {
  it('takes a van whose loading capacity is at least the load, and no smaller one', () => {
    expect(vehicleFits(11.5, 11.5)).toBe(true);
    expect(vehicleFits(11.5, 11.4)).toBe(true);
    expect(vehicleFits(11.5, 11.6)).toBe(false);
  });
});

describe('coarse points', () => {
  it('keep two decimals', () => {
    expect(coarse(53.48123)).toBe(53.48);
    expect(coarse(-2.24567)).toBe(-2.25);
  });
});
