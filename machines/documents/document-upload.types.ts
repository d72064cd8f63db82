import type { FieldError, FormErrors } from '@/machines/forms/form-rules';
import type { PartnerDocument } from '@/schemas/documents';
import type { DocumentType } from '@/schemas/onboarding';

/**
 * The upload form's fields. Named for this form (`document_file`, not `file`), so their own messages
 * (`validation.document_file.size` = spec §5's 'Too big file…') apply here and nowhere else.
 */
export const UPLOAD_FIELDS = [
  'document_type',
  'document_file',
  'document_expires_at',
  'document_cover_amount',
] as const;
export type UploadField = (typeof UPLOAD_FIELDS)[number];

/** A chosen file: a browser File (what is sent), or in tests anything with a name and a size. */
export interface ChosenFile {
  readonly name: string;
  readonly size: number;
}

export interface UploadValues {
  /** The kind of document, '' until chosen. */
  readonly document_type: DocumentType | '';
  readonly document_file: ChosenFile | null;
  /** yyyy-MM-dd from the date input, '' when empty. */
  readonly document_expires_at: string;
  /** Pounds as typed, '' when empty. */
  readonly document_cover_amount: string;
}

/** Why the upload could not be sent or stored, beside the fields' own refusals. */
export type UploadFailure = 'offline' | 'server';

export interface DocumentUploadContext {
  /** What the partner chose and typed: kept through a refusal, cleared when the dialogue opens again after a success. */
  values: UploadValues;
  /** The portal's own checks (machines/forms/form-rules.ts), for the fields touched or all after a submit. */
  errors: FormErrors<UploadField>;
  /** The server's refusal of a field, its first message, until the partner changes that field. */
  serverErrors: Partial<Record<UploadField, string>>;
  touched: Partial<Record<UploadField, boolean>>;
  /** A submit was tried: every field's check shows from then on. */
  submitted: boolean;
  failure: UploadFailure | null;
  /** The document the server stored, once it has. */
  uploaded: PartnerDocument | null;
}

export type DocumentUploadEvent =
  | { type: 'upload.opened'; documentType?: DocumentType }
  | { type: 'upload.changed'; field: UploadField; value: string | ChosenFile | null }
  | { type: 'upload.submitted' }
  | { type: 'upload.cancelled' }
  | { type: 'upload.closed' };

/** What the upload actor sends: the checked values (the file as the browser gave it). */
export interface UploadRequest {
  readonly file: ChosenFile;
  readonly type: DocumentType;
  readonly expiresAt: string;
  readonly coverAmount: string;
}

export type { FieldError };
