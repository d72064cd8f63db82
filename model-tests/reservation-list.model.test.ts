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

/** Page `n` of a list of `total` (28: two pages); a page past the last one comes back empty. */
const page = (n: number, total = 28): ReservationPage => {
  const last = Math.max(1, Math.ceil(total / 20));
  const rows = n <= last ? Math.min(20, total - (n - 1) * 20) : 0;
  return {
    data: Array.from({ length: rows }, (_, i) => ({ id: n * 100 + i })),
    meta: {
      page: n,
      limit: 20,
      from: rows > 0 ? (n - 1) * 20 + 1 : null,
      to: rows > 0 ? (n - 1) * 20 + rows : null,
      total,
      last_page: last,
    },
    clock: { serverMs: 1_000_500, localMs: 1_000_000 },
  } as unknown as ReservationPage;
};
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1' });
const done = (output: unknown) => ({ type: 'xstate.done.actor.loadReservations', output });
const error = (e: unknown) => ({ type: 'xstate.error.actor.loadReservations', error: e });

/**
 * The answer to the read under way: the page it asked for (of 28 rows, or of 15 once the list has shrunk to one
 * page), or a failure; the pager's pages, and the pages back and forward bring into the address.
 */
const events = (s: Snap): AnyEventObject[] => [
  done(page(s.context.page)),
  done(page(s.context.page, 15)),
  error(offline),
  { type: 'list.retried' },
  { type: 'list.refreshed' },
  { type: 'page.selected', page: 2 },
  { type: 'page.selected', page: 1 },
  { type: 'page.selected', page: 3 },
  { type: 'page.restored', page: 2 },
  { type: 'page.restored', page: 1 },
];

const SIZE = { states: 5, transitions: 12 };
const coverage = new Coverage(reservationList);

describe.each([
  { kind: 'current', page: undefined },
  { kind: 'historic', page: undefined },
  // a deep link (/reservations/historic?page=3) to a page past the last one
  { kind: 'historic', page: 3 },
] as const)('reservation list: $kind, page $page', ({ kind, page: first }) => {
  const input = { kind, page: first };
  const paths = getShortestPaths(reservationList, { events, input, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let written = 0;
    await runPath(
      reservationList,
      path,
      {
        input,
        promiseActors: ['loadReservations'],
        actions: ['showPageInAddress'],
        check: (snap, step, record) => {
          // the address shows the page the partner chose (a new entry), a page corrected or kept after a failure
          // (replacing the entry), and is never written for back and forward, nor for the current list
          const wrote = record.actions.slice(written).map((a) => a.params);
          written = record.actions.length;
          const type = step.event.type;
          const output = (step.event as { output?: ReservationPage }).output;
          if (kind === 'current' || type === 'page.restored' || type === 'list.refreshed') expect(wrote).toEqual([]);
          else if (type === 'page.selected') expect(wrote).toEqual([{ page: snap.context.page, replace: false }]);
          else if (output && output.meta.page > output.meta.last_page)
            expect(wrote).toEqual([{ page: output.meta.last_page, replace: true }]);
          else if (type === 'xstate.error.actor.loadReservations' && snap.matches('showing'))
            expect(wrote).toEqual([{ page: snap.context.list?.meta.page, replace: true }]);
          else expect(wrote).toEqual([]);
          // a page shown is one that exists
          if (snap.context.list)
            expect(snap.context.list.meta.page).toBeLessThanOrEqual(snap.context.list.meta.last_page);
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
