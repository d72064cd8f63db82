import { Result, Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { issuesOf } from '@/schemas/decode';
import {
  AcceptDraftsRequest,
  CancelReservationRequest,
  EditReservationRequest,
  ReservationListQuery,
  ValidateReservationsRequest,
} from '@/schemas/reservation';
import { Instant } from '@/schemas/common';
import { UkPostcode } from '@/schemas/postcode';

const fieldsOf = <A, I>(schema: Schema.Codec<A, I>, input: unknown) => {
  const result = Schema.decodeUnknownResult(schema, { errors: 'all' })(input);
  return Result.isFailure(result) ? issuesOf(result.failure.issue).map((i) => i.path) : [];
};

const place = { lat: 53.48, lng: -2.24, town: 'Manchester', postcode: 'm1 4bt' };
const reservation = {
  date: '2026-11-20',
  people: 1,
  capacity: { value: 10, unit: 'm3' },
  nodes: [
    { place, time: 'anytime' },
    { place: null, time: null },
  ],
};

describe('postcodes and times', () => {
  it('takes a full UK postcode of spec §5, upper-cased', () => {
    expect(Schema.decodeUnknownSync(UkPostcode)(' sw1a 1aa ')).toBe('SW1A 1AA');
    for (const bad of ['M1', 'M14BT', 'M1 4B', '12 3AB', 'ABCD1 1AA'])
      expect(Result.isFailure(Schema.decodeUnknownResult(UkPostcode)(bad))).toBe(true);
  });

  it('takes ISO instants with an offset and real calendar days only', () => {
    for (const good of ['2026-11-20T08:00:00Z', '2026-07-01T09:30+01:00', '2026-11-20T08:00:00.000Z'])
      expect(Result.isSuccess(Schema.decodeUnknownResult(Instant)(good))).toBe(true);
    for (const bad of ['2026-11-20T08:00:00', '2026-02-30T08:00:00Z', '2026-11-20T24:00:00Z', 'tomorrow'])
      expect(Result.isFailure(Schema.decodeUnknownResult(Instant)(bad))).toBe(true);
  });
});

describe('ValidateReservationsRequest', () => {
  const request = (reservations: unknown[]) => ({ payload: { user_id: 1, vehicle_id: 2, reservations } });

  it("decodes a reservation ending 'anywhere' (no place, no time), with no private job", () => {
    const decoded = Schema.decodeUnknownSync(ValidateReservationsRequest)(request([reservation]));
    expect(decoded.payload.reservations[0]?.nodes[1]).toEqual({ place: null, time: null });
    expect(decoded.payload.reservations[0]?.nodes[0].place.postcode).toBe('M1 4BT');
    expect(decoded.payload.reservations[0]?.externalJobs).toEqual([]);
  });

  it('names the failing fields', () => {
    expect(fieldsOf(ValidateReservationsRequest, request([{ ...reservation, people: 3 }]))).toEqual([
      'payload.reservations.0.people',
    ]);
    expect(
      fieldsOf(ValidateReservationsRequest, request([{ ...reservation, nodes: [reservation.nodes[0], { place }] }])),
    ).toEqual(['payload.reservations.0.nodes.1.time']);
    expect(fieldsOf(ValidateReservationsRequest, request([reservation, reservation]))).toEqual([
      'payload.reservations.1.date',
    ]);
    expect(fieldsOf(ValidateReservationsRequest, request([]))).toEqual(['payload.reservations']);
    expect(
      fieldsOf(ValidateReservationsRequest, request([{ ...reservation, capacity: { value: 0, unit: 'm3' } }])),
    ).toEqual(['payload.reservations.0.capacity.value']);
  });

  it('checks the private job nodes: a pickup (sortOrder 1) then a delivery (sortOrder 2)', () => {
    const stop = { place, timeWindowStart: 'anytime', timeWindowEnd: 'anytime', durationOnSiteInSeconds: 600 };
    const job = (first: object, second: object) => ({
      uuid: '3f1c9a8e-2b4d-4c6e-8f0a-1b2c3d4e5f60',
      volumeInM3: 2,
      nodes: [
        { ...stop, ...first },
        { ...stop, ...second },
      ],
    });
    const withJob = (j: object) => request([{ ...reservation, externalJobs: [j] }]);
    expect(
      fieldsOf(
        ValidateReservationsRequest,
        withJob(job({ sortOrder: 1, nodeType: 'pickup' }, { sortOrder: 2, nodeType: 'delivery' })),
      ),
    ).toEqual([]);
    expect(
      fieldsOf(
        ValidateReservationsRequest,
        withJob(job({ sortOrder: 2, nodeType: 'delivery' }, { sortOrder: 1, nodeType: 'pickup' })),
      ),
    ).toEqual([
      'payload.reservations.0.externalJobs.0.nodes.0.sortOrder',
      'payload.reservations.0.externalJobs.0.nodes.0.nodeType',
      'payload.reservations.0.externalJobs.0.nodes.1.sortOrder',
      'payload.reservations.0.externalJobs.0.nodes.1.nodeType',
    ]);
  });
});

describe('the other requests', () => {
  it('AcceptDraftsRequest takes distinct draft ids', () => {
    expect(fieldsOf(AcceptDraftsRequest, { payload: { reservations: [1, 2] } })).toEqual([]);
    expect(fieldsOf(AcceptDraftsRequest, { payload: { reservations: [1, 1] } })).toEqual(['payload.reservations']);
    expect(fieldsOf(AcceptDraftsRequest, { payload: { reservations: [] } })).toEqual(['payload.reservations']);
  });

  it('EditReservationRequest ignores the date and the vehicle', () => {
    const { date: _date, ...change } = reservation;
    expect(fieldsOf(EditReservationRequest, { payload: change })).toEqual([]);
  });

  it('CancelReservationRequest takes the five reasons of spec §9, and a note with other', () => {
    for (const reason of [
      'vehicle_issues',
      'driver_unable_to_work',
      'scheduling_conflict_av',
      'scheduling_conflict_external',
    ])
      expect(fieldsOf(CancelReservationRequest, { payload: { cancel_reason: reason } })).toEqual([]);
    expect(fieldsOf(CancelReservationRequest, { payload: { cancel_reason: 'bored' } })).toEqual([
      'payload.cancel_reason',
    ]);
    expect(fieldsOf(CancelReservationRequest, { payload: { cancel_reason: 'other' } })).toEqual([
      'payload.cancel_note',
    ]);
    expect(
      fieldsOf(CancelReservationRequest, { payload: { cancel_reason: 'other', cancel_note: 'Moving house' } }),
    ).toEqual([]);
  });

  it('ReservationListQuery reads the historic query of spec §7', () => {
    expect(
      Schema.decodeUnknownSync(ReservationListQuery)({
        date_to: '2026-11-17',
        date_from: '',
        order: 'date_desc',
        limit: '20',
        page: '2',
      }),
    ).toEqual({ date_to: '2026-11-17', date_from: '', order: 'date_desc', limit: 20, page: 2 });
    expect(fieldsOf(ReservationListQuery, { limit: '201' })).toEqual(['limit']);
  });
});
