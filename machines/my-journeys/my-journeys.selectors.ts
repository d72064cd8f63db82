import type { SnapshotFrom } from 'xstate';
import type { myJourneys } from './my-journeys.machine';

type Snap = SnapshotFrom<typeof myJourneys>;

export const isLoading = (s: Snap) => s.hasTag('loading');
export const hasFailed = (s: Snap) => s.hasTag('error');
/** The number of pages of the tab (at least one). */
export const pageCount = (s: Snap) => Math.max(1, Math.ceil(s.context.total / s.context.pageSize));
/** The tab holds no journey: said once a read has answered. */
export const isEmpty = (s: Snap) => s.matches('ready') && s.context.rows.length === 0;
export const hasPreviousPage = (s: Snap) => s.context.page > 1;
export const hasNextPage = (s: Snap) => s.context.page < pageCount(s);
