/**
 * The machines running in this tab, and what they did: read by the machines page's live view, the inspector panel,
 * and the replay tests (model-tests/replay.ts), all through XState's inspection API.
 *
 * Wiring — every place that creates a root actor passes `inspect`:
 *
 *   const actor = useActorRef(reservationList, { inspect, input: { kind: 'current' } });
 *   const actor = createActor(machine, { inspect, input }).start();
 *
 * Actors it invokes or spawns are seen through their parent's system: nothing to pass for them. An actor created
 * without `inspect` is simply not listed.
 *
 * Cost: this module is on every page, so it is small. It always keeps the running actors and their latest state
 * value (one Map write per start, stop and snapshot), so that the machines page follows live machines for admins
 * in production too. The event log (each event with the transitions it took and the actions it ran) is kept by
 * ./inspection-recorder.ts, which app.tsx loads only while recording: in development builds, or after the tab opened
 * a page with `?inspect` (remembered for the tab's session; `?inspect=off` ends it). Events that come before it has
 * loaded wait in a queue. (The `import()` is in app.tsx, not here: one in this module, which lazy pages import too,
 * makes the bundler split Vite's preload helper into a chunk of its own, 0.8 KB more on every first load.) The
 * inspector panel shows in development builds, and in production to admins who turned recording on.
 */
import type { AnyActorRef, AnyEventObject, InspectionEvent } from 'xstate';

/** An actor running in this tab. */
export interface LiveActor {
  /** The actor's session id, unique in the tab (`x:12`). */
  readonly id: string;
  /** Its id in its parent (an invoke's id), or the session id for a root actor. */
  readonly name: string;
  /** The machine's id when the actor runs a state machine; null for promise and callback actors. */
  readonly machineId: string | null;
  /** Session id of the actor that invoked or spawned it; null for a root actor. */
  readonly parentId: string | null;
  readonly ref: AnyActorRef;
  readonly startedAt: number;
  /** The latest state value (machines only). */
  value: unknown;
}

/** One event an actor processed: what it was, where it led, what ran. */
export interface LoggedStep {
  /** Increases by one per step in the tab, across actors. */
  readonly seq: number;
  /** When it was processed (ms since the epoch). */
  readonly at: number;
  readonly actorId: string;
  readonly machineId: string;
  /** The event as the actor received it, as JSON (`xstate.init` carries the actor's input). */
  readonly event: AnyEventObject;
  /** Session id of the actor that sent it; null when it came from outside (a view, the API client). */
  readonly sourceId: string | null;
  /** State value before and after; `from` is null for the first step. */
  readonly from: unknown;
  readonly to: unknown;
  /** The snapshot's status after the step: `active`, `done`, `stopped`, `error`. */
  readonly status: string;
  /**
   * Each transition taken: source and target state paths, and the transition's own actions
   * (`ready.results → ready.results.searching / remember`).
   */
  readonly transitions: readonly string[];
  /**
   * The actions XState reports as run, in order: named actions with an implementation (entry and exit ones too) and
   * its own (`xstate.spawnChild` starting an invoke); assignments are not reported, the transitions name them.
   */
  readonly actions: readonly string[];
}

/** A copied log (the inspector's "Copy log"): what model-tests/replay.ts replays. */
export interface RecordedLog {
  readonly format: 'tpp-inspection-log';
  readonly version: 1;
  readonly recordedAt: string;
  /** The page the log was copied on. */
  readonly page: string;
  readonly steps: readonly LoggedStep[];
}

/** Keeps the event log (./inspection-recorder.ts); given every inspection event, in order. */
export interface Recorder {
  /** Takes one inspection event; true when the log changed. */
  record(event: InspectionEvent): boolean;
  log(): LoggedStep[];
  clear(): void;
  /** The log, or the given steps of it, JSON-safe, to copy and replay. */
  export(page: string, steps?: readonly LoggedStep[]): RecordedLog;
}

export interface InspectionRegistry {
  /** The observer to pass as `inspect` when creating an actor. */
  readonly inspect: (event: InspectionEvent) => void;
  /** Whether events are being logged (see the module's comment). */
  readonly recording: boolean;
  /** Running actors, in the order they started. */
  actors(): LiveActor[];
  /** Logged steps, oldest first (empty while not recording, or while the recorder loads). */
  log(): LoggedStep[];
  clearLog(): void;
  /** Calls `listener` (once per burst, after it) when actors, states or the log change. */
  subscribe(listener: () => void): () => void;
  /** A number that changes with every change: the snapshot for `useSyncExternalStore`. */
  version(): number;
  /**
   * The log, or the given steps of it (the inspector's filtered view), JSON-safe (errors as plain objects, no
   * functions or cycles), to copy and replay. `page` defaults to the current address.
   */
  exportLog(page?: string, steps?: readonly LoggedStep[]): RecordedLog;
}

/** Events kept while the recorder loads; should it never come (offline), the queue stops growing here. */
const QUEUE_LIMIT = 5_000;

type Internal = {
  id: string;
  sessionId: string;
  _parent?: { sessionId: string };
  logic: { id?: unknown; root?: unknown };
};

/** The registry; with a recorder (or the promise of one, whose events wait in a queue) it also keeps the log. */
export function createInspectionRegistry(
  options: { recorder?: Recorder | Promise<Recorder>; now?: () => number } = {},
): InspectionRegistry {
  const now = options.now ?? Date.now;
  const live = new Map<string, LiveActor>();
  const listeners = new Set<() => void>();
  let recorder = options.recorder instanceof Promise ? null : (options.recorder ?? null);
  let queue: InspectionEvent[] | null = options.recorder instanceof Promise ? [] : null;
  let version = 0;
  let notifying = false;

  const changed = () => {
    version++;
    if (notifying || listeners.size === 0) return;
    notifying = true;
    queueMicrotask(() => {
      notifying = false;
      listeners.forEach((l) => l());
    });
  };
  if (options.recorder instanceof Promise)
    void options.recorder.then((loaded) => {
      recorder = loaded;
      queue?.forEach((ev) => loaded.record(ev));
      queue = null;
      changed();
    });

  const inspect = (ev: InspectionEvent) => {
    const ref = ev.actorRef as unknown as AnyActorRef & Internal;
    let change = recorder ? recorder.record(ev) : (queue && queue.length < QUEUE_LIMIT && queue.push(ev), false);
    if (ev.type === '@xstate.event' && ev.event.type === 'xstate.init') {
      // listed once started: the copy React's strict mode creates and drops never is
      live.set(ref.sessionId, {
        id: ref.sessionId,
        name: ref.id,
        machineId: ref.logic.root && typeof ref.logic.id === 'string' ? ref.logic.id : null,
        parentId: ref._parent?.sessionId ?? null,
        ref,
        startedAt: now(),
        value: null,
      });
      change = true;
    } else if (ev.type === '@xstate.snapshot') {
      const actor = live.get(ref.sessionId);
      const snapshot = ev.snapshot as { status: string; value?: unknown };
      if (actor) {
        if (actor.machineId) actor.value = snapshot.value;
        if (snapshot.status !== 'active') live.delete(ref.sessionId);
        change = true;
      }
    }
    if (change) changed();
  };

  return {
    inspect,
    recording: options.recorder !== undefined,
    actors: () => [...live.values()],
    log: () => recorder?.log() ?? [],
    clearLog: () => {
      recorder?.clear();
      changed();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    version: () => version,
    exportLog: (page = typeof location === 'undefined' ? '' : location.pathname, steps) =>
      recorder?.export(page, steps) ?? { format: 'tpp-inspection-log', version: 1, recordedAt: '', page, steps: [] },
  };
}

const FLAG = 'tpp.inspect';

/** Recording is on in development builds, and in a tab that opened a page with `?inspect` (until `?inspect=off`). */
function recordingWanted(): boolean {
  if (import.meta.env.DEV) return true;
  try {
    const param = new URLSearchParams(location.search).get('inspect');
    if (param === 'off') sessionStorage.removeItem(FLAG);
    else if (param !== null) sessionStorage.setItem(FLAG, '1');
    return sessionStorage.getItem(FLAG) === '1';
  } catch {
    // no location or storage (tests, locked-down browsers): not recording
    return false;
  }
}

let attach: (recorder: Recorder) => void = () => {};

/** The tab's registry; while recording, what happens waits for `attachRecorder`. */
export const inspection: InspectionRegistry = createInspectionRegistry(
  recordingWanted() ? { recorder: new Promise<Recorder>((resolve) => (attach = resolve)) } : {},
);

/** Hands the registry its recorder (app.tsx loads it while recording). */
export const attachRecorder = (recorder: Recorder) => attach(recorder);

/** Pass as `inspect` in `useActorRef(machine, { inspect })` / `createActor(machine, { inspect })`. */
export const inspect = inspection.inspect;
