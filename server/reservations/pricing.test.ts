import { describe, expect, it } from 'vitest';
import { flatMileagePence, formatPounds, priceReservation, tieredMileagePence } from '@/server/reservations/pricing';
import { planReservation, type PlannedReservation } from '@/server/reservations/reservation-plan';
import { at, PLACES, privateJob, reservationInput } from '@/server/reservations/reservation-test-inputs';

const planOf = (input: ReturnType<typeof reservationInput>) =>
  planReservation(input, { customWindows: true, period: null }).plan;

describe('mileage (spec §9: 25p a mile up to 100 miles then 30p, or 30p flat)', () => {
  it('prices the tiered reading for min_price and the flat reading for max_price', () => {
    expect(tieredMileagePence(100)).toBe(2500);
    expect(tieredMileagePence(150)).toBe(4000);
    expect(flatMileagePence(150)).toBe(4500);
    expect(tieredMileagePence(0)).toBe(0);
  });
});

describe('worked examples', () => {
  it('local full day 08:00–18:00, one person, 10 m³, back to the start: £140 to £160', () => {
    // min: (10h − 2 × 20 min buffers) × £15 = 9h20 × £15; max: (10h + 2 × 20 min travel) × £15 = 10h40 × £15.
    expect(priceReservation(planOf(reservationInput()))).toEqual({ min: 14000, max: 16000 });
  });

  it('two people: £233.33 to £266.67; flexible: the one-person minimum and the two-person maximum', () => {
    expect(priceReservation(planOf(reservationInput({ people: 2 })))).toEqual({ min: 23333, max: 26667 });
    expect(priceReservation(planOf(reservationInput({ people: 'flexible' })))).toEqual({ min: 14000, max: 26667 });
  });

  it('nationwide, 150 road miles, one person, 20 m³: £240 to £275', () => {
    const local = planOf(reservationInput({ capacity: { value: 20, unit: 'm3' } }));
    const national: PlannedReservation = { ...local, type: 'national', roadMiles: 150 };
    // min £140 + £40 mileage + £50 top-up + £10 large load; max £160 + £45 + £60 + £10.
    expect(priceReservation(national)).toEqual({ min: 24000, max: 27500 });
  });

  it('adds the top-up only beyond 100 miles', () => {
    const local = planOf(reservationInput());
    expect(priceReservation({ ...local, roadMiles: 100 })).toEqual({ min: 14000 + 2500, max: 16000 + 3000 });
    expect(priceReservation({ ...local, roadMiles: 101 })).toEqual({
      min: 14000 + 2530 + 5000,
      max: 16000 + 3030 + 6000,
    });
  });

  it('compensates loads over 10 m³ at £1 per m³', () => {
    expect(priceReservation(planOf(reservationInput({ capacity: { value: 40, unit: 'm3' } })))).toEqual({
      min: 17000,
      max: 19000,
    });
  });

  it("takes the private job's span off the minimum and its own time off the maximum", () => {
    const p = planOf(reservationInput({ people: 2, externalJobs: [privateJob()] }));
    const job = p.privateJobs[0];
    expect(job).toBeDefined();
    const { min, max } = priceReservation(p);
    // Span 10:00–15:00 is 5 hours: 4h20 × £25.
    expect(min).toBe(Math.round((10 - 2 / 3 - 5) * 2500));
    // Own time: an hour on site plus the Stockport–Bolton drive, less than two hours in all.
    expect(max).toBeLessThan(26667 - 2500);
    expect(max).toBeGreaterThan(26667 - 2 * 2500);
  });

  it('prices an own window by its length', () => {
    const p = planOf(
      reservationInput({
        nodes: [
          { place: PLACES.manchester, time: at(10) },
          { place: PLACES.manchester, time: at(16) },
        ],
      }),
    );
    expect(priceReservation(p)).toEqual({ min: Math.round((6 - 2 / 3) * 1500), max: Math.round((6 + 2 / 3) * 1500) });
  });
});

describe('formatted amounts', () => {
  it('shows whole pounds without decimals, else two', () => {
    expect(formatPounds(14000)).toBe('£140');
    expect(formatPounds(23333)).toBe('£233.33');
    expect(formatPounds(123450)).toBe('£1234.50');
  });
});
