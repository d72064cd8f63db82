import { describe, expect, it } from 'vitest';
import type { OnboardingStatus } from '@/schemas/onboarding';
import { decideWorkEligibility, unmetRequirements, workRefusal } from '@/server/partner/work-eligibility';

const NOW = new Date('2026-11-18T14:30:00Z');
const READY: typeof OnboardingStatus.Encoded = {
  email_verified: true,
  terms_accepted_at: '2026-01-01T10:00:00.000Z',
  approved_vehicles: 2,
  documents: { missing: [], expiring: [], expired: [] },
};
const PARTNER = { role: 'transport_partner', suspendedUntil: null };

describe('decideWorkEligibility', () => {
  it('lets a transport partner with everything in place work, whatever its e-mail or expiring documents', () => {
    const status = {
      ...READY,
      email_verified: false,
      documents: { ...READY.documents, expiring: [{ type: 'vehicle_insurance' as const, expires_at: '2026-11-28' }] },
    };
    expect(decideWorkEligibility(PARTNER, status, NOW)).toEqual({
      may_work: true,
      reasons: [],
      suspended_until: null,
      documents: { missing: [], expired: [] },
    });
  });

  it('lists every reason in the order they are checked: suspended, documents, vehicle, terms', () => {
    const until = new Date(NOW.getTime() + 1000);
    const status = {
      ...READY,
      terms_accepted_at: null,
      approved_vehicles: 0,
      documents: {
        missing: ['identity' as const, 'goods_in_transit_insurance' as const],
        expiring: [],
        expired: [
          { type: 'goods_in_transit_insurance' as const, expires_at: '2026-10-18' },
          // expired, but renewed since: not missing, so not listed as expired either
          { type: 'driving_licence' as const, expires_at: '2026-09-01' },
        ],
      },
    };
    expect(decideWorkEligibility({ ...PARTNER, suspendedUntil: until }, status, NOW)).toEqual({
      may_work: false,
      reasons: ['suspended', 'documents', 'no_approved_vehicle', 'terms'],
      suspended_until: until.toISOString(),
      documents: { missing: ['identity', 'goods_in_transit_insurance'], expired: ['goods_in_transit_insurance'] },
    });
  });

  it('ignores a suspension that has ended (at its very end the partner may work again)', () => {
    expect(decideWorkEligibility({ ...PARTNER, suspendedUntil: NOW }, READY, NOW)).toMatchObject({
      may_work: true,
      suspended_until: null,
    });
  });

  it('gives anyone who is not a transport partner that one reason only', () => {
    const suspended = new Date(NOW.getTime() + 1000);
    for (const role of ['admin', 'customer'])
      expect(
        decideWorkEligibility({ role, suspendedUntil: suspended }, { ...READY, approved_vehicles: 0 }, NOW).reasons,
      ).toEqual(['not_a_partner']);
  });
});

describe('unmetRequirements', () => {
  it('is the terms checklist: documents, an approved vehicle, the terms', () => {
    expect(unmetRequirements(READY)).toEqual([]);
    expect(unmetRequirements({ ...READY, approved_vehicles: 0, terms_accepted_at: null })).toEqual([
      'no_approved_vehicle',
      'terms',
    ]);
  });
});

describe('workRefusal', () => {
  it('names the first reason, words it, and carries the decision; null for a partner who may work', () => {
    const until = new Date('2026-11-25T14:30:00Z');
    const work = decideWorkEligibility(
      { ...PARTNER, suspendedUntil: until },
      { ...READY, terms_accepted_at: null },
      NOW,
    );
    expect(workRefusal(work)).toEqual({
      message:
        'Your account is suspended until 25 November 2026 at 14:30 (London time) after a false completion: you cannot take new work until then.',
      reason: 'suspended',
      work,
    });
    expect(workRefusal(work, 'In other words.')?.message).toBe('In other words.');
    expect(workRefusal(decideWorkEligibility(PARTNER, READY, NOW))).toBeNull();
  });
});
