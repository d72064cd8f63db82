import { Result, Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { decodeResult } from './decode';
import { VEHICLE_COLOURS } from './vehicle';
import { CALENDAR_PALETTE, driverColour, vehicleColour, WorkCalendar, WorkCalendarQuery } from './work-calendar';

const issues = <A, I>(schema: Schema.Codec<A, I>, value: unknown) => {
  const result = decodeResult(schema, 'test')(value);
  return Result.isFailure(result) ? result.failure.issues : [];
};

describe('WorkCalendarQuery', () => {
  it('takes a range with optional filters; an empty filter is none', () => {
    expect(Schema.decodeUnknownSync(WorkCalendarQuery)({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(
      Schema.decodeUnknownSync(WorkCalendarQuery)({
        from: '2026-11-01',
        to: '2026-11-30',
        vehicle_id: '',
        driver_id: '4',
      }),
    ).toEqual({ from: '2026-11-01', to: '2026-11-30', vehicle_id: '', driver_id: 4 });
  });

  it('refuses a bad id, a range over 62 days or backwards', () => {
    expect(
      issues(WorkCalendarQuery, { from: '2026-11-01', to: '2026-11-30', vehicle_id: 'x', driver_id: '-1' }),
    ).toEqual([
      { path: 'vehicle_id', message: 'vehicle_id is one of your vehicles (an id)' },
      { path: 'driver_id', message: 'driver_id is one of your drivers (an id)' },
    ]);
    expect(issues(WorkCalendarQuery, { from: '2026-11-01', to: '2027-01-02' })).toEqual([
      { path: 'to', message: 'A range is at most 62 days' },
    ]);
    expect(issues(WorkCalendarQuery, { from: '2026-11-30', to: '2026-11-01' })).toEqual([
      { path: 'to', message: 'The end date is before the start date' },
    ]);
  });
});

describe('colours (spec §9: seven hex values, by vehicle id and by driver user id)', () => {
  it('reuses the vehicles palette, cycled by id', () => {
    expect(CALENDAR_PALETTE).toBe(VEHICLE_COLOURS);
    expect(CALENDAR_PALETTE).toHaveLength(7);
    expect(vehicleColour(3)).toBe(VEHICLE_COLOURS[3]);
    expect(driverColour(10)).toBe(VEHICLE_COLOURS[3]);
    expect(driverColour(7)).toBe(VEHICLE_COLOURS[0]);
  });
});

describe('WorkCalendar (the answer)', () => {
  it('decodes entries of every kind with vehicles and drivers', () => {
    const entry = (kind: string, id: string) => ({
      id,
      kind,
      ref: id.split('-').slice(1).join('-'),
      title: 'Leeds → York',
      start: '2026-11-20T08:00:00.000Z',
      end: '2026-11-20T12:00:00.000Z',
      vehicle_id: null,
      driver_user_id: null,
      status: 'allocated',
      stops: [{ type: 'pickup', town: 'Leeds' }],
    });
    const calendar = {
      entries: [
        entry('listing', 'listing-1'),
        entry('journey', 'journey-2'),
        entry('private', 'private-x'),
        entry('reservation', 'reservation-3'),
      ],
      vehicles: [{ id: 1, registration: 'AB12 CDE', colour: '#b45309' }],
      drivers: [{ user_id: 2, full_name: 'Sam', active: true, colour: '#047857' }],
    };
    expect(issues(WorkCalendar, calendar)).toEqual([]);
    expect(issues(WorkCalendar, { ...calendar, entries: [entry('quote', 'quote-1')] })).toEqual([
      { path: 'entries.0.kind', message: 'kind is one of listing, journey, private, reservation' },
    ]);
  });
});
