/**
 * The model-test coverage table: the JSON lines the harness's `Coverage.report()` writes, merged by machine, matched
 * to the machines under machines/ so that a machine without a model test shows as 0% instead of not at all.
 */
import type { AnyStateMachine } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { CoverageRecord } from '@/model-tests/model-harness';

export interface CoverageRow {
  /** The machine's id under machines/, or the tested id for a machine found only in the tests. */
  readonly machine: string;
  /** Ids the model tests gave it, where they differ (a factory's instances are named by their caller). */
  readonly testedAs: readonly string[];
  readonly states: { readonly reached: number; readonly total: number; readonly missing: readonly string[] };
  readonly transitions: { readonly taken: number; readonly total: number; readonly missing: readonly string[] };
  /** No model test reported this machine. */
  readonly untested: boolean;
}

const union = (lists: readonly (readonly string[])[]) => [...new Set(lists.flat())].sort();

/** Records of the same machine id (one per test file that ran it) as one: what any of them reached. */
export function mergeRecords(records: readonly CoverageRecord[]): CoverageRecord[] {
  const byId = new Map<string, CoverageRecord[]>();
  for (const r of records) byId.set(r.machine, [...(byId.get(r.machine) ?? []), r]);
  return [...byId]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([machine, rs]) => ({
      machine,
      states: union(rs.map((r) => r.states)),
      transitions: union(rs.map((r) => r.transitions)),
      reachedStates: union(rs.map((r) => r.reachedStates)),
      takenTransitions: union(rs.map((r) => r.takenTransitions)),
    }));
}

const relativeId = (machineId: string, stateId: string) =>
  stateId === machineId ? '' : stateId.startsWith(`${machineId}.`) ? stateId.slice(machineId.length) : stateId;

/**
 * A state id or transition key with the machine's id taken out (`badgeCounters.loading` → `.loading`), so that two
 * instances of one factory, named differently, compare equal. Only state ids are touched: in the state the key
 * starts with, and in the event types that name a state (`xstate.after.<delay>.<state>`, `xstate.done.state.<state>`).
 */
function relative(machineId: string, key: string): string {
  const [state = '', event, ...rest] = key.split(' ');
  if (event === undefined) return relativeId(machineId, state);
  const ownEvent = event.replace(
    /^(xstate\.after\.[^.]+\.|xstate\.done\.state\.)(.*)$/,
    (_m, prefix: string, id: string) => prefix + relativeId(machineId, id),
  );
  return [relativeId(machineId, state), ownEvent, ...rest].join(' ');
}

/** The states and transitions of a machine, keyed as the harness keys them (see `Coverage.summary()`). */
export function machineShape(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const nodes = getStateNodes(machine.root);
  const transitions: string[] = [];
  for (const node of nodes) {
    for (const [type, defs] of node.transitions) defs.forEach((_d, i) => transitions.push(`${node.id} ${type} #${i}`));
    (node.always ?? []).forEach((_d, i) => transitions.push(`${node.id} always #${i}`));
  }
  return { states: nodes.filter((n) => n.path.length > 0).map((n) => n.id), transitions };
}

const signature = (machineId: string, shape: { states: readonly string[]; transitions: readonly string[] }) =>
  JSON.stringify([
    shape.states.map((s) => relative(machineId, s)).sort(),
    shape.transitions.map((t) => relative(machineId, t)).sort(),
  ]);

function row(machine: string, testedAs: string[], record: CoverageRecord | undefined, shape?: CoverageRecord) {
  const all = record ?? shape!;
  const reached = new Set(record?.reachedStates ?? []);
  const taken = new Set(record?.takenTransitions ?? []);
  return {
    machine,
    testedAs,
    states: {
      reached: all.states.filter((s) => reached.has(s)).length,
      total: all.states.length,
      missing: all.states.filter((s) => !reached.has(s)),
    },
    transitions: {
      taken: all.transitions.filter((t) => taken.has(t)).length,
      total: all.transitions.length,
      missing: all.transitions.filter((t) => !taken.has(t)),
    },
    untested: record === undefined,
  };
}

/**
 * One row per machine under machines/ (by id), then one per machine that only the tests know. Records are matched to
 * a machine by id, or else by shape (same states and transitions), which finds a factory's instances.
 */
export function coverageRows(machines: readonly AnyStateMachine[], records: readonly CoverageRecord[]): CoverageRow[] {
  const merged = mergeRecords(records);
  const sorted = [...machines].sort((a, b) => (a.id < b.id ? -1 : 1));
  // a record of a machine's own id is that machine's, before any other machine of the same shape may claim it
  const used = new Set<CoverageRecord>(merged.filter((r) => sorted.some((m) => m.id === r.machine)));
  const rows: CoverageRow[] = [];
  for (const machine of sorted) {
    const shape = machineShape(machine);
    const own = signature(machine.id, shape);
    const sameShape = merged.filter((r) => !used.has(r) && signature(r.machine, r) === own);
    sameShape.forEach((r) => used.add(r));
    const matches = [...merged.filter((r) => r.machine === machine.id), ...sameShape];
    const reachedIn = (key: string, pick: (r: CoverageRecord) => readonly string[]) =>
      matches.some((r) => pick(r).some((x) => relative(r.machine, x) === relative(machine.id, key)));
    const asMachine: CoverageRecord | undefined =
      matches.length === 0
        ? undefined
        : {
            machine: machine.id,
            ...shape,
            reachedStates: shape.states.filter((s) => reachedIn(s, (r) => r.reachedStates)),
            takenTransitions: shape.transitions.filter((t) => reachedIn(t, (r) => r.takenTransitions)),
          };
    const testedAs = sameShape.map((r) => r.machine);
    rows.push(
      row(machine.id, testedAs, asMachine, { machine: machine.id, ...shape, reachedStates: [], takenTransitions: [] }),
    );
  }
  for (const r of merged) if (!used.has(r)) rows.push(row(r.machine, [], r));
  return rows;
}

const percent = (n: number, total: number) => (total === 0 ? 100 : Math.floor((n / total) * 1000) / 10);
const ratio = (n: number, total: number) => `${n}/${total} ${percent(n, total)}%`;

export const isComplete = (r: CoverageRow) =>
  !r.untested && r.states.reached === r.states.total && r.transitions.taken === r.transitions.total;

/**
 * The table printed by `npm run model-tests:coverage`, with what each incomplete machine missed beneath it. `ui` is the
 * same matching over the UI-level model suites' records (e2e/ui-model-coverage.ts): its columns show what the paths
 * played in Chromium went through, or a dash for a machine no UI-level suite plays; without it they read "not run".
 * With `level: 'ui'` the rows are the UI-level suites' own, under their titles (`model-tests:coverage --ui-only`).
 */
export function renderCoverageTable(
  rows: readonly CoverageRow[],
  ui?: readonly CoverageRow[],
  { level }: { level?: 'ui' } = {},
): string {
  if (level === 'ui') return table(['machine', 'ui states', 'ui transitions'], rows, () => []);
  const uiCells = (machine: string): string[] => {
    if (!ui) return ['not run', 'not run'];
    const u = ui.find((r) => r.machine === machine);
    return !u || u.untested ? ['-', '-'] : ratios(u);
  };
  const uiTotal = ui ? ratios(sum(ui.filter((r) => !r.untested))) : ['not run', 'not run'];
  return table(['machine', 'states', 'transitions', 'ui states', 'ui transitions'], rows, (r) =>
    r ? uiCells(r.machine) : uiTotal,
  );
}

type Counts = Pick<CoverageRow, 'states' | 'transitions'>;
const ratios = (c: Counts) => [
  ratio(c.states.reached, c.states.total),
  ratio(c.transitions.taken, c.transitions.total),
];
const sum = (rows: readonly Counts[]): Counts =>
  rows.reduce<Counts>(
    (t, r) => ({
      states: { ...t.states, reached: t.states.reached + r.states.reached, total: t.states.total + r.states.total },
      transitions: {
        ...t.transitions,
        taken: t.transitions.taken + r.transitions.taken,
        total: t.transitions.total + r.transitions.total,
      },
    }),
    { states: { reached: 0, total: 0, missing: [] }, transitions: { taken: 0, total: 0, missing: [] } },
  );

/** One row per machine and a total, then what each incomplete machine missed; `extra` adds cells (null: the total). */
function table(
  header: readonly string[],
  rows: readonly CoverageRow[],
  extra: (row: CoverageRow | null) => readonly string[],
): string {
  const body = rows.map((r) => [
    r.machine + (r.testedAs.length ? ` (as ${r.testedAs.join(', ')})` : '') + (r.untested ? ' (no model test)' : ''),
    ...ratios(r),
    ...extra(r),
  ]);
  const all = [header, ...body, ['total', ...ratios(sum(rows)), ...extra(null)]];
  const widths = header.map((_h, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const lines = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line), line(all.at(-1)!)];
  for (const r of rows.filter((x) => !isComplete(x) && !x.untested)) {
    lines.push('', `${r.machine} missed:`);
    lines.push(
      ...r.states.missing.map((s) => `  state ${s}`),
      ...r.transitions.missing.map((t) => `  transition ${t}`),
    );
  }
  return lines.join('\n');
}
