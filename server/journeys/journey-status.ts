import type { CompletionOutcome, JourneyStatusCode } from '@/schemas/journey-status-code';

/** `journeys.status` (migrations 0001, 0018). */
export type JourneyState = 'open' | 'allocated' | 'completed' | 'cancelled';

/** What the status code is decided from: the journey's own columns and whether the caller's interest is on it. */
export interface JourneyStatusFacts {
  readonly status: JourneyState;
  /** Who holds the journey (`journeys.provider_id`): kept on a journey cancelled or completed while held. */
  readonly providerId: number | null;
  readonly firstPickupAt: Date;
  /** `journeys.completion_outcome`; null on a journey not completed, or completed before the outcome is recorded. */
  readonly completionOutcome: CompletionOutcome | null;
  /** The caller has an interest in the journey (a row of journey_interests). */
  readonly hasInterest: boolean;
}

const COMPLETED: Readonly<Record<CompletionOutcome, JourneyStatusCode>> = {
  refund: 'IP_COMPLETED_WITH_REFUND',
  issue: 'IP_COMPLETED_WITH_ISSUE',
  unpaid: 'IP_COMPLETED_UNPAID',
  paid: 'IP_COMPLETED_PAID',
  payment_failed: 'IP_COMPLETED_PAYMENT_FAILED',
};

/**
 * Spec §4's journey-type (IP_) code of a journey as `userId` sees it, at `now`; null when the journey is another
 * partner's (held, completed or cancelled in someone else's hands), which the caller may not read at all. In order:
 *
 * - cancelled → IP_CANCELLED;
 * - completed → by its outcome: refund, issue, unpaid, paid, payment failed. A completion with no outcome recorded yet
 *   (only a journey completed outside the seed and the migration) counts as unpaid: the pay is due, nothing was sent;
 * - allocated to the caller → IP_ALLOCATED, before and after its first pickup (under way);
 * - open with its first pickup passed (nobody was allocated) → IP_EXPIRED, whether or not the caller had asked for it;
 * - open and ahead with the caller's interest → IP_PENDING;
 * - open and ahead → IP_ACTIVE.
 *
 * The first pickup is the moment a journey closes for claims (as for find work and the journey page): at it exactly,
 * the journey has expired.
 */
export const journeyStatusCode = (facts: JourneyStatusFacts, userId: number, now: Date): JourneyStatusCode | null => {
  if (facts.providerId !== null && facts.providerId !== userId) return null;
  if (facts.status === 'cancelled') return 'IP_CANCELLED';
  if (facts.status === 'completed') return COMPLETED[facts.completionOutcome ?? 'unpaid'];
  if (facts.status === 'allocated') return 'IP_ALLOCATED';
  if (facts.firstPickupAt.getTime() <= now.getTime()) return 'IP_EXPIRED';
  return facts.hasInterest ? 'IP_PENDING' : 'IP_ACTIVE';
};
