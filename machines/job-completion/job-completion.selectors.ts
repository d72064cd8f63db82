import type { SnapshotFrom } from 'xstate';
import { completionErrors } from './job-completion.rules';
import type { jobCompletion } from './job-completion.machine';
import type { CompletionErrors } from './job-completion.types';

type Snap = SnapshotFrom<typeof jobCompletion>;

export const isEditing = (s: Snap) => s.matches('editing');
export const isConfirming = (s: Snap) => s.matches('confirming');
export const isSubmitting = (s: Snap) => s.hasTag('busy');
/** The form's errors once the partner has submitted it; none before, so typing is not scolded. */
export const visibleErrors = (s: Snap): CompletionErrors => (s.context.showErrors ? completionErrors(s.context) : {});
export const failureOf = (s: Snap) => s.context.failure;
