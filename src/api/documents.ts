import {
  DocumentListResponse,
  DocumentResponse,
  TermsStatusResponse,
  type DocumentId,
  type PartnerDocument,
  type TermsStatus,
} from '@/schemas/documents';
import type { DocumentType } from '@/schemas/onboarding';
import { api } from './api';

/** GET /v1/documents: the partner's uploaded documents, newest first. */
export const fetchDocuments = (): Promise<readonly PartnerDocument[]> =>
  api.get('v1/documents', DocumentListResponse, 'DocumentList').then((r) => r.data);

/** What the upload dialogue sends: the file, its kind, and the expiry date and cover where the kind needs them. */
export interface DocumentUpload {
  readonly file: File;
  readonly type: DocumentType;
  readonly expiresAt: string;
  readonly coverAmount: string;
}

/**
 * POST /v1/documents as multipart/form-data. The client sends FormData as it is, so the browser writes the multipart
 * Content-Type with its boundary (a JSON Content-Type would break it). Empty optional fields are left out.
 */
export const uploadDocument = (upload: DocumentUpload): Promise<PartnerDocument> => {
  const form = new FormData();
  form.set('file', upload.file, upload.file.name);
  form.set('type', upload.type);
  if (upload.expiresAt) form.set('expires_at', upload.expiresAt);
  if (upload.coverAmount) form.set('cover_amount', upload.coverAmount);
  // A 10mb upload on a slow line takes longer than a read: the client's timeout is per request, so none is forced.
  return api.post('v1/documents', DocumentResponse, 'Document', { form }).then((r) => r.data);
};

/** DELETE /v1/documents/{id}: a document still waiting for review. */
export const deleteDocument = (id: DocumentId): Promise<void> =>
  api.delete(`v1/documents/${id}`, null, 'DeleteDocument');

/**
 * GET /v1/documents/{id}/file: the bytes, with the bearer token like every call (a plain link would carry none), for
 * the view to hand to the browser as a download.
 */
export const fetchDocumentFile = (id: DocumentId): Promise<Blob> =>
  api.stream(`v1/documents/${id}/file`).then((response) => response.blob());

/** GET /v1/terms: the current terms version, the partner's acceptance and the requirements checklist. */
export const fetchTerms = (): Promise<TermsStatus> =>
  api.get('v1/terms', TermsStatusResponse, 'TermsStatus').then((r) => r.data);

/** POST /v1/terms/accept: records the acceptance of `version` with its time. */
export const acceptTerms = (version: string): Promise<TermsStatus> =>
  api.post('v1/terms/accept', TermsStatusResponse, 'TermsStatus', { body: { version } }).then((r) => r.data);
