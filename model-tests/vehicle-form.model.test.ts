import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { vehicleFormMachine } from '@/machines/vehicles/vehicle-form.machine';
import { vehicleFieldState, vehicleSaveFailure } from '@/machines/vehicles/vehicle-form.selectors';
import { DUPLICATE_REGISTRATION } from '@/schemas/fleet';
import { HttpError, NetworkError } from '@/src/api/errors';
import type { VehiclePayload } from '@/src/api/fleet';
import { fleetVehicle } from './fleet-fixtures';
import { byIncomingEvent, Coverage, describePath, runPath, startMachine } from './model-harness';

type Snap = SnapshotFrom<typeof vehicleFormMachine>;

const vehicle = fleetVehicle(11, 'AB12 CDE', 'APPROVED');
const input = { vehicle };
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'ts/public/v1/vehicles/11' });
const duplicate = new HttpError({
  status: 422,
  message: 'messages.validation',
  errors: { registration_number: [DUPLICATE_REGISTRATION] },
  code: null,
  url: 'ts/public/v1/vehicles/11',
});

/**
 * Editing a vehicle: the plate made wrong and put right (another plate), the field left, saves tried, refused for a
 * duplicate (the new plate), unanswered, or done; cancelled at any time while editing.
 */
const events = (s: Snap): AnyEventObject[] => {
  const plate = s.context.values.registration_number;
  return [
    { type: 'form.changed', field: 'registration_number', value: plate === 'NOT A PLATE' ? 'AB12 CDF' : 'NOT A PLATE' },
    { type: 'form.blurred', field: 'registration_number' },
    { type: 'form.submitted' },
    { type: 'form.cancelled' },
    { type: 'xstate.done.actor.saveVehicle', output: { ...vehicle, registration_number: plate } },
    { type: 'xstate.error.actor.saveVehicle', error: plate === 'AB12 CDF' ? duplicate : offline },
  ];
};

const SIZE = { states: 4, transitions: 7 };
const coverage = new Coverage(vehicleFormMachine);

describe('vehicle form', () => {
  const paths = getShortestPaths(vehicleFormMachine, { events, input, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      vehicleFormMachine,
      path,
      {
        input,
        promiseActors: ['saveVehicle'],
        check: (snap, step, record) => {
          // a plate the rules refuse is never sent
          for (const call of record.calls) {
            const sent = (call.input as { id: number; payload: VehiclePayload }).payload;
            expect(sent.registration_number).not.toBe('NOT A PLATE');
            expect((call.input as { id: number }).id).toBe(vehicle.id);
          }
          const plate = vehicleFieldState(snap, 'registration_number');
          if (step.event.type === 'xstate.error.actor.saveVehicle') {
            // what was typed stays, and a duplicate's message is under its field
            expect(snap.context.values.registration_number).toBe(
              record.calls.at(-1) &&
                (record.calls.at(-1)!.input as { payload: VehiclePayload }).payload.registration_number,
            );
            expect(vehicleSaveFailure(snap)).not.toBeNull();
            if (snap.context.values.registration_number === 'AB12 CDF')
              expect(plate.serverMessages).toEqual([DUPLICATE_REGISTRATION]);
          }
          if (step.event.type === 'form.changed') expect(plate.serverMessages).toBeUndefined();
          if (snap.context.values.registration_number === 'NOT A PLATE') expect(plate.error).toEqual({ rule: 'regex' });
        },
      },
      coverage,
    );
  });

  it('shows every broken rule of an empty new vehicle when saving, and sends nothing', async () => {
    const live = startMachine(vehicleFormMachine, { input: { vehicle: null }, promiseActors: ['saveVehicle'] });
    live.actor.send({ type: 'form.submitted' });
    const snap = live.actor.getSnapshot();
    expect(snap.value).toBe('editing');
    expect(live.record.calls).toEqual([]);
    expect(vehicleFieldState(snap, 'make')).toMatchObject({ touched: true, error: { rule: 'required' } });
    live.actor.send({ type: 'form.changed', field: 'type', value: 'swb' });
    live.actor.send({ type: 'form.changed', field: 'loading_capacity_m3', value: '9' });
    expect(vehicleFieldState(live.actor.getSnapshot(), 'loading_capacity_m3').error).toEqual({
      rule: 'between',
      params: { min: 1, max: 5 },
    });
    live.actor.stop();
  });
});

afterAll(() => coverage.expectComplete(SIZE));
