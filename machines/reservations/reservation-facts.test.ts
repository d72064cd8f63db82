import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESERVATION_STATUSES, type Reservation } from '@/schemas/reservation';
import {
  badgeTone,
  groupByWeek,
  isActionable,
  replacedByAccepting,
  shownCapacity,
  weekGroupOf,
} from './reservation-facts';

const price = { amount: 14000, formatted: '£140' };
const r = (patch: Record<string, unknown>) =>
  ({
    id: 1,
    date: '2026-11-24',
    status: 'pending',
    min_price: price,
    max_price: price,
    vehicle: { id: 7 },
    startNode: { time: null, place: { lat: 53.48, lng: -2.24, town: 'Manchester', postcode: 'M1 1AE' } },
    endNode: { time: null, place: null },
    externalJobs: [],
    ...patch,
  }) as unknown as Reservation;

describe('priced and actionable (spec §4)', () => {
  it('needs a date not past, pending, accepted or return_offer, and both prices', () => {
    expect(isActionable(r({}), '2026-11-24')).toBe(true);
    expect(isActionable(r({}), '2026-11-25')).toBe(false);
    expect(isActionable(r({ status: 'accepted' }), '2026-11-20')).toBe(true);
    expect(isActionable(r({ status: 'return_offer' }), '2026-11-20')).toBe(true);
    expect(isActionable(r({ status: 'pending_cancellation' }), '2026-11-20')).toBe(false);
    expect(isActionable(r({ min_price: null }), '2026-11-20')).toBe(false);
    expect(isActionable(r({ max_price: null }), '2026-11-20')).toBe(false);
  });
});

describe('capacity shown (spec §5)', () => {
  it('is capped at 40 and floored', () => {
    expect([shownCapacity(11.6), shownCapacity(40), shownCapacity(48.5)]).toEqual([11, 40, 40]);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 200, noNaN: true }), (v) => {
        const shown = shownCapacity(v);
        expect(Number.isInteger(shown)).toBe(true);
        expect(shown).toBeLessThanOrEqual(40);
        expect(shown).toBeLessThanOrEqual(v);
        expect(shown).toBeGreaterThan(Math.min(v, 40) - 1);
      }),
    );
  });
});

describe('badge colours (spec §4)', () => {
  it('gives each status its colour', () => {
    const byTone: Record<string, string[]> = {};
    for (const status of RESERVATION_STATUSES) (byTone[badgeTone(status)] ??= []).push(status);
    expect(byTone.orange).toEqual(['pending', 'return_offer', 'pending_cancellation', 'pending_modification']);
    expect(byTone.green).toEqual(['accepted', 'journey_associated']);
    expect(byTone.darkRed).toEqual(['unsuccessful']);
    expect(byTone.darkBlue).toEqual(['completed', 'no_match']);
    expect(byTone.red).toEqual([
      'timed_out',
      'tp_rejected',
      'av_rejected',
      'tp_withdrawn',
      'av_withdrawn',
      'tp_cancelled',
      'av_cancelled',
      'superseded',
      'tp_cancelled_after_association',
      'av_cancelled_after_association',
      'unknown',
    ]);
  });
});

describe('view windows (spec §4)', () => {
  // Tuesday 24 November 2026: this week runs to Sunday 29th, next week to Sunday 6 December
  it('groups this week and next week by week, later ones as future', () => {
    const today = '2026-11-24';
    expect(
      ['2026-11-24', '2026-11-29', '2026-11-30', '2026-12-06', '2026-12-07'].map((d) => weekGroupOf(d, today)),
    ).toEqual(['thisWeek', 'thisWeek', 'nextWeek', 'nextWeek', 'future']);
    // on a Sunday, tomorrow is next week
    expect(weekGroupOf('2026-11-30', '2026-11-29')).toBe('nextWeek');
    const groups = groupByWeek([r({ id: 1 }), r({ id: 2, date: '2026-12-20' })], today);
    expect(groups.map((g) => [g.group, g.reservations.map((x) => x.id)])).toEqual([
      ['thisWeek', [1]],
      ['future', [2]],
    ]);
  });
});

describe('accepting an offer (spec §4)', () => {
  it("replaces the vehicle's other live reservations of that date", () => {
    const offer = r({ id: 1, status: 'return_offer' });
    const list = [
      offer,
      r({ id: 2, status: 'pending' }),
      r({ id: 3, status: 'accepted', vehicle: { id: 8 } }),
      r({ id: 4, status: 'accepted', date: '2026-11-25' }),
      r({ id: 5, status: 'tp_withdrawn' }),
      r({ id: 6, status: 'pending_modification' }),
    ];
    expect(replacedByAccepting(offer, list).map((x) => x.id)).toEqual([2, 6]);
  });
});
