import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { JourneyNode } from '@/schemas/journey';
import {
  deallocationBands,
  deallocationCharge,
  largeLoadPence,
  mileagePence,
  scheduledMinutes,
  standardPay,
  stopsInOrder,
  trackingOpensAt,
  visitedStops,
} from './journey-pay';

const HOUR = 3_600_000;
const MILE = 1609.344;

const node = (sortOrder: number, scheduledAt: string, deactivatedAt: string | null = null) =>
  Schema.decodeUnknownSync(JourneyNode)({
    id: sortOrder,
    action: 'pickup',
    sortOrder,
    place: { lat: 53, lng: -2, town: 'Leeds', short_postcode: 'LS1', postcode: null, address: null },
    listingId: 1,
    privateJobId: null,
    deactivatedAt,
    scheduledAt,
  });

describe('mileage (spec §9, the marginal reading of "25p a mile up to 100 miles, then 30p")', () => {
  it('pays 25p a mile up to 100 miles', () => {
    expect(mileagePence(0)).toBe(0);
    expect(mileagePence(40)).toBe(1000);
    expect(mileagePence(100)).toBe(2500);
  });

  it('pays 30p for each mile beyond the first 100 only', () => {
    expect(mileagePence(150)).toBe(2500 + 1500);
    expect(mileagePence(300)).toBe(2500 + 6000);
  });

  it('rounds a part mile to the penny and never pays for a negative distance', () => {
    expect(mileagePence(10.5)).toBe(263);
    expect(mileagePence(-5)).toBe(0);
  });
});

describe('large loads', () => {
  it('compensates only the volume above 10 m³, £5 per m³', () => {
    expect(largeLoadPence(9.9)).toBe(0);
    expect(largeLoadPence(10)).toBe(0);
    expect(largeLoadPence(14)).toBe(2000);
    expect(largeLoadPence(12.3)).toBe(1150);
  });
});

describe('standard pay', () => {
  it('is £15 an hour for one person and £25 for two, plus mileage and compensation', () => {
    const one = standardPay({ minutes: 150, distanceMetres: 150 * MILE, volumeM3: 12, people: 1 });
    expect(one).toMatchObject({ hourlyRate: 1500, time: 3750, mileage: 4000, largeLoad: 1000, total: 8750 });
    const two = standardPay({ minutes: 150, distanceMetres: 150 * MILE, volumeM3: 12, people: 2 });
    expect(two).toMatchObject({ hourlyRate: 2500, time: 6250, total: 11250 });
    expect(two.miles).toBeCloseTo(150);
  });

  it('pays nothing for no time, no distance and a small load', () => {
    expect(standardPay({ minutes: 0, distanceMetres: 0, volumeM3: 3, people: 1 }).total).toBe(0);
  });
});

describe('the schedule', () => {
  const nodes = [
    node(7, '2026-11-22T16:50:00Z'),
    node(2, '2026-11-22T07:00:00Z'),
    node(4, '2026-11-22T11:20:00Z', '2026-11-21T09:00:00Z'),
    node(1, '2026-11-22T05:50:00Z'),
  ];

  it('lists the stops by sortOrder, gaps and all, and leaves out dropped stops when visiting', () => {
    expect(stopsInOrder(nodes).map((n) => n.sortOrder)).toEqual([1, 2, 4, 7]);
    expect(visitedStops(nodes).map((n) => n.sortOrder)).toEqual([1, 2, 7]);
  });

  it('runs from the first visited stop to the last', () => {
    expect(scheduledMinutes(nodes)).toBe(11 * 60);
    expect(scheduledMinutes(nodes.slice(0, 1))).toBe(0);
  });
});

describe('deallocation charges (the bands as the server reads them)', () => {
  const pickup = Date.parse('2026-11-25T09:00:00Z');
  const value = 40_000;

  it('lists the three bands for a job value', () => {
    expect(deallocationBands(value)).toEqual([
      { band: 'from_48h', amount: 300 },
      { band: 'from_24h', amount: 10_000 },
      { band: 'within_24h', amount: 20_000 },
    ]);
  });

  it('charges £3 from 48 hours out, 25% from 24 hours, 50% within 24 hours; a boundary is the cheaper band', () => {
    expect(deallocationCharge(pickup, pickup - 72 * HOUR, value)).toEqual({ band: 'from_48h', amount: 300 });
    expect(deallocationCharge(pickup, pickup - 48 * HOUR, value)).toEqual({ band: 'from_48h', amount: 300 });
    expect(deallocationCharge(pickup, pickup - 48 * HOUR + 1, value)).toEqual({ band: 'from_24h', amount: 10_000 });
    expect(deallocationCharge(pickup, pickup - 24 * HOUR, value)).toEqual({ band: 'from_24h', amount: 10_000 });
    expect(deallocationCharge(pickup, pickup - 24 * HOUR + 1, value)).toEqual({ band: 'within_24h', amount: 20_000 });
    expect(deallocationCharge(pickup, pickup - 1, value)).toEqual({ band: 'within_24h', amount: 20_000 });
  });

  it('rounds a share to the penny', () => {
    expect(deallocationCharge(pickup, pickup - 30 * HOUR, 10_001)).toEqual({ band: 'from_24h', amount: 2500 });
  });
});

describe('tracking', () => {
  it('opens 24 hours before the first collection', () => {
    expect(trackingOpensAt('2026-11-25T09:00:00Z')).toBe(Date.parse('2026-11-24T09:00:00Z'));
  });
});
