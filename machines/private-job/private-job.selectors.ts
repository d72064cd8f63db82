import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PrivateJob } from '@/schemas/private-job';
import { stepErrors } from './private-job.rules';
import type { privateJobDetailsMachine } from './private-job-details.machine';
import type { privateJobMachine } from './private-job.machine';
import type { PrivateJobErrors, PrivateJobStep } from './private-job.types';

type Snap = SnapshotFrom<typeof privateJobMachine>;
type DetailsSnap = SnapshotFrom<typeof privateJobDetailsMachine>;

/** The step the page shows: the look-up belongs to step 1, the save to the review. */
export function currentStep(s: Snap): PrivateJobStep | null {
  if (s.matches('stops') || s.matches('lookingUp')) return 'stops';
  if (s.matches('capacity')) return 'capacity';
  if (s.matches('review') || s.matches('saving')) return 'review';
  return null;
}

/** The current step's errors, once the partner has tried to leave it. */
export function visibleErrors(s: Snap): PrivateJobErrors {
  const step = currentStep(s);
  if (!step || !s.context.revealed.includes(step)) return {};
  return stepErrors(step, s.context.form, s.context.unknownPostcodes);
}

export const isBusy = (s: Snap) => s.hasTag('busy');
export const isLoading = (s: Snap) => s.hasTag('loading');
export const hasSetupFailed = (s: Snap) => s.hasTag('error');
export const isSaving = (s: Snap) => s.matches('saving');
/** How the creation ended: still open, saved, or closed without saving. */
export const outcomeOf = (s: Snap): 'open' | 'saved' | 'cancelled' =>
  s.matches('saved') ? 'saved' : s.matches('cancelled') ? 'cancelled' : 'open';

// The job opened from the calendar.

export const detailsJob = (s: DetailsSnap): PrivateJob | null => s.context.job;
export const isDetailsLoading = (s: DetailsSnap) => s.hasTag('loading');
export const hasDetailsFailed = (s: DetailsSnap) => s.hasTag('error');
export const isDeleting = (s: DetailsSnap) => s.hasTag('busy');
export const isConfirmingDelete = (s: DetailsSnap) => s.matches('confirmingDelete') || s.matches('deleting');
/** The three steps of an edit, while one runs. */
export const editorOf = (s: DetailsSnap) => s.children.editor as ActorRefFrom<typeof privateJobMachine> | undefined;
/** How the job's dialogue ended: still open, or closed (after a change or delete, or not). */
export const detailsOutcome = (s: DetailsSnap): 'open' | 'changed' | 'unchanged' =>
  s.status !== 'done' ? 'open' : s.context.changed ? 'changed' : 'unchanged';
