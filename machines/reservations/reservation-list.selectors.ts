import type { SnapshotFrom } from 'xstate';
import type { Reservation } from '@/schemas/reservation';
import { groupByWeek, londonDateOf } from './reservation-facts';
import type { reservationList } from './reservation-list.machine';

type ListSnapshot = SnapshotFrom<typeof reservationList>;

export const isLoading = (s: ListSnapshot): boolean => s.hasTag('loading');
export const hasFailed = (s: ListSnapshot): boolean => s.hasTag('error');
/** A new read or page is on its way while the list stays shown. */
export const isBusy = (s: ListSnapshot): boolean => s.hasTag('busy');
/** The last refresh or page turn failed (the list shown is the one before). */
export const hasRefreshFailed = (s: ListSnapshot): boolean => s.matches('showing') && s.context.error !== null;

export const reservationsOf = (s: ListSnapshot): readonly Reservation[] => s.context.list?.data ?? [];

/** The server's clock minus ours, in ms (0 when the answer had no Date header): countdowns add it to Date.now(). */
export const clockOffsetOf = (s: ListSnapshot): number => {
  const clock = s.context.list?.clock;
  return clock && clock.serverMs !== null ? clock.serverMs - clock.localMs : 0;
};

/** Today in London on the server's clock when it answered (the list's idea of today). */
export const todayOf = (s: ListSnapshot): string =>
  londonDateOf(s.context.list?.clock.serverMs ?? s.context.list?.clock.localMs ?? Date.now());

/** The current list by week: this week, next week, future (spec §4 view windows). */
export const weekGroupsOf = (s: ListSnapshot) => groupByWeek(reservationsOf(s), todayOf(s));

/** Historic paging facts. */
export const pageOf = (s: ListSnapshot) => {
  const meta = s.context.list?.meta;
  return {
    page: s.context.page,
    lastPage: meta?.last_page ?? 1,
    total: meta?.total ?? 0,
    from: meta?.from ?? null,
    to: meta?.to ?? null,
  };
};
