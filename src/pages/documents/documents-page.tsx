import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { requirementRows, type RequirementRow } from '@/machines/documents/document-requirements';
import { documentUploadMachine } from '@/machines/documents/document-upload.machine';
import { isDialogueOpen } from '@/machines/documents/document-upload.selectors';
import { createRequestMachine } from '@/machines/request/request.machine';
import { dataOf, hasFailed, isLoading } from '@/machines/request/request.selectors';
import type { PartnerDocument } from '@/schemas/documents';
import type { DocumentType } from '@/schemas/onboarding';
import { fetchDocumentFile, fetchDocuments } from '@/src/api/documents';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useSession } from '@/src/app/session-scope';
import { useFormatters } from '@/src/app/use-formatters';
import { DISPLAY_TIME_ZONE } from '@/src/format/locale-codes';
import { formatSize } from './format-size';
import './documents-page.css';

const documentsMachine = createRequestMachine('documents', fetchDocuments);
/**
 * The upload dialogue loads when it first opens: it is React Aria's modal and select, which the page's list of
 * documents does not need (about 55 KB of the page's first load).
 */
const UploadDialog = lazyDialog(() => import('./upload-dialog'));

/**
 * Documents (issue 8; spec §1 documents and onboarding, §5 uploads, §9 review within 72 hours): the required
 * documents with where each stands, the upload dialogue (machines/documents/document-upload.machine.ts) and the files
 * uploaded, each downloadable. The list is the shared request machine; an upload reloads it.
 */
export default function DocumentsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const session = useSession();
  const fakeDate = useSelector(session!.appInit, (s) => s.context.init?.fake_date ?? null);
  const today = fakeDate ?? Temporal.Now.plainDateISO(DISPLAY_TIME_ZONE).toString();
  const list = useActorRef(documentsMachine, { inspect });
  const documents = useSelector(list, dataOf);
  const loading = useSelector(list, isLoading);
  const failed = useSelector(list, hasFailed);
  const upload = useActorRef(
    documentUploadMachine.provide({ actions: { announceUploaded: () => list.send({ type: 'request.refresh' }) } }),
    { inspect },
  );
  const open = useSelector(upload, isDialogueOpen);
  const openUpload = (documentType?: DocumentType) => upload.send({ type: 'upload.opened', documentType });

  return (
    <div className="documents-page">
      <header className="page-header documents-header">
        <div>
          <h1>{t('documents.title')}</h1>
          <p className="muted">{t('documents.intro')}</p>
        </div>
        <button type="button" className="button" onClick={() => openUpload()} data-testid="upload-open">
          {t('documents.upload')}
        </button>
      </header>

      {documents === null && loading ? <PageLoading /> : null}
      {failed ? (
        <div className="alert alert-danger" role="alert">
          <p>{t('documents.loadFailed')}</p>
          <button type="button" className="button" onClick={() => list.send({ type: 'request.retry' })}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}

      {documents ? (
        <>
          <section className="card documents-section" aria-labelledby="documents-required">
            <h2 id="documents-required">{t('documents.required')}</h2>
            <ul className="document-requirements">
              {requirementRows(documents, today).map((row) => (
                <Requirement key={row.type} row={row} onUpload={() => openUpload(row.type)} />
              ))}
            </ul>
          </section>

          <section className="card documents-section" aria-labelledby="documents-uploaded">
            <h2 id="documents-uploaded">{t('documents.uploaded')}</h2>
            {documents.length === 0 ? (
              <p className="muted">{t('documents.none')}</p>
            ) : (
              <ul className="document-files" data-testid="document-files">
                {documents.map((doc) => (
                  <UploadedFile key={doc.id} doc={doc} locale={fmt.locale} />
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}

      {open ? <UploadDialog actor={upload} onUnavailable={() => upload.send({ type: 'upload.cancelled' })} /> : null}
    </div>
  );
}

/** One required kind of document: where it stands, and the upload or renewal it needs. */
function Requirement({ row, onUpload }: { row: RequirementRow; onUpload: () => void }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const doc = row.document;
  const detail = (() => {
    switch (row.state) {
      case 'missing':
        return t('documents.state.missingDetail');
      case 'pending_review':
        return t('documents.state.pendingDetail', { date: fmt.date(doc!.review_due_by ?? doc!.uploaded_at) });
      case 'approved':
        return doc?.expires_at
          ? t('documents.state.approvedDetail', { date: fmt.date(doc.expires_at) })
          : t('documents.state.approvedNoExpiry');
      case 'expiring':
        return t('documents.state.expiringDetail', { date: fmt.date(doc!.expires_at!) });
      case 'expired':
        return t('documents.state.expiredDetail', { date: fmt.date(doc!.expires_at!) });
      case 'rejected':
        return t('documents.state.rejectedDetail', { reason: doc?.rejection_reason ?? '' });
    }
  })();
  const needsAction =
    row.state === 'missing' || row.state === 'expired' || row.state === 'rejected' || row.state === 'expiring';
  return (
    <li className="document-requirement" data-testid={`requirement-${row.type}`} data-state={row.state}>
      <div>
        <p className="document-name">
          {t(`document.${row.type}`)}
          {row.required ? null : <span className="muted"> · {t('documents.optional')}</span>}
        </p>
        <p className="muted document-detail">{detail}</p>
      </div>
      <span className={`document-state document-state-${row.state}`}>{t(`documents.state.${row.state}`)}</span>
      {needsAction ? (
        <button type="button" className="button button-secondary document-upload-one" onClick={onUpload}>
          {t(row.state === 'expiring' || row.state === 'expired' ? 'documents.renew' : 'documents.uploadOne')}
          <span className="visually-hidden"> {t(`document.${row.type}`)}</span>
        </button>
      ) : null}
    </li>
  );
}

/** One uploaded file: its name, kind, size, when, its review state, and a download. */
function UploadedFile({ doc, locale }: { doc: PartnerDocument; locale: string }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [downloadFailed, setDownloadFailed] = useState(false);
  // The file needs the bearer token, which a plain link cannot carry: read it, then hand it to the browser.
  const download = () => {
    setDownloadFailed(false);
    fetchDocumentFile(doc.id).then(
      (blob) => {
        const url = URL.createObjectURL(blob);
        const a = document.createElement('a');
        a.href = url;
        a.download = doc.file_name;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      },
      () => setDownloadFailed(true),
    );
  };
  return (
    <li className="document-file" data-testid="document-file" data-status={doc.status}>
      <div className="document-file-main">
        <p className="document-name">{doc.file_name}</p>
        <p className="muted">
          {t(`document.${doc.type}`)} · {formatSize(doc.size_bytes, locale)} ·{' '}
          {t('documents.uploadedOn', { date: fmt.date(doc.uploaded_at) })}
          {doc.expires_at ? <> · {t('documents.expiresOn', { date: fmt.date(doc.expires_at) })}</> : null}
        </p>
        {doc.status === 'rejected' && doc.rejection_reason ? (
          <p className="document-reason">{t('documents.state.rejectedDetail', { reason: doc.rejection_reason })}</p>
        ) : null}
        {downloadFailed ? (
          <p className="field-error" role="alert">
            {t('documents.downloadFailed')}
          </p>
        ) : null}
      </div>
      <span className={`document-state document-state-${doc.status}`}>{t(`documents.state.${doc.status}`)}</span>
      <button type="button" className="button button-secondary" onClick={download}>
        {t('documents.download')}
        <span className="visually-hidden"> {doc.file_name}</span>
      </button>
    </li>
  );
}
