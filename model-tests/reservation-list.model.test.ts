import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { reservationList } from '@/machines/reservations/reservation-list.machine';
import {
  clockOffsetOf,
  hasFailed,
  hasRefreshFailed,
  isBusy,
  isLoading,
  pageOf,
  reservationsOf,
} from '@/machines/reservations/reservation-list.selectors';
import type { LoadInput } from '@/machines/reservations/reservation-list.types';
import type { ReservationPage } from '@/src/api/reservations';
import { NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof reservationList>;

const page = (n: number, total = 28): ReservationPage =>
  ({
    data: [{ id: n }],
    meta: { page: n, limit: 20, from: (n - 1) * 20 + 1, to: Math.min(n * 20, total), total, last_page: 2 },
    clock: { serverMs: 1_000_500, localMs: 1_000_000 },
  }) as unknown as ReservationPage;
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1' });
const done = (output: unknown) => ({ type: 'xstate.done.actor.loadReservations', output });
const error = (e: unknown) => ({ type: 'xstate.error.actor.loadReservations', error: e });

/** The answer to the read under way: the page it asked for, or a failure. */
const events = (s: Snap): AnyEventObject[] => [
  done(page(s.context.page)),
  error(offline),
  { type: 'list.retried' },
  { type: 'list.refreshed' },
  { type: 'page.selected', page: 2 },
  { type: 'page.selected', page: 1 },
  { type: 'page.selected', page: 3 },
];

const SIZE = { states: 5, transitions: 7 };
const coverage = new Coverage(reservationList);

describe.each(['current', 'historic'] as const)('reservation list: %s', (kind) => {
  const input = { kind };
  const paths = getShortestPaths(reservationList, { events, input, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      reservationList,
      path,
      {
        input,
        promiseActors: ['loadReservations'],
        check: (snap, step, record) => {
          expect(isLoading(snap)).toBe(snap.matches('loading'));
          expect(hasFailed(snap)).toBe(snap.matches('failed'));
          expect(isBusy(snap)).toBe(snap.matches({ showing: 'refreshing' }));
          // every read is of this list, at the page asked for; the current list has one page
          for (const call of record.calls) expect((call.input as LoadInput).kind).toBe(kind);
          if (snap.hasTag('loading') || isBusy(snap))
            expect(record.calls.at(-1)?.input).toEqual({ kind, page: snap.context.page });
          if (kind === 'current') expect(snap.context.page).toBe(1);
          // the list shown stays while a new read is on its way, and after it failed
          if (snap.matches('showing')) expect(reservationsOf(snap)).not.toHaveLength(0);
          if (step.event.type === 'xstate.error.actor.loadReservations' && snap.matches('showing')) {
            expect(hasRefreshFailed(snap)).toBe(true);
            expect(pageOf(snap).page).toBe(snap.context.list?.meta.page);
          }
          if (snap.context.list) expect(clockOffsetOf(snap)).toBe(500);
        },
      },
      coverage,
    );
  });
});

afterAll(() => coverage.expectComplete(SIZE));
