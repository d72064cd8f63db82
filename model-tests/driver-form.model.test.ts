import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { driverFormMachine } from '@/machines/drivers/driver-form.machine';
import { driverFieldState, driverSaveFailure } from '@/machines/drivers/driver-form.selectors';
import type { DriverPayload } from '@/src/api/fleet';
import { HttpError, NetworkError } from '@/src/api/errors';
import { fleetDriver } from './fleet-fixtures';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof driverFormMachine>;

const SAME_EMAIL = 'You already have a driver with this email';
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'ng/api/v3/provider/drivers' });
const taken = new HttpError({
  status: 422,
  message: 'messages.validation',
  errors: { email: [SAME_EMAIL] },
  code: null,
  url: 'ng/api/v3/provider/drivers',
});

/**
 * Adding a driver: the name and e-mail typed, the phone typed as a landline first and then as a mobile; saves tried
 * with fields missing or wrong, refused for an e-mail the partner already uses, unanswered, or done.
 */
const events = (s: Snap): AnyEventObject[] => {
  const v = s.context.values;
  const change = (field: string, value: string) => ({ type: 'form.changed', field, value });
  return [
    ...(v.full_name === '' ? [change('full_name', 'Raj Patel')] : []),
    ...(v.full_name !== '' && v.email === '' ? [change('email', 'raj@example.co.uk')] : []),
    ...(v.email !== '' && v.phone === '' ? [change('phone', '0161 496 0000')] : []),
    ...(v.phone === '0161 496 0000' ? [change('phone', '07700 900123')] : []),
    ...(s.context.touched.phone ? [] : [{ type: 'form.blurred', field: 'phone' }]),
    { type: 'form.submitted' },
    { type: 'form.cancelled' },
    { type: 'xstate.done.actor.saveDriver', output: fleetDriver(40, 'Raj Patel') },
    { type: 'xstate.error.actor.saveDriver', error: s.context.failure ? offline : taken },
  ];
};

const SIZE = { states: 4, transitions: 7 };
const coverage = new Coverage(driverFormMachine);

describe('driver form', () => {
  const paths = getShortestPaths(driverFormMachine, { events, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      driverFormMachine,
      path,
      {
        promiseActors: ['saveDriver'],
        check: (snap, step, record) => {
          // only a complete form with a mobile number is sent
          for (const call of record.calls) {
            const sent = call.input as DriverPayload;
            expect(sent).toMatchObject({
              full_name: 'Raj Patel',
              phone: '07700 900123',
              vehicle_id: null,
              invite: true,
            });
          }
          if (snap.context.values.phone === '0161 496 0000')
            expect(driverFieldState(snap, 'phone').error).toEqual({ rule: 'regex' });
          if (step.event.type === 'xstate.error.actor.saveDriver') {
            expect(snap.context.values.full_name).toBe('Raj Patel');
            expect(driverSaveFailure(snap)).not.toBeNull();
          }
        },
      },
      coverage,
    );
  });

  it('puts the server’s e-mail message under the e-mail field', () => {
    const paths = getShortestPaths(driverFormMachine, { events, ...byIncomingEvent } as never);
    const refused = paths.find((p) => p.state.context.failure?.fields.email !== undefined);
    expect(driverFieldState(refused!.state, 'email').serverMessages).toEqual([SAME_EMAIL]);
  });
});

afterAll(() => coverage.expectComplete(SIZE));
