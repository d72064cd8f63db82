import { assign, fromPromise, setup } from 'xstate';
import type { RecommendedJob } from '@/schemas/work';
import { failureKind, type FailureKind } from '@/src/api/errors';
import { fetchRecommendedWork } from '@/src/api/work';

export interface RecommendedWorkContext {
  readonly rows: readonly RecommendedJob[];
  readonly failure: FailureKind | null;
}

/** GET recommended-work. */
export const loadRecommended = fromPromise<readonly RecommendedJob[]>(({ signal }) => fetchRecommendedWork(signal));

/**
 * Recommended work (spec §1 "won-work recommendations", §2 /work child `recommended/{id?}`, §3 job subtype
 * recommended): open jobs that fit the partner — near its base, on its way from work it holds, or filling its van —
 * each with why. Read once when opened; a failure offers a retry.
 */
export const recommendedWork = setup({
  types: {} as { context: RecommendedWorkContext; events: { readonly type: 'recommended.retried' } },
  actors: { loadRecommended },
}).createMachine({
  id: 'recommendedWork',
  context: { rows: [], failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the recommendations',
      tags: ['loading'],
      invoke: {
        id: 'loadRecommended',
        src: 'loadRecommended',
        onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureKind(event.error) }) },
      },
    },
    failed: {
      description: 'The recommendations could not be read: a retry',
      tags: ['error'],
      on: { 'recommended.retried': { target: 'loading' } },
    },
    ready: { description: 'The recommended jobs, each with why' },
  },
});
