import type { ExternalJob, ReservationInput, ReservationPlaceInput, TimeOrAnytime } from '@/schemas/reservation';
import { loadTowns } from '@/server/geo/towns';
import { londonInstant } from '@/server/time/london';

/** Reservation requests for the tests: real towns with mainland postcodes, London times on a November date (GMT). */

const town = (name: string, postcode: string): ReservationPlaceInput => {
  const found = loadTowns().find((t) => t.name === name);
  if (!found) throw new Error(`no town named ${name}`);
  return { lat: found.lat, lng: found.lng, town: name, postcode };
};

export const PLACES = {
  manchester: town('Manchester', 'M1 4BT'),
  stockport: town('Stockport', 'SK1 3TA'),
  bolton: town('Bolton', 'BL1 1RU'),
  london: town('London', 'SW1A 1AA'),
  newcastle: town('Newcastle upon Tyne', 'NE1 4ST'),
  carlisle: town('Carlisle', 'CA3 8QG'),
  thurso: town('Thurso', 'KW14 7AA'),
  wick: town('Wick', 'KW1 4AA'),
} as const;

/** A date of the tests' week (TEST_NOW is Wednesday 18 November 2026, 14:30 GMT). */
export const DAY = '2026-11-20';

/** The ISO instant of a London wall-clock time on `date` (`hour` past 24 is the next morning). */
export const at = (hour: number, minute = 0, date = DAY): string => {
  const next = hour >= 24;
  const day = next ? new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : date;
  return londonInstant(day, next ? hour - 24 : hour, minute).toISOString();
};

/** A full day at Manchester, one person, 10 m³, back to the start, both times anytime (08:00–18:00). */
export const reservationInput = (overrides: Partial<ReservationInput> = {}): ReservationInput => ({
  date: DAY,
  people: 1,
  capacity: { value: 10, unit: 'm3' },
  nodes: [
    { place: PLACES.manchester, time: 'anytime' },
    { place: PLACES.manchester, time: 'anytime' },
  ],
  externalJobs: [],
  ...overrides,
});

/** Start and end places and times. */
export const nodes = (
  start: ReservationPlaceInput,
  startTime: TimeOrAnytime,
  end: ReservationPlaceInput | null,
  endTime: TimeOrAnytime | null,
): ReservationInput['nodes'] => [
  { place: start, time: startTime },
  { place: end, time: endTime },
];

interface StopSpec {
  readonly from?: TimeOrAnytime;
  readonly to?: TimeOrAnytime;
  readonly onSite?: number;
  readonly place?: ReservationPlaceInput;
}

/** A private job Stockport → Bolton: pickup 10:00–12:00, delivery 13:00–15:00, 30 minutes on site each. */
export const privateJob = (pickup: StopSpec = {}, delivery: StopSpec = {}): ExternalJob => ({
  uuid: '3f1c9a8e-2b4d-4c6e-8f0a-1b2c3d4e5f60',
  volumeInM3: 4,
  nodes: [
    {
      place: pickup.place ?? PLACES.stockport,
      sortOrder: 1,
      nodeType: 'pickup',
      timeWindowStart: pickup.from ?? at(10),
      timeWindowEnd: pickup.to ?? at(12),
      durationOnSiteInSeconds: pickup.onSite ?? 1800,
    },
    {
      place: delivery.place ?? PLACES.bolton,
      sortOrder: 2,
      nodeType: 'delivery',
      timeWindowStart: delivery.from ?? at(13),
      timeWindowEnd: delivery.to ?? at(15),
      durationOnSiteInSeconds: delivery.onSite ?? 1800,
    },
  ],
});
