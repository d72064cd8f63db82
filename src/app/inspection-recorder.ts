/**
 * The event log of the inspector (src/app/inspection.ts loads this only while recording): each event a machine
 * processed, with the state before and after, the transitions it took and the actions it ran, the most recent
 * `limit` of them. Built from XState's inspection events, in the order they come: an actor's microsteps and actions
 * arrive while it processes an event, then its snapshot closes the step.
 */
import type { AnyEventObject, InspectionEvent } from 'xstate';
import type { LoggedStep, Recorder } from './inspection';

/** Keys whose text values a copied log or the inspector never shows: a log is pasted into issues and chats. */
const SECRET = /token|password|secret/i;

/**
 * A value as JSON sees it: errors keep their name, message and own fields; cycles and functions are dropped; with
 * `redact`, the text of secret-looking keys (tokens, passwords) becomes `[redacted]`.
 */
export function toJsonSafe<T>(value: T, options: { redact?: boolean } = {}): T {
  // the objects from the root to the one being written: a value among them is a cycle (a value seen twice is not)
  const ancestors: unknown[] = [];
  return JSON.parse(
    JSON.stringify(value, function (this: unknown, key, v: unknown) {
      if (typeof v === 'bigint') return v.toString();
      if (options.redact && typeof v === 'string' && SECRET.test(key)) return '[redacted]';
      if (v instanceof Error) v = { ...v, name: v.name, message: v.message };
      if (!v || typeof v !== 'object') return v;
      while (ancestors.length > 0 && ancestors[ancestors.length - 1] !== this) ancestors.pop();
      if (ancestors.includes(v)) return undefined;
      ancestors.push(v);
      return v;
    }) ?? 'null',
  ) as T;
}

/** The most recent steps kept; older ones are dropped. */
export const LOG_LIMIT = 500;

type Ref = { sessionId: string; logic: { id?: unknown; root?: unknown } };
type Transition = {
  source: { path: string[] };
  target?: ReadonlyArray<{ path: string[] }>;
  actions: readonly unknown[];
};
/** What one actor is doing: its machine, its last state value, and the step it is in the middle of. */
type Running = { machineId: string; value: unknown; transitions: string[]; actions: string[] };

const pathOf = (node: { path: string[] }) => node.path.join('.') || '(machine)';
/**
 * An action of a transition's config by name: `remember`, XState's own by their type (`xstate.assign`), else
 * `inline` (a function's name means nothing once a production build has minified it).
 */
const actionName = (a: unknown) => {
  const type = (a as { type?: unknown } | null)?.type;
  return typeof a === 'string' ? a : typeof type === 'string' ? type : 'inline';
};
/** `idle → searching / remember`: the transition's own actions too, since assignments are never reported as run. */
const describeTransition = (t: Transition) =>
  `${pathOf(t.source)} → ${t.target?.length ? t.target.map(pathOf).join(', ') : '(stays)'}${
    t.actions.length ? ` / ${t.actions.map(actionName).join(', ')}` : ''
  }`;

export function createRecorder(options: { limit?: number; now?: () => number } = {}): Recorder {
  const limit = options.limit ?? LOG_LIMIT;
  const now = options.now ?? Date.now;
  // per actor object: an actor created and dropped without starting (React's strict mode) leaves nothing
  const running = new WeakMap<object, Running>();
  // microsteps come before the start of an actor (its initial state is computed when it is created)
  const early = new WeakMap<object, string[]>();
  // who sent each event object (the same object reaches the snapshot the step ends with)
  const senders = new WeakMap<AnyEventObject, string>();
  let steps: LoggedStep[] = [];
  let seq = 0;

  const record = (ev: InspectionEvent): boolean => {
    const ref = ev.actorRef as unknown as Ref;
    const actor = running.get(ref);
    switch (ev.type) {
      case '@xstate.event':
        if (ev.sourceRef) senders.set(ev.event, (ev.sourceRef as unknown as Ref).sessionId);
        if (ev.event.type === 'xstate.init' && ref.logic.root && typeof ref.logic.id === 'string')
          running.set(ref, { machineId: ref.logic.id, value: null, transitions: early.get(ref) ?? [], actions: [] });
        return false;
      case '@xstate.microstep': {
        const list = actor?.transitions ?? early.get(ref) ?? [];
        if (!actor) early.set(ref, list);
        for (const t of ev._transitions as unknown as Transition[]) list.push(describeTransition(t));
        return false;
      }
      case '@xstate.action':
        actor?.actions.push(ev.action.type);
        return false;
      case '@xstate.snapshot': {
        if (!actor) return false;
        const snapshot = ev.snapshot as { status: string; value?: unknown };
        const step: LoggedStep = {
          seq: ++seq,
          at: now(),
          actorId: ref.sessionId,
          machineId: actor.machineId,
          // a copy as JSON keeps it, so that what the log shows and replays is the event as it was then
          event: toJsonSafe(ev.event, { redact: true }),
          sourceId: senders.get(ev.event) ?? null,
          from: actor.value,
          to: snapshot.value,
          status: snapshot.status,
          transitions: actor.transitions,
          actions: actor.actions,
        };
        // a new array per step: the inspector keeps what it shows by the log's identity (React's memo)
        steps = [...(steps.length >= limit ? steps.slice(steps.length - limit + 1) : steps), step];
        actor.value = snapshot.value;
        actor.transitions = [];
        actor.actions = [];
        early.delete(ref);
        if (snapshot.status !== 'active') running.delete(ref);
        return true;
      }
      default:
        return false;
    }
  };

  return {
    record,
    log: () => steps,
    clear: () => {
      steps = [];
    },
    export: (page, only = steps) => ({
      format: 'tpp-inspection-log',
      version: 1,
      recordedAt: new Date(now()).toISOString(),
      page,
      steps: toJsonSafe(only),
    }),
  };
}
