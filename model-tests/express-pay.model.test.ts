import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { expressPay } from '@/machines/payments/express-pay.machine';
import { canChange, feeExample, isSaving, shownSwitches } from '@/machines/payments/express-pay.selectors';
import type { ExpressPaySwitches } from '@/machines/payments/express-pay.types';
import type { ExpressPaySettings } from '@/schemas/payments';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof expressPay>;

const settings = (patch: Partial<ExpressPaySettings> = {}): ExpressPaySettings =>
  ({
    available: true,
    enrolled: false,
    auto_enrol: false,
    fee_basis_points: 150,
    fee_minimum: 100,
    ...patch,
  }) as ExpressPaySettings;
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/payments/express-pay' });
const refused = new HttpError({
  status: 403,
  message: 'Express pay is not available on your account.',
  errors: {},
  code: null,
  url: 'v1/payments/express-pay',
});

/** The partner flips each switch; the server saves it, refuses it or is not reached. */
const events = (s: Snap): AnyEventObject[] => {
  const shown = shownSwitches(s);
  return [
    { type: 'expressPay.enrolled.toggled', value: !shown.enrolled },
    { type: 'expressPay.autoEnrol.toggled', value: !shown.auto_enrol },
    ...(s.context.pending ? [{ type: 'xstate.done.actor.saveSwitches', output: settings(s.context.pending) }] : []),
    { type: 'xstate.error.actor.saveSwitches', error: s.context.pending?.enrolled ? refused : offline },
  ];
};

const SIZE = { states: 2, transitions: 4 };
const coverage = new Coverage(expressPay);

describe('express pay', () => {
  const input = { settings: settings() };
  const paths = getShortestPaths(expressPay, { events, ...byIncomingEvent, input } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let before: ExpressPaySettings = input.settings;
    await runPath(
      expressPay,
      path,
      {
        input,
        promiseActors: ['saveSwitches'],
        check: (snap, step, record) => {
          // a change sends both switches: the one flipped and the other as saved
          const sent = record.calls.at(-1)?.input as ExpressPaySwitches | undefined;
          if (sent && isSaving(snap)) expect(shownSwitches(snap)).toEqual(sent);
          if (isSaving(snap)) expect(canChange(snap)).toBe(false);
          // a failure keeps the previous values, and says why
          if (step.event.type === 'xstate.error.actor.saveSwitches') {
            expect(snap.context.settings).toEqual(before);
            expect(shownSwitches(snap)).toEqual(before);
            expect(snap.context.failure).toBe(sent?.enrolled ? 'refused' : 'offline');
            expect(snap.context.refusal).toBe(sent?.enrolled ? refused.message : null);
          }
          if (snap.matches('idle')) before = snap.context.settings;
        },
      },
      coverage,
    );
  });

  it('does not change a switch without the express_pay flag', () => {
    const paths = getShortestPaths(expressPay, {
      events,
      ...byIncomingEvent,
      input: { settings: settings({ available: false }) },
    } as never);
    // one path, to the start: no toggle can be taken
    expect(paths).toHaveLength(1);
    expect(paths[0]!.state.matches('idle')).toBe(true);
    expect(paths[0]!.steps.filter((step) => step.event.type.startsWith('expressPay.'))).toEqual([]);
  });

  it('explains the fee: 1.5%, at least £1', () => {
    expect(feeExample(50_000)).toEqual({ amount: 50_000, fee: 750, net: 49_250 });
    expect(feeExample(4_000)).toEqual({ amount: 4_000, fee: 100, net: 3_900 });
  });
});

afterAll(() => coverage.expectComplete(SIZE));
