import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { vehiclesMachine } from '@/machines/vehicles/vehicles.machine';
import {
  hasPendingReview,
  vehicleFormOpen,
  vehicleRemoval,
  vehiclesLoadFailure,
} from '@/machines/vehicles/vehicles.selectors';
import type { VehiclesNotice } from '@/machines/vehicles/vehicles.types';
import { VEHICLE_IN_USE } from '@/schemas/fleet';
import type { ProviderVehicle } from '@/schemas/vehicle';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';
import { fleetVehicle } from './fleet-fixtures';

type Snap = SnapshotFrom<typeof vehiclesMachine>;

const approved = fleetVehicle(11, 'AB12 CDE', 'APPROVED');
const pending = fleetVehicle(12, 'CD34 EFG', 'PENDING');
const added = fleetVehicle(13, 'EF56 GHJ', 'PENDING');
const edited: ProviderVehicle = { ...approved, seats: 2 };
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'ts/public/v1/vehicles' });
const inUse = new HttpError({ status: 409, message: VEHICLE_IN_USE, errors: {}, code: null, url: 'vehicles/12' });

/** The list read, failed and retried; add and edit through the form; remove, cancelled, refused and done. */
const events = (s: Snap): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadVehicles', output: [approved, pending] },
  { type: 'xstate.error.actor.loadVehicles', error: offline },
  { type: 'vehicles.retried' },
  { type: 'vehicle.addOpened' },
  { type: 'vehicle.editOpened', id: approved.id },
  { type: 'vehicle.saved', vehicle: s.context.editing ? edited : added },
  { type: 'vehicle.formClosed' },
  { type: 'vehicle.removeOpened', id: pending.id },
  { type: 'removal.confirmed' },
  { type: 'removal.cancelled' },
  { type: 'xstate.done.actor.removeVehicle', output: { ...pending, deletedAt: '2026-11-20T10:00:00.000Z' } },
  { type: 'xstate.error.actor.removeVehicle', error: inUse },
];

const SIZE = { states: 7, transitions: 12 };
const coverage = new Coverage(vehiclesMachine);

describe('my vehicles', () => {
  const paths = getShortestPaths(vehiclesMachine, { events, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      vehiclesMachine,
      path,
      {
        promiseActors: ['loadVehicles', 'removeVehicle'],
        actions: ['notify'],
        check: (snap, step, record) => {
          const notices = record.actions.map((a) => a.params as VehiclesNotice);
          const last = notices.at(-1);
          switch (step.event.type) {
            case 'xstate.error.actor.loadVehicles':
              expect(vehiclesLoadFailure(snap)?.kind).toBe('offline');
              break;
            case 'vehicle.saved':
              expect(last?.tone).toBe('success');
              expect(
                snap.context.vehicles.filter((v) => v.id === (snap.context.vehicles.at(-1)?.id ?? 0)),
              ).toHaveLength(1);
              break;
            case 'xstate.done.actor.removeVehicle':
              expect(last).toMatchObject({ tone: 'success', messageId: 'vehicles.toast.removed' });
              expect(snap.context.vehicles.map((v) => v.id)).not.toContain(pending.id);
              break;
            case 'xstate.error.actor.removeVehicle':
              // the server's reason is the toast's text, and the vehicle stays listed
              expect(last).toMatchObject({ tone: 'danger', failure: { kind: 'refused', message: VEHICLE_IN_USE } });
              expect(snap.context.vehicles.map((v) => v.id)).toContain(pending.id);
              break;
          }
          if (step.event.type === 'vehicle.formClosed' || step.event.type === 'removal.cancelled')
            expect(notices.filter((n) => n.tone === 'danger')).toEqual([]);
          if (snap.matches({ loaded: 'editing' })) expect(vehicleFormOpen(snap)).not.toBeNull();
          if (snap.matches({ loaded: 'confirmingRemoval' })) expect(vehicleRemoval(snap)?.vehicle?.id).toBe(pending.id);
        },
      },
      coverage,
    );
  });

  it('says the team reviews a pending vehicle, and edits in place rather than adding', () => {
    const edit = paths.find(
      (p) =>
        p.steps.some((s) => s.event.type === 'vehicle.editOpened') &&
        p.state.matches({ loaded: 'idle' }) &&
        p.state.context.vehicles.some((v) => v.seats === 2),
    );
    expect(edit?.state.context.vehicles.map((v) => v.id)).toEqual([approved.id, pending.id]);
    expect(hasPendingReview(edit!.state)).toBe(true);
  });
});

afterAll(() => coverage.expectComplete(SIZE));
