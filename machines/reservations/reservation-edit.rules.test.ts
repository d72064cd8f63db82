import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIME_CHOICES } from '@/machines/reservation-wizard/reservation-rules';
import type { ExternalJob, Reservation } from '@/schemas/reservation';
import { editChange, editIssues, editWindow, formOf, isClock, londonClock, withPatch } from './reservation-edit.rules';
import type { EditForm } from './reservation-edit.types';

/** A November date (GMT, so London time is UTC) and one in July (BST, an hour ahead). */
const DATE = '2026-11-24';
const manchester = { lat: 53.4808, lng: -2.2426, town: 'Manchester', postcode: 'M1 1AE' };
const newcastle = { lat: 54.9783, lng: -1.6178, town: 'Newcastle upon Tyne', postcode: 'NE1 4ST' };
const job = (pickupFrom = `${DATE}T10:00:00Z`): ExternalJob => ({
  uuid: '3f1c9a8e-2b4d-4c6e-8f0a-1b2c3d4e5f60',
  volumeInM3: 4,
  nodes: [
    {
      place: { lat: 53.4106, lng: -2.1575, town: 'Stockport', postcode: 'SK1 3TA' },
      sortOrder: 1 as const,
      nodeType: 'pickup' as const,
      timeWindowStart: pickupFrom,
      timeWindowEnd: `${DATE}T12:00:00Z`,
      durationOnSiteInSeconds: 1800,
    },
    {
      place: { lat: 53.5769, lng: -2.4282, town: 'Bolton', postcode: 'BL1 1RU' },
      sortOrder: 2 as const,
      nodeType: 'delivery' as const,
      timeWindowStart: `${DATE}T13:00:00Z`,
      timeWindowEnd: `${DATE}T15:00:00Z`,
      durationOnSiteInSeconds: 1800,
    },
  ],
});
const reservation = (patch: Partial<Reservation> = {}): Reservation =>
  ({
    id: 7,
    date: DATE,
    people: 1,
    capacity: { value: 11, unit: 'm3' },
    startNode: { time: `${DATE}T08:00:00Z`, place: manchester },
    endNode: { time: null, place: manchester },
    externalJobs: [],
    ...patch,
  }) as unknown as Reservation;
const plain = reservation();
const withJob = reservation({ externalJobs: [job()] });
const form = (patch: Partial<EditForm> = {}): EditForm => ({ ...formOf(plain), ...patch });
const own = (startTime: string, endTime: string): Partial<EditForm> => ({ timing: 'own_window', startTime, endTime });
const codes = (r: Reservation, f: EditForm, customWindows = true) =>
  editIssues(r, f, customWindows).map((i) => `${i.field}:${i.code}`);

describe('the edit form of a stored reservation', () => {
  it('reads a fixed start with a full-day end, an own window, anytime and anywhere', () => {
    expect(formOf(plain)).toEqual({
      people: 1,
      capacity: '11',
      timing: 'full_day',
      startTime: '08:00',
      endTime: '',
      finish: 'start',
    });
    expect(
      formOf(reservation({ endNode: { time: `${DATE}T17:30:00Z`, place: newcastle } } as Partial<Reservation>)),
    ).toMatchObject({ timing: 'own_window', startTime: '08:00', endTime: '17:30', finish: 'elsewhere' });
    expect(
      formOf(reservation({ startNode: { time: null, place: manchester }, endNode: { time: null, place: null } })),
    ).toMatchObject({ timing: 'full_day', startTime: 'anytime', finish: 'anywhere' });
  });

  it('counts an end at the start’s coordinates as the start, keeping its own postcode (spec §5)', () => {
    const sameTown = reservation({
      endNode: { time: null, place: { ...manchester, postcode: 'M4 5AB' } },
    } as Partial<Reservation>);
    expect(formOf(sameTown).finish).toBe('start');
    expect(editChange(sameTown, formOf(sameTown)).nodes[1]).toEqual({
      place: { ...manchester, postcode: 'M4 5AB' },
      time: 'anytime',
    });
  });

  it('shows times in London time, summer and winter', () => {
    expect(londonClock('2026-07-01T07:30:00Z')).toBe('08:30');
    expect(londonClock('2026-11-24T07:30:00Z')).toBe('07:30');
    expect([isClock('04:00'), isClock('23:59'), isClock('24:00'), isClock('8:00'), isClock('anytime')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('asks for a time when an own window is chosen, and goes back to anytime for a full day without one', () => {
    const anytime = { ...form(), startTime: 'anytime' };
    expect(withPatch(anytime, { timing: 'own_window' })).toMatchObject({ timing: 'own_window', startTime: '' });
    expect(withPatch({ ...anytime, timing: 'own_window', startTime: '' }, { timing: 'full_day' })).toMatchObject({
      startTime: 'anytime',
    });
    expect(withPatch(form(), { timing: 'own_window' }).startTime).toBe('08:00');
  });
});

describe('the rules of spec §5 on an edit, at each boundary', () => {
  it('holds the capacity to more than 0 and at most 40 m³', () => {
    expect(codes(plain, form({ capacity: '40' }))).toEqual([]);
    expect(codes(plain, form({ capacity: '40.01' }))).toEqual(['capacity:capacity_too_large']);
    expect(codes(plain, form({ capacity: '0' }))).toEqual(['capacity:capacityRequired']);
    expect(codes(plain, form({ capacity: 'ten' }))).toEqual(['capacity:capacityRequired']);
  });

  it('lasts an own window at most 10 hours, and more than its two 20-minute buffers', () => {
    expect(codes(plain, form(own('08:00', '18:00')))).toEqual([]);
    expect(codes(plain, form(own('08:00', '18:01')))).toEqual(['endTime:windowTooLong']);
    expect(codes(plain, form(own('08:00', '08:41')))).toEqual([]);
    expect(codes(plain, form(own('08:00', '08:40')))).toEqual(['endTime:reservation_end_too_early']);
    expect(codes(plain, form(own('08:00', '07:30')))).toEqual(['endTime:reservation_end_too_early']);
    // a time before 04:00 is the next morning: 18:00 to 02:00 is 8 hours
    expect(codes(plain, form(own('18:00', '02:00')))).toEqual([]);
  });

  it('needs both times of an own window, and the account’s own windows', () => {
    expect(codes(plain, form(own('', '')))).toEqual(['startTime:timeRequired', 'endTime:timeRequired']);
    expect(codes(plain, form(own('08:00', '16:00')), false)).toEqual(['timing:ownWindowUnavailable']);
  });

  it("finishes 'anywhere' only with an anytime start, a full day and no private job", () => {
    expect(codes(plain, form({ finish: 'anywhere', startTime: 'anytime' }))).toEqual([]);
    expect(codes(plain, form({ finish: 'anywhere' }))).toEqual(['startTime:anywhereNeedsAnytimeStart']);
    expect(codes(plain, form({ finish: 'anywhere', ...own('08:00', '16:00') }))).toEqual([
      'startTime:anywhereNeedsAnytimeStart',
      'finish:anywhereNeedsFullDay',
    ]);
    expect(codes(withJob, { ...formOf(withJob), finish: 'anywhere', startTime: 'anytime' })).toEqual([
      'finish:anywhereNoPrivateJob',
    ]);
  });

  it('keeps flexible people away from a private job', () => {
    expect(codes(plain, form({ people: 'flexible' }))).toEqual([]);
    expect(codes(withJob, { ...formOf(withJob), people: 'flexible' })).toEqual(['people:flexibleNoPrivateJob']);
  });

  it('keeps the private job 20 minutes inside the new window, its delivery before the end', () => {
    const around = (start: string, end: string) => codes(withJob, { ...formOf(withJob), ...own(start, end) });
    expect(around('09:40', '15:20')).toEqual([]);
    expect(around('09:41', '15:20')).toEqual(['timing:private_job_too_close']);
    expect(around('09:40', '15:19')).toEqual(['timing:private_job_too_close']);
    expect(around('09:40', '14:59')).toEqual(['timing:delivery_window_after_reservation_end']);
    // a full day from 10:00 starts too close to a pickup from 10:00; an anytime pickup edge is not held to it
    expect(codes(withJob, { ...formOf(withJob), startTime: '10:00' })).toEqual(['timing:private_job_too_close']);
    const anytimePickup = reservation({ externalJobs: [job('anytime')] });
    expect(codes(anytimePickup, { ...formOf(anytimePickup), startTime: '10:00' })).toEqual([]);
  });

  it('is long enough for the drive to a far end (Manchester to Newcastle, about 150 road miles)', () => {
    const far = reservation({ endNode: { time: null, place: newcastle } } as Partial<Reservation>);
    expect(codes(far, { ...formOf(far), ...own('08:00', '18:00') })).toEqual([]);
    expect(codes(far, { ...formOf(far), ...own('08:00', '11:00') })).toEqual([
      'timing:duration_too_short_for_distance',
    ]);
    // back at the start the same hours are fine
    expect(codes(far, { ...formOf(far), ...own('08:00', '11:00'), finish: 'start' })).toEqual([]);
  });
});

describe('the change sent', () => {
  it('sends the hours as instants on the reservation’s date, the finish, and keeps the rest', () => {
    expect(editChange(withJob, { ...formOf(withJob), people: 2, capacity: '9.5', ...own('09:30', '16:00') })).toEqual({
      people: 2,
      capacity: { value: 9.5, unit: 'm3' },
      nodes: [
        { place: manchester, time: `${DATE}T09:30:00Z` },
        { place: manchester, time: `${DATE}T16:00:00Z` },
      ],
      externalJobs: withJob.externalJobs,
    });
    expect(editChange(plain, form({ finish: 'anywhere', startTime: 'anytime' })).nodes).toEqual([
      { place: manchester, time: 'anytime' },
      { place: null, time: null },
    ]);
    const far = reservation({ endNode: { time: null, place: newcastle } } as Partial<Reservation>);
    expect(editChange(far, formOf(far)).nodes[1]).toEqual({ place: newcastle, time: 'anytime' });
  });

  it('reads back what it sends, for any own window of the day’s times (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: TIME_CHOICES.length - 1 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom('2026-11-24', '2026-07-01', '2026-03-29', '2026-10-25'),
        (from, halfHours, date) => {
          const start = TIME_CHOICES[from]!;
          const end = TIME_CHOICES[(from + halfHours) % TIME_CHOICES.length]!;
          const r = reservation({ date });
          const f = { ...formOf(r), ...own(start, end) };
          const change = editChange(r, f);
          const stored = reservation({
            date,
            startNode: { time: change.nodes[0].time, place: manchester },
            endNode: { time: change.nodes[1].time, place: manchester },
          } as Partial<Reservation>);
          expect(formOf(stored)).toEqual({ ...f, capacity: '11' });
          const window = editWindow(f, date);
          // the window's length is the half hours chosen, across a clock change too, unless it passes 03:30
          if (from + halfHours < TIME_CHOICES.length)
            expect(window.end - window.start).toBe(halfHours * 30 * 60_000 + dstShift(date, start, end));
        },
      ),
    );
  });
});

/** The hour a clock change inside the window adds or removes (ms). */
function dstShift(date: string, start: string, end: string): number {
  const offset = (time: string) => {
    const [hour = 0, minute = 0] = time.split(':').map(Number);
    const day = Temporal.PlainDate.from(date).add({ days: hour < 4 ? 1 : 0 });
    return day.toZonedDateTime({ timeZone: 'Europe/London', plainTime: { hour, minute } }).offsetNanoseconds / 1e6;
  };
  return offset(start) - offset(end);
}
