import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { driversMachine } from '@/machines/drivers/drivers.machine';
import { assignableVehicles, assignDialog, deactivateDialog } from '@/machines/drivers/drivers.selectors';
import type { DriversNotice } from '@/machines/drivers/drivers.types';
import { DRIVER_ON_WORK } from '@/schemas/fleet';
import type { DriverAction } from '@/src/api/fleet';
import { HttpError, NetworkError } from '@/src/api/errors';
import { fleetDriver, fleetVehicle } from './fleet-fixtures';
import { byIncomingEvent, Coverage, describePath, runPath, startMachine } from './model-harness';

type Snap = SnapshotFrom<typeof driversMachine>;

const van = fleetVehicle(21, 'AB12 CDE', 'APPROVED');
const pendingVan = fleetVehicle(22, 'CD34 EFG', 'PENDING');
const priya = fleetDriver(31, 'Priya Shah');
const leah = fleetDriver(32, 'Leah Morgan', { active: false, deactivated_at: '2026-11-10T09:00:00.000Z' });
const added = fleetDriver(33, 'Raj Patel', { invited_at: '2026-11-20T09:00:00.000Z' });
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'ng/api/v3/provider/drivers' });
const onWork = new HttpError({ status: 409, message: DRIVER_ON_WORK, errors: {}, code: null, url: 'drivers/31' });

/** The driver as the server answers an action. */
const answer = (s: Snap) => {
  const action = s.context.action;
  const driver = s.context.drivers.find((d) => d.id === action?.driverId) ?? priya;
  switch (action?.kind) {
    case 'assign':
      return { ...driver, vehicle: { ...van, color: van.color } };
    case 'unassign':
      return { ...driver, vehicle: null };
    case 'deactivate':
      return { ...driver, active: false, vehicle: null, deactivated_at: '2026-11-20T10:00:00.000Z' };
    default:
      return { ...driver, active: true, deactivated_at: null };
  }
};

/** Read, fail and retry; add; assign (without a choice first), unassign, deactivate (confirmed, cancelled), reactivate. */
const events = (s: Snap): AnyEventObject[] => {
  const priyaNow = s.context.drivers.find((d) => d.id === priya.id);
  return [
    { type: 'xstate.done.actor.loadFleet', output: { drivers: [priya, leah], vehicles: [van, pendingVan] } },
    { type: 'xstate.error.actor.loadFleet', error: offline },
    { type: 'drivers.retried' },
    ...(s.context.drivers.some((d) => d.id === added.id) ? [] : [{ type: 'driver.addOpened' }]),
    { type: 'driver.added', driver: added },
    { type: 'driver.formClosed' },
    ...(priyaNow?.vehicle ? [] : [{ type: 'driver.assignOpened', driverId: priya.id }]),
    ...(s.context.chosenVehicle === '' ? [{ type: 'assign.vehicleChosen', vehicleId: String(van.id) }] : []),
    { type: 'assign.submitted' },
    { type: 'assign.cancelled' },
    ...(priyaNow?.vehicle ? [{ type: 'driver.unassigned', driverId: priya.id }] : []),
    ...(priyaNow?.active ? [{ type: 'driver.deactivateOpened', driverId: priya.id }] : []),
    { type: 'deactivation.confirmed' },
    { type: 'deactivation.cancelled' },
    { type: 'driver.reactivated', driverId: leah.id },
    { type: 'xstate.done.actor.runAction', output: answer(s) },
    { type: 'xstate.error.actor.runAction', error: onWork },
  ];
};

const SIZE = { states: 8, transitions: 18 };
const coverage = new Coverage(driversMachine);

describe('my drivers', () => {
  const paths = getShortestPaths(driversMachine, { events, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      driversMachine,
      path,
      {
        promiseActors: ['loadFleet', 'runAction'],
        actions: ['notify'],
        check: (snap, step, record) => {
          const last = record.actions.at(-1)?.params as DriversNotice | undefined;
          const sent = record.calls.filter((c) => c.src === 'runAction').map((c) => c.input as DriverAction);
          // an assignment is only sent with a chosen vehicle
          for (const action of sent) if (action.kind === 'assign') expect(action.vehicleId).toBe(van.id);
          if (step.event.type === 'xstate.done.actor.runAction') expect(last?.tone).toBe('success');
          if (step.event.type === 'xstate.error.actor.runAction')
            expect(last).toMatchObject({ tone: 'danger', failure: { message: DRIVER_ON_WORK } });
          if (step.event.type === 'assign.submitted' && snap.matches({ loaded: 'assigning' }))
            expect(assignDialog(snap)?.showRequired).toBe(true);
          if (snap.matches({ loaded: 'confirmingDeactivation' }))
            expect(deactivateDialog(snap)?.driver?.id).toBe(priya.id);
          if (snap.matches({ loaded: 'idle' })) {
            expect(assignDialog(snap)).toBeNull();
            expect(deactivateDialog(snap)).toBeNull();
          }
        },
      },
      coverage,
    );
  });

  it('offers only approved vehicles for assignment, each with who drives it', async () => {
    const live = startMachine(driversMachine, { promiseActors: ['loadFleet', 'runAction'] });
    await live.settle(0, 'done', {
      drivers: [{ ...priya, vehicle: { ...van, color: van.color } }, leah],
      vehicles: [van, pendingVan],
    });
    const offered = assignableVehicles(live.actor.getSnapshot());
    expect(offered.map((o) => [o.vehicle.id, o.driver?.id ?? null])).toEqual([[van.id, priya.id]]);
    live.actor.stop();
  });
});

afterAll(() => coverage.expectComplete(SIZE));
