import { fromPromise } from 'xstate';
import type { MyJourneyTab } from '@/schemas/my-journeys';
import { fetchMyJourneys } from '@/src/api/my-journeys';
import type { MyJourneysPage } from './my-journeys.types';

/** One page of a tab of the partner's journeys, with every tab's count. */
export const loadMyJourneys = fromPromise<MyJourneysPage, { tab: MyJourneyTab; page: number }>(
  async ({ input, signal }) => {
    const answer = await fetchMyJourneys(input, signal);
    return {
      rows: answer.data,
      total: answer.meta.total,
      pageSize: answer.meta.page_size,
      counts: answer.meta.counts,
    };
  },
);
