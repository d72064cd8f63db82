import { describe, expect, it } from 'vitest';
import { JOURNEY_STATUS_CODES } from '@/schemas/journey-status-code';
import { journeyStatusCode, type JourneyStatusFacts } from '@/server/journeys/journey-status';

const NOW = new Date('2026-11-18T14:30:00Z');
const HOUR_MS = 3_600_000;
const ME = 7;
const SOMEONE_ELSE = 9;
const ahead = new Date(NOW.getTime() + 30 * HOUR_MS);
const passed = new Date(NOW.getTime() - 3 * HOUR_MS);

const open: JourneyStatusFacts = {
  status: 'open',
  providerId: null,
  firstPickupAt: ahead,
  completionOutcome: null,
  hasInterest: false,
};
const mine = (facts: Partial<JourneyStatusFacts>): JourneyStatusFacts => ({ ...open, providerId: ME, ...facts });
const code = (facts: JourneyStatusFacts) => journeyStatusCode(facts, ME, NOW);

describe('the journey status code', () => {
  it('is pending while the partner’s interest waits on an open journey ahead', () => {
    expect(code({ ...open, hasInterest: true })).toBe('IP_PENDING');
  });

  it('is active for an open journey ahead the partner has not asked for', () => {
    expect(code(open)).toBe('IP_ACTIVE');
  });

  it('is expired once the first pickup of an open journey passed with nobody allocated, interest or not', () => {
    expect(code({ ...open, firstPickupAt: passed })).toBe('IP_EXPIRED');
    expect(code({ ...open, firstPickupAt: passed, hasInterest: true })).toBe('IP_EXPIRED');
    // the first pickup itself closes it, as it closes claims
    expect(code({ ...open, firstPickupAt: NOW, hasInterest: true })).toBe('IP_EXPIRED');
  });

  it('is allocated for a journey the partner holds, before its first pickup and under way', () => {
    expect(code(mine({ status: 'allocated' }))).toBe('IP_ALLOCATED');
    expect(code(mine({ status: 'allocated', firstPickupAt: passed }))).toBe('IP_ALLOCATED');
  });

  it('is cancelled for a journey called off while the partner held it or waited on its interest', () => {
    expect(code(mine({ status: 'cancelled' }))).toBe('IP_CANCELLED');
    expect(code({ ...open, status: 'cancelled', hasInterest: true })).toBe('IP_CANCELLED');
    expect(code({ ...open, status: 'cancelled', hasInterest: true, firstPickupAt: passed })).toBe('IP_CANCELLED');
  });

  it.each([
    ['refund', 'IP_COMPLETED_WITH_REFUND'],
    ['issue', 'IP_COMPLETED_WITH_ISSUE'],
    ['unpaid', 'IP_COMPLETED_UNPAID'],
    ['paid', 'IP_COMPLETED_PAID'],
    ['payment_failed', 'IP_COMPLETED_PAYMENT_FAILED'],
  ] as const)('is decided by the outcome of a completed journey: %s gives %s', (outcome, expected) => {
    expect(code(mine({ status: 'completed', firstPickupAt: passed, completionOutcome: outcome }))).toBe(expected);
  });

  it('counts a completed journey with no outcome recorded yet as unpaid', () => {
    expect(code(mine({ status: 'completed', firstPickupAt: passed }))).toBe('IP_COMPLETED_UNPAID');
  });

  it('gives no code for another partner’s journey, whatever its state or the caller’s old interest', () => {
    for (const status of ['allocated', 'completed', 'cancelled'] as const)
      expect(journeyStatusCode({ ...open, status, providerId: SOMEONE_ELSE, hasInterest: true }, ME, NOW)).toBeNull();
  });

  it('produces every code of spec §4 for some journey', () => {
    const facts: JourneyStatusFacts[] = [
      { ...open, hasInterest: true },
      open,
      { ...open, firstPickupAt: passed },
      mine({ status: 'allocated' }),
      mine({ status: 'cancelled' }),
      ...(['refund', 'issue', 'unpaid', 'paid', 'payment_failed'] as const).map((outcome) =>
        mine({ status: 'completed', completionOutcome: outcome }),
      ),
    ];
    expect(new Set(facts.map(code))).toEqual(new Set(JOURNEY_STATUS_CODES));
  });
});
