import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { connectivityMachine } from '@/machines/connectivity/connectivity.machine';
import { isOffline } from '@/machines/connectivity/connectivity.selectors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

/** Every state and transition of the machine: a change to the machine changes these on purpose. */
const SIZE = { states: 3, transitions: 4 };
const coverage = new Coverage(connectivityMachine);
const events: AnyEventObject[] = [{ type: 'connection.lost' }, { type: 'connection.restored' }];

describe.each([{ online: true }, { online: false }])('connectivity machine, starting online: $online', (input) => {
  const paths = getShortestPaths(connectivityMachine, { events, input, ...byIncomingEvent } as never);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      connectivityMachine,
      path,
      {
        input,
        callbackActors: ['watchConnection'],
        check: (snap, _step, record) => {
          expect(isOffline(snap)).toBe(snap.matches('offline'));
          // one listener for the machine's whole life, never restarted by a change of state
          expect(record.calls).toEqual([{ src: 'watchConnection', input: undefined }]);
          expect(record.stopped).toEqual([]);
        },
      },
      coverage,
    );
  });
});

afterAll(() => coverage.expectComplete(SIZE));
