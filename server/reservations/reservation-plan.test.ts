import { describe, expect, it } from 'vitest';
import type { ReservationInput } from '@/schemas/reservation';
import {
  planReservation,
  reservationPeriod,
  serviceDay,
  type PlanOptions,
} from '@/server/reservations/reservation-plan';
import { at, DAY, nodes, PLACES, privateJob, reservationInput } from '@/server/reservations/reservation-test-inputs';

const OPTIONS: PlanOptions = { customWindows: true, period: null };
const plan = (input: ReservationInput, options = OPTIONS) => planReservation(input, options);

describe('the reservation window', () => {
  it('plans a day with both times anytime as 08:00 to 18:00 London', () => {
    const { plan: p } = plan(reservationInput());
    expect([p.window.start.toISOString(), p.window.end.toISOString()]).toEqual([at(8), at(18)]);
    expect(p.startTime).toBeNull();
    expect(p.type).toBe('local');
  });

  it('makes a full-day end the start plus 10 hours, and an anytime start the 10 hours before a fixed end', () => {
    const fromSeven = plan(reservationInput({ nodes: nodes(PLACES.manchester, at(7), PLACES.manchester, 'anytime') }));
    expect(fromSeven.plan.window.end.toISOString()).toBe(at(17));
    expect(fromSeven.plan.type).toBe('local');
    const untilNoon = plan(reservationInput({ nodes: nodes(PLACES.manchester, 'anytime', PLACES.manchester, at(12)) }));
    expect(untilNoon.plan.window.start.toISOString()).toBe(at(4));
    expect(
      plan(
        reservationInput({ nodes: nodes(PLACES.manchester, 'anytime', PLACES.manchester, at(20)) }),
      ).plan.window.start.toISOString(),
    ).toBe(at(10));
  });

  it('keeps an own window as given (type custom), up to 10 hours', () => {
    const ten = plan(reservationInput({ nodes: nodes(PLACES.manchester, at(8), PLACES.manchester, at(18)) }));
    expect(ten.errors).toEqual({});
    expect(ten.plan.type).toBe('custom');
    const longer = plan(reservationInput({ nodes: nodes(PLACES.manchester, at(8), PLACES.manchester, at(18, 1)) }));
    expect(longer.errors).toEqual({ 'nodes.1.time': ['A reservation lasts at most 10 hours'] });
  });

  it('refuses an own window to a partner without custom reservations', () => {
    const { errors } = plan(reservationInput({ nodes: nodes(PLACES.manchester, at(9), PLACES.manchester, at(15)) }), {
      customWindows: false,
      period: null,
    });
    expect(Object.keys(errors)).toEqual(['nodes.1.time']);
  });

  it('holds times to the reservation day, 04:00 to 03:30 the next morning', () => {
    expect(serviceDay(DAY)).toEqual({ opens: new Date(at(4)), closes: new Date(at(27, 30)) });
    const from = (start: string) =>
      plan(reservationInput({ nodes: nodes(PLACES.manchester, start, PLACES.manchester, 'anytime') }));
    expect(from(at(4)).errors).toEqual({});
    expect(Object.keys(from(at(3, 59)).errors)).toEqual(['nodes.0.time']);
    const until = (end: string) =>
      plan(reservationInput({ nodes: nodes(PLACES.manchester, at(18), PLACES.manchester, end) })).errors;
    expect(until(at(27, 30))).toEqual({});
    expect(Object.keys(until(at(27, 31)))).toEqual(['nodes.1.time']);
  });

  it('calls a reservation whose end is more than 100 road miles away national', () => {
    expect(plan(reservationInput({ nodes: nodes(PLACES.manchester, at(6), PLACES.london, 'anytime') })).plan.type).toBe(
      'national',
    );
    expect(
      plan(reservationInput({ nodes: nodes(PLACES.manchester, at(6), PLACES.stockport, 'anytime') })).plan.type,
    ).toBe('local');
  });
});

describe("'anywhere', flexible people and private jobs", () => {
  it('lets an end anywhere go with an anytime start (a full day), not with a fixed start', () => {
    expect(plan(reservationInput({ nodes: nodes(PLACES.manchester, 'anytime', null, null) })).errors).toEqual({});
    expect(plan(reservationInput({ nodes: nodes(PLACES.manchester, at(8), null, null) })).errors).toEqual({
      'nodes.0.time': ['Finishing anywhere needs an anytime start'],
    });
  });

  it('refuses a private job with an end anywhere or with flexible people', () => {
    expect(
      plan(reservationInput({ nodes: nodes(PLACES.manchester, 'anytime', null, null), externalJobs: [privateJob()] }))
        .errors,
    ).toEqual({ externalJobs: ['A reservation that finishes anywhere cannot have a private job'] });
    expect(plan(reservationInput({ people: 'flexible', externalJobs: [privateJob()] })).errors).toEqual({
      externalJobs: ['A reservation with a flexible number of people cannot have a private job'],
    });
  });

  it('takes times on site from the options of spec §9 only', () => {
    expect(plan(reservationInput({ externalJobs: [privateJob({ onSite: 7200 })] })).errors).toEqual({});
    expect(Object.keys(plan(reservationInput({ externalJobs: [privateJob({ onSite: 0 })] })).errors)).toEqual([
      'externalJobs.0.nodes.0.durationOnSiteInSeconds',
    ]);
  });

  it("replaces a private job's anytime edges with the reservation's start and end", () => {
    const { plan: p } = plan(reservationInput({ externalJobs: [privateJob({ from: 'anytime' }, { to: 'anytime' })] }));
    expect(p.privateJobs[0]?.pickup.windowStart.toISOString()).toBe(at(8));
    expect(p.privateJobs[0]?.pickup.fixedStart).toBe(false);
    expect(p.privateJobs[0]?.delivery.windowEnd.toISOString()).toBe(at(18));
  });
});

describe('the reservation period', () => {
  it('runs from tomorrow through four weeks from today', () => {
    const period = reservationPeriod('2026-11-18');
    expect(period).toEqual({ start: '2026-11-19', end: '2026-12-16' });
    const on = (date: string) => plan(reservationInput({ date }), { customWindows: true, period }).errors;
    expect(on('2026-11-19')).toEqual({});
    expect(on('2026-12-16')).toEqual({});
    expect(Object.keys(on('2026-11-18'))).toEqual(['date']);
    expect(Object.keys(on('2026-12-17'))).toEqual(['date']);
  });
});
