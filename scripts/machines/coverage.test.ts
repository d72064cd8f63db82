import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import type { CoverageRecord } from '@/model-tests/model-harness';
import { coverageRows, isComplete, machineShape, mergeRecords, renderCoverageTable } from './coverage';

/** Like a factory's machine: its id is its caller's choice, and an event shares its first word. */
const door = (id: string) =>
  setup({}).createMachine({
    id,
    initial: 'shut',
    states: {
      shut: { on: { 'door.open': 'open' } },
      open: { on: { 'door.shut': 'shut' }, after: { 1000: 'shut' } },
    },
  });

const record = (id: string, reached: (key: string) => boolean): CoverageRecord => {
  const shape = machineShape(door(id));
  return {
    machine: id,
    ...shape,
    reachedStates: shape.states.filter(reached),
    takenTransitions: shape.transitions.filter(reached),
  };
};

describe('model-test coverage table', () => {
  it('unites what each test file reached of the same machine', () => {
    const [merged] = mergeRecords([
      record('door', (k) => k.startsWith('door.shut')),
      record('door', (k) => k.startsWith('door.open')),
    ]);
    expect(merged?.reachedStates).toEqual(['door.open', 'door.shut']);
    expect(merged?.takenTransitions).toHaveLength(3);
  });

  it("counts a factory's instance under the machine it was made from, whatever its id", () => {
    const [row] = coverageRows([door('door')], [record('frontDoor', () => true)]);
    expect(row).toMatchObject({
      machine: 'door',
      testedAs: ['frontDoor'],
      states: { reached: 2, total: 2 },
      transitions: { taken: 3, total: 3 },
    });
    expect(isComplete(row!)).toBe(true);
  });

  it('shows a machine that no model test runs, and what an incomplete one missed', () => {
    const rows = coverageRows([door('door'), door('gate')], [record('gate', (k) => !k.includes('after'))]);
    expect(rows.map((r) => [r.machine, r.untested, isComplete(r)])).toEqual([
      ['door', true, false],
      ['gate', false, false],
    ]);
    expect(renderCoverageTable(rows).split('\n')).toEqual([
      'machine               states    transitions  ui states  ui transitions',
      '--------------------  --------  -----------  ---------  --------------',
      'door (no model test)  0/2 0%    0/3 0%       not run    not run',
      'gate                  2/2 100%  2/3 66.6%    not run    not run',
      'total                 2/4 50%   2/6 33.3%    not run    not run',
      '',
      'gate missed:',
      '  transition gate.open xstate.after.1000.gate.open #0',
    ]);
  });

  it('puts what the UI-level suites reached beside the unit level, a dash where no UI suite plays the machine', () => {
    const machines = [door('door'), door('gate')];
    const rows = coverageRows(machines, [record('door', () => true), record('gate', () => true)]);
    const ui = coverageRows(machines, [record('gate', (k) => k.startsWith('gate.shut'))]);
    expect(renderCoverageTable(rows, ui).split('\n').slice(2)).toEqual([
      'door     2/2 100%  3/3 100%     -          -',
      'gate     2/2 100%  3/3 100%     1/2 50%    1/3 33.3%',
      'total    4/4 100%  6/6 100%     1/2 50%    1/3 33.3%',
    ]);
  });
});
