import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { documentUploadMachine } from '@/machines/documents/document-upload.machine';
import {
  coverMinimum,
  fieldProblem,
  isDone,
  isUploading,
  needsExpiryDate,
  uploadFailure,
  uploadValues,
} from '@/machines/documents/document-upload.selectors';
import type { UploadField } from '@/machines/documents/document-upload.types';
import { DOCUMENT_EXTENSIONS } from '@/schemas/documents';
import { DocumentType } from '@/schemas/onboarding';
import { FormTextField } from '@/src/forms/form-field';
import { FormSelectField } from '@/src/forms/form-select-field';
import { validationMessage } from '@/src/forms/validation-message';
import { useFormatters } from '@/src/app/use-formatters';
import { formatSize } from './format-size';
import '@/src/pages/reservations/reservation-dialog.css';

type UploadActor = ActorRefFrom<typeof documentUploadMachine>;

/** The file picker's accept list: spec §5's formats, by extension. */
const ACCEPT = DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * The upload dialogue, a view of the upload machine: it sends what the partner chooses and shows the machine's
 * refusals (the portal's checks in the spec §5 words, or the server's text) under their fields. Everything chosen
 * stays after a refusal. While the file is on its way a progress bar shows. Its own chunk, loaded when it first opens
 * (documents-page.tsx).
 */
export default function UploadDialog({ actor }: { actor: UploadActor }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const values = useSelector(actor, uploadValues);
  const touched = useSelector(actor, (s) => s.context.touched);
  const submitted = useSelector(actor, (s) => s.context.submitted);
  const uploading = useSelector(actor, isUploading);
  const done = useSelector(actor, isDone);
  const failure = useSelector(actor, uploadFailure);
  const withExpiry = useSelector(actor, needsExpiryDate);
  const minimum = useSelector(actor, coverMinimum);
  const problems = useSelector(
    actor,
    (s) =>
      Object.fromEntries(
        (['document_type', 'document_file', 'document_expires_at', 'document_cover_amount'] as const).map((f) => [
          f,
          fieldProblem(s, f),
        ]),
      ) as Record<UploadField, ReturnType<typeof fieldProblem>>,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const fileInputId = useId();
  const change = (field: UploadField, value: string | File | null) =>
    actor.send({ type: 'upload.changed', field, value });
  const shown = (field: UploadField) => ({
    error: problems[field]?.kind === 'rule' ? problems[field].error : undefined,
    serverMessages: problems[field]?.kind === 'server' ? [problems[field].text] : undefined,
    touched: submitted || touched[field] === true || problems[field]?.kind === 'server',
  });
  const fileProblem = problems.document_file;
  const fileMessage =
    fileProblem === null
      ? null
      : fileProblem.kind === 'server'
        ? fileProblem.text
        : validationMessage(intl, 'document_file', fileProblem.error);
  const close = () => actor.send({ type: done ? 'upload.closed' : 'upload.cancelled' });

  return (
    <ModalOverlay
      className="resv-modal-overlay"
      isOpen
      isDismissable={!uploading}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
    >
      <Modal className="resv-modal">
        <Dialog className="resv-dialog" data-testid="upload-dialog">
          <Heading slot="title" className="resv-dialog-title">
            {t('documents.dialog.title')}
          </Heading>
          {done ? (
            <>
              <p className="alert alert-info" role="status" data-testid="upload-done">
                {t('documents.dialog.done')}
              </p>
              <div className="documents-dialog-actions">
                <button type="button" className="button button-secondary" onClick={close}>
                  {t('documents.dialog.close')}
                </button>
                <button type="button" className="button" onClick={() => actor.send({ type: 'upload.opened' })}>
                  {t('documents.dialog.another')}
                </button>
              </div>
            </>
          ) : (
            <form
              className="upload-form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                actor.send({ type: 'upload.submitted' });
              }}
            >
              <p className="muted">{t('documents.dialog.rules')}</p>
              <FormSelectField
                name="document_type"
                value={values.document_type}
                placeholder={t('documents.dialog.choose')}
                options={DocumentType.literals.map((type) => ({ id: type, label: t(`document.${type}`) }))}
                onChange={(value) => change('document_type', value)}
                isDisabled={uploading}
                isRequired
                {...shown('document_type')}
              />
              <div className="field form-field" data-field="document_file">
                <label htmlFor={fileInputId}>{t('fields.document_file')}</label>
                <input
                  id={fileInputId}
                  type="file"
                  name="document_file"
                  accept={ACCEPT}
                  disabled={uploading}
                  aria-invalid={fileMessage !== null}
                  aria-describedby={`${fileInputId}-help`}
                  className={fileMessage ? 'is-invalid' : shown('document_file').touched ? 'is-valid' : undefined}
                  onChange={(e) => change('document_file', e.currentTarget.files?.[0] ?? null)}
                />
                <span id={`${fileInputId}-help`} className="field-description">
                  {values.document_file
                    ? t('documents.dialog.chosen', {
                        name: values.document_file.name,
                        size: formatSize(values.document_file.size, fmt.locale),
                      })
                    : t('documents.dialog.formats')}
                </span>
                {fileMessage ? (
                  <span className="field-error" role="alert" data-testid="file-error">
                    {fileMessage}
                  </span>
                ) : null}
              </div>
              {withExpiry ? (
                <FormTextField
                  name="document_expires_at"
                  type="date"
                  value={values.document_expires_at}
                  onChange={(value) => change('document_expires_at', value)}
                  isDisabled={uploading}
                  isRequired
                  {...shown('document_expires_at')}
                />
              ) : null}
              {minimum !== null ? (
                <FormTextField
                  name="document_cover_amount"
                  inputMode="decimal"
                  value={values.document_cover_amount}
                  onChange={(value) => change('document_cover_amount', value)}
                  description={t('documents.dialog.coverMinimum', { min: minimum })}
                  isDisabled={uploading}
                  isRequired
                  {...shown('document_cover_amount')}
                />
              ) : null}
              {uploading ? (
                <div className="upload-progress" role="status" data-testid="upload-progress">
                  <progress aria-label={t('documents.dialog.uploading')} />
                  <span>
                    {t('documents.dialog.uploadingFile', {
                      name: values.document_file?.name ?? '',
                      size: formatSize(values.document_file?.size ?? 0, fmt.locale),
                    })}
                  </span>
                </div>
              ) : null}
              {failure ? (
                <p className="alert alert-danger" role="alert">
                  {t(`documents.dialog.failed.${failure}`)}
                </p>
              ) : null}
              <div className="documents-dialog-actions">
                <button type="button" className="button button-secondary" onClick={close} disabled={uploading}>
                  {t('documents.dialog.cancel')}
                </button>
                <button type="submit" className="button" disabled={uploading} data-testid="upload-submit">
                  {t('documents.dialog.submit')}
                </button>
              </div>
            </form>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
