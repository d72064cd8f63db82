import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { privateJobDetailsMachine } from '@/machines/private-job/private-job-details.machine';
import { privateJobMachine } from '@/machines/private-job/private-job.machine';
import { emptyForm, formOfJob, isStepValid, privateJobPayload } from '@/machines/private-job/private-job.rules';
import {
  currentStep,
  detailsOutcome,
  isConfirmingDelete,
  outcomeOf,
  visibleErrors,
} from '@/machines/private-job/private-job.selectors';
import type { PrivateJobForm, PrivateJobSetup, StopPlace } from '@/machines/private-job/private-job.types';
import type { PrivateJob } from '@/schemas/private-job';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof privateJobMachine>;
type DetailsSnap = SnapshotFrom<typeof privateJobDetailsMachine>;

const UUID = '6f1c2a1e-8d7b-4c55-9a43-0c1e2f3a4b5c';
const setup: PrivateJobSetup = {
  vehicles: [{ id: 3, label: 'LD21 ABC · Ford Transit' }],
  drivers: [{ id: 2, name: 'Sam Carter' }],
  defaults: { volumeM3: 12, pickupOnSiteS: 900, deliveryOnSiteS: 1800 },
};
const leeds: StopPlace = { lat: 53.8, lng: -1.55, town: 'Leeds', postcode: 'LS1 4AP' };
const york: StopPlace = { lat: 53.96, lng: -1.08, town: 'York', postcode: 'YO1 7HH' };
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'private-jobs' });
const refused = new HttpError({
  status: 422,
  message: 'messages.validation',
  errors: { 'nodes.0.place': ['Enter a full mainland UK postcode'] },
  code: null,
  url: 'private-jobs',
});

/** A stored job in summer (BST): London 09:00–11:00 pickup is 08:00–10:00 UTC; the delivery window ends at 01:30. */
const storedJob: PrivateJob = {
  uuid: UUID,
  volumeInM3: 8,
  nodes: [
    {
      place: leeds,
      sortOrder: 1,
      nodeType: 'pickup',
      timeWindowStart: '2027-06-15T08:00:00Z',
      timeWindowEnd: '2027-06-15T10:00:00Z',
      durationOnSiteInSeconds: 600,
    },
    {
      place: york,
      sortOrder: 2,
      nodeType: 'delivery',
      timeWindowStart: '2027-06-15T21:00:00Z',
      timeWindowEnd: '2027-06-16T00:30:00Z',
      durationOnSiteInSeconds: 600,
    },
  ],
  vehicle_id: 3 as PrivateJob['vehicle_id'],
  driver_id: null,
  title: 'Sofa for Mrs Hill',
  vehicle: null,
  driver: null,
  created_at: '2027-06-01T10:00:00Z',
  updated_at: '2027-06-01T10:00:00Z',
};
const changedJob: PrivateJob = { ...storedJob, volumeInM3: 9, updated_at: '2027-06-02T10:00:00Z' };

/** Step 1 filled in one order, one field an event (a form's every combination would be thousands of states). */
const FILL = [
  ['pickup', 'postcode', 'LS1 4AP'],
  ['pickup', 'date', '2026-11-24'],
  ['pickup', 'from', '08:00'],
  ['pickup', 'to', '10:00'],
  ['delivery', 'postcode', 'YO1 7HH'],
  ['delivery', 'date', '2026-11-24'],
  ['delivery', 'from', '12:00'],
  ['delivery', 'to', '14:00'],
] as const;

const changed = (stop: string, field: string, value: unknown) => ({
  type: 'privateJob.stop.changed',
  stop,
  field,
  value,
});

/**
 * The partner's moves, kept to one order so the graph stays small: step 1 is filled field by field; on the first pass
 * a window is made too short and put right, and the look-up fails or knows no place; step 2 first takes a volume over
 * 40 m³ and back, then the vehicle, the driver and a title, one after the other.
 */
const events = (s: Snap): AnyEventObject[] => {
  const { form, revealed, failure, unknownPostcodes } = s.context;
  const next = FILL.find(([stop, field]) => form[stop][field] === '');
  const firstPass = form.vehicleId === null;
  // closing is tried once per state, from its plainest context: every other context closes the same way
  const plain =
    revealed.length === 0 && failure === null && unknownPostcodes.length === 0 && form.pickup.to !== '09:00';
  const canClose =
    s.matches('setupFailed') || (plain && firstPass && form.volume !== '50' && (!next || form.pickup.postcode === ''));
  return [
    ...(next ? [changed(next[0], next[1], next[2])] : []),
    ...(firstPass && revealed.length === 0 && form.pickup.to === '10:00' ? [changed('pickup', 'to', '09:00')] : []),
    ...(form.pickup.to === '09:00' ? [changed('pickup', 'to', '10:00')] : []),
    // a postcode the look-up did not know, typed again
    ...(unknownPostcodes.length > 0 ? [changed('pickup', 'postcode', 'LS1 4AP')] : []),
    ...(firstPass && form.volume === '12' ? [{ type: 'privateJob.volume.changed', volume: '50' }] : []),
    ...(form.volume === '50' ? [{ type: 'privateJob.volume.changed', volume: '12' }] : []),
    ...(firstPass && form.volume === '12' ? [{ type: 'privateJob.vehicle.chosen', vehicleId: 3 }] : []),
    ...(!firstPass && form.driverId === null ? [{ type: 'privateJob.driver.chosen', driverId: 2 }] : []),
    ...(form.driverId !== null && form.title === '' ? [{ type: 'privateJob.title.changed', title: 'Sofa' }] : []),
    // step 1 is left half-filled once (its errors show), else when filled
    ...(!next || form.pickup.postcode === '' ? [{ type: 'privateJob.next' }] : []),
    { type: 'privateJob.back' },
    { type: 'privateJob.step.chosen', step: 'stops' },
    { type: 'privateJob.step.chosen', step: 'capacity' },
    { type: 'privateJob.submitted' },
    { type: 'privateJob.retried' },
    ...(canClose ? [{ type: 'privateJob.cancelled' }] : []),
    { type: 'xstate.done.actor.loadSetup', output: setup },
    { type: 'xstate.error.actor.loadSetup', error: offline },
    { type: 'xstate.done.actor.lookUpStops', output: { pickup: leeds, delivery: york } },
    ...(firstPass && revealed.length === 0
      ? [
          { type: 'xstate.done.actor.lookUpStops', output: { pickup: null, delivery: york } },
          { type: 'xstate.error.actor.lookUpStops', error: offline },
        ]
      : []),
    { type: 'xstate.done.actor.saveJob', output: changedJob },
    { type: 'xstate.error.actor.saveJob', error: refused },
  ];
};

/** A saved job opened to change: everything filled, its own times on site. */
const existing: PrivateJobForm = formOfJob(storedJob);

const SIZE = { states: 9, transitions: 29 };
const coverage = new Coverage(privateJobMachine);

const check = (snap: Snap, _step: unknown, record: { calls: { src: string; input: unknown }[] }) => {
  // errors show on a step only once the partner tried to leave it
  const step = currentStep(snap);
  if (step && !snap.context.revealed.includes(step)) expect(visibleErrors(snap)).toEqual({});
  // a step after the first is reached only with the steps before it valid
  if (snap.matches('capacity') || snap.matches('review')) expect(isStepValid('stops', snap.context.form)).toBe(true);
  if (snap.matches('review')) expect(isStepValid('capacity', snap.context.form)).toBe(true);
  expect(outcomeOf(snap)).toBe(snap.matches('saved') ? 'saved' : snap.matches('cancelled') ? 'cancelled' : 'open');
  for (const call of record.calls.filter((c) => c.src === 'saveJob')) {
    const { payload } = call.input as { payload: ReturnType<typeof privateJobPayload> };
    // the spec §3 payload: the job's uuid, its volume and two nodes, pickup first, London times in UTC (GMT here)
    expect(payload).toMatchObject({
      uuid: UUID,
      volumeInM3: 12,
      nodes: [
        {
          sortOrder: 1,
          nodeType: 'pickup',
          place: leeds,
          timeWindowStart: '2026-11-24T08:00:00Z',
          timeWindowEnd: '2026-11-24T10:00:00Z',
          durationOnSiteInSeconds: 900,
        },
        {
          sortOrder: 2,
          nodeType: 'delivery',
          place: york,
          timeWindowStart: '2026-11-24T12:00:00Z',
          timeWindowEnd: '2026-11-24T14:00:00Z',
          durationOnSiteInSeconds: 1800,
        },
      ],
    });
  }
};

describe('private job creation', () => {
  const paths = getShortestPaths(privateJobMachine, { events, input: { uuid: UUID }, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      privateJobMachine,
      path,
      { input: { uuid: UUID }, promiseActors: ['loadSetup', 'lookUpStops', 'saveJob'], check },
      coverage,
    );
  });

  it('fills the times on site and the volume of a new job from the preferences', () => {
    const path = paths.find((p) => p.state.matches('stops') && p.steps.length === 2)!;
    expect(path.state.context.form.pickup.onSiteS).toBe(900);
    expect(path.state.context.form.delivery.onSiteS).toBe(1800);
    expect(path.state.context.form.volume).toBe('12');
  });

  it('keeps everything typed when the save fails, with the server’s messages', () => {
    const path = paths.find((p) => (p.steps.at(-1)?.event.type as string) === 'xstate.error.actor.saveJob')!;
    expect(path.state.matches('review')).toBe(true);
    expect(path.state.context.failure).toEqual({
      kind: 'refused',
      message: 'messages.validation',
      fields: { 'nodes.0.place': ['Enter a full mainland UK postcode'] },
    });
    expect(path.state.context.form.pickup.postcode).toBe('LS1 4AP');
  });
});

describe('changing a private job', () => {
  const input = { uuid: UUID, editing: existing };
  const paths = getShortestPaths(privateJobMachine, { events, input, ...byIncomingEvent } as never).filter((p) =>
    (['stops', 'saved'] as const).some((s) => p.state.matches(s)),
  );

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      privateJobMachine,
      path,
      {
        input,
        promiseActors: ['loadSetup', 'lookUpStops', 'saveJob'],
        check: (snap, _step, record) => {
          // a saved job keeps its own times on site and volume: the preferences fill only a new one
          expect(snap.context.form.pickup.onSiteS).toBe(600);
          expect(snap.context.form.volume).toBe('8');
          for (const call of record.calls.filter((c) => c.src === 'saveJob'))
            expect((call.input as { editing: boolean }).editing).toBe(true);
        },
      },
      coverage,
    );
  });
});

describe('private job rules', () => {
  it('reads a stored job back as London days and time choices (BST, and a window running past midnight)', () => {
    expect(existing.pickup).toEqual({
      postcode: 'LS1 4AP',
      date: '2027-06-15',
      from: '09:00',
      to: '11:00',
      onSiteS: 600,
    });
    expect(existing.delivery).toEqual({
      postcode: 'YO1 7HH',
      date: '2027-06-15',
      from: '22:00',
      to: '01:30',
      onSiteS: 600,
    });
    expect(existing).toMatchObject({ volume: '8', vehicleId: 3, driverId: null, title: 'Sofa for Mrs Hill' });
    // and the form saves the same instants again
    const payload = privateJobPayload(existing, { pickup: leeds, delivery: york });
    expect(payload.nodes.map((n) => [n.timeWindowStart, n.timeWindowEnd])).toEqual([
      ['2027-06-15T08:00:00Z', '2027-06-15T10:00:00Z'],
      ['2027-06-15T21:00:00Z', '2027-06-16T00:30:00Z'],
    ]);
    expect(payload).toMatchObject({ vehicle_id: 3, driver_id: null, title: 'Sofa for Mrs Hill' });
  });

  it('starts a new job on the calendar day it was opened from', () => {
    expect(emptyForm(UUID, '2027-06-15')).toMatchObject({
      pickup: { date: '2027-06-15' },
      delivery: { date: '2027-06-15' },
    });
  });
});

// The job opened from the calendar: read, edit (the creation machine as a child), delete with a confirmation.

const detailsEvents = (s: DetailsSnap): AnyEventObject[] => [
  { type: 'details.retried' },
  { type: 'details.edit.started' },
  { type: 'details.delete.requested' },
  { type: 'details.delete.confirmed' },
  { type: 'details.delete.cancelled' },
  { type: 'details.closed' },
  { type: 'xstate.done.actor.loadJob', output: storedJob },
  { type: 'xstate.error.actor.loadJob', error: offline },
  // the edit saved (the job as stored now) or closed without saving
  ...(s.context.changed ? [] : [{ type: 'xstate.done.actor.editor', output: changedJob }]),
  { type: 'xstate.done.actor.editor', output: null },
  { type: 'xstate.done.actor.deleteJob' },
  { type: 'xstate.error.actor.deleteJob', error: offline },
];

const DETAILS_SIZE = { states: 8, transitions: 15 };
const detailsCoverage = new Coverage(privateJobDetailsMachine);

describe('a private job opened from the calendar', () => {
  const input = { uuid: UUID };
  const paths = getShortestPaths(privateJobDetailsMachine, {
    events: detailsEvents,
    input,
    ...byIncomingEvent,
  } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      privateJobDetailsMachine,
      path,
      {
        input,
        promiseActors: ['loadJob', 'deleteJob', 'editJob'],
        check: (snap, step, record) => {
          // every call names the job; an edit starts from the job as read, in London days and times
          for (const call of record.calls)
            expect([
              { uuid: UUID },
              { uuid: UUID, editing: existing },
              { uuid: UUID, editing: formOfJob(changedJob) },
            ]).toContainEqual(call.input);
          const edit = record.calls.at(-1);
          if (snap.matches('editing') && edit?.src === 'editJob')
            expect(edit.input).toEqual({ uuid: UUID, editing: formOfJob(snap.context.job!) });
          expect(isConfirmingDelete(snap)).toBe(snap.matches('confirmingDelete') || snap.matches('deleting'));
          // the calendar reads again after a change or a delete, and only then
          if (snap.status === 'done') expect(detailsOutcome(snap)).toBe(snap.context.changed ? 'changed' : 'unchanged');
          if (step.event.type === 'xstate.done.actor.editor')
            expect(snap.context.job).toBe((step.event as unknown as { output: PrivateJob | null }).output ?? storedJob);
          if (step.event.type === 'xstate.error.actor.deleteJob') expect(snap.context.failure?.kind).toBe('offline');
        },
      },
      detailsCoverage,
    );
  });
});

afterAll(() => {
  coverage.expectComplete(SIZE);
  detailsCoverage.expectComplete(DETAILS_SIZE);
});
