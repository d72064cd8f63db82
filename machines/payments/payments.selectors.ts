import type { SnapshotFrom } from 'xstate';
import type { payments } from './payments.machine';

type Snapshot = SnapshotFrom<typeof payments>;

export const isLoading = (s: Snapshot) => s.hasTag('loading');
export const hasFailed = (s: Snapshot) => s.hasTag('error');
/** Pages of the tab (at least 1). */
export const pageCount = (s: Snapshot) => Math.max(1, Math.ceil(s.context.total / s.context.pageSize));
/** The tab has nothing to show (read, and empty). */
export const isEmpty = (s: Snapshot) =>
  s.matches('ready') && (s.context.tab === 'invoices' ? s.context.invoices : s.context.payouts).length === 0;
