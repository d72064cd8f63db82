import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { reservationLifecycle } from '@/machines/reservation-lifecycle/reservation-lifecycle.machine';
import { statusOf } from '@/machines/reservation-lifecycle/reservation-lifecycle.selectors';
import type { LifecycleEvent } from '@/machines/reservation-lifecycle/reservation-lifecycle.types';
import { RESERVATION_STATUSES, type AllowedActions, type ReservationStatus } from '@/schemas/reservation';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof reservationLifecycle>;

const EVENTS: readonly LifecycleEvent['type'][] = [
  'team.accepted',
  'team.unsuccessful',
  'team.offered',
  'offer.expired',
  'offer.accepted',
  'offer.rejected',
  'rival.accepted',
  'partner.cancelled',
  'partner.edited',
  'team.cancel.granted',
  'team.edit.decided',
  'day.over',
];
const events = (): AnyEventObject[] => EVENTS.map((type) => ({ type }));

const NONE: AllowedActions = {
  cancel_request: false,
  cancel_immediately: false,
  update_request: false,
  update_immediately: false,
};
/** The flag sets server/reservations/allowed-actions.ts gives: nothing, pending, return_offer, accepted early or late. */
const FLAG_SETS: readonly { name: string; allowed: AllowedActions }[] = [
  { name: 'no flags', allowed: NONE },
  { name: 'cancel and edit at once', allowed: { ...NONE, cancel_immediately: true, update_immediately: true } },
  { name: 'cancel at once', allowed: { ...NONE, cancel_immediately: true } },
  { name: 'cancel at once, edit on request', allowed: { ...NONE, cancel_immediately: true, update_request: true } },
  { name: 'both on request', allowed: { ...NONE, cancel_request: true, update_request: true } },
];

/** Statuses where nothing happens any more. */
const ENDED = new Set<ReservationStatus>(
  RESERVATION_STATUSES.filter(
    (s) =>
      ![
        'pending',
        'return_offer',
        'accepted',
        'pending_cancellation',
        'pending_modification',
        'journey_associated',
      ].includes(s),
  ),
);

const SIZE = { states: 21, transitions: 40 };
const coverage = new Coverage(reservationLifecycle);

describe.each(RESERVATION_STATUSES.flatMap((status) => FLAG_SETS.map((flags) => ({ status, ...flags }))))(
  'reservation lifecycle from $status, $name',
  ({ status, allowed }) => {
    const input = { status, allowed };
    const paths = getShortestPaths(reservationLifecycle, { events, input, ...byIncomingEvent } as never);

    it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
      let before: ReservationStatus | null = null;
      await runPath(
        reservationLifecycle,
        path,
        {
          input,
          check: (snap: Snap, step) => {
            const now = statusOf(snap);
            const type = step.event.type;
            if (type === 'xstate.init') {
              // it resumes in the stored status
              expect(now).toBe(status);
            } else {
              const from = before!;
              expect(ENDED.has(from)).toBe(false);
              // the partner acts only as the flags allow, at once or as a request
              if (type === 'partner.cancelled') {
                if (now === 'pending_cancellation') expect(allowed.cancel_request).toBe(true);
                else
                  expect([allowed.cancel_immediately, ['tp_withdrawn', 'tp_cancelled'].includes(now)]).toEqual([
                    true,
                    true,
                  ]);
              }
              if (type === 'partner.edited') {
                if (now === 'pending_modification') expect([from, allowed.update_request]).toEqual(['accepted', true]);
                else expect([from, now, allowed.update_immediately]).toEqual(['pending', 'pending', true]);
              }
              // only a pending reservation is decided; accepting an offer needs an offer; superseding needs a rival
              if (type.startsWith('team.') && !type.startsWith('team.cancel') && !type.startsWith('team.edit'))
                expect(from).toBe('pending');
              if (type.startsWith('offer.')) expect(from).toBe('return_offer');
              if (now === 'superseded') expect(type).toBe('rival.accepted');
              if (now === 'timed_out') expect([from, type]).toEqual(['return_offer', 'offer.expired']);
            }
            // a status where nothing happens any more is the machine's end
            expect(snap.status).toBe(ENDED.has(now) ? 'done' : 'active');
            before = now;
          },
        },
        coverage,
      );
    });
  },
);

afterAll(() => coverage.expectComplete(SIZE));
