import type { SnapshotFrom } from 'xstate';
import type { MyJourneyTab } from '@/schemas/my-journeys';
import type { myJourneys } from './my-journeys.machine';
import { hasFailed, hasNextPage, hasPreviousPage, isEmpty, isLoading, pageCount } from './my-journeys.selectors';
import type { MyJourneysEvent } from './my-journeys.types';

/**
 * What the journeys page gets from its machine (the zag connect pattern, CONVENTIONS.md): values, booleans and
 * commands. The page never builds an event itself.
 */
export function connectMyJourneys(snapshot: SnapshotFrom<typeof myJourneys>, send: (event: MyJourneysEvent) => void) {
  const { context } = snapshot;
  return {
    tab: context.tab,
    page: context.page,
    pages: pageCount(snapshot),
    rows: context.rows,
    counts: context.counts,
    failure: context.failure,
    isLoading: isLoading(snapshot),
    hasFailed: hasFailed(snapshot),
    isEmpty: isEmpty(snapshot),
    hasPreviousPage: hasPreviousPage(snapshot),
    hasNextPage: hasNextPage(snapshot),
    selectTab: (tab: MyJourneyTab) => send({ type: 'journeys.tab.selected', tab }),
    previousPage: () => send({ type: 'journeys.page.changed', page: context.page - 1 }),
    nextPage: () => send({ type: 'journeys.page.changed', page: context.page + 1 }),
    retry: () => send({ type: 'journeys.retried' }),
  };
}
export type MyJourneysApi = ReturnType<typeof connectMyJourneys>;
