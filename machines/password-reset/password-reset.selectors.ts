import type { SnapshotFrom } from 'xstate';
import type { FieldError } from '@/machines/forms/form-rules';
import type { passwordResetMachine } from './password-reset.machine';
import type { PasswordResetField } from './password-reset.types';

type Snap = SnapshotFrom<typeof passwordResetMachine>;

/** What the page shows, by state. */
export type PasswordResetView = 'ask' | 'requested' | 'choose' | 'refused' | 'done';

export const resetView = (s: Snap): PasswordResetView =>
  s.matches('requested')
    ? 'requested'
    : s.matches('done')
      ? 'done'
      : s.matches('linkRefused')
        ? 'refused'
        : s.matches('choosing') || s.matches('confirming') || (s.matches('starting') && s.context.token !== null)
          ? 'choose'
          : 'ask';

export const isBusy = (s: Snap) => s.hasTag('loading');
export const values = (s: Snap) => s.context.values;
export const refusal = (s: Snap) => s.context.refusal;
export const failure = (s: Snap) => s.context.failure;

export const fieldState = (
  s: Snap,
  field: PasswordResetField,
): { error: FieldError | undefined; touched: boolean; serverMessages: readonly string[] | undefined } => ({
  error: s.context.errors[field],
  touched: s.context.touched[field] === true,
  serverMessages: s.context.serverErrors[field],
});
