import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { getShortestPaths, getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph';
import type { PortalLocale } from '@/src/format/locale-codes';
import { localeMachine } from '@/machines/locale/locale.machine';
import { currentLocale, isSwitching, messagesOf, requestLanguageOf } from '@/machines/locale/locale.selectors';
import type { LoadedMessages, LocaleInput, LocaleLoadError, Messages } from '@/machines/locale/locale.types';

type Snapshot = ReturnType<typeof localeMachine.transition>;
type Event = Parameters<typeof localeMachine.transition>[1];
type Path = StatePath<Snapshot, Event>;

const catalogue: Record<PortalLocale, Messages> = {
  en: { 'nav.findWork': 'Find work' },
  es: { 'nav.findWork': 'Buscar trabajo' },
};
const missing = (code: PortalLocale): LocaleLoadError => ({ _tag: 'LocaleFileMissing', code });

// A Spanish browser on the English domain: detection picks 'es' from the language list.
const input: LocaleInput = {
  cookie: null,
  languages: ['es-ES', 'en-GB'],
  pathname: '/tpp/find-work',
  hostname: 'portal.example.com',
};

/**
 * Every outcome the machine can meet from a given snapshot: both choices of language (and an unavailable one),
 * a retry, and the invoked load succeeding or failing for the locale it was asked for.
 */
function eventsFor(snapshot: Snapshot): Event[] {
  const pending = snapshot.context.pendingCode ?? 'en';
  return [
    { type: 'locale.selected', code: 'en' },
    { type: 'locale.selected', code: 'es' },
    { type: 'locale.selected', code: 'de' },
    { type: 'locale.retry' },
    {
      type: 'xstate.done.actor.loadMessages',
      output: { code: pending, messages: catalogue[pending] },
    } as unknown as Event,
    { type: 'xstate.error.actor.loadMessages', error: missing(pending) } as unknown as Event,
  ];
}

const traversal = {
  input,
  events: eventsFor,
  filterEvents: (snapshot: Snapshot, event: Event) => snapshot.can(event),
};

// ---- coverage, measured from the transitions the real actor takes while the paths are replayed ----

function transitionKey(t: AnyTransitionDefinition): string {
  const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id} --${t.eventType || 'always'}#${list.indexOf(t)}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(self)'}`;
}

function allTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of getStateNodes(machine.root)) {
    for (const t of node.always ?? []) keys.add(transitionKey(t));
    for (const list of node.transitions.values()) for (const t of list) keys.add(transitionKey(t));
  }
  return keys;
}

interface CoverageSink {
  states: Set<string>;
  transitions: Set<string>;
}

function recorder(sink: CoverageSink) {
  return (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const t of event._transitions) {
      sink.transitions.add(transitionKey(t));
      sink.states.add(t.source.id);
      for (const target of t.target ?? []) sink.states.add(target.id);
    }
  };
}

// ---- replay: drive the real machine with recording fakes and compare it with the model at every step ----

interface Deferred {
  code: PortalLocale;
  resolve: (value: LoadedMessages) => void;
  reject: (error: unknown) => void;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function replay(path: Path, sink: CoverageSink = { states: new Set(), transitions: new Set() }) {
  const loads: PortalLocale[] = [];
  const persisted: PortalLocale[] = [];
  const failures: LocaleLoadError[] = [];
  let current: Deferred | null = null;

  const machine = localeMachine.provide({
    actors: {
      loadMessages: fromPromise<LoadedMessages, { code: PortalLocale }>(({ input: { code } }) => {
        loads.push(code);
        return new Promise((resolve, reject) => {
          current = { code, resolve, reject };
        });
      }),
    },
    actions: {
      persistLocale: (_, params) => persisted.push(params.code),
      reportLoadFailure: (_, params) => failures.push(params.error),
    },
  });
  const actor = createActor(machine, { input, inspect: recorder(sink) }).start();
  await flush();

  const expected = { loads: [] as PortalLocale[], persisted: [] as PortalLocale[], failures: [] as LocaleLoadError[] };
  // Detection happened before the first step: the Spanish browser language picks es.
  expected.loads.push('es');

  for (const [index, step] of path.steps.entries()) {
    const before = actor.getSnapshot();
    const { event } = step;
    // The model's events include the invoked actor's outcomes, which the machine's event type does not name.
    const type: string = event.type;
    if (index > 0) {
      if (type === 'xstate.done.actor.loadMessages') {
        const output = (event as unknown as { output: LoadedMessages }).output;
        expect(current, 'a load is in flight').not.toBeNull();
        expect(current!.code, 'the model finishes the load that was started').toBe(output.code);
        current!.resolve(output);
        expected.persisted.push(output.code);
      } else if (type === 'xstate.error.actor.loadMessages') {
        const error = (event as unknown as { error: LocaleLoadError }).error;
        expect(current!.code).toBe(error.code);
        current!.reject(error);
        expected.failures.push(error);
      } else {
        actor.send(event);
      }
      await flush();
      // Entering (or re-entering) loading starts exactly one load, of the pending code.
      const after = actor.getSnapshot();
      if (after.matches('loading') && !type.startsWith('xstate.')) {
        expected.loads.push(after.context.pendingCode!);
      }
      expect(before.value === after.value && before.context === after.context, `${type} changed nothing`).toBe(false);
    }

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
    expect(loads).toEqual(expected.loads);
    expect(persisted).toEqual(expected.persisted);
    expect(failures).toEqual(expected.failures);

    // What views read must agree with the context.
    const { code, pendingCode } = snapshot.context;
    expect(currentLocale(snapshot)).toBe(code);
    expect(messagesOf(snapshot)).toEqual(code ? catalogue[code] : {});
    expect(isSwitching(snapshot)).toBe(snapshot.matches('loading') && code !== null);
    expect(requestLanguageOf(snapshot)).toBe((code ?? pendingCode) === 'es' ? 'es_ES' : 'en_GB');
    if (snapshot.matches('ready')) expect(pendingCode).toBeNull();
    if (snapshot.matches('failed')) expect(code).toBeNull();
  }

  expect(actor.getSnapshot().value).toEqual(path.state.value);
  expect(actor.getSnapshot().context).toEqual(path.state.context);
  actor.stop();
}

function describePath(path: Path): string {
  const events = path.steps.slice(1).map(({ event }) => {
    const detail = 'code' in event ? `(${event.code})` : '';
    return `${event.type.replace('xstate.', '').replace('.actor.loadMessages', '')}${detail}`;
  });
  return `${JSON.stringify(path.state.value)} ${JSON.stringify(path.state.context.code)}: ${events.join(' → ') || 'start'}`;
}

const shortestPaths = getShortestPaths(localeMachine, traversal);
/**
 * All simple paths number in the thousands here (every order of choosing, failing and retrying). Keep, shortest
 * first, each one that takes a step (snapshot + event) of the state graph no kept path has taken yet: every edge
 * of the graph is then replayed, in its longer routes, without replaying thousands of near-duplicates.
 */
function edgeCoveringPaths(paths: Path[]): Path[] {
  const seen = new Set<string>();
  const kept: Path[] = [];
  for (const path of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
    const edges = path.steps
      .slice(1)
      .map(
        (step, i) =>
          `${JSON.stringify(path.steps[i]!.state.value)}|${JSON.stringify(path.steps[i]!.state.context)}|${JSON.stringify(step.event)}`,
      );
    if (edges.some((edge) => !seen.has(edge))) {
      edges.forEach((edge) => seen.add(edge));
      kept.push(path);
    }
  }
  return kept;
}

const allSimplePaths = getSimplePaths(localeMachine, traversal);
const simplePaths = edgeCoveringPaths(allSimplePaths);

describe('locale machine model', () => {
  it('generates paths to every stable state', () => {
    const reached = new Set(shortestPaths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(new Set(['"loading"', '"ready"', '"failed"']));
    expect(allSimplePaths.length).toBeGreaterThan(simplePaths.length);
    expect(simplePaths.length).toBeGreaterThan(0);
  });

  describe('shortest paths', () => {
    it.each(shortestPaths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
      await replay(path);
    });
  });

  describe('simple paths', () => {
    it.each(simplePaths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
      await replay(path);
    });
  });
});

describe('locale machine behaviour outside the graph', () => {
  function start() {
    const loads: Deferred[] = [];
    const persisted: PortalLocale[] = [];
    const machine = localeMachine.provide({
      actors: {
        loadMessages: fromPromise<LoadedMessages, { code: PortalLocale }>(
          ({ input: { code } }) => new Promise((resolve, reject) => loads.push({ code, resolve, reject })),
        ),
      },
      actions: { persistLocale: (_, { code }) => persisted.push(code) },
    });
    const actor = createActor(machine, { input: { ...input, languages: [] } }).start();
    return { actor, loads, persisted };
  }

  it('ignores choosing the locale in use, and one without messages', async () => {
    const { actor, loads } = start();
    loads[0]!.resolve({ code: 'en', messages: catalogue.en });
    await flush();
    const ready = actor.getSnapshot();
    expect(ready.value).toBe('ready');
    actor.send({ type: 'locale.selected', code: 'en' });
    actor.send({ type: 'locale.selected', code: 'de' });
    actor.send({ type: 'locale.selected', code: 'EN' });
    expect(actor.getSnapshot()).toBe(ready);
    expect(loads).toHaveLength(1);
  });

  it('drops a stale load when another locale is chosen while loading', async () => {
    const { actor, loads, persisted } = start();
    expect(loads.map((l) => l.code)).toEqual(['en']);
    actor.send({ type: 'locale.selected', code: 'es' });
    expect(loads.map((l) => l.code)).toEqual(['en', 'es']);
    loads[0]!.resolve({ code: 'en', messages: catalogue.en });
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(persisted).toEqual([]);
    loads[1]!.resolve({ code: 'es', messages: catalogue.es });
    await flush();
    expect(actor.getSnapshot().context).toEqual({ code: 'es', pendingCode: null, messages: catalogue.es, error: null });
    expect(persisted).toEqual(['es']);
  });

  it('tags an unknown load failure as LocaleLoadFailed', async () => {
    const { actor, loads } = start();
    loads[0]!.reject(new Error('network'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ _tag: 'LocaleLoadFailed', code: 'en' });
  });

  it('starts loading the detected locale with the real loader when no fake is provided', async () => {
    const actor = createActor(localeMachine, { input }).start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.pendingCode).toBe('es');
    actor.stop();
  });
});

describe('locale machine coverage', () => {
  it('visits every state and takes every transition when the generated paths are replayed', async () => {
    const sink: CoverageSink = { states: new Set(), transitions: new Set() };
    for (const path of [...shortestPaths, ...simplePaths]) await replay(path, sink);
    const { states: visitedStates, transitions: takenTransitions } = sink;
    const states = getStateNodes(localeMachine.root).map((n) => n.id);
    const transitions = allTransitions(localeMachine);
    const stateCoverage = states.filter((id) => visitedStates.has(id)).length / states.length;
    const transitionCoverage = [...transitions].filter((k) => takenTransitions.has(k)).length / transitions.size;
    expect([...transitions].filter((k) => !takenTransitions.has(k))).toEqual([]);
    expect(states.filter((id) => !visitedStates.has(id))).toEqual([]);
    expect(stateCoverage).toBe(1);
    expect(transitionCoverage).toBe(1);
    expect(states).toHaveLength(4);
    expect(transitions.size).toBe(8);
  });
});
