import type { TermsStatus } from '@/schemas/documents';

/** Why the terms could not be read or the acceptance not recorded. */
export type TermsFailure = 'offline' | 'server';

export interface TermsContext {
  /** The terms version, the partner's acceptance and the requirements checklist; null until read. */
  status: TermsStatus | null;
  /** The last read's failure (nothing to show: a retry). */
  loadFailure: TermsFailure | null;
  /** The last acceptance's failure, shown beside the Accept button until the next try. */
  acceptFailure: TermsFailure | null;
}

export type TermsEvent = { type: 'terms.retried' } | { type: 'terms.accepted' };
