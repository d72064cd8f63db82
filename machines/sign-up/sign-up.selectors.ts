import type { SnapshotFrom } from 'xstate';
import type { FieldError } from '@/machines/forms/form-rules';
import { SIGN_UP_STEPS, type SignUpField } from '@/schemas/sign-up';
import type { signUpMachine } from './sign-up.machine';
import { stepIndex } from './sign-up.rules';

type Snap = SnapshotFrom<typeof signUpMachine>;

export const currentStep = (s: Snap) => s.context.step;
/** 1-based position of the step shown, and how many there are (the step indicator). */
export const stepPosition = (s: Snap) => ({ index: stepIndex(s.context.step) + 1, total: SIGN_UP_STEPS.length });
export const formValues = (s: Snap) => s.context.values;
export const isBusy = (s: Snap) => s.hasTag('loading');
export const isSubmitting = (s: Snap) => s.matches('submitting');
export const isRefused = (s: Snap) => s.matches('refused');
export const isDone = (s: Snap) => s.matches('done');
export const canGoBack = (s: Snap) => stepIndex(s.context.step) > 0 && !s.hasTag('loading');
export const isLastStep = (s: Snap) => stepIndex(s.context.step) === SIGN_UP_STEPS.length - 1;
export const failure = (s: Snap) => s.context.failure;

/** What a field shows: its broken rule once touched, else the server's texts for it. */
export const fieldState = (
  s: Snap,
  field: SignUpField,
): { error: FieldError | undefined; touched: boolean; serverMessages: readonly string[] | undefined } => ({
  error: s.context.errors[field],
  touched: s.context.touched[field] === true,
  serverMessages: s.context.serverErrors[field],
});

/** The broken rules that show (touched fields only): empty while the partner has not tried to leave the step. */
export const visibleErrors = (s: Snap): Partial<Record<SignUpField, FieldError>> =>
  Object.fromEntries(
    Object.entries(s.context.errors).filter(([field]) => s.context.touched[field as SignUpField] === true),
  );

/** The password hint's live list (spec §5: at least 8 characters, letters and numbers combined): each part met. */
export const passwordChecks = (s: Snap) => {
  const value = s.context.values.password;
  return { length: [...value].length >= 8, letters: /\p{L}/u.test(value), numbers: /\d/.test(value) };
};
