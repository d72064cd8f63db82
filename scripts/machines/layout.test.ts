import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import type { Arrow, StateBox, StatechartLayout } from '@/src/pages/machines/statechart-layout';
import { describeMachine } from './describe';
import { checkDocs, generateDocs, generateLayouts, writeDocs, type LoadedMachine } from './generate';
import { codeWidth, layoutMachine, titleWidth } from './layout';
import { noSourceDocs } from './source-docs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Each thing the statechart draws: nesting, parallel regions, a final state, guards, delays, invokes, `always`. */
const demo = setup({
  types: {} as { events: { type: 'go' } | { type: 'stop' } | { type: 'toggle' } | { type: 'ping' } },
  actors: { fetchThing: fromPromise(async () => 1) },
  guards: { isReady: () => true },
  delays: { retryAfter: 200, later: () => 1000 },
  actions: { log: () => {} },
}).createMachine({
  id: 'demo',
  initial: 'idle',
  on: { ping: { actions: 'log' } },
  states: {
    idle: {
      description: 'Nothing yet',
      tags: ['calm'],
      on: {
        go: [
          { guard: 'isReady', target: 'working' },
          { target: 'idle', reenter: true },
        ],
      },
    },
    working: {
      type: 'parallel',
      on: { stop: { target: 'idle', actions: 'log' } },
      onDone: 'finished',
      states: {
        fetch: {
          initial: 'loading',
          states: {
            loading: { invoke: { id: 'fetch', src: 'fetchThing', onDone: 'loaded', onError: 'broken' } },
            broken: { after: { retryAfter: 'loading' } },
            loaded: { type: 'final' },
          },
        },
        light: {
          initial: 'off',
          states: {
            off: { on: { toggle: 'lit' } },
            lit: {
              on: { toggle: { guard: 'isReady', actions: 'log' } },
              always: { guard: 'isReady', target: 'off' },
              after: { later: 'off' },
            },
          },
        },
      },
    },
    finished: { type: 'final' },
  },
});

const byPath = (layout: StatechartLayout, path: string) => layout.states.find((s) => s.path.join('.') === path)!;
const arrowsFrom = (layout: StatechartLayout, path: string) =>
  layout.arrows.filter((a) => a.source === byPath(layout, path).id);
const inside = (inner: StateBox, outer: StateBox) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;
const onBorder = (p: { x: number; y: number }, b: StateBox) =>
  p.x >= b.x - 1 &&
  p.x <= b.x + b.width + 1 &&
  p.y >= b.y - 1 &&
  p.y <= b.y + b.height + 1 &&
  [p.x - b.x, b.x + b.width - p.x, p.y - b.y, b.y + b.height - p.y].some((d) => Math.abs(d) < 1.5);

describe('statechart layout (ELK, at docs time)', async () => {
  const layout = await layoutMachine(describeMachine(demo));

  it('has a box for the machine and every state, nested ones inside their parents', () => {
    expect(layout.states.map((s) => [s.path.join('.') || '(machine)', s.kind, s.region])).toEqual([
      ['(machine)', 'compound', false],
      ['idle', 'atomic', false],
      ['working', 'parallel', false],
      ['working.fetch', 'compound', true],
      ['working.fetch.loading', 'atomic', false],
      ['working.fetch.broken', 'atomic', false],
      ['working.fetch.loaded', 'final', false],
      ['working.light', 'compound', true],
      ['working.light.off', 'atomic', false],
      ['working.light.lit', 'atomic', false],
      ['finished', 'final', false],
    ]);
    for (const box of layout.states.filter((s) => s.parent))
      expect(
        inside(
          box,
          layout.states.find((s) => s.id === box.parent)!,
        ),
        box.id,
      ).toBe(true);
    expect(layout.width).toBeGreaterThanOrEqual(layout.states[0]!.x + layout.states[0]!.width);
  });

  it('lays the regions of a parallel state apart, without overlapping', () => {
    const [a, b] = [byPath(layout, 'working.fetch'), byPath(layout, 'working.light')];
    const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart).toBe(true);
  });

  it('marks where the machine and each compound state start, but not a parallel state (all regions start)', () => {
    expect(layout.initials.map((m) => m.parent)).toEqual(['demo', 'demo.working.fetch', 'demo.working.light']);
    const initialArrows = layout.arrows.filter((a) => a.kind === 'initial').map((a) => [a.source, a.target]);
    expect(initialArrows).toEqual([
      ['demo#initial', 'demo.idle'],
      ['demo.working.fetch#initial', 'demo.working.fetch.loading'],
      ['demo.working.light#initial', 'demo.working.light.off'],
    ]);
  });

  it('labels transitions with their event, guard and delay', () => {
    const label = (a: Arrow) => [a.kind, a.trigger, a.guard ?? null];
    expect(arrowsFrom(layout, 'idle').map(label)).toEqual([
      ['event', 'go', 'isReady'],
      ['event', 'go', 'else'],
    ]);
    expect(arrowsFrom(layout, 'idle')[1]).toMatchObject({ target: 'demo.idle', reenter: true });
    expect(arrowsFrom(layout, 'working.fetch.loading').map(label)).toEqual([
      ['done', 'done: fetch', null],
      ['error', 'error: fetch', null],
    ]);
    expect(arrowsFrom(layout, 'working.fetch.broken').map(label)).toEqual([
      ['after', 'after 200ms (retryAfter)', null],
    ]);
    expect(arrowsFrom(layout, 'working.light.lit').map(label)).toEqual([
      ['after', 'after later', null],
      ['always', 'always', 'isReady'],
    ]);
    expect(arrowsFrom(layout, 'working').map(label)).toEqual([
      ['event', 'stop', null],
      ['stateDone', 'done', null],
    ]);
    expect(arrowsFrom(layout, 'working')[0]!.actions).toEqual(['log']);
  });

  it('writes transitions that change no state inside their state, and sizes the box for them', () => {
    const lit = byPath(layout, 'working.light.lit');
    expect(lit.internal).toEqual([{ trigger: 'toggle', kind: 'event', guard: 'isReady', actions: ['log'] }]);
    expect(lit.width).toBeGreaterThanOrEqual(codeWidth('toggle [isReady]'));
    expect(layout.states[0]!.internal).toEqual([{ trigger: 'ping', kind: 'event', actions: ['log'] }]);
  });

  it('keeps descriptions, tags and invoked actors for the page', () => {
    expect(byPath(layout, 'idle')).toMatchObject({ description: 'Nothing yet', tags: ['calm'] });
    expect(byPath(layout, 'working.fetch.loading').invokes).toEqual(['fetchThing']);
    expect(byPath(layout, 'idle').width).toBeGreaterThanOrEqual(titleWidth('idle'));
  });

  it('routes every arrow from its source to its target, with room for its label', () => {
    for (const arrow of layout.arrows) {
      expect(arrow.points.length, arrow.id).toBeGreaterThanOrEqual(2);
      const target = layout.states.find((s) => s.id === arrow.target)!;
      expect(onBorder(arrow.points.at(-1)!, target), `${arrow.id} ends at ${arrow.target}`).toBe(true);
      if (arrow.kind !== 'initial') {
        const lines = arrow.guard ? [arrow.trigger, `[${arrow.guard}]`] : [arrow.trigger];
        expect(arrow.label!.width).toBeGreaterThanOrEqual(Math.max(...lines.map((l) => codeWidth(l))));
      }
    }
  });

  it('gives the same layout for the same machine', async () => {
    expect(JSON.stringify(await layoutMachine(describeMachine(demo)))).toBe(JSON.stringify(layout));
  });
});

describe('machines:docs --check covers the layouts', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  const loaded = (id: string): LoadedMachine => ({
    machine: id === 'demo' ? demo : setup({}).createMachine({ id, initial: 'a', states: { a: {} } }),
    source: { file: `machines/${id}/${id}.machine.ts`, exportName: `${id}Machine` },
    docs: noSourceDocs,
  });

  it('writes one layout per machine and the page index, and reports a stale or left-over layout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'machines-layouts-'));
    dirs.push(dir);
    const machines = [loaded('demo'), loaded('lamp')];
    const files = new Map([...generateDocs(machines), ...(await generateLayouts(machines, root))]);
    expect([...files.keys()].filter((f) => f.endsWith('.json'))).toEqual([
      'demo.layout.json',
      'lamp.layout.json',
      'machines.json',
    ]);
    expect(JSON.parse(files.get('machines.json')!).machines).toEqual([
      expect.objectContaining({ id: 'demo', slug: 'demo', states: 10, file: 'machines/demo/demo.machine.ts' }),
      expect.objectContaining({ id: 'lamp', slug: 'lamp', states: 1, shape: 'a' }),
    ]);
    writeDocs(dir, files);
    expect(checkDocs(dir, files)).toEqual({ missing: [], stale: [], orphaned: [] });

    // the machine changed but its layout was not regenerated; a machine is gone
    const path = join(dir, 'demo.layout.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('retryAfter', 'retryLater'));
    const now = new Map([...generateDocs([loaded('demo')]), ...(await generateLayouts([loaded('demo')], root))]);
    expect(checkDocs(dir, now)).toEqual({
      missing: [],
      stale: ['README.md', 'demo.layout.json', 'machines.json'],
      orphaned: ['lamp.layout.json', 'lamp.md'],
    });
  });
});
