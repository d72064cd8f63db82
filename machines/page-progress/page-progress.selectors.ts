import type { SnapshotFrom } from 'xstate';
import type { pageProgressMachine } from '@/machines/page-progress/page-progress.machine';

export type PageProgressSnapshot = SnapshotFrom<typeof pageProgressMachine>;

/** The bar is on screen: growing, full while finishing, or showing a failure. */
export function isVisible(snapshot: PageProgressSnapshot): boolean {
  return snapshot.hasTag('visible');
}

/** Bar width in per cent (0 … 100). */
export function progressPercent(snapshot: PageProgressSnapshot): number {
  return snapshot.context.progress;
}

/** The bar shows its failed look. */
export function hasFailed(snapshot: PageProgressSnapshot): boolean {
  return snapshot.hasTag('error');
}
