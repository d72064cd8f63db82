import { MyJourneysResponse, type MyJourneyTab } from '@/schemas/my-journeys';
import { api } from './api';

/** The query of the partner's journeys: a tab and a page from 1. */
export interface MyJourneysQuery {
  readonly tab: MyJourneyTab;
  readonly page: number;
}

/** GET /v1/my-journeys: one page of a tab of the partner's journeys, with every tab's count (schemas/my-journeys.ts). */
export const fetchMyJourneys = (query: MyJourneysQuery, signal?: AbortSignal): Promise<MyJourneysResponse> =>
  api.get('v1/my-journeys', MyJourneysResponse, 'MyJourneysResponse', {
    signal,
    query: { tab: query.tab, page: query.page },
  });
