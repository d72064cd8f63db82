import { describe, expect, it } from 'vitest';
import { PRIVATE_JOB_MESSAGES as SAY, PRIVATE_ON_SITE_OPTIONS_S } from '@/schemas/private-job';
import {
  canonicalPayload,
  checkOnSite,
  checkPlaces,
  checkStops,
  checkVolume,
  checkWindows,
  resolvePrivateJob,
} from '@/server/private-jobs/private-job-rules';
import {
  at,
  decodedPayload,
  DELIVERY,
  PICKUP,
  PLACES,
  privateJobPayload,
} from '@/server/private-jobs/private-job-test-inputs';

const nodesOf = (payload: Parameters<typeof privateJobPayload>[0]) => decodedPayload(privateJobPayload(payload)).nodes;

describe('a valid private job', () => {
  it('breaks no rule and resolves to instants, places and times on site', () => {
    const { errors, job } = resolvePrivateJob(decodedPayload());
    expect(errors).toEqual({});
    expect(job).toMatchObject({
      uuid: '6f0d7c4e-8a1b-4c2d-9e3f-5a6b7c8d9e01',
      volumeM3: 4,
      pickup: { place: PLACES.stockport, windowStart: new Date(at(10)), windowEnd: new Date(at(12)), onSiteS: 1800 },
      delivery: { place: PLACES.bolton, windowStart: new Date(at(13)), windowEnd: new Date(at(15)), onSiteS: 1800 },
      vehicleId: null,
      driverId: null,
      title: null,
    });
  });
});

describe('checkStops: a pickup (sortOrder 1) then a delivery (sortOrder 2)', () => {
  it('wants exactly two stops', () => {
    expect(checkStops(nodesOf({ nodes: [PICKUP] }))).toEqual({ nodes: [SAY.nodesCount] });
    expect(checkStops(nodesOf({ nodes: [] }))).toEqual({ nodes: [SAY.nodesCount] });
    expect(checkStops(nodesOf({ nodes: [PICKUP, DELIVERY, DELIVERY] }))).toEqual({ nodes: [SAY.nodesCount] });
  });

  it('wants the pickup first and the delivery second, each with its sortOrder', () => {
    expect(checkStops(nodesOf({ nodes: [DELIVERY, PICKUP] }))).toEqual({
      'nodes.0.nodeType': [SAY.pickupFirst],
      'nodes.0.sortOrder': [SAY.pickupFirst],
      'nodes.1.nodeType': [SAY.deliverySecond],
      'nodes.1.sortOrder': [SAY.deliverySecond],
    });
    expect(checkStops(nodesOf({ pickup: { sortOrder: 2 } }))).toEqual({ 'nodes.0.sortOrder': [SAY.pickupFirst] });
    expect(checkStops(nodesOf({ delivery: { nodeType: 'pickup' } }))).toEqual({
      'nodes.1.nodeType': [SAY.deliverySecond],
    });
  });

  it('checks nothing else when the count is wrong', () => {
    const { errors } = resolvePrivateJob(decodedPayload(privateJobPayload({ nodes: [{ ...PICKUP, place: null }] })));
    expect(errors).toEqual({ nodes: [SAY.nodesCount] });
  });
});

describe('checkPlaces: every stop at a supported mainland postcode', () => {
  it('names a missing place', () => {
    expect(checkPlaces(nodesOf({ delivery: { place: null } }))).toEqual({ 'nodes.1.place': [SAY.placeMissing] });
  });

  it('refuses a postcode off the mainland (Orkney), or one that does not match its point', () => {
    expect(checkPlaces(nodesOf({ pickup: { place: { ...PLACES.stockport, postcode: 'KW15 1AA' } } }))).toEqual({
      'nodes.0.place.postcode': [SAY.postcodeOutOfRange],
    });
    expect(checkPlaces(nodesOf({ delivery: { place: { ...PLACES.london, postcode: 'M1 4BT' } } }))).toEqual({
      'nodes.1.place.postcode': [SAY.postcodeOutOfRange],
    });
    expect(checkPlaces(nodesOf({ pickup: { place: PLACES.wick } }))).toEqual({});
  });
});

describe('checkWindows: set, closing after opening, at least 2 hours; delivery not closing before pickup opens', () => {
  it('wants every edge set to a time: missing and anytime are both unset', () => {
    expect(
      checkWindows(nodesOf({ pickup: { timeWindowStart: null }, delivery: { timeWindowEnd: 'anytime' } })),
    ).toEqual({
      'nodes.0.timeWindowStart': [SAY.windowStartMissing],
      'nodes.1.timeWindowEnd': [SAY.windowEndMissing],
    });
    const { timeWindowEnd: _dropped, ...withoutEnd } = PICKUP;
    expect(checkWindows(nodesOf({ nodes: [withoutEnd, DELIVERY] }))).toEqual({
      'nodes.0.timeWindowEnd': [SAY.windowEndMissing],
    });
  });

  it('holds a window to 2 hours: exactly 2 hours is enough, a minute less is not', () => {
    expect(checkWindows(nodesOf({ pickup: { timeWindowEnd: at(12) } }))).toEqual({});
    expect(checkWindows(nodesOf({ pickup: { timeWindowEnd: at(11, 59) } }))).toEqual({
      'nodes.0.timeWindowEnd': [SAY.windowTooShort],
    });
    expect(checkWindows(nodesOf({ delivery: { timeWindowEnd: at(14) } }))).toEqual({
      'nodes.1.timeWindowEnd': [SAY.windowTooShort],
    });
  });

  it('refuses a window that closes when it opens or before, with that message only', () => {
    expect(checkWindows(nodesOf({ pickup: { timeWindowEnd: at(10) } }))).toEqual({
      'nodes.0.timeWindowEnd': [SAY.windowEndBeforeStart],
    });
    expect(checkWindows(nodesOf({ delivery: { timeWindowStart: at(15), timeWindowEnd: at(13) } }))).toEqual({
      'nodes.1.timeWindowEnd': [SAY.windowEndBeforeStart],
    });
  });

  it('lets the delivery window close when the pickup window opens, not a minute before', () => {
    const early = { timeWindowStart: at(8), timeWindowEnd: at(10) };
    expect(checkWindows(nodesOf({ delivery: early }))).toEqual({});
    expect(checkWindows(nodesOf({ delivery: { timeWindowStart: at(7, 59), timeWindowEnd: at(9, 59) } }))).toEqual({
      'nodes.1.timeWindowEnd': [SAY.deliveryBeforePickup],
    });
  });

  it('takes instants with any offset', () => {
    // 10:00 and 12:00 London in November are 10:00Z and 12:00Z; the same instants written with +02:00.
    expect(
      checkWindows(
        nodesOf({
          pickup: { timeWindowStart: '2026-11-20T12:00:00+02:00', timeWindowEnd: '2026-11-20T14:00:00+02:00' },
        }),
      ),
    ).toEqual({});
  });
});

describe('checkOnSite: one of the spec §9 options, never negative', () => {
  it('takes every option', () => {
    for (const seconds of PRIVATE_ON_SITE_OPTIONS_S)
      expect(checkOnSite(nodesOf({ pickup: { durationOnSiteInSeconds: seconds } }))).toEqual({});
    expect(PRIVATE_ON_SITE_OPTIONS_S).toEqual([300, 600, 900, 1200, 1800, 2400, 3000, 3600, 4500, 5400, 6300, 7200]);
  });

  it('refuses a missing, negative or other time with its own message', () => {
    expect(
      checkOnSite(nodesOf({ pickup: { durationOnSiteInSeconds: null }, delivery: { durationOnSiteInSeconds: -300 } })),
    ).toEqual({
      'nodes.0.durationOnSiteInSeconds': [SAY.onSiteMissing],
      'nodes.1.durationOnSiteInSeconds': [SAY.onSiteNegative],
    });
    for (const seconds of [0, 299, 301, 7500])
      expect(checkOnSite(nodesOf({ delivery: { durationOnSiteInSeconds: seconds } }))).toEqual({
        'nodes.1.durationOnSiteInSeconds': [SAY.onSiteNotAnOption],
      });
  });

  it('lists the options in words in its message', () => {
    expect(SAY.onSiteNotAnOption).toBe(
      'Choose a time on site from the list (5 min, 10 min, 15 min, 20 min, 30 min, 40 min, 50 min, 1h, 1h 15 min, 1h 30 min, 1h 45 min, 2h)',
    );
  });
});

describe('checkVolume: more than 0 m³, at most 40 m³', () => {
  it('holds both ends', () => {
    expect(checkVolume(40)).toEqual({});
    expect(checkVolume(0.1)).toEqual({});
    expect(checkVolume(40.01)).toEqual({ volumeInM3: [SAY.volumeTooLarge] });
    expect(checkVolume(0)).toEqual({ volumeInM3: [SAY.volumeNotPositive] });
    expect(checkVolume(-3)).toEqual({ volumeInM3: [SAY.volumeNotPositive] });
  });
});

describe('resolvePrivateJob', () => {
  it('gathers every broken rule by field', () => {
    const { errors, job } = resolvePrivateJob(
      decodedPayload(
        privateJobPayload({
          volumeInM3: 41,
          pickup: { place: null, durationOnSiteInSeconds: 100 },
          delivery: { timeWindowEnd: at(14) },
        }),
      ),
    );
    expect(job).toBeNull();
    expect(errors).toEqual({
      volumeInM3: [SAY.volumeTooLarge],
      'nodes.0.place': [SAY.placeMissing],
      'nodes.0.durationOnSiteInSeconds': [SAY.onSiteNotAnOption],
      'nodes.1.timeWindowEnd': [SAY.windowTooShort],
    });
  });

  it('reads an empty title as none', () => {
    expect(resolvePrivateJob(decodedPayload(privateJobPayload({ title: '   ' }))).job?.title).toBeNull();
    expect(resolvePrivateJob(decodedPayload(privateJobPayload({ title: ' Piano ' }))).job?.title).toBe('Piano');
  });
});

describe('canonicalPayload', () => {
  const canonical = (payload: Parameters<typeof privateJobPayload>[0]) =>
    canonicalPayload(resolvePrivateJob(decodedPayload(privateJobPayload(payload))).job!);

  it('is the same for the same job written differently (offsets, case, spacing, key order)', () => {
    const same = canonical({
      uuid: '6F0D7C4E-8A1B-4C2D-9E3F-5A6B7C8D9E01',
      pickup: {
        timeWindowStart: '2026-11-20T11:00:00+01:00',
        place: { ...PLACES.stockport, postcode: ' sk1 3ta ' },
      },
    });
    expect(same).toBe(canonical({}));
  });

  it('differs when anything the partner chose differs', () => {
    expect(canonical({ volumeInM3: 5 })).not.toBe(canonical({}));
    expect(canonical({ title: 'Piano' })).not.toBe(canonical({}));
    expect(canonical({ delivery: { durationOnSiteInSeconds: 600 } })).not.toBe(canonical({}));
    expect(canonical({ vehicle_id: 3 })).not.toBe(canonical({}));
  });
});
