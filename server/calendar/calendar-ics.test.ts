import { describe, expect, it } from 'vitest';
import type { TimedEntry } from '@/server/calendar/calendar-entries';
import { calendarIcs, portalPath } from '@/server/calendar/calendar-ics';
import { icsInstant, readIcs } from '@/server/calendar/ics-test-reader';

const NOW = new Date('2026-11-18T14:30:00Z');
const ENTRIES: TimedEntry[] = [
  {
    id: 'listing-12',
    kind: 'listing',
    ref: '12',
    title: 'Leeds → York',
    startAt: new Date('2026-11-20T08:00:00Z'),
    endAt: new Date('2026-11-20T12:00:00Z'),
    vehicle_id: 3,
    driver_user_id: 7,
    status: 'allocated',
    stops: [
      { type: 'pickup', town: 'Leeds' },
      { type: 'delivery', town: 'York' },
    ],
  },
  {
    id: 'private-6f0d7c4e-8a1b-4c2d-9e3f-5a6b7c8d9e01',
    kind: 'private',
    ref: '6f0d7c4e-8a1b-4c2d-9e3f-5a6b7c8d9e01',
    title: 'Piano; upright, for the school hall — a long title that will need folding at 75 octets',
    startAt: new Date('2027-06-30T22:30:00Z'),
    endAt: new Date('2027-07-01T01:00:00Z'),
    vehicle_id: null,
    driver_user_id: null,
    status: 'scheduled',
    stops: [
      { type: 'pickup', town: 'Stockport' },
      { type: 'delivery', town: 'Bolton' },
    ],
  },
  {
    id: 'reservation-8',
    kind: 'reservation',
    ref: '8',
    title: 'Manchester',
    startAt: new Date('2026-11-21T08:00:00Z'),
    endAt: new Date('2026-11-21T18:00:00Z'),
    vehicle_id: 3,
    driver_user_id: null,
    status: 'pending',
    stops: [
      { type: 'start', town: 'Manchester' },
      { type: 'external_job', town: 'Stockport' },
      { type: 'external_job', town: 'Bolton' },
      { type: 'end', town: 'Manchester' },
    ],
  },
];

const file = calendarIcs(ENTRIES, {
  origin: 'https://partners.example.com',
  vehicles: [{ id: 3, registration: 'AB12 CDE', colour: '#7c3aed' }],
  drivers: [{ user_id: 7, full_name: 'Sam O’Neill', active: true, colour: '#1d4ed8' }],
  now: NOW,
});

describe('the work calendar as an .ics file', () => {
  it('parses back, one VEVENT per entry, UIDs stable per entry at the host', () => {
    const { calendar, events } = readIcs(file);
    expect(calendar).toMatchObject({ VERSION: '2.0', METHOD: 'PUBLISH', 'X-WR-CALNAME': 'Work calendar' });
    expect(events.map((e) => e['UID'])).toEqual([
      'listing-12@partners.example.com',
      'private-6f0d7c4e-8a1b-4c2d-9e3f-5a6b7c8d9e01@partners.example.com',
      'reservation-8@partners.example.com',
    ]);
    // The same entries make the same UIDs in the next file.
    const again = readIcs(
      calendarIcs(ENTRIES.slice().reverse(), {
        origin: 'https://partners.example.com',
        vehicles: [],
        drivers: [],
        now: new Date(),
      }),
    );
    expect(new Set(again.events.map((e) => e['UID']))).toEqual(new Set(events.map((e) => e['UID'])));
  });

  it('writes each entry with its times in UTC, summary, location, description, category and link', () => {
    const { events } = readIcs(file);
    const listing = events[0]!;
    expect(listing).toEqual({
      UID: 'listing-12@partners.example.com',
      DTSTAMP: '20261118T143000Z',
      DTSTART: '20261120T080000Z',
      DTEND: '20261120T120000Z',
      SUMMARY: 'Marketplace job: Leeds → York',
      LOCATION: 'Leeds',
      DESCRIPTION: 'Pickup: Leeds\nDelivery: York\nStatus: allocated\nVehicle: AB12 CDE\nDriver: Sam O’Neill',
      CATEGORIES: 'listing',
      URL: 'https://partners.example.com/tpp/work-calendar/listing/12',
      STATUS: 'CONFIRMED',
    });
    const privateJob = events[1]!;
    expect(privateJob['SUMMARY']).toBe(`Private job: ${ENTRIES[1]!.title}`);
    expect(icsInstant(privateJob['DTSTART']!)).toEqual(ENTRIES[1]!.startAt);
    expect(icsInstant(privateJob['DTEND']!)).toEqual(ENTRIES[1]!.endAt);
    expect(privateJob['CATEGORIES']).toBe('private');
    expect(privateJob['DESCRIPTION']).toBe('Pickup: Stockport\nDelivery: Bolton\nStatus: scheduled');
  });

  it('marks reservations awaiting a decision tentative and lists their private job stops', () => {
    const reservation = readIcs(file).events[2]!;
    expect(reservation['STATUS']).toBe('TENTATIVE');
    expect(reservation['CATEGORIES']).toBe('reservation');
    expect(reservation['DESCRIPTION']).toBe(
      'Start: Manchester\nPrivate job stop: Stockport\nPrivate job stop: Bolton\nEnd: Manchester\nStatus: pending\nVehicle: AB12 CDE',
    );
    expect(reservation['URL']).toBe('https://partners.example.com/tpp/reservations');
  });

  it('folds long lines and escapes text in the raw file', () => {
    expect(file).toContain('SUMMARY:Private job: Piano\\; upright\\, for the school hall');
    expect(file.split('\r\n').some((line) => line.startsWith(' '))).toBe(true);
  });

  it('links each kind to its page in the portal', () => {
    expect(portalPath({ kind: 'journey', ref: '21' })).toBe('/tpp/journey/21');
    expect(portalPath({ kind: 'private', ref: 'abc' })).toBe('/tpp/work-calendar/external/abc');
  });
});
