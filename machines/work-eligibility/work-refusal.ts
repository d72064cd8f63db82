import type { WorkEligibility } from '@/schemas/work-eligibility';

/**
 * A call refused because the partner may not take work (403 with the work rule's decision: schemas/work-eligibility.ts
 * WorkRefusal, carried as HttpError.work): the decision, so the page says why and where to put it right; null for any
 * other outcome. Read by `_tag` and fields rather than by class, so a fake in a test is an object literal. The
 * machines that book, quote, claim, express interest or reserve share it.
 */
export const refusedWork = (error: unknown): WorkEligibility | null => {
  if (typeof error !== 'object' || error === null) return null;
  const f = error as { _tag?: unknown; status?: unknown; work?: WorkEligibility | null };
  return f._tag === 'HttpError' && f.status === 403 ? (f.work ?? null) : null;
};

/** Refused by the work rule (refusedWork). */
export const isWorkRefused = (error: unknown): boolean => refusedWork(error) !== null;
