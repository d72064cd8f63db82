import { describe, expect, it } from 'vitest';
import { decide, decisionDueAt, offerExpiresAt, offerPrices } from '@/server/reservations/decision-policy';

const HOUR = 3_600_000;
const NOW = new Date('2026-11-18T14:30:00Z');
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe('the decision policy', () => {
  it('accepts from 3 open jobs nearby, returns an offer from 1, finds it unsuccessful with none', () => {
    expect([0, 1, 2, 3, 10].map(decide)).toEqual([
      'team.unsuccessful',
      'team.offered',
      'team.offered',
      'team.accepted',
      'team.accepted',
    ]);
  });

  it('offers the same minimum and a maximum lowered to the middle', () => {
    expect(offerPrices({ min: 14000, max: 16000 })).toEqual({ min: 14000, max: 15000 });
  });

  it('decides 2 hours after the request, never after the start nor past 24 hours', () => {
    expect(decisionDueAt(NOW, later(48))).toEqual(later(2));
    expect(decisionDueAt(NOW, later(1))).toEqual(later(1));
    expect(decisionDueAt(NOW, later(-1))).toEqual(NOW);
  });

  it('keeps an offer open 12 hours, never past the start', () => {
    expect(offerExpiresAt(NOW, later(48))).toEqual(later(12));
    expect(offerExpiresAt(NOW, later(5))).toEqual(later(5));
  });

  it('runs faster when the clock is sped up (RESERVATION_DECISION_AFTER_S, an offer of a few seconds)', () => {
    expect(decisionDueAt(NOW, later(48), { decisionAfterS: 60 })).toEqual(new Date(NOW.getTime() + 60_000));
    expect(offerExpiresAt(NOW, later(48), 18)).toEqual(new Date(NOW.getTime() + 18_000));
    expect(offerExpiresAt(NOW, new Date(NOW.getTime() + 10_000), 18)).toEqual(new Date(NOW.getTime() + 10_000));
  });
});
