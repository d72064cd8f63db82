import type { FailureKind } from '@/src/api/errors';

/**
 * Job completion (spec §4 "Job completion: complete; complete with issue; complete with additional cost. A false
 * completion suspends the account for 7 days"; §7 complete and complete-with-issue; §8 'Something went wrong, please
 * try again later.'). The dialogue of one won job: the partner picks how the job ended, fills what that needs,
 * confirms after reading the warning, and the server records it.
 */
export type CompletionMode = 'complete' | 'issue' | 'extraCost';

/** A field of the form that can be wrong, and why (messages `work.completion.error.<field>.<rule>`). */
export type CompletionField = 'text' | 'amount';
export type CompletionRule = 'required' | 'tooLong' | 'notAmount' | 'notPositive' | 'tooLarge';
export type CompletionErrors = Partial<Record<CompletionField, CompletionRule>>;

/** Why the server did not record the completion: its own words for a refusal, else a kind the dialogue words. */
export interface CompletionFailure {
  readonly kind: FailureKind;
  /** The server's message of a refusal (before the pickup, already completed, suspended); null otherwise. */
  readonly message: string | null;
}

export interface CompletionInput {
  readonly listingId: number;
  /** How the partner started: the card's Complete button, or its "Complete with an issue" / "Add a cost". */
  readonly mode?: CompletionMode;
}

/** What is sent: the machine's form, resolved (pence, trimmed text) with the request's Idempotency-Key. */
export interface CompletionRequest {
  readonly listingId: number;
  readonly mode: CompletionMode;
  readonly text: string;
  readonly amountPence: number | null;
  readonly key: string;
}

export interface CompletionContext<Job = unknown> {
  readonly listingId: number;
  readonly mode: CompletionMode;
  /** The issue (mode `issue`) or the reason for the cost (mode `extraCost`), as typed. */
  readonly text: string;
  /** The additional cost in pounds, as typed (mode `extraCost`). */
  readonly amount: string;
  /** Whether the form's errors show: after the first submit, not while the partner is still typing. */
  readonly showErrors: boolean;
  /** One key per completion the partner confirms: a retry after no answer is the same completion (spec §7). */
  readonly key: string | null;
  readonly failure: CompletionFailure | null;
  /** The job as the server answered the completion. */
  readonly completed: Job | null;
}

export type CompletionEvent =
  | { readonly type: 'completion.mode.changed'; readonly mode: CompletionMode }
  | { readonly type: 'completion.text.changed'; readonly text: string }
  | { readonly type: 'completion.amount.changed'; readonly amount: string }
  | { readonly type: 'completion.submitted' }
  | { readonly type: 'completion.confirmed' }
  | { readonly type: 'completion.back' }
  | { readonly type: 'completion.cancelled' };
