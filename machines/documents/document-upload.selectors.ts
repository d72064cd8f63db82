import type { SnapshotFrom } from 'xstate';
import { INSURANCE_MINIMUM_POUNDS, isInsuranceType, needsExpiry } from '@/schemas/documents';
import type { documentUploadMachine } from './document-upload.machine';
import type { UploadField } from './document-upload.types';

type Snap = SnapshotFrom<typeof documentUploadMachine>;

export const isDialogueOpen = (s: Snap): boolean => !s.matches('idle');
export const isUploading = (s: Snap): boolean => s.hasTag('loading');
export const isDone = (s: Snap): boolean => s.matches('done');
export const uploadValues = (s: Snap) => s.context.values;

/**
 * What to show under a field: the server's message (text), or the portal's check (a FieldError the view words with
 * validationMessage), or nothing.
 */
export const fieldProblem = (
  s: Snap,
  field: UploadField,
):
  | { kind: 'server'; text: string }
  | { kind: 'rule'; error: NonNullable<Snap['context']['errors'][UploadField]> }
  | null => {
  const server = s.context.serverErrors[field];
  if (server) return { kind: 'server', text: server };
  const error = s.context.errors[field];
  return error ? { kind: 'rule', error } : null;
};

export const uploadFailure = (s: Snap) => s.context.failure;

/** Whether the chosen type asks for an expiry date, and the cover minimum in pounds it asks for (null: no cover). */
export const needsExpiryDate = (s: Snap): boolean =>
  s.context.values.document_type !== '' && needsExpiry(s.context.values.document_type);
export const coverMinimum = (s: Snap): number | null => {
  const type = s.context.values.document_type;
  return type !== '' && isInsuranceType(type) ? INSURANCE_MINIMUM_POUNDS[type] : null;
};
