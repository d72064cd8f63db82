import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  Button,
  Dialog,
  FieldError,
  Heading,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
  TextArea,
  TextField,
} from 'react-aria-components';
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
import { REASON_MESSAGES } from './reservation-labels';
import { useReservationNotices } from './use-reservation-notices';

export interface CancelDialogProps {
  readonly reservation: Reservation;
  /** The dialogue is over; `changed` when the reservation was cancelled or the request received. */
  onClose(changed: boolean): void;
}

/**
 * "Cancel this reservation?" (spec §4, §9 reasons): one of the five reasons and a note, and whether the cancel applies
 * now or goes to the team as a request. A React Aria modal: focus moves in, stays in, and goes back on close.
 */
export function CancelDialog({ reservation, onClose }: CancelDialogProps) {
  const intl = useIntl();
  const fmt = useFormatters();
  const actor = useActorRef(reservationCancel, { input: { reservation } });
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
    <ModalOverlay
      className="resv-modal-overlay"
      isOpen
      isDismissable={!sending}
      isKeyboardDismissDisabled={sending}
      onOpenChange={(open) => {
        if (!open && !sending) actor.send({ type: 'cancel.dismissed' });
      }}
    >
      <Modal className="resv-modal">
        <Dialog className="resv-dialog" data-testid="cancel-dialog">
          <Heading slot="title" className="resv-dialog-title">
            {intl.formatMessage({ id: 'reservations.cancel.title' }, { date: fmt.date(reservation.date) })}
          </Heading>
          <p className={mode === 'now' ? 'alert alert-info' : 'alert alert-warning'} data-testid="cancel-mode">
            {intl.formatMessage({ id: mode === 'now' ? 'reservations.cancel.now' : 'reservations.cancel.request' })}
          </p>
          <RadioGroup
            className="resv-choice"
            name="cancel-reason"
            value={reason}
            onChange={(value) => actor.send({ type: 'cancel.reason.changed', reason: value as CancelReason })}
            isInvalid={missing.reason}
            isRequired
            validationBehavior="aria"
          >
            <Label className="resv-legend">{intl.formatMessage({ id: 'reservations.cancel.reason' })}</Label>
            {CANCEL_REASONS.map((r) => (
              <Radio key={r} value={r} className="resv-radio">
                {intl.formatMessage(REASON_MESSAGES[r])}
              </Radio>
            ))}
            <FieldError className="field-error">
              {intl.formatMessage({ id: 'reservations.cancel.reasonRequired' })}
            </FieldError>
          </RadioGroup>
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
          {failed ? (
            <p className="alert alert-danger" role="alert">
              {intl.formatMessage({ id: 'reservations.dialog.noAnswer' })}
            </p>
          ) : null}
          <div className="resv-dialog-actions">
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
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
