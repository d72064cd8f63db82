import { afterAll, describe, expect, it } from 'vitest';
import { assign, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { reservationEdit } from '@/machines/reservations/reservation-edit.machine';
import { editIssues } from '@/machines/reservations/reservation-edit.rules';
import {
  editModeOf,
  hasFailed,
  isBusy,
  outcomeOf,
  previewOf,
  shownIssuesOf,
} from '@/machines/reservations/reservation-edit.selectors';
import type { EditForm, SendEditInput } from '@/machines/reservations/reservation-edit.types';
import type { ReservationNotice } from '@/machines/reservations/reservation-notices';
import { RESERVATION_MESSAGES, type Reservation } from '@/schemas/reservation';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof reservationEdit>;

const DATE = '2026-11-24';
const place = { lat: 53.48, lng: -2.24, town: 'Manchester', postcode: 'M1 1AE' };
/** A private job Stockport → Bolton, pickup 10:00–12:00, delivery 13:00–15:00 (GMT: London time). */
const job = {
  uuid: '3f1c9a8e-2b4d-4c6e-8f0a-1b2c3d4e5f60',
  volumeInM3: 4,
  nodes: [
    {
      place: { lat: 53.41, lng: -2.16, town: 'Stockport', postcode: 'SK1 3TA' },
      sortOrder: 1,
      nodeType: 'pickup',
      timeWindowStart: `${DATE}T10:00:00Z`,
      timeWindowEnd: `${DATE}T12:00:00Z`,
      durationOnSiteInSeconds: 1800,
    },
    {
      place: { lat: 53.58, lng: -2.43, town: 'Bolton', postcode: 'BL1 1RU' },
      sortOrder: 2,
      nodeType: 'delivery',
      timeWindowStart: `${DATE}T13:00:00Z`,
      timeWindowEnd: `${DATE}T15:00:00Z`,
      durationOnSiteInSeconds: 1800,
    },
  ],
};
const reservation = (allowed: Partial<Reservation['meta']['allowed_actions']>, jobs: unknown[] = []) =>
  ({
    id: 21,
    date: DATE,
    status: allowed.update_immediately ? 'pending' : 'accepted',
    people: 1,
    capacity: { value: 11, unit: 'm3' },
    startNode: { time: `${DATE}T08:00:00Z`, place },
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
const accepted = reservation({ update_request: true }, [job]);
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1' });
const broken = new HttpError({
  status: 422,
  message: 'messages.reservation_errors',
  errors: {},
  ruleErrors: [{ code: 'capacity_too_large', message: 'The capacity is too large (max 40 m³)', date: DATE }],
  code: 101,
  url: 'v1',
});
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });
const changed = (patch: Partial<EditForm>) => ({ type: 'edit.changed', patch });

const machine = reservationEdit.provide({
  actions: {
    issueKey: assign({ key: ({ context }: { context: Snap['context'] }) => context.key ?? 'edit-key', failed: false }),
  } as never,
});

/** The server's answers, and the dialogue's buttons. */
const answers = (s: Snap): AnyEventObject[] => [
  { type: 'edit.checked' },
  { type: 'edit.confirmed' },
  { type: 'edit.back' },
  { type: 'edit.dismissed' },
  done('validateEdit', { message: RESERVATION_MESSAGES.valid, data: { ...s.context.reservation, people: 2 } }),
  error('validateEdit', broken),
  done('saveEdit', {
    message: editModeOf(s) === 'now' ? RESERVATION_MESSAGES.updated : RESERVATION_MESSAGES.updateRequested,
    data: s.context.reservation,
  }),
  error('saveEdit', offline),
  error('saveEdit', broken),
];

/** People and capacity: a capacity over the cap and a good one, flexible people (refused with a private job). */
const crewEvents = (s: Snap): AnyEventObject[] => [
  ...(s.context.form.capacity === '11' ? [changed({ capacity: '41' })] : []),
  ...(s.context.form.capacity === '41' ? [changed({ capacity: '9' })] : []),
  ...(s.context.form.people === 1 ? [changed({ people: 'flexible' })] : []),
  ...(s.context.form.people === 'flexible' ? [changed({ people: 2 })] : []),
  ...answers(s),
];

/**
 * The hours and the finish: an own window (its times to choose, then 40 minutes: too early an end, then 09:30 to
 * 16:00), back to a full day, and finishing anywhere (which needs an anytime start, and no private job).
 */
const hoursEvents = (s: Snap): AnyEventObject[] => {
  const f = s.context.form;
  return [
    ...(f.timing === 'full_day' && f.finish === 'start' ? [changed({ timing: 'own_window' })] : []),
    ...(f.timing === 'own_window' && f.startTime === '08:00' && f.endTime === ''
      ? [changed({ startTime: '09:30' })]
      : []),
    ...(f.timing === 'own_window' && f.startTime === '09:30' && f.endTime === ''
      ? [changed({ endTime: '10:10' })]
      : []),
    ...(f.endTime === '10:10' ? [changed({ endTime: '16:00' })] : []),
    ...(f.endTime === '16:00' && f.timing === 'own_window' ? [changed({ timing: 'full_day' })] : []),
    ...(f.timing === 'full_day' && f.finish === 'start' && f.startTime === '08:00'
      ? [changed({ finish: 'anywhere' })]
      : []),
    ...(f.finish === 'anywhere' && f.startTime !== 'anytime' ? [changed({ startTime: 'anytime' })] : []),
    ...answers(s),
  ];
};

const SIZE = { states: 6, transitions: 12 };
/** Checks and saves of an own window and of a finish anywhere: the hours paths must send both. */
const sends = { ownWindow: 0, anywhere: 0 };
const coverage = new Coverage(reservationEdit);

describe.each([
  { name: 'a pending reservation, changed at once', r: pending, customWindows: true, events: crewEvents },
  { name: 'an accepted one with a private job, as a request', r: accepted, customWindows: false, events: crewEvents },
  { name: 'the hours of a pending reservation', r: pending, customWindows: true, events: hoursEvents },
  { name: 'the hours of an accepted one with a private job', r: accepted, customWindows: true, events: hoursEvents },
  { name: 'the hours without own windows', r: pending, customWindows: false, events: hoursEvents },
])('reservation edit: $name', ({ r, customWindows, events }) => {
  const input = { reservation: r, customWindows };
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
          // a change is checked and saved only without a broken rule of spec §5, its start place and job unchanged
          for (const call of record.calls) {
            const sent = call.input as SendEditInput;
            const [start, end] = sent.change.nodes;
            expect(sent.change.capacity.value).toBeLessThanOrEqual(40);
            expect(sent.change.people === 'flexible' && r.externalJobs.length > 0).toBe(false);
            expect(start.place).toEqual(place);
            expect(sent.change.externalJobs).toEqual(r.externalJobs);
            if (end.place === null) {
              expect([start.time, r.externalJobs.length]).toEqual(['anytime', 0]);
              sends.anywhere++;
            } else expect(end.place).toEqual(place);
            if (end.time !== null && end.time !== 'anytime') {
              expect(customWindows).toBe(true);
              expect(Date.parse(end.time) - Date.parse(start.time)).toBeGreaterThan(40 * 60_000);
              expect([start.time, end.time]).toEqual([`${DATE}T09:30:00Z`, `${DATE}T16:00:00Z`]);
              sends.ownWindow++;
            }
            if (call.src === 'saveEdit') expect(sent.key).toBe('edit-key');
          }
          if (step.event.type === 'edit.checked' && snap.matches('editing')) {
            expect(shownIssuesOf(snap)).not.toEqual([]);
            expect(shownIssuesOf(snap)).toEqual(editIssues(r, snap.context.form, customWindows));
          }
          // what the partner broke shows beside the field as they type (a time still to choose once touched)
          if (step.event.type === 'edit.changed')
            for (const issue of editIssues(r, snap.context.form, customWindows))
              if (issue.code !== 'timeRequired' || snap.context.touched.includes(issue.field))
                expect(shownIssuesOf(snap)).toContainEqual(issue);
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
            expect(told).toEqual([{ tone: 'danger', title: 'reservationError.capacity_too_large', date: DATE }]);
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

afterAll(() => {
  coverage.expectComplete(SIZE);
  expect(sends.ownWindow).toBeGreaterThan(0);
  expect(sends.anywhere).toBeGreaterThan(0);
});
