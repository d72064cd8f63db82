import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { connectivityMachine } from '@/machines/connectivity/connectivity.machine';
import { isOffline } from '@/machines/connectivity/connectivity.selectors';
import type { ConnectivityEmitted } from '@/machines/connectivity/connectivity.types';
import { byIncomingEvent, Coverage, describePath, runPath, startMachine } from './model-harness';

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

describe('connectivity machine: what it tells the portal', () => {
  const start = (online: boolean) => {
    const live = startMachine(connectivityMachine, { input: { online }, callbackActors: ['watchConnection'] });
    const emitted: ConnectivityEmitted[] = [];
    live.actor.on('*', (e) => void emitted.push(e));
    return { actor: live.actor, emitted };
  };

  it('says the connection is back each time the browser comes back online, and only then', () => {
    const live = start(false);
    expect(live.emitted).toEqual([]);
    live.actor.send({ type: 'connection.restored' });
    expect(live.emitted).toEqual([{ type: 'connection.back' }]);
    // a second "online" from the browser while online is no news
    live.actor.send({ type: 'connection.restored' });
    live.actor.send({ type: 'connection.lost' });
    expect(live.emitted).toEqual([{ type: 'connection.back' }]);
    live.actor.send({ type: 'connection.restored' });
    expect(live.emitted).toEqual([{ type: 'connection.back' }, { type: 'connection.back' }]);
    live.actor.stop();
  });

  it('says nothing when it starts online', () => {
    const live = start(true);
    expect(live.emitted).toEqual([]);
    live.actor.stop();
  });
});

afterAll(() => coverage.expectComplete(SIZE));
