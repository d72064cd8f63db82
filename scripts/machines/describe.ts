/**
 * Reads an XState v5 machine definition (its state nodes, not its source text) into plain rows: states,
 * transitions, guards, actions, delays and invoked actors, with the labels the docs show. `render.ts` turns these
 * into Markdown and Mermaid. Everything here is computed from the machine, so the docs cannot drift from it.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { noSourceDocs, type SourceDocs } from './source-docs';

export interface StateRow {
  readonly node: AnyStateNode;
  /** Dotted path from the root (`visible`, `form.editing`); `(machine)` for the root. */
  readonly path: string;
  readonly type: AnyStateNode['type'];
  readonly description?: string;
  readonly tags: readonly string[];
  readonly entry: readonly string[];
  readonly exit: readonly string[];
  readonly invokes: readonly InvokeRow[];
}

export interface InvokeRow {
  readonly id: string;
  readonly src: string;
  /** Path of the state that invokes it. */
  readonly state: string;
}

export type TransitionKind = 'event' | 'done' | 'error' | 'snapshot' | 'stateDone' | 'after' | 'always';

export interface TransitionRow {
  readonly source: AnyStateNode;
  readonly targets: readonly AnyStateNode[];
  readonly kind: TransitionKind;
  /** What triggers it, as shown: `request.started`, `done: load`, `after 200ms (throttle)`, `always`. */
  readonly trigger: string;
  readonly guard?: string;
  /** The guard as configured, to find the named guards inside `and`/`or`/`not`. */
  readonly rawGuard?: unknown;
  readonly actions: readonly string[];
  readonly reenter: boolean;
  /** Position among the candidates for the same trigger in the same state: the first whose guard passes wins. */
  readonly order: number;
}

export interface DelayRow {
  readonly name: string;
  /** Milliseconds when known without running the machine. */
  readonly ms?: number;
  readonly description?: string;
  readonly usedBy: readonly string[];
}

export interface NamedRow {
  readonly name: string;
  readonly description?: string;
  readonly usedBy: readonly string[];
}

export interface MachineDescription {
  readonly machine: AnyStateMachine;
  readonly id: string;
  readonly description?: string;
  readonly states: readonly StateRow[];
  readonly transitions: readonly TransitionRow[];
  readonly guards: readonly NamedRow[];
  readonly actions: readonly NamedRow[];
  readonly delays: readonly DelayRow[];
  readonly invokes: readonly InvokeRow[];
}

/** Names a config function gets from the property it is written in: an inline function, not a named one. */
const CONFIG_KEYS = new Set(['', 'actions', 'guard', 'entry', 'exit', 'anonymous']);

/** XState's own action creators: shown in the transitions, not listed as the machine's actions. */
const BUILT_IN_ACTIONS = new Set([
  'assign',
  'raise',
  'sendTo',
  'sendParent',
  'log',
  'emit',
  'cancel',
  'enqueueActions',
  'spawnChild',
  'stopChild',
]);

const toArray = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? (value as readonly T[]) : [value as T];

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function statePath(node: AnyStateNode): string {
  return node.path.length === 0 ? '(machine)' : node.path.join('.');
}

/** An action as the docs name it: its name in `setup`, `assign(key, ...)`, a built-in's name, or `inline`. */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const fn = action as { name: string; assignment?: unknown; resolve?: unknown };
    if (fn.name === 'assign' && fn.resolve) {
      const assignment = fn.assignment;
      return assignment && typeof assignment === 'object' ? `assign(${Object.keys(assignment).join(', ')})` : 'assign';
    }
    return CONFIG_KEYS.has(fn.name) ? 'inline' : fn.name;
  }
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type);
  return 'inline';
}

/** A guard as the docs name it: its name in `setup`, `and(a, b)` / `or(...)` / `not(a)`, or `inline`. */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { name: string; check?: unknown; guards?: readonly unknown[] };
    if (fn.check && fn.guards && ['and', 'or', 'not'].includes(fn.name))
      return `${fn.name}(${fn.guards.map(guardName).join(', ')})`;
    return CONFIG_KEYS.has(fn.name) ? 'inline' : fn.name;
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

/** Every guard name a guard uses (the parts of `and`/`or`/`not`). */
function guardNames(guard: unknown): string[] {
  if (typeof guard === 'function') {
    const fn = guard as { check?: unknown; guards?: readonly unknown[] };
    if (fn.check && fn.guards) return fn.guards.flatMap(guardNames);
  }
  return [guardName(guard)];
}

/** All state nodes, root first, in document order. */
function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return nodes;
}

function delayMs(machine: AnyStateMachine, delay: string | number): number | undefined {
  if (typeof delay === 'number') return delay;
  const value: unknown = (machine.implementations.delays as Record<string, unknown>)[delay];
  return typeof value === 'number' ? value : undefined;
}

function triggerOf(machine: AnyStateMachine, node: AnyStateNode, eventType: string, delay: unknown) {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return { kind: actor[1] as 'done' | 'error', trigger: `${actor[1]}: ${actor[2]}` };
  if (eventType.startsWith('xstate.snapshot.'))
    return { kind: 'snapshot' as const, trigger: `snapshot: ${eventType.slice('xstate.snapshot.'.length)}` };
  if (eventType === `xstate.done.state.${node.id}`) return { kind: 'stateDone' as const, trigger: 'done' };
  if (eventType.startsWith('xstate.after.') && (typeof delay === 'number' || typeof delay === 'string')) {
    const ms = delayMs(machine, delay);
    const trigger =
      typeof delay === 'number' ? `after ${delay}ms` : ms === undefined ? `after ${delay}` : `after ${ms}ms (${delay})`;
    return { kind: 'after' as const, trigger };
  }
  return { kind: 'event' as const, trigger: eventType };
}

/** Reads the machine's definition into the rows its docs show; `docs` adds the JSDoc of its source. */
export function describeMachine(machine: AnyStateMachine, docs: SourceDocs = noSourceDocs): MachineDescription {
  const nodes = allNodes(machine);
  const rootDescription = machine.root.description ?? docs.machine;

  const states: StateRow[] = nodes.map((node) => {
    const path = statePath(node);
    return {
      node,
      path,
      type: node.type,
      ...(node.description ? { description: node.description } : {}),
      tags: [...node.tags].sort(byName),
      // the config, not `node.entry`: xstate adds its own raise/cancel actions there for `after` timers
      entry: toArray(node.config.entry).map(actionName),
      exit: toArray(node.config.exit).map(actionName),
      invokes: node.invoke.map((inv) => ({
        id: inv.id,
        // logic given inline (not by its name in `setup`) is named `xstate.invoke.<n>` by xstate
        src: typeof inv.src === 'string' && !inv.src.startsWith('xstate.invoke.') ? inv.src : 'inline',
        state: path,
      })),
    };
  });

  const transitions: TransitionRow[] = [];
  for (const node of nodes) {
    for (const [eventType, candidates] of node.transitions) {
      candidates.forEach((t, order) => {
        transitions.push({
          source: node,
          targets: t.target ?? [],
          ...triggerOf(machine, node, eventType, (t as { delay?: unknown }).delay),
          ...(t.guard ? { guard: guardName(t.guard), rawGuard: t.guard } : {}),
          actions: t.actions.map(actionName),
          reenter: t.reenter,
          order,
        });
      });
    }
    (node.always ?? []).forEach((t, order) => {
      transitions.push({
        source: node,
        targets: t.target ?? [],
        kind: 'always',
        trigger: 'always',
        ...(t.guard ? { guard: guardName(t.guard), rawGuard: t.guard } : {}),
        actions: t.actions.map(actionName),
        reenter: t.reenter,
        order,
      });
    });
  }

  const where = (t: TransitionRow) => `${statePath(t.source)}: ${t.trigger}`;
  // where each guard, action and delay is used, by kind and name
  const uses = new Map<'guards' | 'actions' | 'delays', Map<string, Set<string>>>([
    ['guards', new Map()],
    ['actions', new Map()],
    ['delays', new Map()],
  ]);
  const use = (kind: 'guards' | 'actions' | 'delays', name: string, at: string) => {
    const byKind = uses.get(kind)!;
    if (!byKind.has(name)) byKind.set(name, new Set());
    byKind.get(name)!.add(at);
  };
  for (const t of transitions) {
    if (t.guard) for (const g of guardNames(t.rawGuard)) use('guards', g, where(t));
    for (const a of t.actions) use('actions', a.replace(/\(.*$/, ''), where(t));
  }
  for (const s of states) {
    for (const a of s.entry) use('actions', a.replace(/\(.*$/, ''), `${s.path}: entry`);
    for (const a of s.exit) use('actions', a.replace(/\(.*$/, ''), `${s.path}: exit`);
  }
  for (const node of nodes)
    for (const t of node.after) use('delays', String((t as { delay: unknown }).delay), statePath(node));

  const named = (kind: 'guards' | 'actions', declared: readonly string[]): NamedRow[] => {
    const byKind = uses.get(kind)!;
    const names = new Set([...declared, ...byKind.keys()].filter((n) => n !== 'inline' && !n.startsWith('xstate.')));
    return [...names].sort(byName).map((name) => ({
      name,
      ...(docs[kind][name] ? { description: docs[kind][name] } : {}),
      usedBy: [...(byKind.get(name) ?? [])].sort(byName),
    }));
  };

  const delayNames = new Set([...Object.keys(machine.implementations.delays), ...uses.get('delays')!.keys()]);
  const delays: DelayRow[] = [...delayNames].sort(byName).map((name) => {
    const ms = delayMs(machine, Number.isNaN(Number(name)) ? name : Number(name));
    return {
      name,
      ...(ms === undefined ? {} : { ms }),
      ...(docs.delays[name] ? { description: docs.delays[name] } : {}),
      usedBy: [...(uses.get('delays')!.get(name) ?? [])].sort(byName),
    };
  });

  return {
    machine,
    id: machine.id,
    ...(rootDescription ? { description: rootDescription } : {}),
    states,
    transitions,
    guards: named('guards', Object.keys(machine.implementations.guards)),
    actions: named('actions', Object.keys(machine.implementations.actions)).filter(
      (a) => !(BUILT_IN_ACTIONS.has(a.name) && !(a.name in machine.implementations.actions)),
    ),
    delays,
    invokes: states.flatMap((s) => s.invokes),
  };
}
