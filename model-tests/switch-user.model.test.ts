import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { AdminPartner, AdminPartnersResponse } from '@/schemas/admin';
import type { UserId } from '@/schemas/user';
import { SEARCH_DEBOUNCE_MS, switchUserMachine } from '@/machines/switch-user/switch-user.machine';
import { isSearching, partnersOf, queryOf, searchFailure, totalOf } from '@/machines/switch-user/switch-user.selectors';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof switchUserMachine>;

const partner = (id: number, full_name: string, email: string): AdminPartner => ({
  id: id as UserId,
  full_name,
  email,
  account_type: 'business',
  town: 'Manchester',
});
const everyone: AdminPartnersResponse = {
  data: [partner(1, 'Dan Carter', 'partner@example.com'), partner(2, 'Priya Shah', 'starter@example.com')],
  meta: { total: 46 },
};
const carter: AdminPartnersResponse = { data: [everyone.data[0]!], meta: { total: 1 } };
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/admin/partners' });
const forbidden = new HttpError({
  status: 403,
  message: 'This is for admins only.',
  errors: {},
  code: null,
  url: 'v1/admin/partners',
});

/** The admin types, the pause passes, and the server answers with partners, no connection, or a refusal. */
const events = (s: Snap): AnyEventObject[] => [
  { type: 'switchUser.query.changed', query: 'carter' },
  { type: 'xstate.after.debounce.switchUser.typing' },
  { type: 'xstate.done.actor.searchPartners', output: s.context.query === '' ? everyone : carter },
  { type: 'xstate.error.actor.searchPartners', error: s.context.query === '' ? offline : forbidden },
  { type: 'switchUser.retried' },
];

const SIZE = { states: 4, transitions: 8 };
const coverage = new Coverage(switchUserMachine);

describe('switch user: finding the partner to act as', () => {
  const paths = getShortestPaths(switchUserMachine, { events, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      switchUserMachine,
      path,
      {
        promiseActors: ['searchPartners'],
        delays: { debounce: SEARCH_DEBOUNCE_MS },
        exactDelays: true,
        check: (snap, step, record) => {
          // every search asks for the query typed, trimmed, at the time it is sent
          for (const call of record.calls) expect(call.input).toEqual({ query: expect.any(String) });
          if (snap.matches('searching')) expect(record.calls.at(-1)?.input).toEqual({ query: snap.context.query });
          if (snap.matches('typing') || snap.matches('searching')) expect(isSearching(snap)).toBe(true);
          if (snap.matches('found')) {
            expect(partnersOf(snap)).toEqual(snap.context.query === '' ? everyone.data : carter.data);
            expect(totalOf(snap)).toBe(snap.context.query === '' ? 46 : 1);
            expect(searchFailure(snap)).toBeNull();
          }
          if (snap.matches('failed')) expect(searchFailure(snap)).toBe(queryOf(snap) === '' ? 'offline' : 'server');
          // what the admin typed stays through a failure and a retry
          if (step.event.type === 'switchUser.retried')
            expect(queryOf(snap)).toBe(record.calls.length > 0 ? snap.context.query : '');
        },
      },
      coverage,
    );
  });

  it('searches for everyone at once, before anything is typed', () => {
    const start = switchUserMachine.resolveState({
      value: 'searching',
      context: switchUserMachine.config.context as never,
    });
    expect(start.matches('searching')).toBe(true);
    expect(switchUserMachine.getInitialSnapshot(undefined as never).value).toBe('searching');
  });
});

afterAll(() => coverage.expectComplete(SIZE));
