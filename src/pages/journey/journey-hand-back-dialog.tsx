import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { isDeallocating, type DriverActorRef } from '@/machines/journey-allocation/journey-allocation.selectors';
import { deallocationCharge } from '@/machines/journey-allocation/journey-pay';
import { DEALLOCATION_REASONS, type DeallocationReason, type JourneyResponse } from '@/schemas/journey';
import { useFormatters } from '@/src/app/use-formatters';
import { RadioChoices } from '@/src/forms/radio-choices';
import { jobValueOf } from './journey-breakdown';
import { JourneyDialog } from './journey-dialog';
import { CHARGE_BANDS, REASONS } from './journey-labels';

/**
 * "Hand this journey back?": the reason (required, spec §5), a note, and the charge of now. Mounted while the driver
 * panel's machine has it open; it loads when the partner first opens it (lazyDialog), so the journey's first load
 * carries no modal.
 */
export default function HandBackDialog({
  panel,
  view,
  serverNow,
}: {
  panel: DriverActorRef;
  view: JourneyResponse;
  serverNow: number;
}) {
  const intl = useIntl();
  const fmt = useFormatters();
  const noteId = useId();
  const sending = useSelector(panel, isDeallocating);
  const reason = useSelector(panel, (s) => s.context.reason);
  const note = useSelector(panel, (s) => s.context.note);
  const reasonMissing = useSelector(panel, (s) => s.context.reasonMissing);
  const value = jobValueOf(view);
  const charge = deallocationCharge(Date.parse(view.journey.first_pickup_at), serverNow, value);
  const cancel = () => panel.send({ type: 'deallocation.cancelled' });

  return (
    <JourneyDialog
      testId="hand-back-dialog"
      title={intl.formatMessage({ id: 'journey.handBack.title' })}
      sending={sending}
      onCancel={cancel}
    >
      <div className="journey-charge" data-testid="hand-back-charge">
        <p>
          {intl.formatMessage({ id: 'journey.handBack.charge' }, { amount: <b key="a">{fmt.money(charge.amount)}</b> })}
        </p>
        <p className="muted">
          {intl.formatMessage(CHARGE_BANDS[charge.band])} ·{' '}
          {intl.formatMessage({ id: 'journey.handBack.value' }, { value: fmt.money(value) })}
        </p>
        <p className="muted">{intl.formatMessage({ id: 'journey.handBack.serverDecides' })}</p>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!sending) panel.send({ type: 'deallocation.confirmed' });
        }}
        noValidate
      >
        <RadioChoices<DeallocationReason>
          className="journey-field journey-choices"
          name="reason"
          legend={intl.formatMessage({ id: 'journey.handBack.reason' })}
          legendClassName="journey-field-label"
          choiceClassName="journey-choice journey-choice-compact"
          value={reason}
          onChange={(chosen) => panel.send({ type: 'reason.chosen', reason: chosen })}
          disabled={sending}
          // spec §5
          messages={reasonMissing ? [intl.formatMessage({ id: 'journey.handBack.reasonRequired' })] : []}
          choices={DEALLOCATION_REASONS.map((id) => ({ value: id, label: intl.formatMessage(REASONS[id]) }))}
        />
        <div className="field journey-field">
          <label htmlFor={noteId}>{intl.formatMessage({ id: 'journey.handBack.note' })}</label>
          <textarea
            id={noteId}
            className="journey-textarea"
            name="note"
            rows={2}
            maxLength={500}
            value={note}
            onChange={(e) => panel.send({ type: 'note.changed', text: e.target.value })}
            disabled={sending}
          />
        </div>
        <div className="journey-dialog-actions">
          <button type="button" className="button button-secondary" onClick={cancel} disabled={sending}>
            {intl.formatMessage({ id: 'journey.handBack.keep' })}
          </button>
          <button
            type="submit"
            className="button button-danger"
            aria-disabled={sending || undefined}
            data-testid="hand-back-confirm"
          >
            {intl.formatMessage({ id: 'journey.handBack.confirm' })}
          </button>
        </div>
      </form>
    </JourneyDialog>
  );
}
