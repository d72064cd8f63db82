/** The rules of won work at the boundary of each one (server/work/work-rules.ts, driver-allocation.ts pickupInstant). */
import { describe, expect, it } from 'vitest';
import {
  ALREADY_COMPLETED_MESSAGE,
  BEFORE_PICKUP_MESSAGE,
  FEEDBACK_ALREADY_REQUESTED_MESSAGE,
  suspendedMessage,
} from '@/schemas/work';
import { METRES_PER_MILE } from '@/server/geo/distance';
import { pickupInstant } from '@/server/work/driver-allocation';
import {
  actionsOf,
  archiveRefusal,
  completionRefusal,
  driveMs,
  driverChangeRefusal,
  falseCompletionRefusal,
  feedbackRefusal,
  isSuspended,
  listingStatusOf,
  quoteListingStatusOf,
  suspensionEnd,
  trackingFrom,
  trackingOf,
  type TrackedJob,
} from '@/server/work/work-rules';

const HOUR_MS = 3_600_000;
const PICKUP = new Date('2026-11-20T08:00:00Z');
const at = (offsetMs: number) => new Date(PICKUP.getTime() + offsetMs);
const job = (status: string, archived: Date | null = null) => ({
  status,
  pickup_date_start: PICKUP,
  archived_at: archived,
});

describe('completion', () => {
  it('is refused 1 ms before the pickup starts and allowed at the pickup start', () => {
    expect(completionRefusal(job('allocated'), at(-1), null)).toEqual({
      ok: false,
      status: 409,
      body: { message: BEFORE_PICKUP_MESSAGE, code: 'before_pickup', completable_from: PICKUP.toISOString() },
    });
    expect(completionRefusal(job('allocated'), at(0), null)).toBeNull();
    expect(completionRefusal(job('in_realisation'), at(HOUR_MS), null)).toBeNull();
  });

  it('is refused for a job already realised, completed or finalised, and for one that is not active', () => {
    for (const status of ['realised', 'completed', 'finalised'])
      expect(completionRefusal(job(status), at(HOUR_MS), null)).toMatchObject({
        status: 409,
        body: { code: 'already_completed', message: ALREADY_COMPLETED_MESSAGE },
      });
    for (const status of ['pending_allocation', 'click_and_claim', 'draft', 'disbanded'])
      expect(completionRefusal(job(status), at(HOUR_MS), null)).toMatchObject({
        status: 409,
        body: { code: 'not_active' },
      });
  });

  it('is refused while suspended, up to the last millisecond of the suspension, and allowed when it ends', () => {
    const until = at(2 * HOUR_MS);
    expect(completionRefusal(job('allocated'), at(2 * HOUR_MS - 1), until)).toEqual({
      ok: false,
      status: 403,
      body: { message: suspendedMessage(until), code: 'suspended', suspended_until: until.toISOString() },
    });
    expect(completionRefusal(job('allocated'), at(2 * HOUR_MS), until)).toBeNull();
    expect(isSuspended(until, at(2 * HOUR_MS - 1))).toBe(true);
    expect(isSuspended(until, until)).toBe(false);
    expect(isSuspended(null, PICKUP)).toBe(false);
  });

  it('says until when the suspension runs, in London time', () => {
    expect(suspendedMessage(new Date('2026-07-01T09:05:00Z'))).toContain('1 July 2026 at 10:05 (London time)');
  });

  it('suspends for 7 days (spec §9)', () => {
    expect(suspensionEnd(PICKUP).getTime() - PICKUP.getTime()).toBe(7 * 24 * HOUR_MS);
  });
});

describe('listing status codes', () => {
  it('are ALLOCATED while allocated, under way or realised; COMPLETED when completed or finalised; HIDDEN archived', () => {
    for (const status of ['allocated', 'in_realisation', 'realised'])
      expect(listingStatusOf(job(status))).toBe('ALLOCATED');
    for (const status of ['completed', 'finalised']) expect(listingStatusOf(job(status))).toBe('COMPLETED');
    expect(listingStatusOf(job('finalised', PICKUP))).toBe('HIDDEN');
  });

  it('are ACTIVE for a quote until the pickup window closes, EXPIRED from that instant', () => {
    expect(quoteListingStatusOf(PICKUP, at(-1))).toBe('ACTIVE');
    expect(quoteListingStatusOf(PICKUP, PICKUP)).toBe('EXPIRED');
  });
});

describe('what the partner can do', () => {
  const can = (status: string, options: { archived?: boolean; requested?: boolean; suspended?: boolean } = {}) =>
    actionsOf(
      { status, archived_at: options.archived ? PICKUP : null, feedback_requested: options.requested ?? false },
      options.suspended ?? false,
    );

  it('assigns a driver and completes active jobs only; not complete while suspended', () => {
    expect(can('allocated')).toEqual({
      allocate_driver: true,
      complete: true,
      archive: false,
      request_feedback: false,
    });
    expect(can('in_realisation', { suspended: true })).toMatchObject({ allocate_driver: true, complete: false });
  });

  it('archives and asks for feedback on finished jobs, each once', () => {
    for (const status of ['realised', 'completed', 'finalised'])
      expect(can(status)).toEqual({ allocate_driver: false, complete: false, archive: true, request_feedback: true });
    expect(can('completed', { archived: true, requested: true })).toMatchObject({
      archive: false,
      request_feedback: false,
    });
  });

  it('is refused the same way by the writes', () => {
    expect(driverChangeRefusal({ status: 'in_realisation' })).toBeNull();
    expect(driverChangeRefusal({ status: 'realised' })).toMatchObject({ status: 409, body: { code: 'not_active' } });
    expect(archiveRefusal({ status: 'realised' })).toBeNull();
    expect(archiveRefusal({ status: 'in_realisation' })).toMatchObject({
      status: 409,
      body: { code: 'not_completed' },
    });
    expect(feedbackRefusal({ status: 'finalised' }, false)).toBeNull();
    expect(feedbackRefusal({ status: 'finalised' }, true)).toMatchObject({
      status: 409,
      body: { code: 'already_requested', message: FEEDBACK_ALREADY_REQUESTED_MESSAGE },
    });
    expect(feedbackRefusal({ status: 'allocated' }, false)).toMatchObject({ body: { code: 'not_completed' } });
    expect(falseCompletionRefusal({ status: 'completed' })).toBeNull();
    expect(falseCompletionRefusal({ status: 'allocated' })).toMatchObject({ body: { code: 'not_completed' } });
  });
});

describe('tracking', () => {
  // 35 miles of road: one hour's drive at 35 mph.
  const tracked: TrackedJob = {
    status: 'allocated',
    pickup_date_start: PICKUP,
    distance_m: 35 * METRES_PER_MILE,
    pickup: { lat: 53, lng: -2 },
    delivery: { lat: 54, lng: -1 },
    has_driver: true,
  };

  it('drives 35 miles in one hour, to the nearest minute', () => {
    expect(driveMs(35 * METRES_PER_MILE)).toBe(HOUR_MS);
    expect(driveMs(0)).toBe(0);
    expect(driveMs(METRES_PER_MILE * 35 + 100)).toBe(HOUR_MS);
  });

  it('opens 24 hours before the pickup: nothing 1 ms earlier, the pickup point from that instant', () => {
    expect(trackingFrom(PICKUP).toISOString()).toBe('2026-11-19T08:00:00.000Z');
    expect(trackingOf(tracked, at(-24 * HOUR_MS - 1))).toMatchObject({ state: 'before_window', position: null });
    expect(trackingOf(tracked, at(-24 * HOUR_MS))).toEqual({
      available_from: '2026-11-19T08:00:00.000Z',
      state: 'at_pickup',
      position: { lat: 53, lng: -2, recorded_at: at(-24 * HOUR_MS).toISOString() },
    });
  });

  it('moves along the straight line in proportion to the drive, and stops at the delivery on arrival', () => {
    expect(trackingOf(tracked, at(-1)).position).toMatchObject({ lat: 53, lng: -2 });
    expect(trackingOf(tracked, at(0))).toMatchObject({ state: 'on_the_way', position: { lat: 53, lng: -2 } });
    const quarter = trackingOf(tracked, at(HOUR_MS / 4));
    expect(quarter.state).toBe('on_the_way');
    expect(quarter.position?.lat).toBeCloseTo(53.25, 10);
    expect(quarter.position?.lng).toBeCloseTo(-1.75, 10);
    expect(trackingOf(tracked, at(HOUR_MS - 1)).state).toBe('on_the_way');
    expect(trackingOf(tracked, at(HOUR_MS))).toMatchObject({ state: 'arrived', position: { lat: 54, lng: -1 } });
  });

  it('shows no position without a driver, nor once the job is done', () => {
    expect(trackingOf({ ...tracked, has_driver: false }, at(0))).toMatchObject({ state: 'no_driver', position: null });
    expect(trackingOf({ ...tracked, status: 'realised' }, at(0))).toMatchObject({
      state: 'not_active',
      position: null,
    });
  });
});

describe('the planned pickup time of allocate-driver', () => {
  it('reads an instant with its offset as it says, and a time without one in London', () => {
    expect(pickupInstant('2026-11-20T08:00:00Z')?.toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(pickupInstant('2026-11-20T08:00:00+01:00')?.toISOString()).toBe('2026-11-20T07:00:00.000Z');
    expect(pickupInstant('2026-11-20 08:00')?.toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(pickupInstant('2026/06/20 08:00:30')?.toISOString()).toBe('2026-06-20T07:00:30.000Z');
  });

  it('moves a time the clocks skip forward, and refuses a day or hour that does not exist', () => {
    expect(pickupInstant('2026-03-29 01:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(pickupInstant('2026-02-30 08:00')).toBeNull();
    expect(pickupInstant('2026-11-20 24:00')).toBeNull();
    expect(pickupInstant('2026-11-20 08:60')).toBeNull();
  });
});
