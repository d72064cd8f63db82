import { fromPromise } from 'xstate';
import type { WonJob } from '@/schemas/work';
import { completeListing } from '@/src/api/work';
import type { CompletionRequest } from './job-completion.types';

/**
 * POST …/listings/{id}/complete, or …/complete-with-issue with the text (and, for an additional cost, the
 * charge-customer-extra issue with its amount), under the completion's Idempotency-Key (not aborted: a completion
 * the partner confirmed is not taken back by closing the dialogue).
 */
export const completeJob = fromPromise<WonJob, CompletionRequest>(({ input }) => completeListing(input));
