import { useSelector } from '@xstate/react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { RadioChoices } from '@/src/forms/radio-choices';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { csvExport } from '@/machines/payments/csv-export.machine';
import { downloadFailure, isDownloading, isSheetOpen, shownError } from '@/machines/payments/csv-export.selectors';
import { EXPORT_PRESETS, type ExportField, type ExportPreset } from '@/machines/payments/csv-export.types';
import { FormTextField } from '@/src/forms/form-field';
import { failureText } from '@/src/format/failure-text';

/**
 * The CSV export side sheet (spec §2 "CSV export side sheet"): a dialogue sliding in from the side (from the bottom on
 * a phone) with the range — this month, last month, this tax year, or custom dates — and Download. A view of the
 * csv-export machine: the fields show its rules (the form scheme's messages) and the server's texts for a refused
 * range; a failed download says why and offers a retry.
 */
export default function ExportSheet({ actor }: { actor: ActorRefFrom<typeof csvExport> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const open = useSelector(actor, isSheetOpen);
  const busy = useSelector(actor, isDownloading);
  const failure = useSelector(actor, downloadFailure);
  const { preset, values, touched, serverErrors } = useSelector(actor, (s) => s.context);
  const fromError = useSelector(actor, (s) => shownError(s, 'export_from'));
  const toError = useSelector(actor, (s) => shownError(s, 'export_to'));

  const field = (name: ExportField, error: typeof fromError) => (
    <FormTextField
      name={name}
      type="date"
      value={values[name]}
      error={error}
      serverMessages={serverErrors[name]}
      touched={touched[name] === true || serverErrors[name] !== undefined}
      isDisabled={busy}
      onChange={(value) => actor.send({ type: 'export.field.changed', field: name, value })}
      onBlur={() => actor.send({ type: 'export.field.blurred', field: name })}
    />
  );

  return (
    <ModalOverlay
      className="pay-sheet-overlay"
      isOpen={open}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      onOpenChange={(isOpen) => {
        if (!isOpen && !busy) actor.send({ type: 'export.closed' });
      }}
    >
      <Modal className="pay-sheet">
        <Dialog className="pay-sheet-dialog" data-testid="export-sheet">
          <Heading slot="title" className="pay-sheet-title">
            {t('payments.export.title')}
          </Heading>
          <p className="muted">{t('payments.export.intro')}</p>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'export.submitted' });
            }}
          >
            <RadioChoices<ExportPreset>
              className="pay-presets"
              name="export-preset"
              legend={t('payments.export.range')}
              legendClassName="pay-presets-label"
              choiceClassName="pay-preset"
              value={preset}
              disabled={busy}
              onChange={(value) => actor.send({ type: 'export.preset.chosen', preset: value })}
              choices={EXPORT_PRESETS.map((p) => ({ value: p, label: t(`payments.export.preset.${p}`) }))}
            />
            <div className="pay-range-fields">
              {field('export_from', fromError)}
              {field('export_to', toError)}
            </div>
            {failure ? (
              <div className="alert alert-danger" role="alert" data-testid="export-failed">
                <p>{t('payments.export.failed')}</p>
                <p>{failureText(intl, { kind: failure, message: '' })}</p>
              </div>
            ) : null}
            <div className="pay-sheet-actions">
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => actor.send({ type: 'export.closed' })}
              >
                {t('payments.export.cancel')}
              </button>
              {failure ? (
                <button type="button" className="button" onClick={() => actor.send({ type: 'export.retried' })}>
                  {t('app.retry')}
                </button>
              ) : (
                <button type="submit" className="button" disabled={busy} data-testid="export-download">
                  {busy ? t('payments.export.downloading') : t('payments.export.download')}
                </button>
              )}
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
