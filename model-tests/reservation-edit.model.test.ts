import { afterAll, describe, expect, it } from 'vitest';
import { assign, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { reservationEdit } from '@/machines/reservations/reservation-edit.machine';
import {
  editModeOf,
  hasFailed,
  isBusy,
  outcomeOf,
  previewOf,
  shownIssuesOf,
} from '@/machines/reservations/reservation-edit.selectors';
import type { SendEditInput } from '@/machines/reservations/reservation-edit.types';
import type { ReservationNotice } from '@/machines/reservations/reservation-notices';
import { RESERVATION_MESSAGES, type Reservation } from '@/schemas/reservation';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof reservationEdit>;

const place = { lat: 53.48, lng: -2.24, town: 'Manchester', postcode: 'M1 1AE' };
const reservation = (allowed: Partial<Reservation['meta']['allowed_actions']>, jobs: unknown[] = []) =>
  ({
    id: 21,
    date: '2026-11-24',
    status: allowed.update_immediately ? 'pending' : 'accepted',
    people: 1,
    capacity: { value: 11, unit: 'm3' },
    startNode: { time: '2026-11-24T08:00:00Z', place },
    endNode: { time: null, place },
    externalJobs: jobs,
    meta: {
      allowed_actions: {
        cancel_request: false,
        cancel_immediately: false,
        update_request: false,
        update_immediately: false,
        ...allowed,
      },
    },
  }) as unknown as Reservation;
const pending = reservation({ update_immediately: true });
const accepted = reservation({ update_request: true }, [{ uuid: 'x' }]);
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1' });
const broken = new HttpError({
  status: 422,
  message: 'messages.reservation_errors',
  errors: {},
  ruleErrors: [{ code: 'capacity_too_large', message: 'The capacity is too large (max 40 m³)', date: '2026-11-24' }],
  code: 101,
  url: 'v1',
});
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });

const machine = reservationEdit.provide({
  actions: {
    issueKey: assign({ key: ({ context }: { context: Snap['context'] }) => context.key ?? 'edit-key', failed: false }),
  } as never,
});

/** A capacity over the cap and a good one, flexible people (refused with a private job), and every answer. */
const events = (s: Snap): AnyEventObject[] => [
  ...(s.context.capacity === '11' ? [{ type: 'edit.capacity.changed', capacity: '41' }] : []),
  ...(s.context.capacity === '41' ? [{ type: 'edit.capacity.changed', capacity: '9' }] : []),
  ...(s.context.people === 1 ? [{ type: 'edit.people.changed', people: 'flexible' }] : []),
  ...(s.context.people === 'flexible' ? [{ type: 'edit.people.changed', people: 2 }] : []),
  { type: 'edit.checked' },
  { type: 'edit.confirmed' },
  { type: 'edit.back' },
  { type: 'edit.dismissed' },
  done('validateEdit', {
    message: RESERVATION_MESSAGES.valid,
    data: { ...s.context.reservation, capacity: { value: 9, unit: 'm3' } },
  }),
  error('validateEdit', broken),
  done('saveEdit', {
    message: editModeOf(s) === 'now' ? RESERVATION_MESSAGES.updated : RESERVATION_MESSAGES.updateRequested,
    data: s.context.reservation,
  }),
  error('saveEdit', offline),
  error('saveEdit', broken),
];

const SIZE = { states: 6, transitions: 13 };
const coverage = new Coverage(reservationEdit);

describe.each([
  { name: 'a pending reservation, changed at once', r: pending },
  { name: 'an accepted one with a private job, as a request', r: accepted },
])('reservation edit: $name', ({ r }) => {
  const input = { reservation: r };
  const paths = getShortestPaths(machine, { events, input, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let noticed = 0;
    await runPath(
      machine,
      path,
      {
        input,
        promiseActors: ['validateEdit', 'saveEdit'],
        actions: ['notify'],
        check: (snap, step, record) => {
          expect(isBusy(snap)).toBe(snap.matches('checking') || snap.matches('saving'));
          expect(previewOf(snap) !== null).toBe(snap.matches('confirming') || snap.matches('saving'));
          // a change is checked and saved only without a broken rule, with its places and times unchanged
          for (const call of record.calls) {
            const sent = call.input as SendEditInput;
            expect(sent.change.capacity.value).toBeLessThanOrEqual(40);
            expect(sent.change.people === 'flexible' && r.externalJobs.length > 0).toBe(false);
            expect(sent.change.nodes).toEqual([
              { place, time: '2026-11-24T08:00:00Z' },
              { place, time: 'anytime' },
            ]);
            if (call.src === 'saveEdit') expect(sent.key).toBe('edit-key');
          }
          if (step.event.type === 'edit.checked' && snap.matches('editing'))
            expect(shownIssuesOf(snap)).not.toEqual([]);
          expect(outcomeOf(snap)).toBe(
            snap.matches('done') ? 'changed' : snap.matches('dismissed') ? 'dismissed' : 'open',
          );
          const told = record.actions
            .slice(noticed)
            .flatMap((a) => (a.params as { notices: ReservationNotice[] }).notices);
          noticed = record.actions.length;
          const type = step.event.type;
          const e = (step.event as { error?: unknown }).error;
          if (type === 'xstate.done.actor.saveEdit')
            expect(told).toEqual([
              {
                tone: 'success',
                title: r === pending ? 'reservations.toast.edited' : 'reservations.toast.editRequested',
              },
            ]);
          else if (e === broken)
            expect(told).toEqual([
              { tone: 'danger', title: 'reservationError.capacity_too_large', date: '2026-11-24' },
            ]);
          else if (e === offline) {
            expect(told).toEqual([
              { tone: 'danger', title: 'reservations.toast.editFailed', textId: 'reservations.toast.network' },
            ]);
            expect([hasFailed(snap), snap.context.key, snap.matches('confirming')]).toEqual([true, 'edit-key', true]);
          } else expect(told).toEqual([]);
        },
      },
      coverage,
    );
  });
});

afterAll(() => coverage.expectComplete(SIZE));
