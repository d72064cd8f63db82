import type { MyJourney, MyJourneyCounts, MyJourneyTab } from '@/schemas/my-journeys';
import type { FailureKind } from '@/src/api/errors';

export interface MyJourneysInput {
  /** The tab to open on (the address's `?tab=`); claimed when absent. */
  readonly tab?: MyJourneyTab;
}

export interface MyJourneysContext {
  /** The tab shown. */
  readonly tab: MyJourneyTab;
  /** The page of the tab shown, from 1. */
  readonly page: number;
  /** The journeys of that page, newest first as the server orders them. */
  readonly rows: readonly MyJourney[];
  /** How many journeys the tab holds (all pages). */
  readonly total: number;
  /** Rows per page, as the server pages. */
  readonly pageSize: number;
  /** Every tab's count, from the last answer; null before the first. */
  readonly counts: MyJourneyCounts | null;
  /** Why the last read failed, for the message; null after a read that answered. */
  readonly failure: FailureKind | null;
}

export type MyJourneysEvent =
  | { readonly type: 'journeys.tab.selected'; readonly tab: MyJourneyTab }
  | { readonly type: 'journeys.page.changed'; readonly page: number }
  | { readonly type: 'journeys.retried' };

/** What one read answers. */
export interface MyJourneysPage {
  readonly rows: readonly MyJourney[];
  readonly total: number;
  readonly pageSize: number;
  readonly counts: MyJourneyCounts;
}
