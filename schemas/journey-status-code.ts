import { Schema } from 'effect';
import { says } from './common';

/**
 * Spec §4 journey-type (IP_) status codes: where a journey stands for the partner reading it. The server decides the
 * code (server/journeys/journey-status.ts) from the journey, its live allocation, the caller's pending interest and the
 * outcome of its completion; the portal shows it in words and never works it out itself.
 */
export const JOURNEY_STATUS_CODES = [
  /** The partner expressed interest and the journey is still open: the team has not decided yet. */
  'IP_PENDING',
  /** Open for claims or interest, its first pickup still ahead; the partner has neither claimed it nor asked for it. */
  'IP_ACTIVE',
  /** Its first pickup passed while it was open and nobody was allocated: it can no longer be taken. */
  'IP_EXPIRED',
  /** Allocated to the partner (claimed, or given for its interest): still to carry out, or under way. */
  'IP_ALLOCATED',
  /** Called off by the platform (its customers cancelled) while the partner held it or waited on its interest. */
  'IP_CANCELLED',
  /** Carried out; the customer was refunded in part or in full, so the pay may be adjusted. */
  'IP_COMPLETED_WITH_REFUND',
  /** Carried out with an issue reported, which the team is looking into before the pay is settled. */
  'IP_COMPLETED_WITH_ISSUE',
  /** Carried out; the pay is due and has not been transferred yet. */
  'IP_COMPLETED_UNPAID',
  /** Carried out and paid: the pay was transferred. */
  'IP_COMPLETED_PAID',
  /** Carried out, but the transfer of the pay failed; the team sends it again. */
  'IP_COMPLETED_PAYMENT_FAILED',
] as const;

export const JourneyStatusCode = Schema.Literals(JOURNEY_STATUS_CODES).annotate(says('Unknown journey status code'));
export type JourneyStatusCode = typeof JourneyStatusCode.Type;

/**
 * How a completed journey ended for the partner's pay (migration 0018 `journeys.completion_outcome`): refunded to
 * the customer, completed with an issue, not paid yet, paid, or its payment failed. Each gives one of the five
 * IP_COMPLETED_ codes.
 */
export const COMPLETION_OUTCOMES = ['refund', 'issue', 'unpaid', 'paid', 'payment_failed'] as const;
export type CompletionOutcome = (typeof COMPLETION_OUTCOMES)[number];
