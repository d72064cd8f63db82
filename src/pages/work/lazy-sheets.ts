import { lazyDialog } from '@/src/app/lazy-dialog';

/**
 * The job sheet and the recommendation sheet (won work and the work calendar open them at `/job/:id` and
 * `/recommended/:id`), loaded when one first opens: neither page carries React Aria's modal on its first load. Each
 * takes its sheet's props and `onUnavailable` (the code could not be fetched: close the sheet).
 */
export const LazyJobSheetDialog = lazyDialog(() => import('./job-sheet').then((m) => ({ default: m.JobSheetDialog })));
export const LazyRecommendationSheet = lazyDialog(() =>
  import('./recommendation-sheet').then((m) => ({ default: m.RecommendationSheet })),
);
