import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Button, FieldError, Label, TextArea, TextField } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { reservationCancel } from '@/machines/reservations/reservation-cancel.machine';
import {
  cancelModeOf,
  hasFailed,
  isSending,
  missingOf,
  noteOf,
  outcomeOf,
  reasonOf,
} from '@/machines/reservations/reservation-cancel.selectors';
import { CANCEL_REASONS, MAX_CANCEL_NOTE_LENGTH, type CancelReason, type Reservation } from '@/schemas/reservation';
import { useFormatters } from '@/src/app/use-formatters';
import { ChoiceGroup } from './form-controls';
import { ReservationDialog } from './reservation-dialog';
import { REASON_MESSAGES } from './reservation-labels';
import { useReservationNotices } from './use-reservation-notices';
import { inspect } from '@/src/app/inspection';

export interface CancelDialogProps {
  readonly reservation: Reservation;
  /** The dialogue is over; `changed` when the reservation was cancelled or the request received. */
  onClose(changed: boolean): void;
}

/**
 * "Cancel this reservation?" (spec §4, §9 reasons): one of the five reasons and a note, and whether the cancel applies
 * now or goes to the team as a request.
 */
export function CancelDialog({ reservation, onClose }: CancelDialogProps) {
  const intl = useIntl();
  const fmt = useFormatters();
  const actor = useActorRef(reservationCancel, { inspect, input: { reservation } });
  useReservationNotices(actor);
  const mode = useSelector(actor, cancelModeOf);
  const reason = useSelector(actor, reasonOf);
  const note = useSelector(actor, noteOf);
  const sending = useSelector(actor, isSending);
  const failed = useSelector(actor, hasFailed);
  const missing = useSelector(actor, missingOf);
  const outcome = useSelector(actor, outcomeOf);

  useEffect(() => {
    if (outcome !== 'open') onClose(outcome === 'changed');
  }, [outcome, onClose]);

  return (
    <ReservationDialog
      testId="cancel-dialog"
      title={intl.formatMessage({ id: 'reservations.cancel.title' }, { date: fmt.date(reservation.date) })}
      mode={{
        kind: mode,
        testId: 'cancel-mode',
        text: intl.formatMessage({ id: mode === 'now' ? 'reservations.cancel.now' : 'reservations.cancel.request' }),
      }}
      busy={sending}
      failed={failed}
      onDismiss={() => actor.send({ type: 'cancel.dismissed' })}
      actions={
        <>
          <Button
            className="button button-secondary"
            isDisabled={sending}
            onPress={() => actor.send({ type: 'cancel.dismissed' })}
          >
            {intl.formatMessage({ id: 'reservations.dialog.keep' })}
          </Button>
          <Button
            className="button button-danger"
            isPending={sending}
            data-testid="cancel-confirm"
            onPress={() => actor.send({ type: 'cancel.confirmed' })}
          >
            {intl.formatMessage({
              id: mode === 'now' ? 'reservations.cancel.confirm' : 'reservations.cancel.confirmRequest',
            })}
          </Button>
        </>
      }
    >
      <ChoiceGroup<CancelReason>
        label={intl.formatMessage({ id: 'reservations.cancel.reason' })}
        name="cancel-reason"
        value={reason}
        onChange={(value) => actor.send({ type: 'cancel.reason.changed', reason: value })}
        messages={missing.reason ? [intl.formatMessage({ id: 'reservations.cancel.reasonRequired' })] : []}
        required
        choices={CANCEL_REASONS.map((r) => ({ value: r, label: intl.formatMessage(REASON_MESSAGES[r]) }))}
      />
      <TextField
        className="field"
        name="cancel-note"
        value={note}
        onChange={(value) => actor.send({ type: 'cancel.note.changed', note: value })}
        maxLength={MAX_CANCEL_NOTE_LENGTH}
        isInvalid={missing.note}
        isRequired={reason === 'other'}
        validationBehavior="aria"
      >
        <Label>
          {intl.formatMessage({
            id: reason === 'other' ? 'reservations.cancel.note' : 'reservations.cancel.noteOptional',
          })}
        </Label>
        <TextArea className="resv-textarea" rows={3} />
        <FieldError className="field-error">
          {intl.formatMessage({ id: 'reservations.cancel.noteRequired' })}
        </FieldError>
      </TextField>
    </ReservationDialog>
  );
}
