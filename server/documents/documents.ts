import type { AdminDocument, DocumentStatus, PartnerDocument } from '@/schemas/documents';
import { CONTENT_TYPES, REVIEW_WITHIN_HOURS } from '@/schemas/documents';
import type { DocumentType } from '@/schemas/onboarding';
import type { Db } from '@/server/db/db';
import type { CheckedUpload } from '@/server/documents/upload-rules';
import type { FileStore } from '@/server/documents/file-store';
import { samplePdf } from '@/server/documents/sample-pdf';
import { NotFoundError } from '@/server/http/api-errors';

/**
 * A partner's documents in the database (the `documents` table of 0001, widened by 0010): list, upload, read the
 * file, delete a pending one, and the admin's review. The bytes are in the FileStore; a row names them by
 * `storage_key`.
 */

/** The columns of a PartnerDocument (times as Dates: toApi turns them into ISO text). */
const DOCUMENT_COLUMNS = `d.id, d.type, d.status, d.expires_at::text as expires_at, d.cover_amount, d.uploaded_at,
  d.reviewed_at, d.rejection_reason, coalesce(d.file_name, d.type || '.pdf') as file_name,
  coalesce(d.size_bytes, 0) as size_bytes, coalesce(d.content_type, 'application/pdf') as content_type`;

type DocumentRow = typeof PartnerDocument.Encoded;
interface DbDocumentRow extends Omit<DocumentRow, 'uploaded_at' | 'review_due_by' | 'reviewed_at'> {
  uploaded_at: Date;
  reviewed_at: Date | null;
}

const HOUR_MS = 3_600_000;

/** A row as the API sends it; review_due_by is the upload plus spec §9's 72 hours. */
const toApi = <R extends DbDocumentRow>(row: R) => ({
  ...row,
  uploaded_at: row.uploaded_at.toISOString(),
  review_due_by: new Date(row.uploaded_at.getTime() + REVIEW_WITHIN_HOURS * HOUR_MS).toISOString(),
  reviewed_at: row.reviewed_at?.toISOString() ?? null,
});

/** The partner's documents, newest first. */
export const listDocuments = async (db: Db, userId: number): Promise<DocumentRow[]> =>
  (
    await db.query<DbDocumentRow>(
      `select ${DOCUMENT_COLUMNS} from documents d where d.user_id = $1 order by d.uploaded_at desc, d.id desc`,
      [userId],
    )
  ).rows.map(toApi);

const documentById = async (db: Db, id: number): Promise<DocumentRow> => {
  const { rows } = await db.query<DbDocumentRow>(`select ${DOCUMENT_COLUMNS} from documents d where d.id = $1`, [id]);
  const row = rows[0];
  if (!row) throw new NotFoundError('document');
  return toApi(row);
};

/** Stores the checked upload's bytes, then its row (pending review). A row that fails to insert takes its file along. */
export const saveUpload = async (
  db: Db,
  store: FileStore,
  userId: number,
  upload: CheckedUpload,
  now: Date,
): Promise<DocumentRow> => {
  const key = await store.put(upload.bytes);
  try {
    const { rows } = await db.query<{ id: number }>(
      `insert into documents (user_id, type, status, expires_at, uploaded_at, storage_key, file_name, content_type,
         size_bytes, cover_amount)
       values ($1, $2, 'pending_review', $3, $4, $5, $6, $7, $8, $9) returning id`,
      [
        userId,
        upload.type,
        upload.expiresAt,
        now,
        key,
        upload.fileName,
        CONTENT_TYPES[upload.extension],
        upload.bytes.length,
        upload.coverAmount,
      ],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('document insert returned no id');
    return await documentById(db, id);
  } catch (error) {
    await store.remove(key);
    throw error;
  }
};

interface StoredFile {
  readonly bytes: Uint8Array;
  readonly fileName: string;
  readonly contentType: string;
}

interface FileRow {
  id: number;
  user_id: number;
  type: DocumentType;
  storage_key: string | null;
  file_name: string | null;
  content_type: string | null;
  is_sample: boolean;
  expires_at: string | null;
  full_name: string;
}

/** The words of a seeded document's sample PDF; the seed sizes the file from the same words. */
export const sampleLines = (doc: { type: DocumentType; full_name: string; expires_at: string | null }): string[] => [
  'Demo document',
  `Kind: ${doc.type.replaceAll('_', ' ')}`,
  `Holder: ${doc.full_name}`,
  `Expires: ${doc.expires_at ?? 'no expiry'}`,
  'Made by the demo seed of the partner portal: not a real document.',
];

/**
 * A document's file for `userId`: the owner's, or any partner's for an admin; anyone else gets NotFoundError, as for
 * a document that does not exist (ids reveal nothing). A seeded sample whose file is not in the folder yet (a new
 * folder, or the temp folder of a fresh start) is generated and stored on its first read.
 */
export const readDocumentFile = async (
  db: Db,
  store: FileStore,
  id: number,
  reader: { userId: number; isAdmin: boolean },
): Promise<StoredFile> => {
  const { rows } = await db.query<FileRow>(
    `select d.id, d.user_id, d.type, d.storage_key, d.file_name, d.content_type, d.is_sample,
       d.expires_at::text as expires_at, u.full_name
     from documents d join users u on u.id = d.user_id where d.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row || (row.user_id !== reader.userId && !reader.isAdmin)) throw new NotFoundError('document');
  const key = row.storage_key ?? `sample-${row.id}`;
  let bytes = await store.read(key);
  if (bytes === null && (row.is_sample || row.storage_key === null)) {
    bytes = samplePdf(sampleLines(row));
    await store.putAt(key, bytes).catch((error: unknown) => {
      // Two first reads at once: the other one wrote the same bytes.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
  }
  if (bytes === null) throw new NotFoundError('document file');
  return {
    bytes,
    fileName: row.file_name ?? `${row.type}.pdf`,
    contentType: row.content_type ?? 'application/pdf',
  };
};

/** What DELETE answers for a document that is no longer pending. */
export const ONLY_PENDING_DELETED = { message: 'Only a document waiting for review can be deleted.' } as const;

/** Deletes the partner's own pending document and its file: false when it has been reviewed (kept: 409). */
export const deletePendingDocument = async (db: Db, store: FileStore, userId: number, id: number): Promise<boolean> => {
  const { rows } = await db.query<{ status: DocumentStatus; storage_key: string | null }>(
    'select status, storage_key from documents where id = $1 and user_id = $2',
    [id, userId],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError('document');
  if (row.status !== 'pending_review') return false;
  await db.query("delete from documents where id = $1 and status = 'pending_review'", [id]);
  if (row.storage_key) await store.remove(row.storage_key);
  return true;
};

/** The admin's list: every partner's documents of a status (all when none), oldest upload first, at most 200. */
export const listAdminDocuments = async (
  db: Db,
  status: DocumentStatus | undefined,
): Promise<(typeof AdminDocument.Encoded)[]> =>
  (
    await db.query<DbDocumentRow & { user_id: number; owner_email: string; owner_name: string }>(
      `select ${DOCUMENT_COLUMNS}, d.user_id, u.email as owner_email, u.full_name as owner_name
       from documents d join users u on u.id = d.user_id
       where ($1::text is null or d.status = $1) order by d.uploaded_at, d.id limit 200`,
      [status ?? null],
    )
  ).rows.map(toApi);

/** The admin's decision on a document: approved, or rejected with its reason (kept for the partner to read). */
export const reviewDocument = async (
  db: Db,
  id: number,
  review: { status: 'approved' | 'rejected'; reason?: string | undefined },
  adminId: number,
  now: Date,
): Promise<DocumentRow> => {
  const { rows } = await db.query<{ id: number }>(
    `update documents set status = $2, rejection_reason = $3, reviewed_at = $4, reviewed_by = $5
     where id = $1 returning id`,
    [id, review.status, review.status === 'rejected' ? (review.reason ?? null) : null, now, adminId],
  );
  if (!rows[0]) throw new NotFoundError('document');
  return documentById(db, id);
};
