/**
 * A machine's state value (`{ ready: { results: 'showing', counts: 'loaded' } }`) as the machines page and the
 * inspector show it: the active state paths, a short text, and the ids of the diagram's boxes to light up.
 */
import type { StatechartLayout } from './statechart-layout';

/** Every active state path of a value, parents included: `[['ready'], ['ready', 'results'], …]`. */
export function activePaths(value: unknown): string[][] {
  if (typeof value === 'string') return [[value]];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, sub]) => [
    [key],
    ...activePaths(sub).map((path) => [key, ...path]),
  ]);
}

/** The deepest active states as dotted paths: `ready.results.showing, ready.counts.loaded`. */
export function formatStateValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  const paths = activePaths(value).map((p) => p.join('.'));
  return paths.filter((p) => !paths.some((other) => other.startsWith(`${p}.`))).join(', ');
}

/** Ids of the layout's boxes that a value makes active, the machine's own box included. */
export function activeStateIds(layout: StatechartLayout, value: unknown): Set<string> {
  const byPath = new Map(layout.states.map((s) => [s.path.join('.'), s.id]));
  const ids = new Set<string>();
  if (value === null || value === undefined) return ids;
  ids.add(byPath.get('')!);
  for (const path of activePaths(value)) {
    const id = byPath.get(path.join('.'));
    if (id) ids.add(id);
  }
  return ids;
}
