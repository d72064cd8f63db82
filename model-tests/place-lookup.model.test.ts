import { Schema } from 'effect';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { DEBOUNCE_MS } from '@/machines/place-lookup/place-lookup.limits';
import { placeLookupMachine } from '@/machines/place-lookup/place-lookup.machine';
import {
  hasLookupFailed,
  hasNoPlaces,
  isLookingUp,
  placesOf,
  queryOf,
} from '@/machines/place-lookup/place-lookup.selectors';
import type { PlaceLookupInput } from '@/machines/place-lookup/place-lookup.types';
import { Place } from '@/schemas/place';
import { MANCHESTER } from '@/src/components/place-fixtures';
import { byIncomingEvent, Coverage, delayEvents, describePath, runPath, settled } from './model-harness';

type Snapshot = ReturnType<typeof placeLookupMachine.transition>;

const places = [
  MANCHESTER,
  Schema.decodeUnknownSync(Place)({
    id: 'town:mansfield',
    lat: 53.1472,
    lng: -1.1987,
    postcode: null,
    postalTown: 'Mansfield',
    shortPostalCode: 'NG18',
    town: 'Mansfield',
    nuts1: { code: 'UKF', name: 'East Midlands (England)', short_name: 'E.Midlands' },
  }),
];
const boom = new Error('Sorry, something went wrong');

/** Every state and transition of the machine: a change to the machine changes these on purpose. */
const SIZE = { states: 7, transitions: 22 };
const coverage = new Coverage(placeLookupMachine);

// Texts: empty, one character (with spaces, which do not count), and two different searchable texts.
const events: AnyEventObject[] = [
  { type: 'text.changed', text: '' },
  { type: 'text.changed', text: ' M ' },
  { type: 'text.changed', text: 'Ma' },
  { type: 'text.changed', text: ' Man' },
  ...delayEvents(placeLookupMachine),
  { type: 'xstate.done.actor.lookUpPlaces', output: places },
  { type: 'xstate.done.actor.lookUpPlaces', output: [] },
  { type: 'xstate.error.actor.lookUpPlaces', error: boom },
  { type: 'lookup.retried' },
  { type: 'place.chosen' },
];

/** What the field must show in each state, independent of how the machine computes it. */
function expectLooksRight(snapshot: Snapshot) {
  const looks = {
    query: queryOf(snapshot),
    places: placesOf(snapshot),
    loading: isLookingUp(snapshot),
    none: hasNoPlaces(snapshot),
    failed: hasLookupFailed(snapshot),
  };
  switch (snapshot.value) {
    case 'idle':
    case 'chosen':
      expect(looks).toEqual({ query: '', places: [], loading: false, none: false, failed: false });
      break;
    case 'debouncing':
    case 'lookingUp':
      expect(looks.query.length).toBeGreaterThanOrEqual(2);
      expect(looks).toMatchObject({ loading: true, none: false, failed: false });
      break;
    case 'showingResults':
      expect(looks).toMatchObject({ places, loading: false, none: false, failed: false });
      break;
    case 'noResults':
      expect(looks).toMatchObject({ places: [], loading: false, none: true, failed: false });
      break;
    case 'failed':
      expect(looks).toMatchObject({ places: [], loading: false, none: false, failed: true });
      expect(snapshot.context.error).toBe(boom);
      break;
    default:
      throw new Error(`Unexpected state ${JSON.stringify(snapshot.value)}`);
  }
  if (!snapshot.matches('failed')) expect(snapshot.context.error).toBeNull();
}

describe('place look-up machine model', () => {
  const paths = getShortestPaths(placeLookupMachine, { events, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let lastTyped = '';
    let lookUps = 0;
    await runPath(
      placeLookupMachine,
      path,
      {
        promiseActors: ['lookUpPlaces'],
        delays: { debounce: DEBOUNCE_MS },
        // the wait starts at the key press before it, and only delays move the clock: 250 ms exactly
        exactDelays: true,
        check: (snap, step, record) => {
          expectLooksRight(snap);
          if (step.event.type === 'text.changed') lastTyped = String(step.event.text).trim();
          // a look-up starts when the wait ends or on a retry, never on a key press, and asks for the latest text
          if (snap.matches('lookingUp') && !step.event.type.startsWith('xstate.init')) lookUps += 1;
          expect(record.calls).toHaveLength(lookUps);
          if (snap.matches('lookingUp'))
            expect(record.calls.at(-1)).toEqual({ src: 'lookUpPlaces', input: { q: lastTyped } });
          if (snap.hasTag('loading')) expect(queryOf(snap)).toBe(lastTyped);
        },
      },
      coverage,
    );
  });
});

describe('place look-up against a fake server', () => {
  /** The machine with a look-up that records what it was asked and waits to be answered. */
  function start() {
    const asked: Array<{ q: string; signal: AbortSignal; answer: (p: readonly Place[]) => void }> = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      placeLookupMachine.provide({
        actors: {
          lookUpPlaces: fromPromise<readonly Place[], PlaceLookupInput>(
            ({ input, signal }) => new Promise((answer) => asked.push({ q: input.q, signal, answer })),
          ),
        },
      }),
      { clock },
    );
    actor.start();
    const type = (text: string) => actor.send({ type: 'text.changed', text });
    return { actor, clock, asked, type };
  }

  it('asks once per pause in typing, for the latest text', () => {
    const { clock, asked, type } = start();
    type('Ma');
    clock.increment(DEBOUNCE_MS - 1);
    type('Man');
    clock.increment(DEBOUNCE_MS - 1);
    expect(asked).toHaveLength(0);
    clock.increment(1);
    expect(asked.map((a) => a.q)).toEqual(['Man']);
  });

  it('aborts the look-up a newer text supersedes, and ignores its late answer', async () => {
    const { actor, clock, asked, type } = start();
    type('Ma');
    clock.increment(DEBOUNCE_MS);
    type('Man');
    expect(asked[0]!.signal.aborted).toBe(true);
    asked[0]!.answer([places[1]!]);
    await settled();
    expect(actor.getSnapshot().value).toBe('debouncing');
    clock.increment(DEBOUNCE_MS);
    expect(asked.map((a) => [a.q, a.signal.aborted])).toEqual([
      ['Ma', true],
      ['Man', false],
    ]);
    asked[1]!.answer(places);
    await settled();
    expect(actor.getSnapshot().value).toBe('showingResults');
    expect(placesOf(actor.getSnapshot())).toEqual(places);
  });

  it('aborts a look-up under way when a place is chosen or the text gets too short', () => {
    const { actor, clock, asked, type } = start();
    type('Ma');
    clock.increment(DEBOUNCE_MS);
    actor.send({ type: 'place.chosen' });
    expect(asked[0]!.signal.aborted).toBe(true);
    type('Le');
    clock.increment(DEBOUNCE_MS);
    type('L');
    expect(asked[1]!.signal.aborted).toBe(true);
    clock.increment(10_000);
    expect(asked).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('never asks for fewer than two characters', () => {
    const { clock, asked, type } = start();
    for (const text of ['', 'M', ' M ', '  ']) {
      type(text);
      clock.increment(DEBOUNCE_MS * 4);
    }
    expect(asked).toHaveLength(0);
  });

  it('asks again for the same text on a retry, without waiting', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      placeLookupMachine.provide({ actors: { lookUpPlaces: fromPromise(() => Promise.reject(boom)) } }),
      { clock },
    );
    actor.start();
    actor.send({ type: 'text.changed', text: 'Leeds' });
    clock.increment(DEBOUNCE_MS);
    await settled();
    expect(hasLookupFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'lookup.retried' });
    expect(actor.getSnapshot().value).toBe('lookingUp');
    expect(queryOf(actor.getSnapshot())).toBe('Leeds');
  });
});

afterAll(() => coverage.expectComplete(SIZE));
