import { describe, expect, it } from 'vitest';
import { RESERVATION_STATUSES } from '@/schemas/reservation';
import { allowedActions, NO_ACTIONS, type ActionableFacts } from '@/server/reservations/allowed-actions';

const HOUR = 3_600_000;
const NOW = new Date('2026-11-18T14:30:00Z');
const TODAY = '2026-11-18';
/** Starting `hours` after NOW (a fixed start). */
const startingIn = (hours: number, status: ActionableFacts['status'] = 'accepted'): ActionableFacts => {
  const start = new Date(NOW.getTime() + hours * HOUR);
  return { status, date: start.toISOString().slice(0, 10), startTime: start, priced: true };
};

describe('allowed actions (spec §4 meta.allowed_actions)', () => {
  it('lets a pending reservation be cancelled and edited at once', () => {
    expect(allowedActions(startingIn(20, 'pending'), NOW, TODAY)).toEqual({
      ...NO_ACTIONS,
      cancel_immediately: true,
      update_immediately: true,
    });
  });

  it('lets a return offer be withdrawn, not edited', () => {
    expect(allowedActions(startingIn(20, 'return_offer'), NOW, TODAY)).toEqual({
      ...NO_ACTIONS,
      cancel_immediately: true,
    });
  });

  it('cancels an accepted reservation at once with 48 hours notice, else only as a request; edits are requests', () => {
    expect(allowedActions(startingIn(48), NOW, TODAY)).toEqual({
      ...NO_ACTIONS,
      cancel_immediately: true,
      update_request: true,
    });
    expect(allowedActions(startingIn(48 - 1 / 60), NOW, TODAY)).toEqual({
      ...NO_ACTIONS,
      cancel_request: true,
      update_request: true,
    });
  });

  it('allows nothing once the reservation has started, for a past date or without prices', () => {
    expect(allowedActions(startingIn(0), NOW, TODAY)).toEqual(NO_ACTIONS);
    expect(allowedActions(startingIn(-30, 'pending'), NOW, TODAY)).toEqual(NO_ACTIONS);
    expect(allowedActions({ ...startingIn(72, 'pending'), priced: false }, NOW, TODAY)).toEqual(NO_ACTIONS);
  });

  it('places an anytime start at 08:00 London', () => {
    const anytime = { status: 'accepted' as const, date: '2026-11-20', startTime: null, priced: true };
    // 20 Nov 08:00 is 41.5 hours after NOW: a request.
    expect(allowedActions(anytime, NOW, TODAY).cancel_request).toBe(true);
  });

  it('allows nothing in any other status', () => {
    for (const status of RESERVATION_STATUSES.filter((s) => !['pending', 'accepted', 'return_offer'].includes(s)))
      expect(allowedActions(startingIn(100, status), NOW, TODAY)).toEqual(NO_ACTIONS);
  });
});
