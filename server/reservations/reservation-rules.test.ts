import { describe, expect, it } from 'vitest';
import type { ReservationInput } from '@/schemas/reservation';
import { driveMinutes, roadMiles } from '@/server/reservations/road-distance';
import { planReservation } from '@/server/reservations/reservation-plan';
import { checkDistance, checkReservationRules, type RuleViolation } from '@/server/reservations/reservation-rules';
import { at, DAY, nodes, PLACES, privateJob, reservationInput } from '@/server/reservations/reservation-test-inputs';

const OPTIONS = { customWindows: true, period: null };

/** The broken rules of a request, after checking that it passes the form rules. */
const rulesOf = (input: ReservationInput): RuleViolation[] => {
  const { errors, plan } = planReservation(input, OPTIONS);
  expect(errors).toEqual({});
  return checkReservationRules(plan);
};
const codesOf = (input: ReservationInput) => rulesOf(input).map((v) => v.code);

/** A reservation 08:00–18:00 at Manchester with a private job shaped by `job`. */
const withJob = (job: ReturnType<typeof privateJob>, extra: ReturnType<typeof privateJob>[] = []) =>
  reservationInput({ people: 2, externalJobs: [job, ...extra] });

describe('a valid reservation', () => {
  it('breaks no rule: a full day at Manchester, with or without a private job', () => {
    expect(rulesOf(reservationInput())).toEqual([]);
    expect(rulesOf(withJob(privateJob()))).toEqual([]);
  });
});

describe('location_out_of_range (not a supported mainland UK postcode)', () => {
  const startAt = (postcode: string, place: { lat: number; lng: number } = PLACES.manchester) =>
    reservationInput({
      nodes: nodes({ ...PLACES.manchester, ...place, postcode }, 'anytime', PLACES.manchester, 'anytime'),
    });

  it.each([
    ['Northern Ireland', 'BT1 1AA', { lat: 54.5968, lng: -5.9254 }],
    ['Guernsey (Channel Islands)', 'GY1 1AA', { lat: 49.455, lng: -2.536 }],
    ['Jersey (Channel Islands)', 'JE2 3AB', { lat: 49.186, lng: -2.11 }],
    ['the Isle of Man', 'IM1 1AA', { lat: 54.15, lng: -4.48 }],
    ['an unknown area', 'QQ1 1AA', PLACES.manchester],
    ['the Isle of Wight', 'PO30 1AA', { lat: 50.7, lng: -1.29 }],
    ['Orkney', 'KW15 1AA', { lat: 58.98, lng: -2.96 }],
    ['the Outer Hebrides', 'HS1 2AA', { lat: 58.21, lng: -6.39 }],
    ['Shetland', 'ZE1 0AA', { lat: 60.15, lng: -1.14 }],
    ['Skye', 'IV51 9AA', { lat: 57.41, lng: -6.19 }],
    ['a Manchester postcode placed in Belfast', 'M1 4BT', { lat: 54.5968, lng: -5.9254 }],
    ['a Manchester postcode placed in London', 'M1 4BT', PLACES.london],
  ])('refuses a start in %s', (_where, postcode, place) => {
    expect(rulesOf(startAt(postcode, place))).toContainEqual({
      code: 'location_out_of_range',
      field: 'nodes.0.place.postcode',
    });
  });

  it('accepts mainland places, Anglesey and Caithness included', () => {
    expect(codesOf(startAt('M1 4BT'))).toEqual([]);
    expect(codesOf(startAt('LL58 8AA', { lat: 53.2632, lng: -4.0923 }))).toEqual([]);
    expect(codesOf(reservationInput({ nodes: nodes(PLACES.thurso, 'anytime', PLACES.wick, 'anytime') }))).toEqual([]);
  });

  it('checks the end and the private job places too', () => {
    const belfast = { lat: 54.5968, lng: -5.9254, town: 'Belfast', postcode: 'BT1 1AA' };
    expect(
      rulesOf(reservationInput({ nodes: nodes(PLACES.manchester, 'anytime', belfast, 'anytime') })),
    ).toContainEqual({
      code: 'location_out_of_range',
      field: 'nodes.1.place.postcode',
    });
    expect(rulesOf(withJob(privateJob({}, { place: { ...PLACES.bolton, postcode: 'GY1 1AA' } })))).toContainEqual({
      code: 'location_out_of_range',
      field: 'externalJobs.0.nodes.1.place.postcode',
    });
  });
});

describe('capacity_too_large', () => {
  it('allows 40 m³ and refuses 40.1', () => {
    expect(codesOf(reservationInput({ capacity: { value: 40, unit: 'm3' } }))).toEqual([]);
    expect(rulesOf(reservationInput({ capacity: { value: 40.1, unit: 'm3' } }))).toEqual([
      { code: 'capacity_too_large', field: 'capacity.value' },
    ]);
  });
});

describe('distance_too_large and distance_too_small', () => {
  it('holds the start-to-end distance to 0 … 300 miles, both included', () => {
    expect(checkDistance(300)).toEqual([]);
    expect(checkDistance(300.1)).toEqual([{ code: 'distance_too_large', field: 'nodes.1.place' }]);
    expect(checkDistance(0)).toEqual([]);
    expect(checkDistance(-0.1)).toEqual([{ code: 'distance_too_small', field: 'nodes.1.place' }]);
    expect(checkDistance(Number.NaN)).toEqual([{ code: 'distance_too_small', field: 'nodes.1.place' }]);
  });

  it('measures road miles: London to Newcastle (~297) is fine, London to Carlisle (~314) is too far', () => {
    expect(roadMiles(PLACES.london, PLACES.newcastle)).toBeLessThan(300);
    expect(roadMiles(PLACES.london, PLACES.carlisle)).toBeGreaterThan(300);
    const trip = (end: typeof PLACES.newcastle) =>
      reservationInput({ nodes: nodes(PLACES.london, at(4), end, at(14)) });
    expect(codesOf(trip(PLACES.newcastle))).toEqual([]);
    expect(codesOf(trip(PLACES.carlisle))).toEqual(['distance_too_large']);
  });
});

describe('reservation_end_too_early', () => {
  it('needs more than the two 20-minute buffers between start and end', () => {
    const window = (end: string) =>
      reservationInput({ nodes: nodes(PLACES.manchester, at(8), PLACES.manchester, end) });
    expect(codesOf(window(at(8, 40)))).toEqual(['reservation_end_too_early']);
    expect(codesOf(window(at(7)))).toEqual(['reservation_end_too_early']);
    expect(codesOf(window(at(8, 41)))).toEqual([]);
  });
});

describe('duration_too_short_for_distance', () => {
  it('needs the drive (at 45 mph on the road miles) to fit between the buffers', () => {
    const drive = driveMinutes(roadMiles(PLACES.manchester, PLACES.london));
    expect(drive).toBeGreaterThan(250);
    const start = Date.parse(at(8));
    const endAfter = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const trip = (end: string) => reservationInput({ nodes: nodes(PLACES.manchester, at(8), PLACES.london, end) });
    expect(codesOf(trip(endAfter(40 + Math.ceil(drive))))).toEqual([]);
    expect(codesOf(trip(endAfter(40 + Math.floor(drive))))).toEqual(['duration_too_short_for_distance']);
  });

  it('counts the private job: the drive via its pickup and delivery and its times on site', () => {
    const far = privateJob(
      { place: PLACES.london, from: 'anytime', to: 'anytime', onSite: 7200 },
      { place: PLACES.newcastle, from: 'anytime', to: 'anytime', onSite: 7200 },
    );
    expect(codesOf(withJob(far))).toEqual(['duration_too_short_for_distance']);
  });
});

describe('too_many_private_jobs', () => {
  it('allows one private job and refuses two', () => {
    expect(codesOf(withJob(privateJob()))).toEqual([]);
    expect(rulesOf(withJob(privateJob(), [privateJob()]))).toContainEqual({
      code: 'too_many_private_jobs',
      field: 'externalJobs',
    });
  });
});

describe('negative_time_on_site', () => {
  it('refuses a negative time on site at the pickup or the delivery', () => {
    expect(rulesOf(withJob(privateJob({ onSite: -1 })))).toContainEqual({
      code: 'negative_time_on_site',
      field: 'externalJobs.0.nodes.0.durationOnSiteInSeconds',
    });
    expect(rulesOf(withJob(privateJob({}, { onSite: -300 })))).toContainEqual({
      code: 'negative_time_on_site',
      field: 'externalJobs.0.nodes.1.durationOnSiteInSeconds',
    });
    expect(codesOf(withJob(privateJob({ onSite: 300 })))).toEqual([]);
  });
});

describe('private_job_window_too_short', () => {
  it('allows a 2-hour window and refuses 1 hour 59', () => {
    expect(codesOf(withJob(privateJob({ from: at(10), to: at(12) })))).toEqual([]);
    expect(rulesOf(withJob(privateJob({ from: at(10), to: at(11, 59) })))).toEqual([
      { code: 'private_job_window_too_short', field: 'externalJobs.0.nodes.0.timeWindowEnd' },
    ]);
    expect(rulesOf(withJob(privateJob({}, { from: at(13, 1), to: at(15) })))).toEqual([
      { code: 'private_job_window_too_short', field: 'externalJobs.0.nodes.1.timeWindowEnd' },
    ]);
  });

  it("measures an 'anytime' edge from the reservation's own start or end", () => {
    // Anytime pickup start is 08:00: 08:00–09:59 is too short, 08:00–10:00 is fine.
    expect(codesOf(withJob(privateJob({ from: 'anytime', to: at(9, 59) })))).toContain('private_job_window_too_short');
    expect(codesOf(withJob(privateJob({ from: 'anytime', to: at(10) })))).toEqual([]);
  });
});

describe('delivery_window_after_reservation_end and private_job_too_close', () => {
  it('allows a delivery closing 20 minutes before the end; closer is too close; later is after the end', () => {
    const delivering = (to: string) => withJob(privateJob({}, { from: at(14), to }));
    expect(codesOf(delivering(at(17, 40)))).toEqual([]);
    expect(rulesOf(delivering(at(17, 41)))).toEqual([
      { code: 'private_job_too_close', field: 'externalJobs.0.nodes.1.timeWindowEnd' },
    ]);
    expect(rulesOf(delivering(at(18)))).toEqual([
      { code: 'private_job_too_close', field: 'externalJobs.0.nodes.1.timeWindowEnd' },
    ]);
    expect(rulesOf(delivering(at(18, 1)))).toEqual([
      { code: 'delivery_window_after_reservation_end', field: 'externalJobs.0.nodes.1.timeWindowEnd' },
    ]);
  });

  it('needs a given pickup start 20 minutes after the reservation starts', () => {
    expect(codesOf(withJob(privateJob({ from: at(8, 20), to: at(12) })))).toEqual([]);
    expect(rulesOf(withJob(privateJob({ from: at(8, 19), to: at(12) })))).toEqual([
      { code: 'private_job_too_close', field: 'externalJobs.0.nodes.0.timeWindowStart' },
    ]);
  });

  it('needs room for both times on site and a buffer between the pickup opening and the delivery closing', () => {
    // Pickup opens 10:00; 30 min on site + 20 min buffer + 30 min on site: the delivery may close at 11:20.
    expect(codesOf(withJob(privateJob({ from: at(10), to: at(12) }, { from: at(9, 20), to: at(11, 20) })))).toEqual([]);
    expect(rulesOf(withJob(privateJob({ from: at(10), to: at(12) }, { from: at(9, 19), to: at(11, 19) })))).toEqual([
      { code: 'private_job_too_close', field: 'externalJobs.0.nodes.1.timeWindowEnd' },
    ]);
  });
});

describe('several broken rules', () => {
  it('are all reported, each with its field', () => {
    const input = reservationInput({
      date: DAY,
      capacity: { value: 41, unit: 'm3' },
      people: 2,
      externalJobs: [privateJob({ from: at(10), to: at(11), onSite: -1 })],
    });
    expect(codesOf(input).sort()).toEqual([
      'capacity_too_large',
      'negative_time_on_site',
      'private_job_window_too_short',
    ]);
  });
});
