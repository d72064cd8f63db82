import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  AdminDocumentsQuery,
  AcceptTermsRequest,
  MAX_UPLOAD_BYTES,
  ReviewDocumentRequest,
  TOO_BIG_FILE,
} from '@/schemas/documents';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import {
  deletePendingDocument,
  listAdminDocuments,
  listDocuments,
  ONLY_PENDING_DELETED,
  readDocumentFile,
  reviewDocument,
  saveUpload,
} from '@/server/documents/documents';
import { createFileStore, type FileStore } from '@/server/documents/file-store';
import { acceptTerms, loadTermsStatus } from '@/server/documents/terms';
import { checkUpload } from '@/server/documents/upload-rules';
import { requireAdmin } from '@/server/http/alert-routes';
import { NotFoundError, ValidationError } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { refuseTooLarge } from '@/server/http/body-limit';
import { clientAddress } from '@/server/http/client-address';
import { readBody } from '@/server/http/read-body';
import { readQuery } from '@/server/http/read-query';
import { londonDate } from '@/server/time/london';

/**
 * Room for the multipart envelope around a 10mb file (boundaries, part headers, the type, expiry and cover fields):
 * the body may be this much larger than the file. The file's own size is checked against MAX_UPLOAD_BYTES exactly.
 */
export const UPLOAD_ENVELOPE_BYTES = 64 * 1024;
/** The 413 of an upload over spec §9's limit, refused from Content-Length or while the body streams in. */
export const UPLOAD_TOO_BIG = { message: TOO_BIG_FILE, errors: { file: [TOO_BIG_FILE] } } as const;
export const MULTIPART_NEEDED = { message: 'The request body must be multipart/form-data.' } as const;

/** A document id in a path: a positive whole number that fits an integer column, else not found. */
const pathId = (raw: string): number => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw new NotFoundError('document');
  return id;
};

const isMultipart = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';

/** A form field's text, or null for a missing field or a file where text was expected. */
const textField = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * `Content-Disposition` of a served file: images and PDFs open in the browser, anything else (CSV) downloads. The
 * partner's file name goes in `filename*` (RFC 5987, any Unicode) with an ASCII fallback in `filename`.
 */
const disposition = (fileName: string, contentType: string): string => {
  const kind = contentType.startsWith('image/') || contentType === 'application/pdf' ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

/**
 * Documents and the partner terms (issue 8; schemas/documents.ts has the shapes and rules), mounted under /v1 behind
 * requireToken:
 * - `POST documents` multipart/form-data `file`, `type`, `expires_at`, `cover_amount` → 201 `{ data: Document }`
 *   pending review; 413 over 10mb (from Content-Length, while reading, or by the file's size), 422 for the other
 *   rules (server/documents/upload-rules.ts), 415 for a body that is not multipart. The app-wide 1 MiB body limit
 *   leaves this route to its own (server/http/body-limit.ts).
 * - `GET documents` → `{ data: Document[] }` newest first; `GET documents/{id}/file` → the bytes, to the owner and
 *   admins only (others 404); `DELETE documents/{id}` → 204 for a pending one (409 once reviewed).
 * - `GET admin/documents?status=` and `POST admin/documents/{id}/review` `{ payload: { status, reason? } }`: admins.
 * - `GET terms` → `{ data: TermsStatus }`; `POST terms/accept` `{ payload: { version } }` → `{ data: TermsStatus }`.
 */
export const documentRoutes = (db: Db, config: Config, store: FileStore = createFileStore(config.uploadsDir)) => {
  const routes = new Hono<AppEnv>();
  const today = () => londonDate(config.now());
  const isAdmin = async (userId: number) =>
    (await db.query<{ role: string }>('select role from users where id = $1', [userId])).rows[0]?.role === 'admin';

  routes.post(
    '/documents',
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + UPLOAD_ENVELOPE_BYTES,
      onError: (c) => refuseTooLarge(c, UPLOAD_TOO_BIG),
    }),
    async (c) => {
      if (!isMultipart(c.req.header('content-type'))) return c.json(MULTIPART_NEEDED, 415);
      let form: Record<string, string | File>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw new ValidationError({ body: [MULTIPART_NEEDED.message] });
      }
      const file = form.file instanceof File ? form.file : null;
      const check = checkUpload(
        {
          file: file ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } : null,
          type: textField(form.type),
          expiresAt: textField(form.expires_at),
          coverAmount: textField(form.cover_amount),
        },
        today(),
      );
      if (!check.ok) {
        if (check.tooBig) return c.json({ message: TOO_BIG_FILE, errors: check.errors }, 413);
        throw new ValidationError(check.errors);
      }
      return c.json({ data: await saveUpload(db, store, c.var.signedIn.userId, check.upload, config.now()) }, 201);
    },
  );

  routes.get('/documents', async (c) => c.json({ data: await listDocuments(db, c.var.signedIn.userId) }));

  routes.get('/documents/:id/file', async (c) => {
    const userId = c.var.signedIn.userId;
    const file = await readDocumentFile(db, store, pathId(c.req.param('id')), {
      userId,
      isAdmin: await isAdmin(userId),
    });
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.length),
      'Content-Disposition': disposition(file.fileName, file.contentType),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
  });

  routes.delete('/documents/:id', async (c) => {
    const deleted = await deletePendingDocument(db, store, c.var.signedIn.userId, pathId(c.req.param('id')));
    return deleted ? c.body(null, 204) : c.json(ONLY_PENDING_DELETED, 409);
  });

  routes.get('/admin/documents', requireAdmin(db), async (c) => {
    const { status } = readQuery(c, AdminDocumentsQuery, 'AdminDocumentsQuery');
    return c.json({ data: await listAdminDocuments(db, status) });
  });

  routes.post('/admin/documents/:id/review', requireAdmin(db), async (c) => {
    const id = pathId(c.req.param('id'));
    const { payload } = await readBody(c, ReviewDocumentRequest, 'ReviewDocumentRequest');
    return c.json({ data: await reviewDocument(db, id, payload, c.var.signedIn.userId, config.now()) });
  });

  routes.get('/terms', async (c) => c.json({ data: await loadTermsStatus(db, c.var.signedIn.userId, today()) }));

  routes.post('/terms/accept', async (c) => {
    const { payload } = await readBody(c, AcceptTermsRequest, 'AcceptTermsRequest');
    const status = await acceptTerms(
      db,
      c.var.signedIn.userId,
      payload.version,
      config.now(),
      clientAddress(c, config),
      today(),
    );
    return c.json({ data: status });
  });

  return routes;
};
