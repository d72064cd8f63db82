import { Schema } from 'effect';
import { DocumentType, IsoDate } from './onboarding';
import { StorableText } from './common';

/**
 * A partner's documents and the partner terms (spec §1 "documents and onboarding", §5 uploads, §6 requirements before
 * working, §9 documents review up to 72 hours and the insurance minimums). Shared by the server (rules of an upload,
 * decoding the review and accept bodies) and the portal (decoding answers, checking a file before it is sent), so
 * both refuse the same files with the same words.
 */

/** Spec §9 "File size limit 10mb": 10 × 1024 × 1024 bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Spec §5, word for word. */
export const TOO_BIG_FILE = 'Too big file. Allowed file size less than 10mb.';
/** Spec §5, word for word: a document upload without its file or its type. */
export const DOCUMENT_AND_TYPE_NEEDED = 'Please upload a document and choose type of the document.';

/** Spec §5 allowed formats, and the image subset. */
export const DOCUMENT_EXTENSIONS = ['jpeg', 'jpg', 'gif', 'png', 'pdf', 'csv'] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'gif', 'png'] as const;

/** The content type a stored file is served with, by its (checked) extension. */
export const CONTENT_TYPES: Readonly<Record<DocumentExtension, string>> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  pdf: 'application/pdf',
  csv: 'text/csv',
};

/** The lower-case extension of a file name ('' when it has none). */
export const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

export const isDocumentExtension = (ext: string): ext is DocumentExtension =>
  (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);

/** The message for a file whose extension is not one of spec §5's formats. */
export const WRONG_FORMAT = 'The file must be a jpeg, jpg, gif, png, pdf or csv file.';

/** The message for a file whose bytes are not what its extension says ('This file is not a valid PDF.'). */
export const notValid = (ext: DocumentExtension): string =>
  `This file is not a valid ${ext === 'jpg' || ext === 'jpeg' ? 'JPEG image' : ext === 'gif' ? 'GIF image' : ext === 'png' ? 'PNG image' : ext.toUpperCase()}.`;

/**
 * Spec §9 insurance minimums, in whole pounds: third party £1m, goods in transit £5k, vehicle cover £10k, CMR £50k.
 * An insurance upload states its cover, and less than the minimum is refused.
 */
export const INSURANCE_MINIMUM_POUNDS = {
  third_party_insurance: 1_000_000,
  goods_in_transit_insurance: 5_000,
  vehicle_insurance: 10_000,
  cmr_insurance: 50_000,
} as const satisfies Partial<Record<DocumentType, number>>;
export type InsuranceType = keyof typeof INSURANCE_MINIMUM_POUNDS;

export const isInsuranceType = (type: DocumentType): type is InsuranceType => type in INSURANCE_MINIMUM_POUNDS;
/** Kinds that lapse: the insurance kinds and the driving licence need an expiry date. */
export const needsExpiry = (type: DocumentType): boolean => isInsuranceType(type) || type === 'driving_licence';

/** The documents a partner needs before working (spec §6, §9 insurance minimums); CMR is for international work only. */
export const REQUIRED_DOCUMENT_TYPES: readonly DocumentType[] = [
  'driving_licence',
  'identity',
  'third_party_insurance',
  'goods_in_transit_insurance',
  'vehicle_insurance',
];
/** Approved documents expiring within this many days are flagged for renewal. */
export const EXPIRY_WARNING_DAYS = 30;

/** Spec §9 "Documents review up to 72 hours". */
export const REVIEW_WITHIN_HOURS = 72;

/** The server's messages for the dated and insured fields (the portal shows them under their field). */
export const EXPIRY_NEEDED = 'Please enter the expiry date of this document.';
export const EXPIRY_IN_FUTURE = 'The expiry date must be in the future.';
export const coverBelowMinimum = (type: InsuranceType): string =>
  `The cover must be at least £${INSURANCE_MINIMUM_POUNDS[type].toLocaleString('en-GB')}.`;
export const COVER_NEEDED = 'Please enter the amount of cover in pounds.';
/**
 * The largest cover kept, pounds: the amount lives in an integer column (in pence too, for a sign-up's insurance), so
 * a larger one would not fit it. Far above any policy a van partner holds. Sign-up's limit is the same (MAX_COVER_GBP).
 */
export const MAX_COVER_POUNDS = 20_000_000;
export const COVER_TOO_LARGE = `The cover can be at most £${MAX_COVER_POUNDS.toLocaleString('en-GB')}.`;

export const DocumentId = Schema.Number.pipe(Schema.brand('DocumentId'));
export type DocumentId = typeof DocumentId.Type;

export const DOCUMENT_STATUSES = ['pending_review', 'approved', 'rejected'] as const;
export const DocumentStatus = Schema.Literals(DOCUMENT_STATUSES);
export type DocumentStatus = typeof DocumentStatus.Type;

/**
 * One uploaded document. `file_name` is the name the partner's file had (shown only; the server stores the bytes
 * under a random id), `size_bytes` and `content_type` those of the stored file, `cover_amount` the insured sum in
 * pounds (insurance kinds only), `review_due_by` the upload time plus 72 hours.
 */
export const PartnerDocument = Schema.Struct({
  id: DocumentId,
  type: DocumentType,
  status: DocumentStatus,
  expires_at: Schema.NullOr(IsoDate),
  cover_amount: Schema.NullOr(Schema.Number),
  uploaded_at: Schema.String,
  review_due_by: Schema.NullOr(Schema.String),
  reviewed_at: Schema.NullOr(Schema.String),
  rejection_reason: Schema.NullOr(Schema.String),
  file_name: Schema.String,
  size_bytes: Schema.Number,
  content_type: Schema.String,
});
export type PartnerDocument = typeof PartnerDocument.Type;

export const DocumentListResponse = Schema.Struct({ data: Schema.Array(PartnerDocument) });
export const DocumentResponse = Schema.Struct({ data: PartnerDocument });

/** An admin's list row: the document and whose it is. */
export const AdminDocument = Schema.Struct({
  ...PartnerDocument.fields,
  user_id: Schema.Number,
  owner_email: Schema.String,
  owner_name: Schema.String,
});
export const AdminDocumentListResponse = Schema.Struct({ data: Schema.Array(AdminDocument) });

/** GET /v1/admin/documents?status= */
export const AdminDocumentsQuery = Schema.Struct({ status: Schema.optional(DocumentStatus) });

/** POST /v1/admin/documents/{id}/review `{ payload: { status, reason? } }`: a rejection needs its reason. */
export const ReviewDocument = Schema.Struct({
  status: Schema.Literals(['approved', 'rejected']),
  reason: Schema.optional(StorableText.check(Schema.isTrimmed().abort(), Schema.isMaxLength(500))),
}).check(
  Schema.makeFilter((review) =>
    review.status === 'rejected' && !review.reason ? { path: ['reason'], issue: 'Please give a reason.' } : true,
  ),
);
export const ReviewDocumentRequest = Schema.Struct({ payload: ReviewDocument });

/** The current partner terms (src/pages/terms/ shows the text of this version). */
export const TERMS_VERSION = '2026-11';

/** Spec §6 requirements before working, each true when met. */
export const TermsRequirements = Schema.Struct({
  documents_ok: Schema.Boolean,
  vehicles_ok: Schema.Boolean,
  terms_ok: Schema.Boolean,
});
export type TermsRequirements = typeof TermsRequirements.Type;

/** GET /v1/terms → { data }: the current version, when the partner accepted it (null: not yet), the checklist. */
export const TermsStatus = Schema.Struct({
  version: Schema.String,
  accepted_at: Schema.NullOr(Schema.String),
  requirements: TermsRequirements,
});
export type TermsStatus = typeof TermsStatus.Type;
export const TermsStatusResponse = Schema.Struct({ data: TermsStatus });

/** POST /v1/terms/accept `{ payload: { version } }`: only the current version can be accepted. */
export const AcceptTermsRequest = Schema.Struct({
  payload: Schema.Struct({ version: StorableText.check(Schema.isMaxLength(40)) }),
});
