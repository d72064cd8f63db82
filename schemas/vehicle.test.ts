import { Result, Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { vehicleColour, VEHICLE_COLOURS, VehiclesQuery } from '@/schemas/vehicle';

describe('VehiclesQuery', () => {
  const decode = Schema.decodeUnknownResult(VehiclesQuery);
  it('defaults include-place-info to false and takes a known status', () => {
    expect(Result.getOrThrow(decode({}))).toEqual({ 'include-place-info': 'false' });
    expect(Result.getOrThrow(decode({ 'include-place-info': 'true', status: 'APPROVED' }))).toEqual({
      'include-place-info': 'true',
      status: 'APPROVED',
    });
  });

  it('refuses other values', () => {
    expect(Result.isFailure(decode({ 'include-place-info': 'yes' }))).toBe(true);
    expect(Result.isFailure(decode({ status: 'approved' }))).toBe(true);
  });
});

describe('vehicle colours', () => {
  it('cycles the seven colours by vehicle id', () => {
    expect(VEHICLE_COLOURS).toHaveLength(7);
    expect(vehicleColour(7)).toBe(VEHICLE_COLOURS[0]);
    expect(vehicleColour(9)).toBe(VEHICLE_COLOURS[2]);
  });
});
