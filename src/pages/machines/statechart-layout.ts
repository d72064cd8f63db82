/**
 * The contract between the layout generator (scripts/machines/layout.ts, run by `npm run machines:docs` in Node,
 * where ELK lives) and the machines page, which only draws: every box, arrow and label already has its place.
 * docs/machines/<machine>.layout.json holds one `StatechartLayout`; docs/machines/machines.json the `MachineIndex`.
 * Coordinates are absolute pixels of the diagram, origin top left.
 */

/** Bumped when the shape below changes, so a page never draws a layout it does not understand. */
export const LAYOUT_VERSION = 2;

/** Diagram fonts: the generator sizes boxes for them, the page draws with them. */
export const DIAGRAM_FONT = {
  /** State names. */
  title: { size: 14, weight: 700 },
  /** Event labels, guards, internal transitions, invoked actors: code-like names, in a monospace face. */
  code: { size: 12, lineHeight: 16 },
} as const;

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** What triggers a transition: an event sent to the machine, an invoked actor finishing, a timer, or nothing. */
export type TriggerKind = 'event' | 'done' | 'error' | 'snapshot' | 'stateDone' | 'after' | 'always';

/** A transition drawn inside its state (it changes no state: UML's internal transitions compartment). */
export interface InternalTransition {
  /** `tab.selected`, `after 200ms`, `done: loadPage`. */
  readonly trigger: string;
  readonly kind: TriggerKind;
  /** `isValid`, `and(a, b)`; `else` when it is taken because the candidates before it failed. */
  readonly guard?: string;
  readonly actions: readonly string[];
}

export interface StateBox {
  /** XState's state node id (`findWork.ready.results`); the root is the machine's id. */
  readonly id: string;
  /** Path from the root: `[]` for the machine itself, `['ready', 'results']`. */
  readonly path: readonly string[];
  /** The last part of the path, or the machine's id for the root. */
  readonly name: string;
  readonly kind: StateKind;
  /** Id of the enclosing state; null for the root. */
  readonly parent: string | null;
  /** A region of a parallel state (drawn dashed, side by side with its sibling regions). */
  readonly region: boolean;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Height of the header (name, tags, invokes, internal transitions) at the top of the box. */
  readonly header: number;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly entry: readonly string[];
  readonly exit: readonly string[];
  /** Actors invoked while in this state (their `src`). */
  readonly invokes: readonly string[];
  readonly internal: readonly InternalTransition[];
}

/** The filled dot from which a compound state's initial transition starts. */
export interface InitialMarker {
  readonly id: string;
  /** The compound state it belongs to. */
  readonly parent: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Arrow {
  readonly id: string;
  /** A state id, or an initial marker's id for `kind: 'initial'`. */
  readonly source: string;
  readonly target: string;
  readonly kind: TriggerKind | 'initial';
  /** What the label's first line says: `search.submitted`, `after 300ms (debounce)`, `done: loadPage`, `always`. */
  readonly trigger: string;
  readonly guard?: string;
  readonly actions: readonly string[];
  /** The transition re-enters its own state (exit and entry actions run again). */
  readonly reenter: boolean;
  /** From the start point through the bends to the end point (at the target's border). */
  readonly points: readonly Point[];
  readonly label?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

export interface StatechartLayout {
  readonly version: typeof LAYOUT_VERSION;
  readonly generated: string;
  readonly machine: string;
  /** The machine's whole description (the index has its first sentence only). */
  readonly description?: string;
  readonly width: number;
  readonly height: number;
  /** Parents before their children, in the machine's document order. */
  readonly states: readonly StateBox[];
  readonly initials: readonly InitialMarker[];
  readonly arrows: readonly Arrow[];
}

export interface MachineIndexEntry {
  readonly id: string;
  /** `find-work`: the layout is docs/machines/<slug>.layout.json, the Markdown page <slug>.md. */
  readonly slug: string;
  /**
   * The first sentence of the machine's description: what the list shows. The whole text is in its layout, loaded
   * with the diagram, so that the list does not carry every machine's full description.
   */
  readonly summary?: string;
  /** Repository path of the machine's module. */
  readonly file: string;
  /** How a factory was called to get the drawn instance, when the machine comes from one. */
  readonly instance?: string;
  readonly states: number;
  readonly transitions: number;
  /**
   * Its state paths, sorted, joined by spaces: how a running instance of a factory's machine (ids chosen by its
   * caller: `badgeCounters` from `createRequestMachine`) is matched to the drawn one (see `shapeOf`).
   */
  readonly shape: string;
}

export interface MachineIndex {
  readonly version: typeof LAYOUT_VERSION;
  readonly generated: string;
  readonly machines: readonly MachineIndexEntry[];
}

/** The first sentence of a description, on one line: a machine's summary. */
export const firstSentence = (text: string | undefined): string => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  const end = flat.search(/\.(\s|$)/);
  return end >= 0 ? flat.slice(0, end + 1) : flat;
};

/** The label lines of an arrow as drawn: the trigger, then the guard in brackets. */
export const labelLines = (a: Pick<Arrow, 'trigger' | 'guard'>): string[] =>
  a.guard ? [a.trigger, `[${a.guard}]`] : [a.trigger];

/** An internal transition as its state's box lists it: `tab.selected [noSearchYet]` (its actions: in the details). */
export const internalLine = (t: InternalTransition): string => `${t.trigger}${t.guard ? ` [${t.guard}]` : ''}`;

/** The `shape` of a machine from its state nodes, as the index records it. */
export function shapeOf(root: { readonly states: Readonly<Record<string, unknown>> }): string {
  const paths: string[] = [];
  const visit = (node: { readonly states: Readonly<Record<string, unknown>> }, prefix: string) => {
    for (const [key, child] of Object.entries(node.states)) {
      paths.push(prefix + key);
      visit(child as typeof node, `${prefix}${key}.`);
    }
  };
  visit(root, '');
  return paths.sort().join(' ');
}
