import { fromPromise } from 'xstate';
import type { PartnerDocument } from '@/schemas/documents';
import { uploadDocument } from '@/src/api/documents';
import type { UploadRequest } from './document-upload.types';

/** POST /v1/documents with the checked values; the file is the browser's File the partner chose. */
export const sendUpload = fromPromise<PartnerDocument, UploadRequest>(({ input }) =>
  uploadDocument({
    file: input.file as File,
    type: input.type,
    expiresAt: input.expiresAt,
    coverAmount: input.coverAmount,
  }),
);
