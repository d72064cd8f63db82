import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { jobCompletion } from '@/machines/job-completion/job-completion.machine';
import type { wonWork } from './won-work.machine';

type Snap = SnapshotFrom<typeof wonWork>;

export const isLoading = (s: Snap) => s.hasTag('loading');
export const hasFailed = (s: Snap) => s.matches('failed');
/** The number of pages of the tab (at least one). */
export const pageCount = (s: Snap) => Math.max(1, Math.ceil(s.context.total / s.context.pageSize));
/** Whether a card's buttons wait: an action is under way on it, or on another (one at a time). */
export const isRowBusy = (s: Snap, listingId: number) => s.hasTag('busy') && s.context.busyRow === listingId;
export const isAnyRowBusy = (s: Snap) => s.hasTag('busy');
/** The completion dialogue's actor while one is open. */
export const completionActor = (s: Snap) => s.children.jobCompletion as ActorRefFrom<typeof jobCompletion> | undefined;
