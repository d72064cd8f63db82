import {
  COVER_NEEDED,
  COVER_TOO_LARGE,
  coverBelowMinimum,
  DOCUMENT_AND_TYPE_NEEDED,
  EXPIRY_IN_FUTURE,
  EXPIRY_NEEDED,
  extensionOf,
  INSURANCE_MINIMUM_POUNDS,
  isDocumentExtension,
  isInsuranceType,
  MAX_COVER_POUNDS,
  MAX_UPLOAD_BYTES,
  needsExpiry,
  notValid,
  TOO_BIG_FILE,
  WRONG_FORMAT,
  type DocumentExtension,
} from '@/schemas/documents';
import { isCalendarDate } from '@/schemas/common';
import { DocumentType } from '@/schemas/onboarding';
import { Schema } from 'effect';
import { contentMatches } from '@/server/documents/file-sniffing';

/** The fields of a `POST /v1/documents` form, as the multipart body gave them. */
export interface UploadForm {
  readonly file: { readonly name: string; readonly bytes: Uint8Array } | null;
  readonly type: string | null;
  readonly expiresAt: string | null;
  readonly coverAmount: string | null;
}

/** An upload that passed every rule. */
export interface CheckedUpload {
  readonly type: DocumentType;
  readonly fileName: string;
  readonly extension: DocumentExtension;
  readonly bytes: Uint8Array;
  readonly expiresAt: string | null;
  readonly coverAmount: number | null;
}

export type UploadCheck =
  | { readonly ok: true; readonly upload: CheckedUpload }
  | { readonly ok: false; readonly tooBig: boolean; readonly errors: Record<string, string[]> };

const isDocumentType = Schema.is(DocumentType);
/** Whole pounds, or pounds and pence: 1000000, 5000.50, with no sign, grouping or currency symbol. */
const POUNDS = /^\d{1,12}(\.\d{1,2})?$/;
/** The longest file name kept; longer names are cut (keeping the extension). */
const MAX_NAME = 120;

/** The partner's file name as shown: no folders, no control characters, at most MAX_NAME characters. */
export const shownFileName = (raw: string): string => {
  const base = [...(raw.split(/[\\/]/).pop() ?? '')]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (base.length <= MAX_NAME) return base;
  const ext = extensionOf(base);
  return `${base.slice(0, MAX_NAME - ext.length - 1)}.${ext}`;
};

/**
 * The rules of an upload (spec §5, §9), in the order a partner fixes them: a file and a type (one message for both,
 * the spec's), the size (10mb), the extension (spec §5's formats), the content (sniffed: server/documents/
 * file-sniffing.ts), the expiry date (insurance and driving licence; after `today`, London), the cover of an insurance
 * kind (at least its spec §9 minimum). Every failing field is reported at once, except that a file too big or of the
 * wrong kind is not also sniffed.
 */
export const checkUpload = (form: UploadForm, today: string): UploadCheck => {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };
  const type = form.type !== null && isDocumentType(form.type) ? form.type : null;
  if (!form.file || form.file.name.trim() === '') fail('file', DOCUMENT_AND_TYPE_NEEDED);
  if (type === null) fail('type', DOCUMENT_AND_TYPE_NEEDED);

  const file = form.file && form.file.name.trim() !== '' ? form.file : null;
  const fileName = file ? shownFileName(file.name) : '';
  const ext = extensionOf(fileName);
  let tooBig = false;
  if (file) {
    if (file.bytes.length > MAX_UPLOAD_BYTES) {
      tooBig = true;
      fail('file', TOO_BIG_FILE);
    } else if (!isDocumentExtension(ext)) fail('file', WRONG_FORMAT);
    else if (!contentMatches(ext, file.bytes)) fail('file', notValid(ext));
  }

  const expiresAt = form.expiresAt?.trim() || null;
  if (expiresAt !== null) {
    if (!isCalendarDate(expiresAt)) fail('expires_at', 'Please enter the date as yyyy-MM-dd.');
    else if (expiresAt <= today) fail('expires_at', EXPIRY_IN_FUTURE);
  } else if (type !== null && needsExpiry(type)) fail('expires_at', EXPIRY_NEEDED);

  let coverAmount: number | null = null;
  if (type !== null && isInsuranceType(type)) {
    const raw = form.coverAmount?.trim() ?? '';
    if (raw === '') fail('cover_amount', COVER_NEEDED);
    else if (!POUNDS.test(raw)) fail('cover_amount', 'The cover must be an amount in pounds, such as 1000000.');
    else if (Number(raw) < INSURANCE_MINIMUM_POUNDS[type]) fail('cover_amount', coverBelowMinimum(type));
    // The cover is kept in an integer column: 2147483648 pounds once reached it, and answered 500.
    else if (Number(raw) > MAX_COVER_POUNDS) fail('cover_amount', COVER_TOO_LARGE);
    else coverAmount = Math.floor(Number(raw));
  }

  if (Object.keys(errors).length > 0 || !file || type === null || !isDocumentExtension(ext))
    return { ok: false, tooBig, errors };
  return { ok: true, upload: { type, fileName, extension: ext, bytes: file.bytes, expiresAt, coverAmount } };
};
