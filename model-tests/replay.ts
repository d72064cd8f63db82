/**
 * Replays an event log recorded in the browser into the machine, in a test: a bug seen in the browser becomes a
 * failing test in minutes.
 *
 *   1. Open the page with `?inspect` (admins in production; always on in development builds), reproduce the bug,
 *      press "Copy log as JSON" in the inspector (src/app/inspection.ts records it).
 *   2. Save it as model-tests/logs/<what-happened>.json.
 *   3. `replayLog(findWorkMachine, log)` in a test: every event the machine processed in the browser is sent
 *      again, and after each one the machine must be in the state value it was in then.
 *
 * The machine runs for real (guards, assignments, its own actions); what it reaches out to does not: every actor of
 * its `setup` is replaced by one that never answers, and time does not pass (a simulated clock). Their effects come
 * from the log instead: an invoked actor's answer (`xstate.done.actor.*` / `xstate.error.actor.*`, with the output
 * or error as recorded), a timer (`xstate.after.*`), an event a child sent. Recorded values went through JSON, so a
 * guard that needs a class instance (a Temporal date, an Error subclass) sees its plain form; `overrides` can put
 * back what a test needs.
 */
import { expect } from 'vitest';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyStateMachine,
  type SnapshotFrom,
} from 'xstate';
import type { LoggedStep, RecordedLog } from '@/src/app/inspection';

export interface ReplayOptions {
  /** The recorded actor to replay (its session id); by default the first one that ran this machine. */
  readonly actorId?: string;
  /** The machine's input; by default the one its recorded `xstate.init` carried. */
  readonly input?: unknown;
  /** Actors to run instead of the silent fakes (by their name in `setup`). */
  readonly actors?: Readonly<Record<string, AnyActorLogic>>;
  /** Actions to run instead of the machine's own (platform effects that need a browser). */
  readonly actions?: Readonly<Record<string, (...args: never[]) => void>>;
  /** Changes a recorded event before it is sent (put back a class instance, say). */
  readonly overrides?: (event: AnyEventObject, step: LoggedStep) => AnyEventObject;
}

export interface ReplayResult<M extends AnyStateMachine> {
  /** The recorded steps that were replayed, `xstate.init` first. */
  readonly steps: readonly LoggedStep[];
  /** The machine's snapshot after the last one. */
  readonly snapshot: SnapshotFrom<M>;
}

/** Reads a copied log, refusing anything else (a log of another format, a hand-trimmed one without steps). */
export function parseRecordedLog(json: unknown): RecordedLog {
  const log = json as Partial<RecordedLog> | null;
  if (!log || log.format !== 'tpp-inspection-log' || log.version !== 1 || !Array.isArray(log.steps))
    throw new Error('not an inspection log: copy it with the inspector\'s "Copy log as JSON"');
  return log as RecordedLog;
}

/** The steps of one run of one actor: from its last start to its stop. */
export function stepsOf(log: RecordedLog, machineId: string, actorId?: string): LoggedStep[] {
  const id = actorId ?? log.steps.find((s) => s.machineId === machineId && s.event.type === 'xstate.init')?.actorId;
  if (!id) throw new Error(`the log has no run of ${machineId}`);
  const own = log.steps.filter((s) => s.actorId === id);
  if (own[0]?.machineId !== machineId) throw new Error(`actor ${id} ran ${own[0]?.machineId}, not ${machineId}`);
  const start = own.map((s) => s.event.type).lastIndexOf('xstate.init');
  if (start < 0) throw new Error(`the log starts after ${machineId} (${id}) started: copy a longer log`);
  const stop = own.findIndex((s, i) => i > start && s.event.type === 'xstate.stop');
  return own.slice(start, stop < 0 ? undefined : stop);
}

const silent = () => fromPromise<never, unknown>(() => new Promise<never>(() => {}));

/**
 * Sends the recorded events of `machine`'s run again and asserts, after each, the recorded state value and status.
 * Fails on the first step that differs, naming it.
 */
export function replayLog<M extends AnyStateMachine>(
  machine: M,
  log: RecordedLog,
  options: ReplayOptions = {},
): ReplayResult<M> {
  const steps = stepsOf(log, machine.id, options.actorId);
  const [init, ...rest] = steps;
  const fakes = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, silent()]));
  const provided = machine.provide({
    actors: { ...fakes, ...options.actors },
    ...(options.actions ? { actions: options.actions } : {}),
  } as never) as M;
  const input = 'input' in options ? options.input : (init!.event as { input?: unknown }).input;
  const actor = createActor(provided as AnyStateMachine, { input, clock: new SimulatedClock() });
  actor.start();
  const at = (step: LoggedStep, i: number) => `step ${i} (#${step.seq}, ${step.event.type})`;
  expect(actor.getSnapshot().value, at(init!, 0)).toEqual(init!.to);

  rest.forEach((step, i) => {
    const event = options.overrides ? options.overrides(step.event, step) : step.event;
    actor.send(event);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value, at(step, i + 1)).toEqual(step.to);
    expect(snapshot.status, at(step, i + 1)).toBe(step.status);
  });
  const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
  actor.stop();
  return { steps, snapshot };
}
