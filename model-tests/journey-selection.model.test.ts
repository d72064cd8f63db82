import { Schema } from 'effect';
import { afterAll, describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { journeySelectionMachine } from '@/machines/journey-selection/journey-selection.machine';
import {
  chosenVehicle,
  isDialogueOpen,
  isSending,
  isUnanswered,
  isVehicleMissing,
  selectedCount,
  selectedIds,
  wasRefused,
} from '@/machines/journey-selection/journey-selection.selectors';
import type { JourneySelectionNotice, SelectionRequest } from '@/machines/journey-selection/journey-selection.types';
import { JourneyVehicle, MAX_INTEREST_JOURNEYS, type JourneyId } from '@/schemas/journey';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, edgeCoveringPaths, runPath, settled } from './model-harness';

type Snap = SnapshotFrom<typeof journeySelectionMachine>;

const vehicle = (id: number, eligible: boolean) =>
  Schema.decodeUnknownSync(JourneyVehicle)({
    id,
    name: 'Ford Transit',
    type: 'lwb',
    userId: 1,
    make: 'Ford',
    model: 'Transit',
    registration_number: `AB${id}2 CDE`,
    status: 'APPROVED',
    haveTailLift: false,
    loading_capacity_m3: eligible ? 14 : 3,
    totalPayloadKg: 1200,
    eligible,
    ineligible_reason: eligible ? null : 'vehicle_too_small',
  });
const twoEligible = [vehicle(5, true), vehicle(6, true), vehicle(7, false)];
const oneEligible = [vehicle(5, true), vehicle(7, false)];

const http = (status: number, message: string, reason: string | null, errors: Record<string, string[]> = {}) =>
  new HttpError({ status, message, errors, code: null, reason, url: 'ng/api/v3/provider/expressInterest' });
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'x' });
const taken = http(409, 'Sorry, this journey has already been allocated to another partner.', 'taken');
const tooMany = http(422, 'messages.validation', null, {
  job_id: ['You can express interest in up to 6 journeys at once'],
});

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });
const toggle = (id: number) => ({ type: 'journey.toggled' as const, id: id as JourneyId });

const events: AnyEventObject[] = [
  ...Array.from({ length: MAX_INTEREST_JOURNEYS + 1 }, (_, i) => toggle(i + 1)),
  { type: 'selection.cleared' },
  { type: 'interest.started' },
  done('loadVehicles', twoEligible),
  done('loadVehicles', oneEligible),
  error('loadVehicles', offline),
  { type: 'vehicles.retried' },
  { type: 'vehicle.chosen', id: 6 as ProviderVehicleId },
  { type: 'interest.confirmed' },
  { type: 'interest.cancelled' },
  done('expressInterest', 2),
  error('expressInterest', offline),
  error('expressInterest', taken),
  error('expressInterest', tooMany),
];

/**
 * Journeys are ticked in order (1, 2, 3 …) and unticked from the last, so the graph is a line of selections rather
 * than every order of 7 journeys; journey 7 is ticked only once six are, and is refused. `most` bounds the selection.
 */
const inOrder = (most: number) => (snapshot: Snap, event: AnyEventObject) => {
  if (!snapshot.can(event as never)) return false;
  if (event.type !== 'journey.toggled') return true;
  const { selected } = snapshot.context;
  const id = (event as unknown as { id: number }).id;
  const next = selected.length + 1;
  return (id === next && next <= most) || id === selected.at(-1) || (id === 7 && selected.length === 6);
};

/** A predictable key per request: the real ones are random UUIDs (tested below). */
const machine = journeySelectionMachine.provide({
  actions: { issueKey: assign({ key: 'interest-key' }) } as never,
});

const shortest = getShortestPaths(machine, {
  events,
  serializeState: byIncomingEvent.serializeState,
  filterEvents: inOrder(MAX_INTEREST_JOURNEYS),
} as never) as ReturnType<typeof getShortestPaths>;
// Simple paths with at most two journeys ticked (the limit is the shortest paths' business): every edge, in longer
// routes.
const simple = edgeCoveringPaths(
  getSimplePaths(machine, { events, filterEvents: inOrder(2) } as never) as ReturnType<typeof getSimplePaths>,
);

const coverage = new Coverage(journeySelectionMachine);

/** What the find-work page must show in each state, read through the selectors it uses. */
function expectLooksRight(snap: Snap) {
  expect(selectedCount(snap)).toBeLessThanOrEqual(MAX_INTEREST_JOURNEYS);
  expect(new Set(selectedIds(snap)).size).toBe(selectedCount(snap));
  if (wasRefused(snap)) expect(selectedIds(snap)).not.toContain(snap.context.refused);
  expect(isDialogueOpen(snap)).toBe(snap.matches('choosing'));
  if (isDialogueOpen(snap)) expect(selectedCount(snap)).toBeGreaterThan(0);
  else expect([chosenVehicle(snap), snap.context.key, isUnanswered(snap)]).toEqual([null, null, false]);
  if (isSending(snap)) expect([snap.context.key, chosenVehicle(snap) !== null]).toEqual(['interest-key', true]);
  if (isVehicleMissing(snap)) expect(chosenVehicle(snap)).toBeNull();
}

describe.each([
  ['shortest', shortest],
  ['simple', simple],
] as const)('journey selection: %s paths', (_kind, paths) => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let told = 0;
    await runPath(
      machine,
      path,
      {
        promiseActors: ['loadVehicles', 'expressInterest'],
        actions: ['notify'],
        check: (snap, step, record) => {
          expectLooksRight(snap);
          const last = record.calls.at(-1);
          if (snap.matches({ choosing: 'loadingVehicles' })) {
            expect(last?.src).toBe('loadVehicles');
            expect(last?.input).toEqual({ journeyIds: selectedIds(snap) });
          }
          // one request for all the selected journeys, with the vehicle and the request's key
          if (snap.matches({ choosing: 'sending' }))
            expect(last).toEqual({
              src: 'expressInterest',
              input: { journeyIds: selectedIds(snap), vehicleId: chosenVehicle(snap), key: 'interest-key' },
            });
          // the 7th tick is refused and changes nothing else
          if (step.event.type === 'journey.toggled' && (step.event as unknown as { id: number }).id === 7) {
            expect(wasRefused(snap)).toBe(true);
            expect(selectedCount(snap)).toBeLessThanOrEqual(MAX_INTEREST_JOURNEYS);
          }
          const notices = record.actions.slice(told).map((a) => a.params as JourneySelectionNotice);
          told = record.actions.length;
          const outcome = step.event.type;
          if (outcome === 'xstate.done.actor.expressInterest') {
            expect(notices).toEqual([{ type: 'selection.expressed', count: 2 }]);
            expect(selectedCount(snap)).toBe(0);
          } else if (outcome === 'xstate.error.actor.expressInterest') {
            const e = (step.event as { error?: unknown }).error;
            if (e === offline) {
              expect(notices).toEqual([]);
              expect([isUnanswered(snap), snap.context.key]).toEqual([true, 'interest-key']);
            } else {
              expect(notices).toEqual([
                {
                  type: 'selection.refused',
                  messages: e === taken ? [taken.message] : ['You can express interest in up to 6 journeys at once'],
                },
              ]);
              expect(snap.context.key).toBeNull();
            }
          } else expect(notices).toEqual([]);
        },
      },
      coverage,
    );
  });
});

describe('journey selection against fake calls', () => {
  function start() {
    const requests: Array<{ input: SelectionRequest; answer: (n: number) => void; fail: (e: unknown) => void }> = [];
    const actor = createActor(
      journeySelectionMachine.provide({
        actors: {
          loadVehicles: fromPromise<readonly JourneyVehicle[], { journeyIds: readonly JourneyId[] }>(() =>
            Promise.resolve(twoEligible),
          ),
          expressInterest: fromPromise<number, SelectionRequest>(
            ({ input }) => new Promise((answer, fail) => requests.push({ input, answer, fail })),
          ),
        },
      }),
    );
    actor.start();
    return { actor, requests };
  }

  it('refuses a 7th journey and keeps the six, then takes another once one is unticked', () => {
    const { actor } = start();
    for (let id = 1; id <= 7; id += 1) actor.send(toggle(id));
    expect(selectedIds(actor.getSnapshot())).toEqual([1, 2, 3, 4, 5, 6]);
    expect(actor.getSnapshot().context.refused).toBe(7);
    actor.send(toggle(3));
    expect(wasRefused(actor.getSnapshot())).toBe(false);
    actor.send(toggle(7));
    expect(selectedIds(actor.getSnapshot())).toEqual([1, 2, 4, 5, 6, 7]);
  });

  it('sends one request for the selected journeys, and a second click while it runs sends nothing more', async () => {
    const { actor, requests } = start();
    actor.send(toggle(11));
    actor.send(toggle(12));
    actor.send({ type: 'interest.started' });
    await settled();
    actor.send({ type: 'vehicle.chosen', id: 5 as ProviderVehicleId });
    actor.send({ type: 'interest.confirmed' });
    actor.send({ type: 'interest.confirmed' });
    actor.send({ type: 'interest.cancelled' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.input.journeyIds).toEqual([11, 12]);
    expect(requests[0]!.input.key).toMatch(/^[0-9a-f-]{36}$/);
    // no answer: sending again reuses the key; choosing another vehicle makes a new one
    requests[0]!.fail(offline);
    await settled();
    actor.send({ type: 'interest.confirmed' });
    expect(requests[1]!.input.key).toBe(requests[0]!.input.key);
    requests[1]!.fail(offline);
    await settled();
    actor.send({ type: 'vehicle.chosen', id: 6 as ProviderVehicleId });
    actor.send({ type: 'interest.confirmed' });
    expect(requests[2]!.input.key).not.toBe(requests[0]!.input.key);
    requests[2]!.answer(2);
    await settled();
    expect([isDialogueOpen(actor.getSnapshot()), selectedCount(actor.getSnapshot())]).toEqual([false, 0]);
  });

  it('chooses the only vehicle that may carry every journey', async () => {
    const actor = createActor(
      journeySelectionMachine.provide({
        actors: {
          loadVehicles: fromPromise<readonly JourneyVehicle[], { journeyIds: readonly JourneyId[] }>(() =>
            Promise.resolve(oneEligible),
          ),
        },
      }),
    );
    actor.start();
    actor.send(toggle(1));
    actor.send({ type: 'interest.started' });
    await settled();
    expect(chosenVehicle(actor.getSnapshot())).toBe(5);
  });
});

afterAll(() => coverage.expectComplete({ states: 6, transitions: 18 }));
