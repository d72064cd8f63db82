import { useSyncExternalStore } from 'react';
import { inspection, type LiveActor } from '@/src/app/inspection';
import { shapeOf, type MachineIndexEntry } from './statechart-layout';

/** The machine actors running in this tab, re-read whenever one starts, stops or changes state. */
export function useLiveMachines(): LiveActor[] {
  useSyncExternalStore(inspection.subscribe, inspection.version);
  return inspection.actors().filter((a) => a.machineId !== null);
}

/** How an actor is told apart from others of its machine: its place among them (`findWork`, `placeLookup 2`). */
export function actorLabel(actor: LiveActor, all: readonly LiveActor[]): string {
  const same = all.filter((a) => a.machineId === actor.machineId);
  return same.length > 1 ? `${actor.machineId} ${same.indexOf(actor) + 1}` : actor.machineId!;
}

/**
 * The drawn machine a running actor runs: the one of its id, else the one of its shape (a factory's instance is
 * named by its caller: the dashboard's `dashboard` is a `request` machine).
 */
export function entryOf(actor: LiveActor, machines: readonly MachineIndexEntry[]): MachineIndexEntry | undefined {
  const byId = machines.find((m) => m.id === actor.machineId);
  if (byId) return byId;
  const root = (actor.ref as unknown as { logic?: { root?: { states: Record<string, unknown> } } }).logic?.root;
  if (!root) return undefined;
  const shape = shapeOf(root);
  return machines.find((m) => m.shape === shape);
}
