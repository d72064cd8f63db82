import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { completionActor } from '@/machines/won-work/won-work.selectors';
import {
  failureOf,
  isConfirming,
  isSubmitting,
  visibleErrors,
} from '@/machines/job-completion/job-completion.selectors';
import { parsePounds } from '@/machines/job-completion/job-completion.rules';
import type { CompletionMode } from '@/machines/job-completion/job-completion.types';
import { SUSPENSION_DAYS, type WonJob } from '@/schemas/work';
import { useFormatters } from '@/src/app/use-formatters';
import { RadioChoices } from '@/src/forms/radio-choices';
import { failureText } from '@/src/format/failure-text';
import { ReservationDialog } from '@/src/pages/reservations/reservation-dialog';
import { COMPLETION_ERROR_MESSAGES, MODE_MESSAGES } from './work-labels';

const MODES: readonly CompletionMode[] = ['complete', 'issue', 'extraCost'];

export interface CompletionDialogProps {
  /** The won-work machine's completion child (`completionActor`). */
  readonly actor: NonNullable<ReturnType<typeof completionActor>>;
  readonly job: WonJob | undefined;
}

/**
 * The job completion dialogue (spec §4, issue 7), rendering the job-completion machine: how the job ended, the words
 * of an issue, or the additional cost with its reason; then the confirmation with the warning that a false
 * completion suspends the account for 7 days. A failure shows above the form, which keeps what was typed: the
 * server's words for a refusal (before the pickup, already completed, suspended), else the spec's 'Something went
 * wrong, please try again later.' with what kind of failure it was. It loads when a partner first starts a completion
 * (lazyDialog in work-page.tsx).
 */
export default function CompletionDialog({ actor, job }: CompletionDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const context = useSelector(actor, (s) => s.context);
  const confirming = useSelector(actor, isConfirming);
  const busy = useSelector(actor, isSubmitting);
  const errors = useSelector(actor, visibleErrors);
  const failure = useSelector(actor, failureOf);
  const send = actor.send;
  const where = job ? `${job.stops[0]?.town ?? ''} → ${job.stops.at(-1)?.town ?? ''}` : `#${context.listingId}`;

  const actions = confirming ? (
    <>
      <button type="button" className="button button-secondary" onClick={() => send({ type: 'completion.back' })}>
        {t('work.completion.back')}
      </button>
      <button
        type="button"
        className="button"
        data-testid="confirm-completion"
        disabled={busy}
        onClick={() => send({ type: 'completion.confirmed' })}
      >
        {busy ? t('work.busy') : t('work.completion.confirm')}
      </button>
    </>
  ) : (
    <>
      <button type="button" className="button button-secondary" onClick={() => send({ type: 'completion.cancelled' })}>
        {t('work.completion.cancel')}
      </button>
      <button
        type="button"
        className="button"
        data-testid="submit-completion"
        onClick={() => send({ type: 'completion.submitted' })}
      >
        {t('work.completion.submit')}
      </button>
    </>
  );

  return (
    <ReservationDialog
      testId="completion-dialog"
      title={t('work.completion.title', { where })}
      busy={busy}
      failed={false}
      onDismiss={() => send({ type: 'completion.cancelled' })}
      actions={actions}
    >
      {failure ? (
        <div className="alert alert-danger" role="alert" data-testid="completion-failure">
          <p>{failure.message ?? t('work.completion.failed')}</p>
          {failure.message === null ? (
            <p className="muted">{failureText(intl, { kind: failure.kind, message: '' })}</p>
          ) : null}
        </div>
      ) : null}
      {confirming ? (
        <div data-testid="completion-confirm">
          <p>{t(`work.completion.confirm.${context.mode}`)}</p>
          {context.mode === 'extraCost' ? (
            <p>
              <strong>{t('work.completion.confirm.amount', { amount: fmt.money(parsePounds(context.amount)) })}</strong>
            </p>
          ) : null}
          <p className="alert alert-warning" role="note">
            {t('work.completion.warning', { days: SUSPENSION_DAYS })}
          </p>
        </div>
      ) : (
        <div className="work-completion-form">
          <RadioChoices<CompletionMode>
            className="work-modes"
            name="completion-mode"
            legend={t('work.completion.how')}
            legendHidden
            choiceClassName="work-mode"
            value={context.mode}
            onChange={(mode) => send({ type: 'completion.mode.changed', mode })}
            choices={MODES.map((mode) => ({ value: mode, label: intl.formatMessage(MODE_MESSAGES[mode]) }))}
          />
          {context.mode === 'extraCost' ? (
            <div className="field">
              <label htmlFor="completion-amount">{t('work.completion.amount')}</label>
              <input
                id="completion-amount"
                inputMode="decimal"
                autoComplete="off"
                value={context.amount}
                aria-invalid={errors.amount !== undefined}
                aria-describedby={errors.amount ? 'completion-amount-error' : undefined}
                onChange={(e) => send({ type: 'completion.amount.changed', amount: e.target.value })}
              />
              {errors.amount ? (
                <p id="completion-amount-error" className="field-error">
                  {t(COMPLETION_ERROR_MESSAGES[errors.amount].id, { field: t('work.completion.amount') })}
                </p>
              ) : null}
            </div>
          ) : null}
          {context.mode !== 'complete' ? (
            <div className="field">
              <label htmlFor="completion-text">
                {context.mode === 'extraCost' ? t('work.completion.reason') : t('work.completion.issue')}
              </label>
              <textarea
                id="completion-text"
                rows={3}
                value={context.text}
                aria-invalid={errors.text !== undefined}
                aria-describedby={errors.text ? 'completion-text-error' : undefined}
                onChange={(e) => send({ type: 'completion.text.changed', text: e.target.value })}
              />
              {errors.text ? (
                <p id="completion-text-error" className="field-error">
                  {t(COMPLETION_ERROR_MESSAGES[errors.text].id, {
                    field: context.mode === 'extraCost' ? t('work.completion.reason') : t('work.completion.issue'),
                  })}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="muted">{t('work.completion.plain')}</p>
          )}
        </div>
      )}
    </ReservationDialog>
  );
}
